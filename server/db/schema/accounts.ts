import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoTimestamp, money, percent, quantity, softDelete, tracked } from './columns';
import { files } from './files';
import { users } from './platform';
import { jobOrders } from './production';
import { customers, salesOrders } from './sales';


/**
 * Invoices (business-areas.md §3): what the company bills a customer, from a sales order, a job
 * order or on its own. `subtotal` and `tax_amount` are the sums of the live items, `total_amount`
 * their sum; `outstanding_amount` is what is still to be paid. Overdue is computed, not stored
 * (domain/invoice.ts isInvoiceOverdue). The number is assigned from the settings and never reused.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** Given on approval, consecutive within the financial year (invoice_number_sequences); null while a draft. */
    invoice_number: text('invoice_number'),
    financial_year: text('financial_year'),
    invoice_date: date('invoice_date').notNull(),
    due_date: date('due_date').notNull(),
    status: text('status').notNull().default('draft'),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    sales_order: integer('sales_order').references(() => salesOrders.id),
    job_order: integer('job_order').references(() => jobOrders.id),
    subtotal: money('subtotal').notNull().default('0'),
    discount_amount: money('discount_amount').notNull().default('0'),
    taxable_amount: money('taxable_amount').notNull().default('0'),
    cgst_amount: money('cgst_amount').notNull().default('0'),
    sgst_amount: money('sgst_amount').notNull().default('0'),
    igst_amount: money('igst_amount').notNull().default('0'),
    tax_amount: money('tax_amount').notNull().default('0'),
    /** The grand total rounded to the whole rupee less the exact sum (domain/totals.ts invoiceTotals). */
    round_off: money('round_off').notNull().default('0'),
    total_amount: money('total_amount').notNull().default('0'),
    outstanding_amount: money('outstanding_amount').notNull().default('0'),
    /** Place of supply; the same state as the company's means CGST + SGST, another IGST. */
    customer_state: text('customer_state').notNull().default('N/A'),
    company_state: text('company_state').notNull().default('N/A'),
    /** The GSTINs when the invoice was made: a later change to the customer or company does not rewrite an issued invoice. */
    customer_gstin: text('customer_gstin').notNull().default(''),
    company_gstin: text('company_gstin').notNull().default(''),
    notes: text('notes').notNull().default(''),
    terms: text('terms').notNull().default(''),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    sent_at: isoTimestamp('sent_at'),
    paid_at: isoTimestamp('paid_at'),
    cancelled_at: isoTimestamp('cancelled_at'),
    cancellation_reason: text('cancellation_reason'),
    voided_at: isoTimestamp('voided_at'),
    void_reason: text('void_reason'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // Invoice numbers are never reused, not even those of deleted invoices.
    uniqueIndex('invoices_invoice_number_key').on(t.invoice_number),
    index('invoices_status_idx').on(t.status),
    index('invoices_customer_idx').on(t.customer),
    index('invoices_invoice_date_idx').on(t.invoice_date),
    index('invoices_due_date_idx').on(t.due_date),
    index('invoices_total_amount_idx').on(t.total_amount),
    index('invoices_created_by_idx').on(t.created_by),
    index('invoices_sales_order_idx').on(t.sales_order),
    index('invoices_job_order_idx').on(t.job_order),
    index('invoices_approved_by_idx').on(t.approved_by),
    index('invoices_txid_idx').on(t.txid),
    check(
      'invoices_amounts_check',
      sql`${t.total_amount} = ${t.taxable_amount} + ${t.tax_amount} + ${t.round_off} AND ${t.taxable_amount} = ${t.subtotal} - ${t.discount_amount} AND ${t.tax_amount} = ${t.cgst_amount} + ${t.sgst_amount} + ${t.igst_amount} AND ${t.outstanding_amount} >= 0 AND ${t.outstanding_amount} <= ${t.total_amount}`,
    ),
    check('invoices_number_check', sql`${t.status} = 'draft' OR (${t.invoice_number} IS NOT NULL AND ${t.financial_year} IS NOT NULL)`),
    check('invoices_due_date_check', sql`${t.due_date} >= ${t.invoice_date}`),
  ],
);

