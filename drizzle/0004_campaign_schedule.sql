ALTER TABLE "campaigns" ADD COLUMN "group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "all_devices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "weekdays" integer[] DEFAULT '{0,1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "end_time" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
-- The old statuses (docs/scheduling.md#campaigns): what was scheduled or active plays by its dates, what was finished stops.
UPDATE "campaigns" SET "status" = 'published' WHERE "status" IN ('scheduled', 'active');--> statement-breakpoint
UPDATE "campaigns" SET "status" = 'paused' WHERE "status" = 'finished';
