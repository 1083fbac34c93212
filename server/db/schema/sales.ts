import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IndianState } from '../../../domain/india';
import type { LeadRequirement, LeadSource, LeadStage, LeadStatus, LeadType } from '../../../domain/lead';
import { isoTimestamp, money, quantity, softDelete, tracked } from './columns';
import { users } from './platform';

/** Customers (business-areas.md §3): who the company sells to, with contact and tax details. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Whether this customer's orders carry the customer's own LPO (article) codes. */
    enable_lpo_codes: boolean('enable_lpo_codes').notNull().default(false),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    gst_number: text('gst_number').notNull().default(''),
    /** One of the Indian states (domain/india.ts); 'N/A' when unknown or abroad. */
    state: text('state').$type<IndianState>().notNull().default('N/A'),
    address: text('address').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // The existence check compares names ignoring case and spaces; live customers only.
    uniqueIndex('customers_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`).where(sql`${t.deleted_at} IS NULL`),
    index('customers_txid_idx').on(t.txid),
  ],
);

/** A customer's delivery and billing locations; inactive branches are no longer offered. */
export const customerBranches = pgTable(
  'customer_branches',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    location: text('location').notNull(),
    address_line_1: text('address_line_1').notNull().default(''),
    is_active: boolean('is_active').notNull().default(true),
    contact_person_name: text('contact_person_name').notNull().default(''),
    contact_person_number: text('contact_person_number').notNull().default(''),
    ...tracked(),
  },
  (t) => [index('customer_branches_customer_idx').on(t.customer), index('customer_branches_txid_idx').on(t.txid)],
);

/** A customer's own purchase codes for the articles it orders (used when enable_lpo_codes). */
export const customerLpoCodes = pgTable(
  'customer_lpo_codes',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    code: text('code').notNull(),
    article: text('article').notNull().default(''),
    ...tracked(),
  },
  (t) => [uniqueIndex('customer_lpo_codes_customer_code_key').on(t.customer, t.code), index('customer_lpo_codes_txid_idx').on(t.txid)],
);

/** Sales leads (business-areas.md §3, §4): prospects a sales executive follows up until won or lost. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    assign_to: integer('assign_to')
      .notNull()
      .references(() => users.id),
    stage: text('stage').$type<LeadStage>().notNull().default('new'),
    followup_date: date('followup_date'),
    source: text('source').$type<LeadSource>().notNull(),
    requirement: text('requirement').$type<LeadRequirement>().notNull(),
    lead_type: text('lead_type').$type<LeadType>().notNull(),
    company: text('company').notNull(),
    contact_person: text('contact_person').notNull().default(''),
    contact_number: text('contact_number').notNull().default(''),
    location: text('location').notNull().default(''),
    status: text('status').$type<LeadStatus>().notNull().default('warm'),
    /** Estimated value of the business. */
    potential: money('potential').notNull().default('0'),
    /** The customer the lead became (set when it converts). */
    customer: integer('customer').references(() => customers.id),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('leads_assign_to_idx').on(t.assign_to),
    index('leads_customer_idx').on(t.customer),
    index('leads_stage_idx').on(t.stage),
    index('leads_followup_date_idx').on(t.followup_date),
    index('leads_created_at_idx').on(t.created_at),
    // The lead existence check looks leads up by contact number.
    index('leads_contact_number_idx').on(t.contact_number),
    index('leads_txid_idx').on(t.txid),
  ],
);

/** Follow-up remarks on a lead; a lead without any is "not actioned". */
export const leadRemarks = pgTable(
  'lead_remarks',
  {
    id: serial('id').primaryKey(),
    lead: integer('lead')
      .notNull()
      .references(() => leads.id),
    remark: text('remark').notNull(),
    ...tracked(),
  },
  (t) => [index('lead_remarks_lead_idx').on(t.lead), index('lead_remarks_txid_idx').on(t.txid)],
);

