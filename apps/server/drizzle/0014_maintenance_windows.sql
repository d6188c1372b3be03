CREATE TABLE "asset_maintenance_windows" (
	"asset_maintenance_window_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone_id" text NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"canceled_by" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_maintenance_windows_order" CHECK ("asset_maintenance_windows"."ends_at" > "asset_maintenance_windows"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "asset_maintenance_windows" ADD CONSTRAINT "asset_maintenance_windows_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance_windows" ADD CONSTRAINT "asset_maintenance_windows_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance_windows" ADD CONSTRAINT "asset_maintenance_windows_canceled_by_users_user_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance_windows" ADD CONSTRAINT "asset_maintenance_windows_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_maintenance_windows_asset_idx" ON "asset_maintenance_windows" USING btree ("asset_id","ends_at");--> statement-breakpoint
CREATE INDEX "asset_maintenance_windows_company_idx" ON "asset_maintenance_windows" USING btree ("company_id","starts_at");--> statement-breakpoint
-- maintenanceWindows:write (create, edit and cancel an asset's maintenance windows) is data like every other grant:
-- the provider's administrators and service staff on every company, a customer's administrators on their own.
-- Reading windows needs assets:read on the asset's company.
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", 'maintenanceWindows:write', g.attributes FROM "roles" r,
(VALUES
  ('Provider Administrator', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('Provider Service Technician', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('Customer Administrator', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(role_name, attributes)
WHERE r."name" = g.role_name;
