CREATE TABLE "metric_commands" (
	"command_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"datahall_id" integer NOT NULL,
	"metric_id" integer NOT NULL,
	"action" text NOT NULL,
	"value" jsonb NOT NULL,
	"previous_value" jsonb,
	"duration_minutes" integer,
	"reason" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"failure_reason" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_to" integer,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "metric_commands" ADD CONSTRAINT "metric_commands_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_commands" ADD CONSTRAINT "metric_commands_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_commands" ADD CONSTRAINT "metric_commands_metric_id_metrics_metric_id_fk" FOREIGN KEY ("metric_id") REFERENCES "metrics"("metric_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_commands" ADD CONSTRAINT "metric_commands_requested_by_users_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_commands_asset_idx" ON "metric_commands" USING btree ("asset_id","command_id");--> statement-breakpoint
CREATE INDEX "metric_commands_queue_idx" ON "metric_commands" USING btree ("datahall_id","state");--> statement-breakpoint
-- metrics:write (set and override a unit's metrics) is data like every other grant: the provider's
-- administrators and service staff on every company, a customer's administrators on their own.
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", 'metrics:write', g.attributes FROM "roles" r,
(VALUES
  ('Provider Administrator', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('Provider Service Technician', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('Customer Administrator', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(role_name, attributes)
WHERE r."name" = g.role_name;
