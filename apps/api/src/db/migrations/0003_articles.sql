-- Issue #10, articles: curated articles by category, the RSS/Atom feeds that fill them, and
-- sources saved from them (mode_type 'Article') with their AI summary. Written by hand;
-- mirrored in schema.ts ("Articles (issue #10)").
-- pg_trgm indexes titles for search by any part, Korean included (measured: scripts/bench-articles.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "article_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error_code" text,
	"last_error" text,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_feeds_url_unique" UNIQUE("url"),
	CONSTRAINT "article_feeds_category_range" CHECK ("article_feeds"."category" BETWEEN 1 AND 4),
	CONSTRAINT "article_feeds_status_values" CHECK ("article_feeds"."status" IN ('pending', 'ok', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "article_feeds" ADD CONSTRAINT "article_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"canonical_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"publisher_url" text,
	"favicon" text,
	"thumbnail" text,
	"language" text,
	"category" smallint NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"published_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"feed_id" integer,
	"created_by" integer,
	"summary" text,
	"summary_method" text,
	"summarized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sort_at" timestamp with time zone GENERATED ALWAYS AS (COALESCE("published_at", "created_at")) STORED NOT NULL,
	CONSTRAINT "articles_canonical_url_unique" UNIQUE("canonical_url"),
	CONSTRAINT "articles_category_range" CHECK ("articles"."category" BETWEEN 1 AND 4),
	CONSTRAINT "articles_source_values" CHECK ("articles"."source" IN ('seed', 'admin', 'feed'))
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_feed_id_article_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."article_feeds"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "articles_list_idx" ON "articles" USING btree ("sort_at" DESC,"id" DESC) WHERE NOT "articles"."hidden";
--> statement-breakpoint
CREATE INDEX "articles_category_list_idx" ON "articles" USING btree ("category","sort_at" DESC,"id" DESC) WHERE NOT "articles"."hidden";
--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "articles_feed_idx" ON "articles" USING btree ("feed_id") WHERE "articles"."feed_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "mode_type" text DEFAULT 'Sauce' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "article_id" integer;
--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "summary_status" text;
--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "summary" text;
--> statement-breakpoint
ALTER TABLE "sauces" ADD COLUMN "summary_method" text;
--> statement-breakpoint
ALTER TABLE "sauces" ADD CONSTRAINT "sauces_mode_type_values" CHECK ("sauces"."mode_type" IN ('Sauce', 'Article'));
--> statement-breakpoint
ALTER TABLE "sauces" ADD CONSTRAINT "sauces_summary_status_values" CHECK ("sauces"."summary_status" IN ('pending', 'ready', 'unavailable', 'failed'));
--> statement-breakpoint
ALTER TABLE "sauces" ADD CONSTRAINT "sauces_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sauces_workspace_article_uq" ON "sauces" USING btree ("workspace_id","article_id") WHERE "sauces"."article_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "sauces_article_idx" ON "sauces" USING btree ("article_id") WHERE "sauces"."article_id" IS NOT NULL;
