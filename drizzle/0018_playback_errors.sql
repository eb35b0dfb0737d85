CREATE TABLE "media_failure_alerts" (
	"workspace_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_failure_alerts_pk" PRIMARY KEY("device_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "playback_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_failure_alerts" ADD CONSTRAINT "media_failure_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_failure_alerts" ADD CONSTRAINT "media_failure_alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_errors" ADD CONSTRAINT "playback_errors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_errors" ADD CONSTRAINT "playback_errors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_errors_device_media_idx" ON "playback_errors" USING btree ("device_id","media_id","at");--> statement-breakpoint
CREATE INDEX "playback_errors_at_idx" ON "playback_errors" USING btree ("at");