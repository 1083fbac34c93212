CREATE TABLE "job_order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_order" integer NOT NULL,
	"kind" text NOT NULL,
	"from" text,
	"to" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_order_status_history" ADD CONSTRAINT "job_order_status_history_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_status_history" ADD CONSTRAINT "job_order_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_status_history" ADD CONSTRAINT "job_order_status_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_order_status_history_job_order_idx" ON "job_order_status_history" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "job_order_status_history_changed_by_idx" ON "job_order_status_history" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "job_order_status_history_txid_idx" ON "job_order_status_history" USING btree ("txid");