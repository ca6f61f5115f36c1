ALTER TABLE "sauces" ADD COLUMN "link_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "link_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "link_broken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sauces_link_check_idx" ON "sauces" USING btree ("link_checked_at" NULLS FIRST) WHERE "sauces"."link" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sauces_broken_idx" ON "sauces" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "sauces"."link_broken";