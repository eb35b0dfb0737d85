CREATE TABLE "feed_states" (
	"media_id" integer PRIMARY KEY NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"etag" text,
	"last_modified" text
);
--> statement-breakpoint
CREATE TABLE "media_pages" (
	"media_id" integer NOT NULL,
	"page" integer NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "media_pages_pk" PRIMARY KEY("media_id","page")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "feed_states" ADD CONSTRAINT "feed_states_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_pages" ADD CONSTRAINT "media_pages_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_states_due_idx" ON "feed_states" USING btree ("next_fetch_at");