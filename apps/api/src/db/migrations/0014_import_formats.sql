ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_status";--> statement-breakpoint
ALTER TABLE "image_comments" ADD COLUMN "imported_author" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "changed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "recreate_folders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "folder_map" jsonb;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "file_folders" jsonb;--> statement-breakpoint
ALTER TABLE "import_skips" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_skips" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "import_skips" ADD COLUMN "folder" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_status" CHECK ("import_jobs"."status" IN ('preview', 'queued', 'running', 'done', 'failed', 'cancelled'));