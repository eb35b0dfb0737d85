CREATE TABLE "advertisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"document" text,
	"contact_email" text,
	"user_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"user_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_commission_range" CHECK ("partners"."commission_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "price_per_play_cents" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "audience_per_play" integer;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisers_user_idx" ON "advertisers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "advertisers_workspace_idx" ON "advertisers" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "partners_user_idx" ON "partners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "partners_workspace_idx" ON "partners" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;