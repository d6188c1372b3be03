CREATE TABLE "analytics_events" (
	"analytics_event_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"properties" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "client_error_groups" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"path" text,
	"release" text,
	"last_user_id" integer,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_assets" (
	"schedule_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	CONSTRAINT "schedule_assets_schedule_id_asset_id_pk" PRIMARY KEY("schedule_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_resources" (
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "schedule_resources_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"schedule_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone_id" text NOT NULL,
	"ticket_id" integer,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "time_zone_id" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "units_profile" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "demo_mode" boolean;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_error_groups" ADD CONSTRAINT "client_error_groups_last_user_id_users_user_id_fk" FOREIGN KEY ("last_user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assets" ADD CONSTRAINT "schedule_assets_schedule_id_schedules_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assets" ADD CONSTRAINT "schedule_assets_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_resources" ADD CONSTRAINT "schedule_resources_schedule_id_schedules_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_resources" ADD CONSTRAINT "schedule_resources_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_time_idx" ON "analytics_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "client_error_groups_last_seen_idx" ON "client_error_groups" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "schedule_assets_asset_idx" ON "schedule_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "schedule_resources_user_idx" ON "schedule_resources" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "schedules_company_starts_idx" ON "schedules" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "schedules_range_idx" ON "schedules" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "schedules_ticket_idx" ON "schedules" USING btree ("ticket_id");--> statement-breakpoint
-- Scheduling: the provider's staff read and plan every company's schedule; customers read their own company's
-- (who comes when). Usage analytics are for the provider's administrators.
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('schedules:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('schedules:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('analytics:read', '{"companyId": {"type": "ALL"}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Provider Administrator'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('schedules:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('schedules:write', '{"companyId": {"type": "ALL"}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Provider Service Technician'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('schedules:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" IN ('Customer Administrator', 'Customer Operator')
ON CONFLICT DO NOTHING;
