CREATE TABLE "asset_access_group_assets" (
	"asset_access_group_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	CONSTRAINT "asset_access_group_assets_asset_access_group_id_asset_id_pk" PRIMARY KEY("asset_access_group_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "asset_access_groups" (
	"asset_access_group_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_artifacts" (
	"asset_artifact_index_id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"artifact_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size_in_bytes" integer NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_notes" (
	"asset_note_id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_type_properties" (
	"asset_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "asset_type_properties_asset_type_id_name_pk" PRIMARY KEY("asset_type_id","name")
);
--> statement-breakpoint
ALTER TABLE "asset_access_group_assets" ADD CONSTRAINT "asset_access_group_assets_asset_access_group_id_asset_access_groups_asset_access_group_id_fk" FOREIGN KEY ("asset_access_group_id") REFERENCES "asset_access_groups"("asset_access_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_access_group_assets" ADD CONSTRAINT "asset_access_group_assets_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_access_groups" ADD CONSTRAINT "asset_access_groups_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_artifacts" ADD CONSTRAINT "asset_artifacts_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_notes" ADD CONSTRAINT "asset_notes_asset_id_assets_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "assets"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_notes" ADD CONSTRAINT "asset_notes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_type_properties" ADD CONSTRAINT "asset_type_properties_asset_type_id_asset_types_asset_type_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "asset_types"("asset_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_group_assets_asset_idx" ON "asset_access_group_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_access_groups_default_key" ON "asset_access_groups" USING btree ("user_id") WHERE "asset_access_groups"."is_default";--> statement-breakpoint
CREATE INDEX "asset_artifacts_asset_idx" ON "asset_artifacts" USING btree ("asset_id","artifact_type","created_at");--> statement-breakpoint
CREATE INDEX "asset_notes_asset_idx" ON "asset_notes" USING btree ("asset_id");