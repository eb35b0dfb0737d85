-- No release created keys before this column; the default only keeps the statement valid on any row.
ALTER TABLE "api_keys" ADD COLUMN "prefix" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "prefix" DROP DEFAULT;
