-- Issue #29: everything a save of one source takes before it writes, in one statement (one
-- round trip instead of three: the link's lock, the count that chooses the space's lock, the
-- space's lock with its counter slot and the role), in the lock order of db/locks.ts:
--   1b. `link`'s lock, shared, when the source has a link (its preview and copy jobs take it
--       exclusive and wait for the saves of the link in flight);
--   2.  the space's lock: exclusive (its advisory lock, then its row FOR NO KEY UPDATE, as
--       db/locks.ts lockWorkspaces) when `lim` is set and the space holds more than `lim` - 16
--       sources (read before any lock: a hint, checked again after it); else shared (its
--       advisory lock shared, its row FOR SHARE) with one counter slot (2b);
-- then, read after them in a statement of its own (so it sees every commit before it),
-- `member`'s role (null: not a member), the sources the space holds, and which lock it took.
-- No row when the space is gone.
CREATE FUNCTION "lock_for_save"("ws" integer, "member" integer, "link" text, "lim" integer)
RETURNS TABLE ("permission" text, "is_personal" boolean, "sources" integer, "exclusive" boolean) LANGUAGE plpgsql AS $$
DECLARE
  x boolean := false;
BEGIN
  IF "link" IS NOT NULL THEN PERFORM pg_advisory_xact_lock_shared(30, hashtext("link")); END IF;
  IF "lim" IS NOT NULL THEN
    x := (SELECT COALESCE(sum(c."text_count" + c."image_count"), 0) FROM "workspace_counters" c WHERE c."workspace_id" = ws) + 16 > "lim";
  END IF;
  IF x THEN
    PERFORM pg_advisory_xact_lock(29, ws);
    PERFORM 1 FROM "workspaces" WHERE "id" = ws FOR NO KEY UPDATE;
    IF NOT FOUND THEN RETURN; END IF;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(29, ws);
    PERFORM 1 FROM "workspaces" WHERE "id" = ws FOR SHARE;
    IF NOT FOUND THEN RETURN; END IF;
    PERFORM "workspace_counter_slot"(ws);
  END IF;
  RETURN QUERY SELECT m."permission"::text, w."is_personal",
      (SELECT COALESCE(sum(c."text_count" + c."image_count"), 0)::integer FROM "workspace_counters" c WHERE c."workspace_id" = ws),
      x
    FROM "workspaces" w LEFT JOIN "workspace_members" m ON m."workspace_id" = w."id" AND m."user_id" = member
    WHERE w."id" = ws;
END $$;
--> statement-breakpoint
DROP FUNCTION "share_workspace"(integer, integer);
--> statement-breakpoint
-- Issue #29: the search document's refresh (migration 0013's, unchanged in what it writes) in
-- PL/pgSQL, whose statements' plans are kept per connection (as a SQL function it was planned
-- again on every save, 0.9 ms), with the document made once (it was made three times: its
-- comments read three times). 2,000 inserts of a source: 1.5 s before, 0.3 s after.
CREATE OR REPLACE FUNCTION "sauce_search_refresh"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sauce_search" ("sauce_id", "workspace_id", "doc", "tsv", "grams")
  SELECT s."id", s."workspace_id", d."doc", to_tsvector('english', d."doc"), "sauce_grams"(d."doc")
  FROM "sauces" s CROSS JOIN LATERAL (
    SELECT left(concat_ws(E'\n', NULLIF(s."title", ''), s."text", s."link", NULLIF(s."link_title", ''), NULLIF(s."link_description", ''), s."summary",
      (SELECT string_agg(c."message", E'\n' ORDER BY c."id") FROM "image_comments" c JOIN "sauce_images" i ON i."id" = c."image_id" WHERE i."sauce_id" = s."id"),
      s."copy_text"),
      50000) AS "doc" OFFSET 0) d -- OFFSET 0: the document is made once, not once for each of its three uses
  WHERE s."id" = ANY("ids")
  ON CONFLICT ("sauce_id") DO UPDATE SET "workspace_id" = EXCLUDED."workspace_id", "doc" = EXCLUDED."doc", "tsv" = EXCLUDED."tsv", "grams" = EXCLUDED."grams";
END $$;
--> statement-breakpoint
-- The same for the Korean syllables and pairs (migration 0010), and none looked for in a
-- document without Hangul.
CREATE OR REPLACE FUNCTION "sauce_grams"("doc" text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF "doc" !~ '[가-힣]' THEN RETURN '{}'; END IF;
  RETURN (SELECT COALESCE(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(m[1], i, 2) AS g FROM regexp_matches("doc", '[가-힣]+', 'g') m, generate_series(1, char_length(m[1]) - 1) i
    UNION ALL
    SELECT substr(m[1], i, 1) FROM regexp_matches("doc", '[가-힣]+', 'g') m, generate_series(1, char_length(m[1])) i
  ) x);
END $$;
