-- Issue #29: a space's list version and source counts (migrations 0005, 0009) move off the
-- space's row onto 16 slot rows, so saves into one space no longer queue for one row's lock
-- until they commit. A writing transaction adds to one slot of the space: the first it finds
-- free (SKIP LOCKED), then that same one until it commits (kept in the transaction's setting
-- `sauce.counter_slots`); readers sum the space's slots. The number of slots is schema.ts
-- COUNTER_SLOTS. The lock order, and what a save holds, are written in db/locks.ts.
CREATE TABLE "workspace_counters" (
	"workspace_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"text_count" integer DEFAULT 0 NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workspace_counters_workspace_id_slot_pk" PRIMARY KEY("workspace_id","slot")
);
--> statement-breakpoint
ALTER TABLE "workspace_counters" ADD CONSTRAINT "workspace_counters_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Slot 0 starts where the space's row was: versions only grow.
INSERT INTO "workspace_counters" ("workspace_id", "slot", "version", "text_count", "image_count")
SELECT w."id", s, CASE WHEN s = 0 THEN w."version" ELSE 0 END, CASE WHEN s = 0 THEN w."text_count" ELSE 0 END,
  CASE WHEN s = 0 THEN w."image_count" ELSE 0 END
FROM "workspaces" w CROSS JOIN generate_series(0, 15) s;
--> statement-breakpoint
-- A new space's slots (`npm run restore` loads them from the backup).
CREATE FUNCTION "add_workspace_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO "workspace_counters" ("workspace_id", "slot") SELECT n."id", s FROM "new_rows" n CROSS JOIN generate_series(0, 15) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "workspaces_counters_ins" AFTER INSERT ON "workspaces" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "add_workspace_counters"();
--> statement-breakpoint
-- The slot of space `ws` this transaction adds to, locked until it ends: the one it took
-- before, else the first free one from this connection's own (pg_backend_pid() % 16), else
-- (all 16 held by others) its own, waited for.
CREATE FUNCTION "workspace_counter_slot"("ws" integer) RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  held text := COALESCE(current_setting('sauce.counter_slots', true), '');
  s smallint := substring(held FROM '(?:^|,)' || ws || ':(\d+)')::smallint;
BEGIN
  IF s IS NOT NULL THEN RETURN s; END IF;
  SELECT c."slot" INTO s FROM "workspace_counters" c WHERE c."workspace_id" = ws
  ORDER BY (c."slot" + 16 - pg_backend_pid() % 16) % 16 FOR NO KEY UPDATE SKIP LOCKED LIMIT 1;
  IF s IS NULL THEN
    s := pg_backend_pid() % 16;
    PERFORM 1 FROM "workspace_counters" c WHERE c."workspace_id" = ws AND c."slot" = s FOR NO KEY UPDATE;
  END IF;
  PERFORM set_config('sauce.counter_slots', held || CASE WHEN held = '' THEN '' ELSE ',' END || ws || ':' || s, true);
  RETURN s;
END $$;
--> statement-breakpoint
-- Bumps space `ws`'s version by one and adds to its counts, on this transaction's slot.
CREATE FUNCTION "bump_workspace_counters"("ws" integer, "texts" bigint, "images" bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s smallint := "workspace_counter_slot"(ws);
BEGIN
  UPDATE "workspace_counters" SET "version" = "version" + 1, "text_count" = "text_count" + texts, "image_count" = "image_count" + images
  WHERE "workspace_id" = ws AND "slot" = s;
END $$;
--> statement-breakpoint
-- Issue #29: what a save of one source holds until it commits (db/locks.ts shareWorkspace):
-- the space's lock shared — its advisory lock (shared; the exclusive one, db/locks.ts
-- lockWorkspaces, queues fairly before it) and its row FOR SHARE — then one counter slot;
-- then, read after them in a statement of its own (so it sees every commit before it),
-- `member`'s role in the space (null: not a member) and the sources the space holds. No
-- row when the space is gone.
CREATE FUNCTION "share_workspace"("ws" integer, "member" integer)
RETURNS TABLE ("permission" text, "is_personal" boolean, "sources" integer) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(29, ws);
  PERFORM 1 FROM "workspaces" WHERE "id" = ws FOR SHARE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM "workspace_counter_slot"(ws);
  RETURN QUERY SELECT m."permission"::text, w."is_personal",
      (SELECT COALESCE(sum(c."text_count" + c."image_count"), 0)::integer FROM "workspace_counters" c WHERE c."workspace_id" = ws)
    FROM "workspaces" w LEFT JOIN "workspace_members" m ON m."workspace_id" = w."id" AND m."user_id" = member
    WHERE w."id" = ws;
END $$;
--> statement-breakpoint
-- Migration 0005's triggers, on the slots: once per statement for each space it wrote to,
-- in ascending id.
CREATE OR REPLACE FUNCTION "bump_workspace_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ws integer;
BEGIN
  -- `npm run restore` loads rows with their versions as they were.
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  -- TG_ARGV[0]: how the table names its space: 'workspace' (a workspace_id column) or
  -- 'sauce' (a sauce_id column). Only the transition tables of the event exist.
  IF TG_ARGV[0] = 'workspace' THEN
    IF TG_OP = 'INSERT' THEN ids := ARRAY(SELECT "workspace_id" FROM "new_rows");
    ELSIF TG_OP = 'DELETE' THEN ids := ARRAY(SELECT "workspace_id" FROM "old_rows");
    ELSE ids := ARRAY(SELECT "workspace_id" FROM "new_rows" UNION ALL SELECT "workspace_id" FROM "old_rows");
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN ids := ARRAY(SELECT "sauce_id" FROM "new_rows");
    ELSIF TG_OP = 'DELETE' THEN ids := ARRAY(SELECT "sauce_id" FROM "old_rows");
    ELSE ids := ARRAY(SELECT "sauce_id" FROM "new_rows" UNION ALL SELECT "sauce_id" FROM "old_rows");
    END IF;
    ids := ARRAY(SELECT s."workspace_id" FROM "sauces" s WHERE s."id" = ANY(ids));
  END IF;
  FOR ws IN SELECT DISTINCT x FROM unnest(ids) x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM "bump_workspace_counters"(ws, 0, 0);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Migration 0009's counts, on the slots.
CREATE OR REPLACE FUNCTION "count_workspace_sauces"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT "workspace_id" AS ws, count(*) FILTER (WHERE "type" = 'TEXT') AS t, count(*) FILTER (WHERE "type" = 'IMAGE') AS i
             FROM "new_rows" GROUP BY 1 ORDER BY 1 LOOP
      PERFORM "bump_workspace_counters"(r.ws, r.t, r.i);
    END LOOP;
  ELSE
    FOR r IN SELECT "workspace_id" AS ws, count(*) FILTER (WHERE "type" = 'TEXT') AS t, count(*) FILTER (WHERE "type" = 'IMAGE') AS i
             FROM "old_rows" GROUP BY 1 ORDER BY 1 LOOP
      PERFORM "bump_workspace_counters"(r.ws, -r.t, -r.i);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Migration 0006's author change, on the slots: no space's row is locked any more.
CREATE OR REPLACE FUNCTION "bump_author_workspace_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws integer;
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  FOR ws IN SELECT DISTINCT "workspace_id" FROM "sauces" WHERE "author_id" = NEW."id" ORDER BY 1 LOOP
    PERFORM "bump_workspace_counters"(ws, 0, 0);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "version";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "text_count";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "image_count";
