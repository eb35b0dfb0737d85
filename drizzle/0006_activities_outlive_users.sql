ALTER TABLE "activities" DROP CONSTRAINT "activities_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "activities_workspace_idx";--> statement-breakpoint
CREATE INDEX "activities_workspace_id_idx" ON "activities" USING btree ("workspace_id","id");