/**
 * Quotations: a numbered price offer to a customer. `revision` counts the document's revisions
 * (each kept in quotation_versions); `version` is the row's concurrency counter. Deleting a
 * quotation cancels it (deleted_at; the cancelled/deleted list).
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull(),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    branch: integer('branch').references(() => customerBranches.id),
    sales_exec: integer('sales_exec')
      .notNull()
      .references(() => users.id),
    /** The company entity the quotation is issued from. */
    monarch_entity: text('monarch_entity').notNull().default(''),
    quotation_date: date('quotation_date').notNull(),
    subject: text('subject').notNull().default(''),
    terms: text('terms').notNull().default(''),
    /** Sum of quantity × unit price over the items. */
    subtotal: money('subtotal').notNull().default('0'),
    /** Sum of the items' discounts. */
    discount_total: money('discount_total').notNull().default('0'),
    /** GST rate in percent, applied to subtotal − discount_total. */
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    tax_amount: money('tax_amount').notNull().default('0'),
    /** subtotal − discount_total + tax_amount. */
    total_amount: money('total_amount').notNull().default('0'),
    revision: integer('revision').notNull().default(1),
    /** Where the offer stands with the customer (domain/quotation.ts); cancelling is deleted_at. */
    status: text('status').notNull().default('draft'),
    /** When it was first sent: from then on every saved change is a new revision. */
    sent_at: isoTimestamp('sent_at'),
    /** The lead it answers, when it came from one. */
    lead: integer('lead').references(() => leads.id),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('quotations_number_key').on(t.number),
    index('quotations_status_idx').on(t.status),
    index('quotations_lead_idx').on(t.lead),
    index('quotations_quotation_date_idx').on(t.quotation_date),
    index('quotations_customer_idx').on(t.customer),
    index('quotations_branch_idx').on(t.branch),
    index('quotations_sales_exec_idx').on(t.sales_exec),
    index('quotations_monarch_entity_idx').on(t.monarch_entity),
    index('quotations_txid_idx').on(t.txid),
  ],
);

/** A quotation line; gross_price = quantity × unit_price − discount. */
export const quotationItems = pgTable(
  'quotation_items',
  {
    id: serial('id').primaryKey(),
    quotation: integer('quotation')
      .notNull()
      .references(() => quotations.id),
    code: text('code').notNull().default(''),
    description: text('description').notNull(),
    quantity: quantity('quantity').notNull(),
    /** A material unit code (domain/material.ts MATERIAL_UNITS). */
    unit: text('unit').notNull().default('PCS'),
    unit_price: money('unit_price').notNull(),
    /** Discount on the line, an amount. */
    discount: money('discount').notNull().default('0'),
    gross_price: money('gross_price').notNull(),
    /** Stored path of the product image shown on the quotation. */
    image_path: text('image_path'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('quotation_items_quotation_idx').on(t.quotation), index('quotation_items_txid_idx').on(t.txid)],
);

/** A quotation as it stood at one revision (header and items), kept when it is revised. */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: serial('id').primaryKey(),
    quotation: integer('quotation')
      .notNull()
      .references(() => quotations.id),
    revision: integer('revision').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    ...tracked(),
  },
  (t) => [uniqueIndex('quotation_versions_quotation_revision_key').on(t.quotation, t.revision), index('quotation_versions_txid_idx').on(t.txid)],
);

/** Sales orders (business-areas.md §3, §4): a customer's confirmed order, usually from a quotation. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: serial('id').primaryKey(),
    customer_po_number: text('customer_po_number').notNull().default(''),
    order_date: date('order_date').notNull(),
    /** Sum of the items' amounts. */
    total_order_value: money('total_order_value').notNull().default('0'),
    status: text('status').notNull().default('draft'),
    expected_delivery_date: date('expected_delivery_date'),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    branch: integer('branch').references(() => customerBranches.id),
    quotation: integer('quotation').references(() => quotations.id),
    /** An advance payment is still awaited from the customer. */
    advance_pending: boolean('advance_pending').notNull().default(false),
    advance_amount: money('advance_amount').notNull().default('0'),
    remarks: text('remarks').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('sales_orders_status_idx').on(t.status),
    index('sales_orders_customer_idx').on(t.customer),
    index('sales_orders_branch_idx').on(t.branch),
    index('sales_orders_quotation_idx').on(t.quotation),
    index('sales_orders_created_by_idx').on(t.created_by),
    index('sales_orders_order_date_idx').on(t.order_date),
    index('sales_orders_expected_delivery_date_idx').on(t.expected_delivery_date),
    index('sales_orders_txid_idx').on(t.txid),
  ],
);

/** A sales order line; amount = quantity × unit_price. */
export const salesOrderItems = pgTable(
  'sales_order_items',
  {
    id: serial('id').primaryKey(),
    sales_order: integer('sales_order')
      .notNull()
      .references(() => salesOrders.id),
    description: text('description').notNull(),
    quantity: quantity('quantity').notNull(),
    unit_price: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('sales_order_items_sales_order_idx').on(t.sales_order), index('sales_order_items_txid_idx').on(t.txid)],
);

/** Every status change of a sales order, appended by the status update (from_status null at creation). */
export const salesOrderStatusHistory = pgTable(
  'sales_order_status_history',
  {
    id: serial('id').primaryKey(),
    sales_order: integer('sales_order')
      .notNull()
      .references(() => salesOrders.id),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    changed_by: integer('changed_by').references(() => users.id),
    changed_at: isoTimestamp('changed_at').notNull().default(sql`now()`),
    note: text('note').notNull().default(''),
    ...tracked(),
  },
  (t) => [
    index('sales_order_status_history_sales_order_idx').on(t.sales_order),
    index('sales_order_status_history_changed_by_idx').on(t.changed_by),
    index('sales_order_status_history_txid_idx').on(t.txid),
  ],
);
