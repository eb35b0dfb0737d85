-- Workspaces (docs/security.md#roles-and-tenancy). An existing install gets its first workspace, and every row goes into it;
-- an empty database gets none here (the first start creates it with its admin).
CREATE TABLE "workspaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_username_unique";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "device_groups" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
INSERT INTO "workspaces" ("name") SELECT 'Minha empresa' WHERE EXISTS (SELECT 1 FROM "users");--> statement-breakpoint
UPDATE "activities" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "api_keys" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "campaigns" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "device_groups" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "devices" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "media" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "playlists" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
UPDATE "users" SET "workspace_id" = (SELECT min("id") FROM "workspaces");--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_groups" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "playlists" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_workspace_idx" ON "activities" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_idx" ON "campaigns" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "device_groups_workspace_idx" ON "device_groups" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "devices_workspace_idx" ON "devices" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "media_workspace_idx" ON "media" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "playlists_workspace_idx" ON "playlists" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree ("workspace_id",lower("username"));