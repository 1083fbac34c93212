ALTER TABLE "gra_items" ALTER COLUMN "lpo_item" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gras" ALTER COLUMN "lpo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "system_config" ADD COLUMN "gra_over_receipt_tolerance_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "gras" ADD COLUMN "without_lpo_reason" text;--> statement-breakpoint
ALTER TABLE "gras" ADD CONSTRAINT "gras_lpo_or_reason_check" CHECK ("gras"."lpo" IS NOT NULL OR "gras"."without_lpo_reason" IS NOT NULL);