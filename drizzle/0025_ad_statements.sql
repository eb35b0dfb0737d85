CREATE TABLE "ad_campaign_counts" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"counted" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_play_days" (
	"workspace_id" integer NOT NULL,
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"partner_id" integer DEFAULT 0 NOT NULL,
	"plays" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"audience" bigint NOT NULL,
	CONSTRAINT "ad_play_days_pk" PRIMARY KEY("workspace_id","day","device_id","campaign_id","advertiser_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "advertiser_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertiser_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertiser_links_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "device_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"partner_id" integer,
	"price_per_play_cents" integer,
	"audience_per_play" integer,
	"valid_from" timestamp with time zone DEFAULT date_trunc('milliseconds', clock_timestamp()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_commission_months" (
	"workspace_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"figures" jsonb,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "partner_commission_months_pk" PRIMARY KEY("partner_id","month")
);
--> statement-breakpoint
ALTER TABLE "ad_campaign_counts" ADD CONSTRAINT "ad_campaign_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_play_days" ADD CONSTRAINT "ad_play_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_links" ADD CONSTRAINT "advertiser_links_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_links" ADD CONSTRAINT "advertiser_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_links" ADD CONSTRAINT "advertiser_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_prices" ADD CONSTRAINT "device_prices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_prices" ADD CONSTRAINT "device_prices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commission_months" ADD CONSTRAINT "partner_commission_months_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commission_months" ADD CONSTRAINT "partner_commission_months_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commission_months" ADD CONSTRAINT "partner_commission_months_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commission_months" ADD CONSTRAINT "partner_commission_months_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_play_days_advertiser_idx" ON "ad_play_days" USING btree ("workspace_id","advertiser_id","day");--> statement-breakpoint
CREATE INDEX "ad_play_days_partner_idx" ON "ad_play_days" USING btree ("workspace_id","partner_id","day");--> statement-breakpoint
CREATE INDEX "advertiser_links_advertiser_idx" ON "advertiser_links" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "advertiser_links_workspace_idx" ON "advertiser_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "device_prices_device_from_idx" ON "device_prices" USING btree ("device_id","valid_from");--> statement-breakpoint
INSERT INTO "device_prices" ("workspace_id", "device_id", "partner_id", "price_per_play_cents", "audience_per_play", "valid_from") SELECT "workspace_id", "id", "partner_id", "price_per_play_cents", "audience_per_play", 'epoch'::timestamptz FROM "devices";
--> statement-breakpoint
INSERT INTO "ad_play_days" ("workspace_id", "day", "device_id", "campaign_id", "advertiser_id", "partner_id", "plays", "amount_cents", "audience") SELECT a."workspace_id", (a."started_at" AT TIME ZONE w."time_zone")::date, a."device_id", a."campaign_id", a."advertiser_id", coalesce(a."partner_id", 0), count(*), coalesce(sum(a."price_cents"), 0), coalesce(sum(a."audience"), 0) FROM "ad_plays" a JOIN "workspaces" w ON w."id" = a."workspace_id" GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "ad_campaign_counts" ("campaign_id", "workspace_id", "counted") SELECT "campaign_id", min("workspace_id"), count(*) FROM "ad_plays" GROUP BY 1;
