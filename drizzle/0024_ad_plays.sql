CREATE TABLE "ad_plays" (
	"play_id" bigint PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"partner_id" integer,
	"price_cents" integer,
	"audience" integer,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_plays" ADD CONSTRAINT "ad_plays_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_plays_campaign_started_idx" ON "ad_plays" USING btree ("campaign_id","started_at");