CREATE TABLE "ticket_assets" (
	"ticket_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_assets_ticket_id_asset_id_pk" PRIMARY KEY("ticket_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"ticket_attachment_id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"comment_id" integer,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"filepath" text NOT NULL,
	"file_size_in_bytes" bigint NOT NULL,
	"description" text,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"comment" text NOT NULL,
	"visibility" text DEFAULT 'INTERNAL' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_consumables" (
	"ticket_consumable_id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"type" text NOT NULL,
	"item_id" text,
	"display_name" text NOT NULL,
	"quantity" numeric DEFAULT 1 NOT NULL,
	"sales_price" numeric,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_status_changes" (
	"ticket_id" integer NOT NULL,
	"status_value" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer
);
--> statement-breakpoint
CREATE TABLE "ticket_users" (
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"relation_type_value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_users_ticket_id_user_id_relation_type_value_pk" PRIMARY KEY("ticket_id","user_id","relation_type_value")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"ticket_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"estimated_duration" text,
	"severity_value" integer DEFAULT 0 NOT NULL,
	"priority_value" integer DEFAULT 1 NOT NULL,
	"type_value" integer DEFAULT 0 NOT NULL,
	"status_value" integer DEFAULT 0 NOT NULL,
	"source_value" integer DEFAULT 1 NOT NULL,
	"ticket_state" text DEFAULT 'OPEN' NOT NULL,
	"external_ticket" text,
	"net_suite_billing_state" text DEFAULT 'NOT_BILLABLE' NOT NULL,
	"net_suite_sales_order_internal_id" text,
	"is_billable" boolean DEFAULT false NOT NULL,
	"purchase_order_number" text,
	"sales_order_number" text,
	"visibility" text DEFAULT 'INTERNAL' NOT NULL,
	"relationships" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reported_problem" jsonb,
	"root_cause" jsonb,
	"form_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"covered_by_contract_id" integer,
	"covered_by_warranty_id" integer,
	"created_by" integer,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"time_entry_id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"labor_code_value" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"duration_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_assets" ADD CONSTRAINT "ticket_assets_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assets" ADD CONSTRAINT "ticket_assets_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_comment_id_ticket_comments_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "ticket_comments"("comment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_consumables" ADD CONSTRAINT "ticket_consumables_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_consumables" ADD CONSTRAINT "ticket_consumables_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_changes" ADD CONSTRAINT "ticket_status_changes_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_changes" ADD CONSTRAINT "ticket_status_changes_changed_by_users_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_users" ADD CONSTRAINT "ticket_users_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_users" ADD CONSTRAINT "ticket_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_assets_asset_idx" ON "ticket_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_consumables_ticket_idx" ON "ticket_consumables" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_status_changes_ticket_idx" ON "ticket_status_changes" USING btree ("ticket_id","changed_at");--> statement-breakpoint
CREATE INDEX "ticket_users_user_idx" ON "ticket_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tickets_company_idx" ON "tickets" USING btree ("company_id","ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at" DESC NULLS LAST,"ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at" DESC NULLS LAST,"ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status_value","ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_priority_idx" ON "tickets" USING btree ("priority_value","ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_title_idx" ON "tickets" USING btree ("title","ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("search");--> statement-breakpoint
CREATE INDEX "time_entries_ticket_idx" ON "time_entries" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "time_entries_user_date_idx" ON "time_entries" USING btree ("user_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "time_entries_date_idx" ON "time_entries" USING btree ("date" DESC NULLS LAST,"time_entry_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "detected_problems_ticket_idx" ON "detected_problems" USING btree ("ticket_id") WHERE "detected_problems"."ticket_id" IS NOT NULL;