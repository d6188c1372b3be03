CREATE TABLE "form_attachments" (
	"form_attachment_id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"entity_type" text DEFAULT 'TICKET' NOT NULL,
	"entity_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"filepath" text NOT NULL,
	"file_size_in_bytes" bigint NOT NULL,
	"description" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_element_associations" (
	"form_element_def_association_id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"form_element_def_id" integer NOT NULL,
	"parent_form_element_def_id" integer,
	"is_required" boolean DEFAULT false NOT NULL,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_element_defs" (
	"form_element_def_id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_instances" (
	"form_instance_id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"form_version" integer NOT NULL,
	"entity_type" text DEFAULT 'TICKET' NOT NULL,
	"entity_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"is_form_completed" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_ticket_types" (
	"form_id" integer NOT NULL,
	"ticket_type_value" integer NOT NULL,
	CONSTRAINT "form_ticket_types_form_id_ticket_type_value_pk" PRIMARY KEY("form_id","ticket_type_value")
);
--> statement-breakpoint
CREATE TABLE "form_time_entries" (
	"form_instance_id" integer NOT NULL,
	"start_timestamp" timestamp with time zone NOT NULL,
	"elapsed_ms" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"time_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_time_entries_form_instance_id_start_timestamp_pk" PRIMARY KEY("form_instance_id","start_timestamp")
);
--> statement-breakpoint
CREATE TABLE "form_values" (
	"form_instance_id" integer NOT NULL,
	"form_element_def_association_id" integer NOT NULL,
	"form_element_def_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_values_form_instance_id_form_element_def_association_id_pk" PRIMARY KEY("form_instance_id","form_element_def_association_id")
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"label" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"form_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"label" text NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_form_id_forms_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "forms"("form_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_entity_id_tickets_ticket_id_fk" FOREIGN KEY ("entity_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_element_associations" ADD CONSTRAINT "form_element_associations_form_element_def_id_form_element_defs_form_element_def_id_fk" FOREIGN KEY ("form_element_def_id") REFERENCES "form_element_defs"("form_element_def_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_element_associations" ADD CONSTRAINT "form_element_associations_parent_form_element_def_id_form_element_defs_form_element_def_id_fk" FOREIGN KEY ("parent_form_element_def_id") REFERENCES "form_element_defs"("form_element_def_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_element_associations" ADD CONSTRAINT "form_element_associations_form_id_version_form_versions_form_id_version_fk" FOREIGN KEY ("form_id","version") REFERENCES "form_versions"("form_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_element_defs" ADD CONSTRAINT "form_element_defs_form_id_forms_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "forms"("form_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_entity_id_tickets_ticket_id_fk" FOREIGN KEY ("entity_id") REFERENCES "tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_form_id_form_version_form_versions_form_id_version_fk" FOREIGN KEY ("form_id","form_version") REFERENCES "form_versions"("form_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_ticket_types" ADD CONSTRAINT "form_ticket_types_form_id_forms_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "forms"("form_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_time_entries" ADD CONSTRAINT "form_time_entries_form_instance_id_form_instances_form_instance_id_fk" FOREIGN KEY ("form_instance_id") REFERENCES "form_instances"("form_instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_time_entries" ADD CONSTRAINT "form_time_entries_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_time_entries" ADD CONSTRAINT "form_time_entries_time_entry_id_time_entries_time_entry_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "time_entries"("time_entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_form_instance_id_form_instances_form_instance_id_fk" FOREIGN KEY ("form_instance_id") REFERENCES "form_instances"("form_instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_form_element_def_association_id_form_element_associations_form_element_def_association_id_fk" FOREIGN KEY ("form_element_def_association_id") REFERENCES "form_element_associations"("form_element_def_association_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_values" ADD CONSTRAINT "form_values_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "forms"("form_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_attachments_entity_idx" ON "form_attachments" USING btree ("entity_type","entity_id","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_element_associations_version_def_key" ON "form_element_associations" USING btree ("form_id","version","form_element_def_id");--> statement-breakpoint
CREATE INDEX "form_element_defs_form_idx" ON "form_element_defs" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_instances_key" ON "form_instances" USING btree ("form_id","entity_type","entity_id","asset_id");--> statement-breakpoint
CREATE INDEX "form_instances_entity_idx" ON "form_instances" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "form_instances_updated_idx" ON "form_instances" USING btree ("updated_at" DESC NULLS LAST,"form_instance_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forms_company_idx" ON "forms" USING btree ("company_id");