CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "sauce_search" (
	"sauce_id" integer PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"doc" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sauce_search" ADD CONSTRAINT "sauce_search_sauce_id_sauces_id_fk" FOREIGN KEY ("sauce_id") REFERENCES "public"."sauces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sauce_search_workspace_idx" ON "sauce_search" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "sauce_search_tsv_idx" ON "sauce_search" USING gin ("workspace_id","tsv");--> statement-breakpoint
CREATE INDEX "sauce_search_grams_idx" ON "sauce_search" USING gin ("workspace_id","grams");
--> statement-breakpoint
-- Issue #21 item 3: what search reads of a source, kept by triggers from every place its
-- words live. Korean attaches particles and compounds words (최적화의, 검색엔진최적화), which
-- no word-based configuration splits: a Hangul run is indexed as its syllables and syllable
-- pairs, and a query's run must have all its pairs (then its exact run, checked in `doc`).
CREATE FUNCTION "sauce_grams"("doc" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(m[1], i, 2) AS g FROM regexp_matches(doc, '[가-힣]+', 'g') m, generate_series(1, char_length(m[1]) - 1) i
    UNION ALL
    SELECT substr(m[1], i, 1) FROM regexp_matches(doc, '[가-힣]+', 'g') m, generate_series(1, char_length(m[1])) i
  ) x
$$;
--> statement-breakpoint
CREATE FUNCTION "sauce_search_refresh"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sauce_search" ("sauce_id", "workspace_id", "doc", "tsv", "grams")
  SELECT s."id", s."workspace_id", d."doc", to_tsvector('english', d."doc"), "sauce_grams"(d."doc")
  FROM "sauces" s CROSS JOIN LATERAL (
    SELECT left(concat_ws(E'\n', NULLIF(s."title", ''), s."text", s."link", NULLIF(s."link_title", ''), NULLIF(s."link_description", ''), s."summary",
      (SELECT string_agg(c."message", E'\n' ORDER BY c."id") FROM "image_comments" c JOIN "sauce_images" i ON i."id" = c."image_id" WHERE i."sauce_id" = s."id")),
      50000) AS "doc") d
  WHERE s."id" = ANY("ids")
  ON CONFLICT ("sauce_id") DO UPDATE SET "workspace_id" = EXCLUDED."workspace_id", "doc" = EXCLUDED."doc", "tsv" = EXCLUDED."tsv", "grams" = EXCLUDED."grams"
$$;
--> statement-breakpoint
CREATE FUNCTION "sauce_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- `npm run restore` loads sauce_search's rows as they were backed up.
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'sauces' THEN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM "sauce_search_refresh"(ARRAY(SELECT "id" FROM "new_rows"));
    ELSE
      PERFORM "sauce_search_refresh"(ARRAY[NEW."id"]);
    END IF;
  ELSIF TG_TABLE_NAME = 'sauce_images' THEN
    PERFORM "sauce_search_refresh"(ARRAY_REMOVE(ARRAY[OLD."sauce_id", NEW."sauce_id"], NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "sauce_search_refresh"(ARRAY(SELECT DISTINCT i."sauce_id" FROM "old_rows" c JOIN "sauce_images" i ON i."id" = c."image_id" WHERE i."sauce_id" IS NOT NULL));
  ELSE
    PERFORM "sauce_search_refresh"(ARRAY(SELECT DISTINCT i."sauce_id" FROM "new_rows" c JOIN "sauce_images" i ON i."id" = c."image_id" WHERE i."sauce_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sauces_search_ins" AFTER INSERT ON "sauces" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
CREATE TRIGGER "sauces_search_upd" AFTER UPDATE ON "sauces" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."text" IS DISTINCT FROM NEW."text" OR OLD."link" IS DISTINCT FROM NEW."link"
    OR OLD."link_title" IS DISTINCT FROM NEW."link_title" OR OLD."link_description" IS DISTINCT FROM NEW."link_description"
    OR OLD."summary" IS DISTINCT FROM NEW."summary" OR OLD."workspace_id" IS DISTINCT FROM NEW."workspace_id")
  EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
CREATE TRIGGER "sauce_images_search_upd" AFTER UPDATE OF "sauce_id" ON "sauce_images" FOR EACH ROW
  WHEN (OLD."sauce_id" IS DISTINCT FROM NEW."sauce_id") EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_comments_search_ins" AFTER INSERT ON "image_comments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_comments_search_upd" AFTER UPDATE ON "image_comments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_comments_search_del" AFTER DELETE ON "image_comments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sauce_search_changed"();
--> statement-breakpoint
SELECT "sauce_search_refresh"(ARRAY(SELECT "id" FROM "sauces"));
