CREATE TABLE "play_days" (
	"workspace_id" integer NOT NULL,
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"playlist_id" integer DEFAULT 0 NOT NULL,
	"campaign_id" integer DEFAULT 0 NOT NULL,
	"plays" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "play_days_workspace_id_day_device_id_media_id_playlist_id_campaign_id_pk" PRIMARY KEY("workspace_id","day","device_id","media_id","playlist_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"media_id" integer NOT NULL,
	"playlist_id" integer,
	"campaign_id" integer,
	"window_index" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"completed" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_days" ADD CONSTRAINT "play_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plays_device_client_unique" ON "plays" USING btree ("device_id","client_id");--> statement-breakpoint
CREATE INDEX "plays_workspace_started_idx" ON "plays" USING btree ("workspace_id","started_at");