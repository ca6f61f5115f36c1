ALTER TABLE "workspaces" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue #9 item 12: every write that changes what a space's source list shows bumps the
-- space's version in the same transaction, so a list's ETag and cache key (the version)
-- can never name rows that changed. Statement-level triggers with transition tables: a
-- statement writing many rows bumps each space once. (PostgreSQL allows transition tables
-- only on single-event triggers, hence one trigger per event.)
CREATE FUNCTION "bump_workspace_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- `npm run restore` loads rows with their versions as they were.
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  -- TG_ARGV[0]: how the table names its space: 'workspace' (a workspace_id column) or
  -- 'sauce' (a sauce_id column). Only the transition tables of the event exist.
  IF TG_ARGV[0] = 'workspace' THEN
    IF TG_OP <> 'DELETE' THEN
      UPDATE "workspaces" SET "version" = "version" + 1 WHERE "id" IN (SELECT "workspace_id" FROM "new_rows");
    END IF;
    IF TG_OP <> 'INSERT' THEN
      UPDATE "workspaces" SET "version" = "version" + 1 WHERE "id" IN (SELECT "workspace_id" FROM "old_rows");
    END IF;
  ELSE
    IF TG_OP <> 'DELETE' THEN
      UPDATE "workspaces" SET "version" = "version" + 1
      WHERE "id" IN (SELECT s."workspace_id" FROM "sauces" s WHERE s."id" IN (SELECT "sauce_id" FROM "new_rows"));
    END IF;
    IF TG_OP <> 'INSERT' THEN
      UPDATE "workspaces" SET "version" = "version" + 1
      WHERE "id" IN (SELECT s."workspace_id" FROM "sauces" s WHERE s."id" IN (SELECT "sauce_id" FROM "old_rows"));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('sauces', 'workspace'), ('folders', 'workspace'), ('workspace_members', 'workspace'),
    ('sauce_images', 'sauce'), ('sauce_tags', 'sauce'), ('sauce_folders', 'sauce')
  ) AS v(tbl, via) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_workspace_versions(%L)', t.tbl || '_version_ins', t.tbl, t.via);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_workspace_versions(%L)', t.tbl || '_version_upd', t.tbl, t.via);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_workspace_versions(%L)', t.tbl || '_version_del', t.tbl, t.via);
  END LOOP;
END $$;
--> statement-breakpoint
-- A person's nickname and picture show on every source they wrote: their spaces change.
CREATE FUNCTION "bump_author_workspace_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE "workspaces" SET "version" = "version" + 1
  WHERE "id" IN (SELECT "workspace_id" FROM "sauces" WHERE "author_id" = NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_version_upd" AFTER UPDATE OF "nickname", "profile_image" ON "users"
FOR EACH ROW WHEN (OLD."nickname" IS DISTINCT FROM NEW."nickname" OR OLD."profile_image" IS DISTINCT FROM NEW."profile_image")
EXECUTE FUNCTION "bump_author_workspace_versions"();
