CREATE TABLE "sauce_colours" (
	"image_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"workspace_id" integer NOT NULL,
	"sauce_id" integer,
	"sauce_created_at" timestamp with time zone,
	"cell" integer NOT NULL,
	"l" double precision NOT NULL,
	"a" double precision NOT NULL,
	"b" double precision NOT NULL,
	"share" double precision NOT NULL,
	CONSTRAINT "sauce_colours_image_id_position_pk" PRIMARY KEY("image_id","position")
);
--> statement-breakpoint
ALTER TABLE "sauce_images" ADD COLUMN "palette" text[];--> statement-breakpoint
ALTER TABLE "sauce_images" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "sauce_colours" ADD CONSTRAINT "sauce_colours_image_id_sauce_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."sauce_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sauce_colours" ADD CONSTRAINT "sauce_colours_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sauce_colours_cell_idx" ON "sauce_colours" USING btree ("workspace_id","cell","sauce_created_at" DESC NULLS LAST,"sauce_id" DESC NULLS LAST,"l","a","b") WHERE sauce_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sauce_images_phash_idx" ON "sauce_images" USING btree ("workspace_id","phash","sauce_id") WHERE sauce_id IS NOT NULL AND phash IS NOT NULL;--> statement-breakpoint
-- Issue #21 item 4: a palette colour's row names its image's source and the source's
-- created_at (null while the image is an unsaved upload), so the colour filter reads its
-- matches in list order from sauce_colours_cell_idx. Set when the row is written...
CREATE FUNCTION "sauce_colour_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- `npm run restore` loads the rows as they were backed up.
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NEW; END IF;
  SELECT i."sauce_id", s."created_at" INTO NEW."sauce_id", NEW."sauce_created_at"
  FROM "sauce_images" i LEFT JOIN "sauces" s ON s."id" = i."sauce_id" WHERE i."id" = NEW."image_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sauce_colours_keys" BEFORE INSERT ON "sauce_colours" FOR EACH ROW EXECUTE FUNCTION "sauce_colour_keys"();
--> statement-breakpoint
-- ...and whenever the image moves into a source or out of one (a save, a removal, the
-- source's deletion: its foreign key sets sauce_id to null, which is an update too).
CREATE FUNCTION "sauce_image_colour_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sauce.restoring', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE "sauce_colours" SET "sauce_id" = NEW."sauce_id",
    "sauce_created_at" = (SELECT s."created_at" FROM "sauces" s WHERE s."id" = NEW."sauce_id")
  WHERE "image_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sauce_images_colour_keys" AFTER UPDATE OF "sauce_id" ON "sauce_images" FOR EACH ROW
WHEN (OLD."sauce_id" IS DISTINCT FROM NEW."sauce_id") EXECUTE FUNCTION "sauce_image_colour_keys"();
