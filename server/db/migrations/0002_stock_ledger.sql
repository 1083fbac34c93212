ALTER TABLE "stock_transactions" DROP CONSTRAINT "stock_transactions_quantity_sign_check";--> statement-breakpoint
ALTER TABLE "system_config" ADD COLUMN "allow_negative_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "average_cost" numeric(16, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD COLUMN "reverses" integer;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_reverses_stock_transactions_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_reversed_by_stock_transactions_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transactions_reverses_key" ON "stock_transactions" USING btree ("reverses");--> statement-breakpoint
CREATE INDEX "stock_transactions_reversed_by_idx" ON "stock_transactions" USING btree ("reversed_by");--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_quantity_sign_check" CHECK (CASE WHEN "stock_transactions"."reverses" IS NOT NULL THEN "stock_transactions"."quantity" <> 0 ELSE CASE "stock_transactions"."transaction_type" WHEN 'issue' THEN "stock_transactions"."quantity" < 0 WHEN 'adjustment' THEN "stock_transactions"."quantity" <> 0 ELSE "stock_transactions"."quantity" > 0 END END);--> statement-breakpoint
-- Existing stock gets a starting average cost: the quantity-weighted rate of its live receipts.
UPDATE "materials" m SET "average_cost" = sub.average FROM (
  SELECT "material", round(sum("quantity" * "rate") / sum("quantity"), 4) AS average
  FROM "stock_transactions"
  WHERE "transaction_type" = 'receipt' AND "rate" IS NOT NULL AND "deleted_at" IS NULL AND "quantity" > 0
  GROUP BY "material"
) sub WHERE sub."material" = m."id";
