ALTER TABLE "campaigns" ADD COLUMN "type" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "goal_kind" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "goal_plays" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cap_per_hour" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ad_allowance" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_idx" ON "campaigns" USING btree ("advertiser_id") WHERE "campaigns"."advertiser_id" is not null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_ad_fields" CHECK (("campaigns"."type" = 'ad') = ("campaigns"."advertiser_id" is not null and "campaigns"."goal_kind" is not null and coalesce("campaigns"."goal_plays", 0) >= 1 and coalesce("campaigns"."cap_per_hour", 0) >= 1));