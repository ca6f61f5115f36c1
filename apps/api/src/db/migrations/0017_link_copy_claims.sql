-- Issue #21: one copy of a link at a time across processes (services/link-copy.ts claimed).
CREATE TABLE "link_copy_claims" (
	"link_md5" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
