CREATE TABLE "import_entries" (
	"job_id" integer NOT NULL,
	"position" integer NOT NULL,
	"entry" jsonb NOT NULL,
	CONSTRAINT "import_entries_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_entries" ADD CONSTRAINT "import_entries_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_unfinished_idx" ON "import_jobs" USING btree ("lease_until") WHERE "import_jobs"."status" IN ('queued', 'running');--> statement-breakpoint
INSERT INTO "import_entries" ("job_id", "position", "entry")
	SELECT "id", e.ord - 1, e.value FROM "import_jobs", jsonb_array_elements("entries") WITH ORDINALITY AS e(value, ord)
	WHERE "entries" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" DROP COLUMN "entries";
