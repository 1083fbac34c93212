ALTER TABLE "system_config" ADD COLUMN "offline_work_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_config" ADD COLUMN "offline_work_days_previous" integer;--> statement-breakpoint
ALTER TABLE "system_config" ADD COLUMN "offline_work_days_changed_at" timestamp with time zone;