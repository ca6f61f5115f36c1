ALTER TABLE "sauces" ADD COLUMN "copy_status" text;--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "copy_text" text;--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "copied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sauces_copy_pending_idx" ON "sauces" USING btree ("link") WHERE "sauces"."copy_status" = 'pending';--> statement-breakpoint
ALTER TABLE "sauces" ADD CONSTRAINT "sauces_copy_status_values" CHECK ("sauces"."copy_status" IN ('pending', 'ready', 'empty', 'failed'));--> statement-breakpoint
-- Issue #21: search reads the linked page's readable text too.
CREATE OR REPLACE FUNCTION "sauce_search_refresh"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sauce_search" ("sauce_id", "workspace_id", "doc", "tsv", "grams")
  SELECT s."id", s."workspace_id", d."doc", to_tsvector('english', d."doc"), "sauce_grams"(d."doc")
  FROM "sauces" s CROSS JOIN LATERAL (
    SELECT left(concat_ws(E'\n', NULLIF(s."title", ''), s."text", s."link", NULLIF(s."link_title", ''), NULLIF(s."link_description", ''), s."summary",
      (SELECT string_agg(c."message", E'\n' ORDER BY c."id") FROM "image_comments" c JOIN "sauce_images" i ON i."id" = c."image_id" WHERE i."sauce_id" = s."id"),
      s."copy_text"),
      50000) AS "doc") d
  WHERE s."id" = ANY("ids")
  ON CONFLICT ("sauce_id") DO UPDATE SET "workspace_id" = EXCLUDED."workspace_id", "doc" = EXCLUDED."doc", "tsv" = EXCLUDED."tsv", "grams" = EXCLUDED."grams"
$$;
--> statement-breakpoint
DROP TRIGGER "sauces_search_upd" ON "sauces";
--> statement-breakpoint
CREATE TRIGGER "sauces_search_upd" AFTER UPDATE ON "sauces" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."text" IS DISTINCT FROM NEW."text" OR OLD."link" IS DISTINCT FROM NEW."link"
    OR OLD."link_title" IS DISTINCT FROM NEW."link_title" OR OLD."link_description" IS DISTINCT FROM NEW."link_description"
    OR OLD."summary" IS DISTINCT FROM NEW."summary" OR OLD."workspace_id" IS DISTINCT FROM NEW."workspace_id"
    OR OLD."copy_text" IS DISTINCT FROM NEW."copy_text")
  EXECUTE FUNCTION "sauce_search_changed"();
