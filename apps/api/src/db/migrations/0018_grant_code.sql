-- Issue #28 item 5: an extension's connection is completed with a one-time code the connect
-- page hands only to the extension that opened it (services/personal-tokens.ts createGrant),
-- and a grant is never reassigned. Grants waiting under the old flow (the verifier alone)
-- are dropped: whoever made their link could trade them, and they lapse within 10 minutes.
DELETE FROM "token_grants";--> statement-breakpoint
ALTER TABLE "token_grants" ADD COLUMN "code_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "token_grants" ADD COLUMN "used_at" timestamp with time zone;
