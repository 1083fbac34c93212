ALTER TABLE "lpos" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "system_config" ADD COLUMN "lpo_approval_threshold" numeric(14, 2) DEFAULT '50000.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "close_remarks" text;--> statement-breakpoint
ALTER TABLE "lpos" ADD CONSTRAINT "lpos_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lpos_approved_by_idx" ON "lpos" USING btree ("approved_by");--> statement-breakpoint
-- LPOs raised before approval existed were all in force: they count as approved.
UPDATE "lpos" SET "status" = 'approved' WHERE "status" = 'pending';
