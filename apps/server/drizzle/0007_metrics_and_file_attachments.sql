CREATE TABLE "asset_metrics" (
	"asset_id" integer NOT NULL,
	"metric_id" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_metrics_asset_id_metric_id_pk" PRIMARY KEY("asset_id","metric_id")
);
--> statement-breakpoint
CREATE TABLE "core_enums" (
	"core_enum_id" integer PRIMARY KEY NOT NULL,
	"enum_name" text NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "core_enums_enum_name_unique" UNIQUE("enum_name")
);
--> statement-breakpoint
CREATE TABLE "file_attachments" (
	"file_attachment_id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"filepath" text NOT NULL,
	"file_size_in_bytes" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"points_ingested" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "file_attachments_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "metric_enums" (
	"metric_enum_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "metric_enums_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"metric_id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"display_type" text NOT NULL,
	"value_type" text NOT NULL,
	"metric_enum_id" integer,
	"parent_alias" text,
	"path" text NOT NULL,
	"units" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions_permitted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "metrics_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
ALTER TABLE "asset_metrics" ADD CONSTRAINT "asset_metrics_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_metrics" ADD CONSTRAINT "asset_metrics_metric_id_metrics_metric_id_fk" FOREIGN KEY ("metric_id") REFERENCES "metrics"("metric_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_attachments_company_idx" ON "file_attachments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "file_attachments_status_idx" ON "file_attachments" USING btree ("status");