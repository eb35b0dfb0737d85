ALTER TABLE "device_groups" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "device_groups" ADD COLUMN "offline_minutes" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "opening_hours" jsonb;