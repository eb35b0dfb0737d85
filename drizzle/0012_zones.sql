ALTER TABLE "campaigns" ADD COLUMN "zones" text[];--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "layout_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "extra_zone_playlist_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "zone_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Plays stored before zones came from Tela Única / Tela Dupla: window 1 and 2 are their zones (docs/layouts.md#plays).
UPDATE "plays" SET "zone_key" = 'janela-' || ("window_index" + 1);--> statement-breakpoint
-- Roll-ups stored before zones summed both windows: their zone stays '' ("Sem zona registrada" in reports).
ALTER TABLE "play_days" ADD COLUMN "zone_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "play_days" DROP CONSTRAINT "play_days_workspace_id_day_device_id_media_id_playlist_id_campaign_id_pk";--> statement-breakpoint
ALTER TABLE "play_days" ADD CONSTRAINT "play_days_pk" PRIMARY KEY("workspace_id","day","device_id","media_id","playlist_id","campaign_id","zone_key");--> statement-breakpoint
CREATE INDEX "devices_layout_idx" ON "devices" USING btree ("layout_id") WHERE "devices"."layout_id" is not null;
