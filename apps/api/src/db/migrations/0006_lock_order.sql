-- Issue #18: a person's nickname or picture change bumps the version of every space holding
-- a source of theirs. The spaces are locked in id order first (the lock order of
-- db/locks.ts), so two such changes, or one beside a withdrawal or a tag rename, cannot
-- lock the same spaces in opposite orders and deadlock.
CREATE OR REPLACE FUNCTION "bump_author_workspace_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM 1 FROM "workspaces"
  WHERE "id" IN (SELECT "workspace_id" FROM "sauces" WHERE "author_id" = NEW."id")
  ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "workspaces" SET "version" = "version" + 1
  WHERE "id" IN (SELECT "workspace_id" FROM "sauces" WHERE "author_id" = NEW."id");
  RETURN NULL;
END $$;
