CREATE TABLE "contract_assets" (
	"contract_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	CONSTRAINT "contract_assets_contract_id_asset_id_pk" PRIMARY KEY("contract_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"contract_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"label" text NOT NULL,
	"managed_status" text NOT NULL,
	"payment_status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"covers_parts" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"warranty_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"label" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"duration" text NOT NULL,
	"start_kind" text DEFAULT 'DATE_COMMISSIONED' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"time_zone_id" text NOT NULL,
	"form_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_assets" (
	"warranty_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	CONSTRAINT "warranty_assets_warranty_id_asset_id_pk" PRIMARY KEY("warranty_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "netsuite_auth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "netsuite_connections" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"authorized_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_sales_orders" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"state" text NOT NULL,
	"netsuite_internal_id" text,
	"netsuite_tran_id" text,
	"netsuite_project_id" integer NOT NULL,
	"memo" text,
	"purchase_order_number" text,
	"start_date" date,
	"end_date" date,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" text DEFAULT '0' NOT NULL,
	"reconcile_state" text DEFAULT 'OK' NOT NULL,
	"reconcile_detail" text,
	"reconciled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "netsuite_sandbox_grants" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text,
	"entity" text NOT NULL,
	"role" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "netsuite_sandbox_records" (
	"internal_id" bigserial PRIMARY KEY NOT NULL,
	"record_type" text NOT NULL,
	"external_id" text,
	"body" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_assets" ADD CONSTRAINT "contract_assets_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_assets" ADD CONSTRAINT "contract_assets_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_assets" ADD CONSTRAINT "warranty_assets_warranty_id_warranties_warranty_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "warranties"("warranty_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_assets" ADD CONSTRAINT "warranty_assets_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netsuite_auth_states" ADD CONSTRAINT "netsuite_auth_states_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netsuite_connections" ADD CONSTRAINT "netsuite_connections_authorized_by_users_user_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sales_orders" ADD CONSTRAINT "ticket_sales_orders_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sales_orders" ADD CONSTRAINT "ticket_sales_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_assets_asset_idx" ON "contract_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id","contract_id");--> statement-breakpoint
CREATE INDEX "warranties_company_idx" ON "warranties" USING btree ("company_id","warranty_id");--> statement-breakpoint
CREATE INDEX "warranty_assets_asset_idx" ON "warranty_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_sales_orders_external_key" ON "ticket_sales_orders" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "ticket_sales_orders_state_idx" ON "ticket_sales_orders" USING btree ("state","ticket_id");--> statement-breakpoint
CREATE INDEX "netsuite_sandbox_grants_kind_idx" ON "netsuite_sandbox_grants" USING btree ("kind","expires_at");--> statement-breakpoint
CREATE INDEX "netsuite_sandbox_records_type_idx" ON "netsuite_sandbox_records" USING btree ("record_type","internal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "netsuite_sandbox_records_external_key" ON "netsuite_sandbox_records" USING btree ("record_type","external_id") WHERE "netsuite_sandbox_records"."external_id" IS NOT NULL;--> statement-breakpoint
-- Contracts and warranties: every role reads those of the companies it reaches; the provider's administrators
-- write them.
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('contracts:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('contracts:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('warranties:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('warranties:write', '{"companyId": {"type": "ALL"}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Provider Administrator'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('contracts:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('warranties:read', '{"companyId": {"type": "ALL"}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Provider Service Technician'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('contracts:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('warranties:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" IN ('Customer Administrator', 'Customer Operator')
ON CONFLICT DO NOTHING;
