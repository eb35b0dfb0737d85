CREATE TABLE "feed_images" (
	"media_id" integer NOT NULL,
	"source_url" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "feed_images_pk" PRIMARY KEY("media_id","source_url")
);
--> statement-breakpoint
ALTER TABLE "feed_images" ADD CONSTRAINT "feed_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_images_sha_idx" ON "feed_images" USING btree ("media_id","sha256");