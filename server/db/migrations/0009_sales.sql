ALTER TABLE "system_config" ADD COLUMN "extra_sales_executive" integer;--> statement-breakpoint
ALTER TABLE "system_config" ADD COLUMN "monarch_entities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "customer" integer;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "unit" text DEFAULT 'PCS' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "lead" integer;--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_extra_sales_executive_users_id_fk" FOREIGN KEY ("extra_sales_executive") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_lead_leads_id_fk" FOREIGN KEY ("lead") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_customer_idx" ON "leads" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "quotations_status_idx" ON "quotations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "quotations_lead_idx" ON "quotations" USING btree ("lead");