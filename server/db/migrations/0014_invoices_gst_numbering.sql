CREATE TABLE "invoice_number_sequences" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts_check";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "taxable_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "cgst_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "sgst_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "igst_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "line_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "financial_year" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "taxable_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cgst_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sgst_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "igst_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "round_off" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "next_number";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "company_address";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "company_gst_number";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "company_state";--> statement-breakpoint
-- Invoices made before GST lines: each line's taxable value is its amount, its tax split by the
-- invoice's states as domain/totals.ts splits it; the invoice keeps its total (the difference from
-- the recomputed tax, if any, goes to the round off) and issued ones get their financial year.
UPDATE "invoice_items" AS it SET
  "taxable_amount" = it."amount",
  "cgst_amount" = CASE WHEN i."company_state" = 'N/A' OR i."customer_state" = 'N/A' OR i."company_state" = i."customer_state" THEN round(it."amount" * it."tax_rate" / 200, 2) ELSE 0 END,
  "sgst_amount" = CASE WHEN i."company_state" = 'N/A' OR i."customer_state" = 'N/A' OR i."company_state" = i."customer_state" THEN round(it."amount" * it."tax_rate" / 200, 2) ELSE 0 END,
  "igst_amount" = CASE WHEN i."company_state" = 'N/A' OR i."customer_state" = 'N/A' OR i."company_state" = i."customer_state" THEN 0 ELSE round(it."amount" * it."tax_rate" / 100, 2) END
FROM "invoices" AS i WHERE i."id" = it."invoice";--> statement-breakpoint
UPDATE "invoice_items" SET "line_total" = "taxable_amount" + "cgst_amount" + "sgst_amount" + "igst_amount";--> statement-breakpoint
UPDATE "invoices" AS i SET
  "taxable_amount" = i."subtotal",
  "cgst_amount" = t."cgst", "sgst_amount" = t."sgst", "igst_amount" = t."igst",
  "tax_amount" = t."cgst" + t."sgst" + t."igst",
  "round_off" = i."total_amount" - i."subtotal" - (t."cgst" + t."sgst" + t."igst"),
  "financial_year" = CASE WHEN i."status" = 'draft' THEN NULL ELSE
    (CASE WHEN extract(month FROM i."invoice_date") >= 4 THEN extract(year FROM i."invoice_date")::int ELSE extract(year FROM i."invoice_date")::int - 1 END)::text || '-' ||
    lpad(((CASE WHEN extract(month FROM i."invoice_date") >= 4 THEN extract(year FROM i."invoice_date")::int ELSE extract(year FROM i."invoice_date")::int - 1 END + 1) % 100)::text, 2, '0') END
FROM (
  SELECT inv."id", coalesce(sum(it."cgst_amount") FILTER (WHERE it."deleted_at" IS NULL), 0) AS "cgst",
         coalesce(sum(it."sgst_amount") FILTER (WHERE it."deleted_at" IS NULL), 0) AS "sgst",
         coalesce(sum(it."igst_amount") FILTER (WHERE it."deleted_at" IS NULL), 0) AS "igst"
  FROM "invoices" AS inv LEFT JOIN "invoice_items" AS it ON it."invoice" = inv."id" GROUP BY inv."id"
) AS t WHERE t."id" = i."id";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_check" CHECK ("invoices"."status" = 'draft' OR ("invoices"."invoice_number" IS NOT NULL AND "invoices"."financial_year" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total_amount" = "invoices"."taxable_amount" + "invoices"."tax_amount" + "invoices"."round_off" AND "invoices"."taxable_amount" = "invoices"."subtotal" - "invoices"."discount_amount" AND "invoices"."tax_amount" = "invoices"."cgst_amount" + "invoices"."sgst_amount" + "invoices"."igst_amount" AND "invoices"."outstanding_amount" >= 0 AND "invoices"."outstanding_amount" <= "invoices"."total_amount");