/** The lines of an invoice; `amount` is quantity × unit price before tax, tax is at `tax_rate` percent. */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    description: text('description').notNull(),
    hsn_code: text('hsn_code').notNull().default(''),
    unit: text('unit').notNull().default('NOS'),
    quantity: quantity('quantity').notNull(),
    unit_price: money('unit_price').notNull(),
    discount: money('discount').notNull().default('0'),
    tax_rate: percent('tax_rate').notNull().default('0'),
    amount: money('amount').notNull(),
    taxable_amount: money('taxable_amount').notNull().default('0'),
    cgst_amount: money('cgst_amount').notNull().default('0'),
    sgst_amount: money('sgst_amount').notNull().default('0'),
    igst_amount: money('igst_amount').notNull().default('0'),
    line_total: money('line_total').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoice), index('invoice_items_txid_idx').on(t.txid)],
);

/** GST rates (CGST, SGST, IGST) and when they take effect; current_rates reads the active ones. */
export const taxConfigurations = pgTable(
  'tax_configurations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tax_type: text('tax_type').notNull(),
    rate: percent('rate').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    effective_from: date('effective_from').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('tax_configurations_tax_type_idx').on(t.tax_type),
    index('tax_configurations_is_active_idx').on(t.is_active),
    index('tax_configurations_txid_idx').on(t.txid),
  ],
);

/** Layouts for the invoice PDF; at most one live template is the default. */
export const invoiceTemplates = pgTable(
  'invoice_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    is_default: boolean('is_default').notNull().default(false),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('invoice_templates_default_key').on(t.is_default).where(sql`${t.is_default} AND ${t.deleted_at} IS NULL`),
    index('invoice_templates_txid_idx').on(t.txid),
  ],
);

/** The invoicing settings: one row (id 1), read and replaced with GET/PUT settings/. */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Invoice numbers are prefix, financial year and number zero-padded to number_padding digits (INV-26-27/00042). */
    prefix: text('prefix').notNull().default('INV-'),
    number_padding: integer('number_padding').notNull().default(5),
    default_due_days: integer('default_due_days').notNull().default(30),
    default_terms: text('default_terms').notNull().default(''),
    default_notes: text('default_notes').notNull().default(''),
    ...tracked(),
  },
  (t) => [index('invoice_settings_txid_idx').on(t.txid), check('invoice_settings_single_row_check', sql`${t.id} = 1`)],
);

/**
 * The last invoice number used in each financial year. Approving an invoice takes the next one by
 * an upsert on this row, which holds the row's lock to the end of the transaction: concurrent
 * approvals queue, and a rolled-back approval gives its number back, so numbers have no gap.
 */
export const invoiceNumberSequences = pgTable('invoice_number_sequences', {
  financial_year: text('financial_year').primaryKey(),
  last_number: integer('last_number').notNull(),
});

/** Files attached to an invoice (the customer's PO, proof of delivery); the bytes live in the files module's table (decision 332). */
export const invoiceAttachments = pgTable(
  'invoice_attachments',
  {
    id: serial('id').primaryKey(),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    /** Where the file is read, relative to /api/v1 (files/{file}/content/). */
    file_path: text('file_path').notNull(),
    /** The stored file (server/modules/files); null once the file itself was removed. */
    file: integer('file').references(() => files.id, { onDelete: 'set null' }),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    description: text('description').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('invoice_attachments_invoice_idx').on(t.invoice), index('invoice_attachments_file_idx').on(t.file), index('invoice_attachments_txid_idx').on(t.txid)],
);

