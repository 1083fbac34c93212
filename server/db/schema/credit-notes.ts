import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoTimestamp, money, percent, quantity, softDelete, tracked } from './columns';
import { invoiceItems, invoices } from './accounts';
import { users } from './platform';
import { customers } from './sales';

/**
 * Credit notes (issue 20 §1, decision 330): a correction of an issued invoice, whose own lines and
 * amounts are frozen. Its lines name the invoice's lines they credit; its GST is worked out as the
 * invoice's (domain/totals.ts invoiceTotals) with the invoice's states. Numbered on approval in a
 * series of its own per financial year (credit_note_number_sequences).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    /** Given on approval, consecutive within the financial year; null while a draft. */
    credit_note_number: text('credit_note_number'),
    financial_year: text('financial_year'),
    invoice: integer('invoice')
      .notNull()
      .references(() => invoices.id),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    credit_note_date: date('credit_note_date').notNull(),
    status: text('status').notNull().default('draft'),
    reason: text('reason').notNull(),
    subtotal: money('subtotal').notNull().default('0'),
    discount_amount: money('discount_amount').notNull().default('0'),
    taxable_amount: money('taxable_amount').notNull().default('0'),
    cgst_amount: money('cgst_amount').notNull().default('0'),
    sgst_amount: money('sgst_amount').notNull().default('0'),
    igst_amount: money('igst_amount').notNull().default('0'),
    tax_amount: money('tax_amount').notNull().default('0'),
    round_off: money('round_off').notNull().default('0'),
    total_amount: money('total_amount').notNull().default('0'),
    /** The invoice's place of supply and company state, so the GST splits as the invoice's did. */
    customer_state: text('customer_state').notNull(),
    company_state: text('company_state').notNull(),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.credit_note_number),
    index('credit_notes_invoice_idx').on(t.invoice),
    index('credit_notes_customer_idx').on(t.customer),
    index('credit_notes_status_idx').on(t.status),
    index('credit_notes_approved_by_idx').on(t.approved_by),
    index('credit_notes_txid_idx').on(t.txid),
    check(
      'credit_notes_amounts_check',
      sql`${t.total_amount} = ${t.taxable_amount} + ${t.tax_amount} + ${t.round_off} AND ${t.taxable_amount} = ${t.subtotal} - ${t.discount_amount} AND ${t.tax_amount} = ${t.cgst_amount} + ${t.sgst_amount} + ${t.igst_amount} AND ${t.total_amount} >= 0`,
    ),
    check('credit_notes_number_check', sql`${t.status} = 'draft' OR (${t.credit_note_number} IS NOT NULL AND ${t.financial_year} IS NOT NULL)`),
  ],
);

/** A line of a credit note: part (or all) of an invoice line taken back, at most what is left of it. */
export const creditNoteItems = pgTable(
  'credit_note_items',
  {
    id: serial('id').primaryKey(),
    credit_note: integer('credit_note')
      .notNull()
      .references(() => creditNotes.id),
    invoice_item: integer('invoice_item')
      .notNull()
      .references(() => invoiceItems.id),
    description: text('description').notNull(),
    hsn_code: text('hsn_code').notNull().default(''),
    unit: text('unit').notNull().default('NOS'),
    quantity: quantity('quantity').notNull(),
    unit_price: money('unit_price').notNull(),
    discount: money('discount').notNull().default('0'),
    tax_rate: percent('tax_rate').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    taxable_amount: money('taxable_amount').notNull().default('0'),
    cgst_amount: money('cgst_amount').notNull().default('0'),
    sgst_amount: money('sgst_amount').notNull().default('0'),
    igst_amount: money('igst_amount').notNull().default('0'),
    line_total: money('line_total').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('credit_note_items_credit_note_idx').on(t.credit_note), index('credit_note_items_invoice_item_idx').on(t.invoice_item), index('credit_note_items_txid_idx').on(t.txid)],
);

/** The last credit note number used in each financial year, taken as invoice numbers are (no gap, no duplicate). */
export const creditNoteNumberSequences = pgTable('credit_note_number_sequences', {
  financial_year: text('financial_year').primaryKey(),
  last_number: integer('last_number').notNull(),
});
