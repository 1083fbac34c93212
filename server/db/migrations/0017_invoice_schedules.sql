CREATE TABLE "recurring_invoice_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurring" integer NOT NULL,
	"period_date" date NOT NULL,
	"invoice" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD COLUMN "start_date" date;--> statement-breakpoint
UPDATE "recurring_invoices" SET "start_date" = "next_date";--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD COLUMN "occurrences" integer;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_recurring_recurring_invoices_id_fk" FOREIGN KEY ("recurring") REFERENCES "public"."recurring_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_invoice_invoices_id_fk" FOREIGN KEY ("invoice") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_invoice_runs_period_key" ON "recurring_invoice_runs" USING btree ("recurring","period_date");--> statement-breakpoint
CREATE INDEX "recurring_invoice_runs_invoice_idx" ON "recurring_invoice_runs" USING btree ("invoice");--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_occurrences_check" CHECK ("recurring_invoices"."occurrences" IS NULL OR "recurring_invoices"."occurrences" > 0);