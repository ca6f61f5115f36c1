ALTER TABLE "sauces" ADD COLUMN "link_status" text;--> statement-breakpoint
CREATE INDEX "sauces_link_pending_idx" ON "sauces" USING btree ("link") WHERE "sauces"."link_status" = 'pending';--> statement-breakpoint
ALTER TABLE "sauces" ADD CONSTRAINT "sauces_link_status_values" CHECK ("sauces"."link_status" IN ('pending', 'ready', 'failed'));--> statement-breakpoint
-- Sources saved before previews moved to a background job were fetched at save: a preview
-- that came back empty then is 'failed' (the source's page offers a retry).
UPDATE "sauces" SET "link_status" = CASE WHEN "link_title" <> '' OR "link_image" <> '' THEN 'ready' ELSE 'failed' END
WHERE "type" = 'TEXT' AND "link" IS NOT NULL AND "mode_type" = 'Sauce';
