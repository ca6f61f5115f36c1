-- Issue #33: the words read in each image (db/schema-image-text.ts), and the search document
-- that counts them. Images kept before it are 'pending': the backfill reads them
-- (services/image-text.ts queueBackfill).
ALTER TABLE "sauce_images" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD COLUMN "text_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD COLUMN "text_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD COLUMN "text_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD CONSTRAINT "sauce_images_text_status_values" CHECK ("sauce_images"."text_status" IN ('pending', 'done', 'none', 'failed'));--> statement-breakpoint
CREATE INDEX "sauce_images_text_pending_idx" ON "sauce_images" USING btree ("workspace_id","id") WHERE text_status = 'pending' AND sauce_id IS NOT NULL;--> statement-breakpoint
-- Where the words of the source's images start in `doc` (1-based; null: none), so a search
-- result can say its match was in an image (services/search.ts snippetOf).
ALTER TABLE "sauce_search" ADD COLUMN "image_at" integer;
--> statement-breakpoint
-- The search document (migration 0020's, unchanged in all else) with the words of the
-- source's images, in their order, after the comments and before the page's copy (which may
-- fill the 50,000 characters).
CREATE OR REPLACE FUNCTION "sauce_search_refresh"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sauce_search" ("sauce_id", "workspace_id", "doc", "tsv", "grams", "image_at")
  SELECT s."id", s."workspace_id", d."doc", to_tsvector('english', d."doc"), "sauce_grams"(d."doc"),
    CASE WHEN h."seen" IS NULL THEN NULL WHEN h."head" = '' THEN 1 ELSE char_length(h."head") + 2 END
  FROM "sauces" s CROSS JOIN LATERAL (
    SELECT concat_ws(E'\n', NULLIF(s."title", ''), s."text", s."link", NULLIF(s."link_title", ''), NULLIF(s."link_description", ''), s."summary",
      (SELECT string_agg(c."message", E'\n' ORDER BY c."id") FROM "image_comments" c JOIN "sauce_images" i ON i."id" = c."image_id" WHERE i."sauce_id" = s."id")) AS "head",
      (SELECT string_agg(i."text", E'\n' ORDER BY i."position", i."id") FROM "sauce_images" i WHERE i."sauce_id" = s."id" AND i."text" <> '') AS "seen"
    OFFSET 0) h
  CROSS JOIN LATERAL (
    SELECT left(concat_ws(E'\n', NULLIF(h."head", ''), h."seen", s."copy_text"), 50000) AS "doc" OFFSET 0) d -- OFFSET 0: the document is made once, not once for each of its uses
  WHERE s."id" = ANY("ids")
  ON CONFLICT ("sauce_id") DO UPDATE SET "workspace_id" = EXCLUDED."workspace_id", "doc" = EXCLUDED."doc", "tsv" = EXCLUDED."tsv", "grams" = EXCLUDED."grams", "image_at" = EXCLUDED."image_at";
END $$;
--> statement-breakpoint
-- An image's words written (jobs/image-text.ts): its source's document again (migration
-- 0010's function, as for an image moved between sources).
CREATE TRIGGER "sauce_images_search_text" AFTER UPDATE OF "text" ON "sauce_images" FOR EACH ROW
  WHEN (OLD."text" IS DISTINCT FROM NEW."text" AND NEW."sauce_id" IS NOT NULL) EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
-- An image deleted (taken out of its source): its words, and its comments, leave the document.
CREATE FUNCTION "sauce_images_search_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM "sauce_search_refresh"(ARRAY(SELECT DISTINCT "sauce_id" FROM "old_rows" WHERE "sauce_id" IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sauce_images_search_del" AFTER DELETE ON "sauce_images" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sauce_images_search_gone"();
--> statement-breakpoint
-- CREATE OR REPLACE above cleared migration 0021_plan_once's setting: planned once per connection again.
ALTER FUNCTION "sauce_search_refresh"(integer[]) SET plan_cache_mode = force_generic_plan;
