-- Issue #32: boards (a folder shared as one page, db/schema-boards.ts), and the expiry and
-- password of every share: a folder's board is a row of its own; a source's share gains the same columns.
CREATE TABLE "folder_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"share_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"password_hash" text,
	"indexable" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"collage_key" text,
	"collage_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_shares_folder_id_unique" UNIQUE("folder_id"),
	CONSTRAINT "folder_shares_share_id_unique" UNIQUE("share_id")
);
--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "share_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "share_password_hash" text;--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "share_indexable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_shares_workspace_idx" ON "folder_shares" USING btree ("workspace_id");