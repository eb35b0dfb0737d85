-- History entries store their facts (data) and get their sentence when read (docs/activity-history.md).
-- The entries written until now keep the sentence they stored, as legacy_text. drizzle-kit generates
-- no DROP NOT NULL for a renamed column: written here.
ALTER TABLE "activities" RENAME COLUMN "description" TO "legacy_text";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "legacy_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_data_or_legacy_text" CHECK (("activities"."data" is null) <> ("activities"."legacy_text" is null));
