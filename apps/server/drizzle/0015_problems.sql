CREATE TABLE "agent_heartbeats" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"alert_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"problem_rule_definition_id" integer NOT NULL,
	"grouping_key" text DEFAULT '' NOT NULL,
	"detected_problem_id" integer,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"metric_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metric_alias" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"number_of_occurrences" integer DEFAULT 1 NOT NULL,
	"breaching" boolean DEFAULT true NOT NULL,
	"first_event_value" double precision,
	"last_event_value" double precision,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "detected_problems" (
	"detected_problem_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"problem_rule_definition_id" integer NOT NULL,
	"grouping_key" text DEFAULT '' NOT NULL,
	"ticket_id" integer,
	"kind" text DEFAULT 'SYSTEM' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"level" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"last_detected_at" timestamp with time zone,
	"total_evaluations" integer DEFAULT 0 NOT NULL,
	"last_evaluation_at" timestamp with time zone,
	"total_triggered_evaluations" integer DEFAULT 0 NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_automation_id" integer,
	"muted_by" integer,
	"first_muted_at" timestamp with time zone,
	"last_muted_at" timestamp with time zone,
	"currently_muted" boolean DEFAULT false NOT NULL,
	"muted_by_automation_id" integer,
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitor_group_rules" (
	"monitor_group_id" integer NOT NULL,
	"problem_rule_definition_id" integer NOT NULL,
	CONSTRAINT "monitor_group_rules_monitor_group_id_problem_rule_definition_id_pk" PRIMARY KEY("monitor_group_id","problem_rule_definition_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_groups" (
	"monitor_group_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_automations" (
	"problem_automation_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"problem_rule_definition_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"grouping_key" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"expired_by" timestamp with time zone NOT NULL,
	"set_by" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_by" integer
);
--> statement-breakpoint
CREATE TABLE "problem_evaluation_leases" (
	"problem_rule_definition_id" integer PRIMARY KEY NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone,
	"evaluated_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "problem_rule_definitions" (
	"problem_rule_definition_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text DEFAULT 'SYSTEM' NOT NULL,
	"kind" text NOT NULL,
	"condition" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_window" text NOT NULL,
	"recovery_duration" text NOT NULL,
	"impact_level" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_by" integer,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_heartbeats" ADD CONSTRAINT "agent_heartbeats_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_problem_rule_definition_id_problem_rule_definitions_problem_rule_definition_id_fk" FOREIGN KEY ("problem_rule_definition_id") REFERENCES "problem_rule_definitions"("problem_rule_definition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_problems" ADD CONSTRAINT "detected_problems_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_problems" ADD CONSTRAINT "detected_problems_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_problems" ADD CONSTRAINT "detected_problems_problem_rule_definition_id_problem_rule_definitions_problem_rule_definition_id_fk" FOREIGN KEY ("problem_rule_definition_id") REFERENCES "problem_rule_definitions"("problem_rule_definition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_problems" ADD CONSTRAINT "detected_problems_acknowledged_by_users_user_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detected_problems" ADD CONSTRAINT "detected_problems_muted_by_users_user_id_fk" FOREIGN KEY ("muted_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_group_rules" ADD CONSTRAINT "monitor_group_rules_monitor_group_id_monitor_groups_monitor_group_id_fk" FOREIGN KEY ("monitor_group_id") REFERENCES "monitor_groups"("monitor_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_group_rules" ADD CONSTRAINT "monitor_group_rules_problem_rule_definition_id_problem_rule_definitions_problem_rule_definition_id_fk" FOREIGN KEY ("problem_rule_definition_id") REFERENCES "problem_rule_definitions"("problem_rule_definition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_groups" ADD CONSTRAINT "monitor_groups_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_groups" ADD CONSTRAINT "monitor_groups_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_automations" ADD CONSTRAINT "problem_automations_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_automations" ADD CONSTRAINT "problem_automations_problem_rule_definition_id_problem_rule_definitions_problem_rule_definition_id_fk" FOREIGN KEY ("problem_rule_definition_id") REFERENCES "problem_rule_definitions"("problem_rule_definition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_automations" ADD CONSTRAINT "problem_automations_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_automations" ADD CONSTRAINT "problem_automations_set_by_users_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_automations" ADD CONSTRAINT "problem_automations_disabled_by_users_user_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_evaluation_leases" ADD CONSTRAINT "problem_evaluation_leases_problem_rule_definition_id_problem_rule_definitions_problem_rule_definition_id_fk" FOREIGN KEY ("problem_rule_definition_id") REFERENCES "problem_rule_definitions"("problem_rule_definition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_rule_definitions" ADD CONSTRAINT "problem_rule_definitions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_rule_definitions" ADD CONSTRAINT "problem_rule_definitions_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_rule_definitions" ADD CONSTRAINT "problem_rule_definitions_disabled_by_users_user_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_active_key" ON "alerts" USING btree ("problem_rule_definition_id","asset_id","grouping_key") WHERE "alerts"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "alerts_asset_idx" ON "alerts" USING btree ("asset_id","last_event_at");--> statement-breakpoint
CREATE INDEX "alerts_problem_idx" ON "alerts" USING btree ("detected_problem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "detected_problems_open_key" ON "detected_problems" USING btree ("problem_rule_definition_id","asset_id","grouping_key") WHERE "detected_problems"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "detected_problems_asset_idx" ON "detected_problems" USING btree ("asset_id","last_event_at");--> statement-breakpoint
CREATE INDEX "detected_problems_company_idx" ON "detected_problems" USING btree ("company_id","closed_at");--> statement-breakpoint
CREATE INDEX "monitor_group_rules_rule_idx" ON "monitor_group_rules" USING btree ("problem_rule_definition_id");--> statement-breakpoint
CREATE INDEX "monitor_groups_company_idx" ON "monitor_groups" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "problem_automations_key_idx" ON "problem_automations" USING btree ("problem_rule_definition_id","asset_id","grouping_key");--> statement-breakpoint
CREATE INDEX "problem_automations_asset_idx" ON "problem_automations" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "problem_rules_company_idx" ON "problem_rule_definitions" USING btree ("company_id");--> statement-breakpoint
-- problemRules:write (rule definitions and monitor groups) is data like every other grant: the provider's
-- administrators and service staff on every company, a customer's administrators on their own.
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", 'problemRules:write', g.attributes FROM "roles" r,
(VALUES
  ('Provider Administrator', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('Provider Service Technician', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('Customer Administrator', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(role_name, attributes)
WHERE r."name" = g.role_name;
