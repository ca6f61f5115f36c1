DROP INDEX "sauce_folders_folder_idx";--> statement-breakpoint
DROP INDEX "sauces_workspace_created_idx";--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sauce_folders" ADD COLUMN "sauce_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sauce_tags" ADD COLUMN "workspace_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sauce_tags" ADD COLUMN "sauce_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "text_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "image_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sauce_folders_folder_order_idx" ON "sauce_folders" USING btree ("folder_id","sauce_created_at" DESC NULLS FIRST,"sauce_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sauce_tags_space_order_idx" ON "sauce_tags" USING btree ("workspace_id","name","sauce_created_at" DESC NULLS FIRST,"sauce_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sauces_workspace_order_idx" ON "sauces" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- Issue #24: what a list needs besides its rows is kept as writes happen, never counted per
-- request. The sources' own space and created_at on their tag and folder rows (neither ever
-- changes), filled by BEFORE INSERT triggers from the source, so every way of writing them
-- (saves, imports, articles, restores) fills them.
UPDATE "sauce_tags" t SET "workspace_id" = s."workspace_id", "sauce_created_at" = s."created_at" FROM "sauces" s WHERE s."id" = t."sauce_id";
--> statement-breakpoint
UPDATE "sauce_folders" f SET "sauce_created_at" = s."created_at" FROM "sauces" s WHERE s."id" = f."sauce_id";
--> statement-breakpoint
UPDATE "workspaces" w SET "text_count" = c."text", "image_count" = c."image"
FROM (SELECT "workspace_id", count(*) FILTER (WHERE "type" = 'TEXT') AS "text", count(*) FILTER (WHERE "type" = 'IMAGE') AS "image"
      FROM "sauces" GROUP BY "workspace_id") c
WHERE w."id" = c."workspace_id";
--> statement-breakpoint
UPDATE "folders" f SET "item_count" = c."n" FROM (SELECT "folder_id", count(*) AS "n" FROM "sauce_folders" GROUP BY "folder_id") c WHERE f."id" = c."folder_id";
--> statement-breakpoint
CREATE FUNCTION "sauce_row_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- `npm run restore` loads the rows as they were backed up.
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NEW; END IF;
  IF TG_TABLE_NAME = 'sauce_tags' THEN
    SELECT s."workspace_id", s."created_at" INTO NEW."workspace_id", NEW."sauce_created_at" FROM "sauces" s WHERE s."id" = NEW."sauce_id";
  ELSE
    SELECT s."created_at" INTO NEW."sauce_created_at" FROM "sauces" s WHERE s."id" = NEW."sauce_id";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sauce_tags_keys" BEFORE INSERT ON "sauce_tags" FOR EACH ROW EXECUTE FUNCTION "sauce_row_keys"();
--> statement-breakpoint
CREATE TRIGGER "sauce_folders_keys" BEFORE INSERT ON "sauce_folders" FOR EACH ROW EXECUTE FUNCTION "sauce_row_keys"();
--> statement-breakpoint
-- A space's text and image sources, kept with its version in the same statement-level
-- update (replacing the sources' version triggers of migration 0005 for inserts and deletes).
CREATE FUNCTION "count_workspace_sauces"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE "workspaces" w SET "version" = w."version" + 1, "text_count" = w."text_count" + c."text", "image_count" = w."image_count" + c."image"
    FROM (SELECT "workspace_id", count(*) FILTER (WHERE "type" = 'TEXT') AS "text", count(*) FILTER (WHERE "type" = 'IMAGE') AS "image"
          FROM "new_rows" GROUP BY "workspace_id") c
    WHERE w."id" = c."workspace_id";
  ELSE
    UPDATE "workspaces" w SET "version" = w."version" + 1, "text_count" = w."text_count" - c."text", "image_count" = w."image_count" - c."image"
    FROM (SELECT "workspace_id", count(*) FILTER (WHERE "type" = 'TEXT') AS "text", count(*) FILTER (WHERE "type" = 'IMAGE') AS "image"
          FROM "old_rows" GROUP BY "workspace_id") c
    WHERE w."id" = c."workspace_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "sauces_version_ins" ON "sauces";
--> statement-breakpoint
DROP TRIGGER "sauces_version_del" ON "sauces";
--> statement-breakpoint
CREATE TRIGGER "sauces_count_ins" AFTER INSERT ON "sauces" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_workspace_sauces"();
--> statement-breakpoint
CREATE TRIGGER "sauces_count_del" AFTER DELETE ON "sauces" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_workspace_sauces"();
--> statement-breakpoint
CREATE FUNCTION "count_folder_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE "folders" f SET "item_count" = f."item_count" + c."n"
    FROM (SELECT "folder_id", count(*) AS "n" FROM "new_rows" GROUP BY "folder_id") c WHERE f."id" = c."folder_id";
  ELSE
    UPDATE "folders" f SET "item_count" = f."item_count" - c."n"
    FROM (SELECT "folder_id", count(*) AS "n" FROM "old_rows" GROUP BY "folder_id") c WHERE f."id" = c."folder_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sauce_folders_count_ins" AFTER INSERT ON "sauce_folders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_folder_items"();
--> statement-breakpoint
CREATE TRIGGER "sauce_folders_count_del" AFTER DELETE ON "sauce_folders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_folder_items"();
