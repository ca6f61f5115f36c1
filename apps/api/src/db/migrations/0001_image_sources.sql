CREATE TABLE "image_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"message" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_comments_x_range" CHECK ("image_comments"."x" >= 0 AND "image_comments"."x" <= 1),
	CONSTRAINT "image_comments_y_range" CHECK ("image_comments"."y" >= 0 AND "image_comments"."y" <= 1)
);
--> statement-breakpoint
CREATE TABLE "sauce_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"uploader_id" integer NOT NULL,
	"sauce_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sauce_images_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "image_comments" ADD CONSTRAINT "image_comments_image_id_sauce_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."sauce_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_comments" ADD CONSTRAINT "image_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_comments" ADD CONSTRAINT "image_comments_parent_id_image_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."image_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD CONSTRAINT "sauce_images_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD CONSTRAINT "sauce_images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sauce_images" ADD CONSTRAINT "sauce_images_sauce_id_sauces_id_fk" FOREIGN KEY ("sauce_id") REFERENCES "public"."sauces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_comments_image_idx" ON "image_comments" USING btree ("image_id","position");--> statement-breakpoint
CREATE INDEX "sauce_images_sauce_idx" ON "sauce_images" USING btree ("sauce_id","position");--> statement-breakpoint
CREATE INDEX "sauce_images_pending_idx" ON "sauce_images" USING btree ("uploader_id","created_at") WHERE sauce_id IS NULL;