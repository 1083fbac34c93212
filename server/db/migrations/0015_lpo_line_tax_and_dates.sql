ALTER TABLE "lpo_items" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "lpo_items" ADD COLUMN "expected_date" date;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "subtotal" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "lpo_items" ADD CONSTRAINT "lpo_items_tax_rate_check" CHECK ("lpo_items"."tax_rate" >= 0 AND "lpo_items"."tax_rate" <= 100);--> statement-breakpoint
UPDATE "lpos" SET "subtotal" = "total_amount";