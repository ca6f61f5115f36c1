-- Issue #21 item 5: a link's key for finding duplicates (services/duplicates.ts linkKey), kept
-- by every save path; rows saved before are keyed by a background pass at start
-- (backfillLinkKeys), as the normalisation (URL parsing, tracking parameters) is the app's.
ALTER TABLE "sauces" ADD COLUMN "link_key" text;--> statement-breakpoint
CREATE INDEX "sauces_link_key_idx" ON "sauces" USING btree ("workspace_id","link_key") WHERE "sauces"."link_key" IS NOT NULL;
