ALTER TABLE "devices" ADD COLUMN "now_playing" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "screenshot_key" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "screenshot_at" timestamp with time zone;