CREATE TABLE "estimation_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimation" integer NOT NULL,
	"kind" text NOT NULL,
	"file" integer,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estimation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimation" integer NOT NULL,
	"costing_version" integer NOT NULL,
	"reason" text NOT NULL,
	"total_cost" numeric(14, 2) NOT NULL,
	"products" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimations" ALTER COLUMN "customer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_materials" ADD COLUMN "sheet_length" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "estimation_materials" ADD COLUMN "sheet_width" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "estimation_materials" ADD COLUMN "kg_per_metre" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD COLUMN "pieces" numeric(14, 3) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD COLUMN "length" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD COLUMN "width" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD COLUMN "wastage_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD COLUMN "measured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_products" ADD COLUMN "overhead_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "lead" integer;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "requirement" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "costing_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "rejection_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "quotation" integer;--> statement-breakpoint
ALTER TABLE "estimation_files" ADD CONSTRAINT "estimation_files_estimation_estimations_id_fk" FOREIGN KEY ("estimation") REFERENCES "public"."estimations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_files" ADD CONSTRAINT "estimation_files_file_files_id_fk" FOREIGN KEY ("file") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_files" ADD CONSTRAINT "estimation_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_versions" ADD CONSTRAINT "estimation_versions_estimation_estimations_id_fk" FOREIGN KEY ("estimation") REFERENCES "public"."estimations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_versions" ADD CONSTRAINT "estimation_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimation_files_estimation_idx" ON "estimation_files" USING btree ("estimation");--> statement-breakpoint
CREATE INDEX "estimation_files_file_idx" ON "estimation_files" USING btree ("file");--> statement-breakpoint
CREATE INDEX "estimation_files_txid_idx" ON "estimation_files" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "estimation_versions_estimation_costing_version_key" ON "estimation_versions" USING btree ("estimation","costing_version");--> statement-breakpoint
CREATE INDEX "estimation_versions_txid_idx" ON "estimation_versions" USING btree ("txid");--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_lead_leads_id_fk" FOREIGN KEY ("lead") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_quotation_quotations_id_fk" FOREIGN KEY ("quotation") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimations_lead_idx" ON "estimations" USING btree ("lead");--> statement-breakpoint
CREATE INDEX "estimations_approved_by_idx" ON "estimations" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "estimations_quotation_idx" ON "estimations" USING btree ("quotation");--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_party_check" CHECK ("estimations"."customer" IS NOT NULL OR "estimations"."lead" IS NOT NULL);