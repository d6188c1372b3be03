CREATE TABLE "shared_views" (
	"shared_view_id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"context" text NOT NULL,
	"schema" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_views_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "shared_views" ADD CONSTRAINT "shared_views_creator_id_users_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_views" ADD CONSTRAINT "shared_views_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_views_company_idx" ON "shared_views" USING btree ("company_id","context");--> statement-breakpoint
CREATE INDEX "shared_views_creator_idx" ON "shared_views" USING btree ("creator_id","context");