-- Job orders and LPOs held only the issue-2 demo rows, which lack the columns the domain model requires.
DELETE FROM "job_orders";--> statement-breakpoint
DELETE FROM "lpos";--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"response_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "material_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "material_subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" integer NOT NULL,
	"subcategory" integer,
	"unit" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"thickness" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"reorder_level" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer" integer NOT NULL,
	"location" text NOT NULL,
	"address_line_1" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"contact_person_name" text DEFAULT '' NOT NULL,
	"contact_person_number" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_lpo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer" integer NOT NULL,
	"code" text NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enable_lpo_codes" boolean DEFAULT false NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gst_number" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'N/A' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_remarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead" integer NOT NULL,
	"remark" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"assign_to" integer NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"followup_date" date,
	"source" text NOT NULL,
	"requirement" text NOT NULL,
	"lead_type" text NOT NULL,
	"company" text NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'warm' NOT NULL,
	"potential" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quotation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"gross_price" numeric(14, 2) NOT NULL,
	"image_path" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation" integer NOT NULL,
	"revision" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"customer" integer NOT NULL,
	"branch" integer,
	"sales_exec" integer NOT NULL,
	"monarch_entity" text DEFAULT '' NOT NULL,
	"quotation_date" date NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_order" integer,
	"job_order" integer,
	"customer" integer NOT NULL,
	"receipt_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"mode" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_order" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_order" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_po_number" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"total_order_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"expected_delivery_date" date,
	"customer" integer NOT NULL,
	"branch" integer,
	"quotation" integer,
	"advance_pending" boolean DEFAULT false NOT NULL,
	"advance_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "boq_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" integer NOT NULL,
	"width" numeric(14, 3),
	"depth" numeric(14, 3),
	"height" numeric(14, 3),
	"quantity" numeric(14, 3) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estimation_material_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estimation_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estimation_product_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" integer NOT NULL,
	"estimation_material" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estimation_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimation" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"width" numeric(14, 3),
	"depth" numeric(14, 3),
	"height" numeric(14, 3),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estimations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer" integer NOT NULL,
	"title" text NOT NULL,
	"estimation_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_note_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_note" integer NOT NULL,
	"job_order_item" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_order" integer NOT NULL,
	"delivery_date" date DEFAULT CURRENT_DATE NOT NULL,
	"delivery_location" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_note" integer NOT NULL,
	"job_order" integer NOT NULL,
	"dispatch_date" date NOT NULL,
	"vehicle_number" text DEFAULT '' NOT NULL,
	"driver_name" text DEFAULT '' NOT NULL,
	"driver_phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_order_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_order" integer NOT NULL,
	"expense_category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expense_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_order" integer NOT NULL,
	"product" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"sales_order_item" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "requisition_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"requisition" integer NOT NULL,
	"material" integer NOT NULL,
	"job_order" integer,
	"quantity" numeric(14, 3) NOT NULL,
	"quantity_issued" numeric(14, 3) DEFAULT '0' NOT NULL,
	"quantity_reserved" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "requisitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_order" integer,
	"requisition_type" text NOT NULL,
	"requested_by" integer NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"is_completed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gra_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"gra" integer NOT NULL,
	"lpo_item" integer NOT NULL,
	"material" integer NOT NULL,
	"quantity_received" numeric(14, 3) NOT NULL,
	"quantity_accepted" numeric(14, 3) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "gra_items_quantities_check" CHECK ("gra_items"."quantity_received" > 0 AND "gra_items"."quantity_accepted" >= 0 AND "gra_items"."quantity_accepted" <= "gra_items"."quantity_received" AND "gra_items"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gras" (
	"id" serial PRIMARY KEY NOT NULL,
	"lpo" integer NOT NULL,
	"vendor" integer NOT NULL,
	"gra_date" date NOT NULL,
	"invoice_number" text DEFAULT '' NOT NULL,
	"challan_number" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancellation_remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lpo_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"lpo" integer NOT NULL,
	"material" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"quantity_received" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "lpo_items_quantities_check" CHECK ("lpo_items"."quantity" > 0 AND "lpo_items"."rate" >= 0 AND "lpo_items"."quantity_received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gst_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'N/A' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"material" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_by" integer,
	"decided_at" timestamp with time zone,
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	CONSTRAINT "stock_adjustments_quantity_check" CHECK ("stock_adjustments"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"material" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"transaction_date" date NOT NULL,
	"requisition" integer,
	"requisition_detail" integer,
	"job_order" integer,
	"gra_item" integer,
	"stock_adjustment" integer,
	"status" text DEFAULT 'completed' NOT NULL,
	"rate" numeric(14, 2),
	"remarks" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stock_transactions_quantity_sign_check" CHECK (CASE "stock_transactions"."transaction_type" WHEN 'issue' THEN "stock_transactions"."quantity" < 0 WHEN 'adjustment' THEN "stock_transactions"."quantity" <> 0 ELSE "stock_transactions"."quantity" > 0 END)
);
--> statement-breakpoint
CREATE TABLE "invoice_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice" integer NOT NULL,
	"file_path" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice" integer NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"prefix" text DEFAULT 'INV-' NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	"number_padding" integer DEFAULT 5 NOT NULL,
	"default_due_days" integer DEFAULT 30 NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"company_gst_number" text DEFAULT '' NOT NULL,
	"company_state" text DEFAULT 'N/A' NOT NULL,
	"default_terms" text DEFAULT '' NOT NULL,
	"default_notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	CONSTRAINT "invoice_settings_single_row_check" CHECK ("invoice_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" integer,
	"reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer" integer NOT NULL,
	"sales_order" integer,
	"job_order" integer,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"outstanding_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"customer_state" text DEFAULT 'N/A' NOT NULL,
	"company_state" text DEFAULT 'N/A' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total_amount" = "invoices"."subtotal" + "invoices"."tax_amount" AND "invoices"."outstanding_amount" >= 0 AND "invoices"."outstanding_amount" <= "invoices"."total_amount"),
	CONSTRAINT "invoices_due_date_check" CHECK ("invoices"."due_date" >= "invoices"."invoice_date")
);
--> statement-breakpoint
CREATE TABLE "payment_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_schedules_amount_check" CHECK ("payment_schedules"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_invoice" integer NOT NULL,
	"frequency" text NOT NULL,
	"next_date" date NOT NULL,
	"end_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tax_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tax_type" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender" integer NOT NULL,
	"recipient" integer,
	"department" text,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_addressee_check" CHECK ("messages"."recipient" IS NOT NULL OR "messages"."department" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "system_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"source" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
DROP INDEX "job_orders_created_idx";--> statement-breakpoint
DROP INDEX "lpos_date_idx";--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "customer" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "branch" integer;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "contact_person" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "contact_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "sales_executive" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "purchase_order" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "purchase_order_date" date;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "billing_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "billing_percentage" numeric(5, 2) DEFAULT '100' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "quotation" integer;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "sales_order" integer;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "production_department" text;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "advance_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "invoice" text;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "invoice_date" date;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "invoice_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "reject_remark" text;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "vendor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "expected_date" date;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "requisition" integer;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
ALTER TABLE "lpos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_categories" ADD CONSTRAINT "material_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_subcategories" ADD CONSTRAINT "material_subcategories_category_material_categories_id_fk" FOREIGN KEY ("category") REFERENCES "public"."material_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_subcategories" ADD CONSTRAINT "material_subcategories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_category_material_categories_id_fk" FOREIGN KEY ("category") REFERENCES "public"."material_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_subcategory_material_subcategories_id_fk" FOREIGN KEY ("subcategory") REFERENCES "public"."material_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_branches" ADD CONSTRAINT "customer_branches_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_branches" ADD CONSTRAINT "customer_branches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lpo_codes" ADD CONSTRAINT "customer_lpo_codes_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lpo_codes" ADD CONSTRAINT "customer_lpo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_remarks" ADD CONSTRAINT "lead_remarks_lead_leads_id_fk" FOREIGN KEY ("lead") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_remarks" ADD CONSTRAINT "lead_remarks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assign_to_users_id_fk" FOREIGN KEY ("assign_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_quotation_quotations_id_fk" FOREIGN KEY ("quotation") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_quotations_id_fk" FOREIGN KEY ("quotation") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_branch_customer_branches_id_fk" FOREIGN KEY ("branch") REFERENCES "public"."customer_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_sales_exec_users_id_fk" FOREIGN KEY ("sales_exec") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_sales_order_sales_orders_id_fk" FOREIGN KEY ("sales_order") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_sales_order_sales_orders_id_fk" FOREIGN KEY ("sales_order") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_status_history" ADD CONSTRAINT "sales_order_status_history_sales_order_sales_orders_id_fk" FOREIGN KEY ("sales_order") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_status_history" ADD CONSTRAINT "sales_order_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_status_history" ADD CONSTRAINT "sales_order_status_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_branch_customer_branches_id_fk" FOREIGN KEY ("branch") REFERENCES "public"."customer_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_quotation_quotations_id_fk" FOREIGN KEY ("quotation") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boq_drafts" ADD CONSTRAINT "boq_drafts_product_estimation_products_id_fk" FOREIGN KEY ("product") REFERENCES "public"."estimation_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boq_drafts" ADD CONSTRAINT "boq_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_material_categories" ADD CONSTRAINT "estimation_material_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_materials" ADD CONSTRAINT "estimation_materials_category_estimation_material_categories_id_fk" FOREIGN KEY ("category") REFERENCES "public"."estimation_material_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_materials" ADD CONSTRAINT "estimation_materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD CONSTRAINT "estimation_product_details_product_estimation_products_id_fk" FOREIGN KEY ("product") REFERENCES "public"."estimation_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD CONSTRAINT "estimation_product_details_estimation_material_estimation_materials_id_fk" FOREIGN KEY ("estimation_material") REFERENCES "public"."estimation_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_product_details" ADD CONSTRAINT "estimation_product_details_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_products" ADD CONSTRAINT "estimation_products_estimation_estimations_id_fk" FOREIGN KEY ("estimation") REFERENCES "public"."estimations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_products" ADD CONSTRAINT "estimation_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_items" ADD CONSTRAINT "delivery_note_items_delivery_note_delivery_notes_id_fk" FOREIGN KEY ("delivery_note") REFERENCES "public"."delivery_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_items" ADD CONSTRAINT "delivery_note_items_job_order_item_job_order_items_id_fk" FOREIGN KEY ("job_order_item") REFERENCES "public"."job_order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_items" ADD CONSTRAINT "delivery_note_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_delivery_note_delivery_notes_id_fk" FOREIGN KEY ("delivery_note") REFERENCES "public"."delivery_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_expenses" ADD CONSTRAINT "job_order_expenses_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_expenses" ADD CONSTRAINT "job_order_expenses_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_expenses" ADD CONSTRAINT "job_order_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_items" ADD CONSTRAINT "job_order_items_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_items" ADD CONSTRAINT "job_order_items_sales_order_item_sales_order_items_id_fk" FOREIGN KEY ("sales_order_item") REFERENCES "public"."sales_order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_items" ADD CONSTRAINT "job_order_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_details" ADD CONSTRAINT "requisition_details_requisition_requisitions_id_fk" FOREIGN KEY ("requisition") REFERENCES "public"."requisitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_details" ADD CONSTRAINT "requisition_details_material_materials_id_fk" FOREIGN KEY ("material") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_details" ADD CONSTRAINT "requisition_details_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_details" ADD CONSTRAINT "requisition_details_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gra_items" ADD CONSTRAINT "gra_items_gra_gras_id_fk" FOREIGN KEY ("gra") REFERENCES "public"."gras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gra_items" ADD CONSTRAINT "gra_items_lpo_item_lpo_items_id_fk" FOREIGN KEY ("lpo_item") REFERENCES "public"."lpo_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gra_items" ADD CONSTRAINT "gra_items_material_materials_id_fk" FOREIGN KEY ("material") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gra_items" ADD CONSTRAINT "gra_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gras" ADD CONSTRAINT "gras_lpo_lpos_id_fk" FOREIGN KEY ("lpo") REFERENCES "public"."lpos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gras" ADD CONSTRAINT "gras_vendor_vendors_id_fk" FOREIGN KEY ("vendor") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gras" ADD CONSTRAINT "gras_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpo_items" ADD CONSTRAINT "lpo_items_lpo_lpos_id_fk" FOREIGN KEY ("lpo") REFERENCES "public"."lpos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpo_items" ADD CONSTRAINT "lpo_items_material_materials_id_fk" FOREIGN KEY ("material") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpo_items" ADD CONSTRAINT "lpo_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_material_materials_id_fk" FOREIGN KEY ("material") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_material_materials_id_fk" FOREIGN KEY ("material") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_requisition_requisitions_id_fk" FOREIGN KEY ("requisition") REFERENCES "public"."requisitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_requisition_detail_requisition_details_id_fk" FOREIGN KEY ("requisition_detail") REFERENCES "public"."requisition_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_gra_item_gra_items_id_fk" FOREIGN KEY ("gra_item") REFERENCES "public"."gra_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_stock_adjustment_stock_adjustments_id_fk" FOREIGN KEY ("stock_adjustment") REFERENCES "public"."stock_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_invoice_invoices_id_fk" FOREIGN KEY ("invoice") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_invoices_id_fk" FOREIGN KEY ("invoice") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_history" ADD CONSTRAINT "invoice_status_history_invoice_invoices_id_fk" FOREIGN KEY ("invoice") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_history" ADD CONSTRAINT "invoice_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_history" ADD CONSTRAINT "invoice_status_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_templates" ADD CONSTRAINT "invoice_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sales_order_sales_orders_id_fk" FOREIGN KEY ("sales_order") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_order_job_orders_id_fk" FOREIGN KEY ("job_order") REFERENCES "public"."job_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_invoice_invoices_id_fk" FOREIGN KEY ("invoice") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_template_invoice_invoices_id_fk" FOREIGN KEY ("template_invoice") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_configurations" ADD CONSTRAINT "tax_configurations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_users_id_fk" FOREIGN KEY ("sender") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_users_id_fk" FOREIGN KEY ("recipient") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "material_categories_name_key" ON "material_categories" USING btree (lower(regexp_replace("name", '\s', '', 'g'))) WHERE "material_categories"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "material_categories_txid_idx" ON "material_categories" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "material_subcategories_category_idx" ON "material_subcategories" USING btree ("category");--> statement-breakpoint
CREATE INDEX "material_subcategories_txid_idx" ON "material_subcategories" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_name_key" ON "materials" USING btree (lower(regexp_replace("name", '\s', '', 'g'))) WHERE "materials"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "materials_category_idx" ON "materials" USING btree ("category");--> statement-breakpoint
CREATE INDEX "materials_subcategory_idx" ON "materials" USING btree ("subcategory");--> statement-breakpoint
CREATE INDEX "materials_txid_idx" ON "materials" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "customer_branches_customer_idx" ON "customer_branches" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "customer_branches_txid_idx" ON "customer_branches" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_lpo_codes_customer_code_key" ON "customer_lpo_codes" USING btree ("customer","code");--> statement-breakpoint
CREATE INDEX "customer_lpo_codes_txid_idx" ON "customer_lpo_codes" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_name_key" ON "customers" USING btree (lower(regexp_replace("name", '\s', '', 'g'))) WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_txid_idx" ON "customers" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "lead_remarks_lead_idx" ON "lead_remarks" USING btree ("lead");--> statement-breakpoint
CREATE INDEX "lead_remarks_txid_idx" ON "lead_remarks" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "leads_assign_to_idx" ON "leads" USING btree ("assign_to");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "leads_followup_date_idx" ON "leads" USING btree ("followup_date");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_contact_number_idx" ON "leads" USING btree ("contact_number");--> statement-breakpoint
CREATE INDEX "leads_txid_idx" ON "leads" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "quotation_items_quotation_idx" ON "quotation_items" USING btree ("quotation");--> statement-breakpoint
CREATE INDEX "quotation_items_txid_idx" ON "quotation_items" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_quotation_revision_key" ON "quotation_versions" USING btree ("quotation","revision");--> statement-breakpoint
CREATE INDEX "quotation_versions_txid_idx" ON "quotation_versions" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_number_key" ON "quotations" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quotations_quotation_date_idx" ON "quotations" USING btree ("quotation_date");--> statement-breakpoint
CREATE INDEX "quotations_customer_idx" ON "quotations" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "quotations_branch_idx" ON "quotations" USING btree ("branch");--> statement-breakpoint
CREATE INDEX "quotations_sales_exec_idx" ON "quotations" USING btree ("sales_exec");--> statement-breakpoint
CREATE INDEX "quotations_monarch_entity_idx" ON "quotations" USING btree ("monarch_entity");--> statement-breakpoint
CREATE INDEX "quotations_txid_idx" ON "quotations" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "receipts_sales_order_idx" ON "receipts" USING btree ("sales_order");--> statement-breakpoint
CREATE INDEX "receipts_job_order_idx" ON "receipts" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "receipts_customer_idx" ON "receipts" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "receipts_receipt_date_idx" ON "receipts" USING btree ("receipt_date");--> statement-breakpoint
CREATE INDEX "receipts_txid_idx" ON "receipts" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "sales_order_items_sales_order_idx" ON "sales_order_items" USING btree ("sales_order");--> statement-breakpoint
CREATE INDEX "sales_order_items_txid_idx" ON "sales_order_items" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "sales_order_status_history_sales_order_idx" ON "sales_order_status_history" USING btree ("sales_order");--> statement-breakpoint
CREATE INDEX "sales_order_status_history_changed_by_idx" ON "sales_order_status_history" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "sales_order_status_history_txid_idx" ON "sales_order_status_history" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "sales_orders_status_idx" ON "sales_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "sales_orders_branch_idx" ON "sales_orders" USING btree ("branch");--> statement-breakpoint
CREATE INDEX "sales_orders_quotation_idx" ON "sales_orders" USING btree ("quotation");--> statement-breakpoint
CREATE INDEX "sales_orders_created_by_idx" ON "sales_orders" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "sales_orders_order_date_idx" ON "sales_orders" USING btree ("order_date");--> statement-breakpoint
CREATE INDEX "sales_orders_expected_delivery_date_idx" ON "sales_orders" USING btree ("expected_delivery_date");--> statement-breakpoint
CREATE INDEX "sales_orders_txid_idx" ON "sales_orders" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "boq_drafts_product_idx" ON "boq_drafts" USING btree ("product");--> statement-breakpoint
CREATE INDEX "boq_drafts_txid_idx" ON "boq_drafts" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "estimation_material_categories_name_key" ON "estimation_material_categories" USING btree (lower(regexp_replace("name", '\s', '', 'g'))) WHERE "estimation_material_categories"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "estimation_material_categories_txid_idx" ON "estimation_material_categories" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "estimation_materials_category_name_key" ON "estimation_materials" USING btree ("category",lower(regexp_replace("name", '\s', '', 'g'))) WHERE "estimation_materials"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "estimation_materials_category_idx" ON "estimation_materials" USING btree ("category");--> statement-breakpoint
CREATE INDEX "estimation_materials_txid_idx" ON "estimation_materials" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "estimation_product_details_product_idx" ON "estimation_product_details" USING btree ("product");--> statement-breakpoint
CREATE INDEX "estimation_product_details_estimation_material_idx" ON "estimation_product_details" USING btree ("estimation_material");--> statement-breakpoint
CREATE INDEX "estimation_product_details_txid_idx" ON "estimation_product_details" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "estimation_products_estimation_idx" ON "estimation_products" USING btree ("estimation");--> statement-breakpoint
CREATE INDEX "estimation_products_txid_idx" ON "estimation_products" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "estimations_customer_idx" ON "estimations" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "estimations_estimation_date_idx" ON "estimations" USING btree ("estimation_date");--> statement-breakpoint
CREATE INDEX "estimations_status_idx" ON "estimations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "estimations_txid_idx" ON "estimations" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_note_items_note_item_key" ON "delivery_note_items" USING btree ("delivery_note","job_order_item") WHERE "delivery_note_items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "delivery_note_items_delivery_note_idx" ON "delivery_note_items" USING btree ("delivery_note");--> statement-breakpoint
CREATE INDEX "delivery_note_items_job_order_item_idx" ON "delivery_note_items" USING btree ("job_order_item");--> statement-breakpoint
CREATE INDEX "delivery_note_items_txid_idx" ON "delivery_note_items" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "delivery_notes_job_order_idx" ON "delivery_notes" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "delivery_notes_status_idx" ON "delivery_notes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "delivery_notes_delivery_date_idx" ON "delivery_notes" USING btree ("delivery_date");--> statement-breakpoint
CREATE INDEX "delivery_notes_approved_by_idx" ON "delivery_notes" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "delivery_notes_created_at_idx" ON "delivery_notes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "delivery_notes_txid_idx" ON "delivery_notes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "dispatches_delivery_note_idx" ON "dispatches" USING btree ("delivery_note");--> statement-breakpoint
CREATE INDEX "dispatches_job_order_idx" ON "dispatches" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "dispatches_dispatch_date_idx" ON "dispatches" USING btree ("dispatch_date");--> statement-breakpoint
CREATE INDEX "dispatches_status_idx" ON "dispatches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "dispatches_txid_idx" ON "dispatches" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "job_order_expenses_job_order_idx" ON "job_order_expenses" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "job_order_expenses_status_idx" ON "job_order_expenses" USING btree ("status");--> statement-breakpoint
CREATE INDEX "job_order_expenses_approved_by_idx" ON "job_order_expenses" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "job_order_expenses_expense_date_idx" ON "job_order_expenses" USING btree ("expense_date");--> statement-breakpoint
CREATE INDEX "job_order_expenses_txid_idx" ON "job_order_expenses" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "job_order_items_job_order_idx" ON "job_order_items" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "job_order_items_sales_order_item_idx" ON "job_order_items" USING btree ("sales_order_item");--> statement-breakpoint
CREATE INDEX "job_order_items_txid_idx" ON "job_order_items" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_details_requisition_material_key" ON "requisition_details" USING btree ("requisition","material") WHERE "requisition_details"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "requisition_details_requisition_idx" ON "requisition_details" USING btree ("requisition");--> statement-breakpoint
CREATE INDEX "requisition_details_material_idx" ON "requisition_details" USING btree ("material");--> statement-breakpoint
CREATE INDEX "requisition_details_job_order_idx" ON "requisition_details" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "requisition_details_txid_idx" ON "requisition_details" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "requisitions_requisition_type_idx" ON "requisitions" USING btree ("requisition_type");--> statement-breakpoint
CREATE INDEX "requisitions_job_order_idx" ON "requisitions" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "requisitions_requested_by_idx" ON "requisitions" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "requisitions_approved_by_idx" ON "requisitions" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "requisitions_is_completed_idx" ON "requisitions" USING btree ("is_completed");--> statement-breakpoint
CREATE INDEX "requisitions_created_at_idx" ON "requisitions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "requisitions_txid_idx" ON "requisitions" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "gra_items_gra_lpo_item_key" ON "gra_items" USING btree ("gra","lpo_item") WHERE "gra_items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "gra_items_gra_idx" ON "gra_items" USING btree ("gra");--> statement-breakpoint
CREATE INDEX "gra_items_lpo_item_idx" ON "gra_items" USING btree ("lpo_item");--> statement-breakpoint
CREATE INDEX "gra_items_material_idx" ON "gra_items" USING btree ("material");--> statement-breakpoint
CREATE INDEX "gra_items_txid_idx" ON "gra_items" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "gras_lpo_idx" ON "gras" USING btree ("lpo");--> statement-breakpoint
CREATE INDEX "gras_vendor_idx" ON "gras" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "gras_gra_date_idx" ON "gras" USING btree ("gra_date");--> statement-breakpoint
CREATE INDEX "gras_txid_idx" ON "gras" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "lpo_items_lpo_material_key" ON "lpo_items" USING btree ("lpo","material") WHERE "lpo_items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "lpo_items_lpo_idx" ON "lpo_items" USING btree ("lpo");--> statement-breakpoint
CREATE INDEX "lpo_items_material_idx" ON "lpo_items" USING btree ("material");--> statement-breakpoint
CREATE INDEX "lpo_items_txid_idx" ON "lpo_items" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_key" ON "vendors" USING btree (lower(regexp_replace("name", '\s', '', 'g'))) WHERE "vendors"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vendors_txid_idx" ON "vendors" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "stock_adjustments_material_idx" ON "stock_adjustments" USING btree ("material");--> statement-breakpoint
CREATE INDEX "stock_adjustments_status_idx" ON "stock_adjustments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_adjustments_approved_by_idx" ON "stock_adjustments" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "stock_adjustments_txid_idx" ON "stock_adjustments" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "stock_transactions_material_idx" ON "stock_transactions" USING btree ("material","transaction_date");--> statement-breakpoint
CREATE INDEX "stock_transactions_transaction_date_idx" ON "stock_transactions" USING btree ("transaction_date");--> statement-breakpoint
CREATE INDEX "stock_transactions_requisition_idx" ON "stock_transactions" USING btree ("requisition");--> statement-breakpoint
CREATE INDEX "stock_transactions_requisition_detail_idx" ON "stock_transactions" USING btree ("requisition_detail");--> statement-breakpoint
CREATE INDEX "stock_transactions_job_order_idx" ON "stock_transactions" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "stock_transactions_gra_item_idx" ON "stock_transactions" USING btree ("gra_item");--> statement-breakpoint
CREATE INDEX "stock_transactions_stock_adjustment_idx" ON "stock_transactions" USING btree ("stock_adjustment");--> statement-breakpoint
CREATE INDEX "stock_transactions_transaction_type_idx" ON "stock_transactions" USING btree ("transaction_type");--> statement-breakpoint
CREATE INDEX "stock_transactions_status_idx" ON "stock_transactions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_transactions_txid_idx" ON "stock_transactions" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "invoice_attachments_invoice_idx" ON "invoice_attachments" USING btree ("invoice");--> statement-breakpoint
CREATE INDEX "invoice_attachments_txid_idx" ON "invoice_attachments" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice");--> statement-breakpoint
CREATE INDEX "invoice_items_txid_idx" ON "invoice_items" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "invoice_settings_txid_idx" ON "invoice_settings" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "invoice_status_history_invoice_idx" ON "invoice_status_history" USING btree ("invoice");--> statement-breakpoint
CREATE INDEX "invoice_status_history_changed_by_idx" ON "invoice_status_history" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "invoice_status_history_txid_idx" ON "invoice_status_history" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_templates_default_key" ON "invoice_templates" USING btree ("is_default") WHERE "invoice_templates"."is_default" AND "invoice_templates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invoice_templates_txid_idx" ON "invoice_templates" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "invoices_invoice_date_idx" ON "invoices" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "invoices_total_amount_idx" ON "invoices" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX "invoices_created_by_idx" ON "invoices" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "invoices_sales_order_idx" ON "invoices" USING btree ("sales_order");--> statement-breakpoint
CREATE INDEX "invoices_job_order_idx" ON "invoices" USING btree ("job_order");--> statement-breakpoint
CREATE INDEX "invoices_approved_by_idx" ON "invoices" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "invoices_txid_idx" ON "invoices" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "payment_schedules_invoice_idx" ON "payment_schedules" USING btree ("invoice");--> statement-breakpoint
CREATE INDEX "payment_schedules_due_date_idx" ON "payment_schedules" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "payment_schedules_txid_idx" ON "payment_schedules" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "recurring_invoices_template_invoice_idx" ON "recurring_invoices" USING btree ("template_invoice");--> statement-breakpoint
CREATE INDEX "recurring_invoices_next_date_idx" ON "recurring_invoices" USING btree ("next_date");--> statement-breakpoint
CREATE INDEX "recurring_invoices_is_active_idx" ON "recurring_invoices" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "recurring_invoices_txid_idx" ON "recurring_invoices" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "tax_configurations_tax_type_idx" ON "tax_configurations" USING btree ("tax_type");--> statement-breakpoint
CREATE INDEX "tax_configurations_is_active_idx" ON "tax_configurations" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "tax_configurations_txid_idx" ON "tax_configurations" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "messages_department_idx" ON "messages" USING btree ("department");--> statement-breakpoint
CREATE INDEX "messages_txid_idx" ON "messages" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "system_alerts_type_idx" ON "system_alerts" USING btree ("type");--> statement-breakpoint
CREATE INDEX "system_alerts_resolved_idx" ON "system_alerts" USING btree ("resolved");--> statement-breakpoint
CREATE INDEX "system_alerts_timestamp_idx" ON "system_alerts" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "system_alerts_resolved_by_idx" ON "system_alerts" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "system_alerts_txid_idx" ON "system_alerts" USING btree ("txid");--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_customer_customers_id_fk" FOREIGN KEY ("customer") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_branch_customer_branches_id_fk" FOREIGN KEY ("branch") REFERENCES "public"."customer_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_sales_executive_users_id_fk" FOREIGN KEY ("sales_executive") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_quotation_quotations_id_fk" FOREIGN KEY ("quotation") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_sales_order_sales_orders_id_fk" FOREIGN KEY ("sales_order") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpos" ADD CONSTRAINT "lpos_vendor_vendors_id_fk" FOREIGN KEY ("vendor") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpos" ADD CONSTRAINT "lpos_requisition_requisitions_id_fk" FOREIGN KEY ("requisition") REFERENCES "public"."requisitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_orders_bucket_idx" ON "job_orders" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "job_orders_customer_idx" ON "job_orders" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "job_orders_branch_idx" ON "job_orders" USING btree ("branch");--> statement-breakpoint
CREATE INDEX "job_orders_sales_executive_idx" ON "job_orders" USING btree ("sales_executive");--> statement-breakpoint
CREATE INDEX "job_orders_quotation_idx" ON "job_orders" USING btree ("quotation");--> statement-breakpoint
CREATE INDEX "job_orders_sales_order_idx" ON "job_orders" USING btree ("sales_order");--> statement-breakpoint
CREATE INDEX "job_orders_created_at_idx" ON "job_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_orders_txid_idx" ON "job_orders" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "lpos_vendor_idx" ON "lpos" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "lpos_lpo_date_idx" ON "lpos" USING btree ("lpo_date");--> statement-breakpoint
CREATE INDEX "lpos_status_idx" ON "lpos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "lpos_requisition_idx" ON "lpos" USING btree ("requisition");--> statement-breakpoint
CREATE INDEX "lpos_created_by_idx" ON "lpos" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "lpos_txid_idx" ON "lpos" USING btree ("txid");