/** Instalments an invoice is to be paid in, each marked paid on its own. */
export const paymentSchedules = pgTable(
  'payment_schedules',
  {
    id: serial('id').primaryKey(),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    due_date: date('due_date').notNull(),
    amount: money('amount').notNull(),
    is_paid: boolean('is_paid').notNull().default(false),
    paid_at: isoTimestamp('paid_at'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('payment_schedules_invoice_idx').on(t.invoice),
    index('payment_schedules_due_date_idx').on(t.due_date),
    index('payment_schedules_txid_idx').on(t.txid),
    check('payment_schedules_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Every status change of an invoice: from, to, who and why (append-only). */
export const invoiceStatusHistory = pgTable(
  'invoice_status_history',
  {
    id: serial('id').primaryKey(),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    /** Null for the invoice's first status. */
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    changed_by: integer('changed_by').references(() => users.id),
    reason: text('reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...tracked(),
  },
  (t) => [
    index('invoice_status_history_invoice_idx').on(t.invoice),
    index('invoice_status_history_changed_by_idx').on(t.changed_by),
    index('invoice_status_history_txid_idx').on(t.txid),
  ],
);

/** Invoices raised again on a schedule, copied from a template invoice, until end_date or stopped. */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: serial('id').primaryKey(),
    template_invoice: integer('template_invoice')
      .notNull()
      .references(() => invoices.id),
    frequency: text('frequency').notNull(),
    /** The first period's date; every period's date is counted from it (domain/invoice-schedule.ts recurringPeriodDate). */
    start_date: date('start_date').notNull(),
    /** The date the next invoice is raised on. */
    next_date: date('next_date').notNull(),
    end_date: date('end_date'),
    /** How many invoices at most (null: until the end date or stopped). */
    occurrences: integer('occurrences'),
    is_active: boolean('is_active').notNull().default(true),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('recurring_invoices_template_invoice_idx').on(t.template_invoice),
    index('recurring_invoices_next_date_idx').on(t.next_date),
    index('recurring_invoices_is_active_idx').on(t.is_active),
    index('recurring_invoices_txid_idx').on(t.txid),
    check('recurring_invoices_occurrences_check', sql`${t.occurrences} IS NULL OR ${t.occurrences} > 0`),
  ],
);

/**
 * The invoice raised for each period of a recurring invoice. The unique (recurring, period) key
 * is what makes each period's invoice exactly once, whichever API process runs the job.
 */
export const recurringInvoiceRuns = pgTable(
  'recurring_invoice_runs',
  {
    id: serial('id').primaryKey(),
    recurring: integer('recurring')
      .notNull()
      .references(() => recurringInvoices.id),
    period_date: date('period_date').notNull(),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    created_at: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('recurring_invoice_runs_period_key').on(t.recurring, t.period_date), index('recurring_invoice_runs_invoice_idx').on(t.invoice)],
);

/** Money received from a customer, against a sales order and/or a job order, or on account. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    sales_order: integer('sales_order').references(() => salesOrders.id),
    job_order: integer('job_order').references(() => jobOrders.id),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    receipt_date: date('receipt_date').notNull(),
    amount: money('amount').notNull(),
    mode: text('mode').notNull(),
    /** Cheque number, bank or UPI transaction reference. */
    reference: text('reference').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('receipts_sales_order_idx').on(t.sales_order),
    index('receipts_job_order_idx').on(t.job_order),
    index('receipts_customer_idx').on(t.customer),
    index('receipts_receipt_date_idx').on(t.receipt_date),
    index('receipts_txid_idx').on(t.txid),
  ],
);

/**
 * A receipt's money applied to an invoice. An invoice's outstanding amount is its total less its
 * live allocations; what a receipt has not allocated is an advance (on its sales order or job
 * order, or on account), applied to the invoice made later.
 */
export const receiptAllocations = pgTable(
  'receipt_allocations',
  {
    id: serial('id').primaryKey(),
    receipt: integer('receipt')
      .notNull()
      .references(() => receipts.id),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    amount: money('amount').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('receipt_allocations_receipt_idx').on(t.receipt),
    index('receipt_allocations_invoice_idx').on(t.invoice),
    index('receipt_allocations_txid_idx').on(t.txid),
    check('receipt_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);
