import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IndianState } from '../../../domain/india';
import { isoTimestamp, money, percent, quantity, softDelete, tracked } from './columns';
import { materials } from './materials';
import { users } from './platform';
import { requisitions } from './production';

/** Vendors (business-areas.md §3): the suppliers the company buys materials from. */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contact_person: text('contact_person').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    gst_number: text('gst_number').notNull().default(''),
    address: text('address').notNull().default(''),
    /** One of the Indian states (domain/india.ts); 'N/A' when unknown or abroad. */
    state: text('state').$type<IndianState>().notNull().default('N/A'),
    /** What the company agreed to pay the vendor, in the buyer's words ("30 days from invoice"); printed on its LPOs. */
    payment_terms: text('payment_terms').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // Names compare ignoring case and spaces, as for customers and materials; live vendors only.
    uniqueIndex('vendors_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`).where(sql`${t.deleted_at} IS NULL`),
    index('vendors_txid_idx').on(t.txid),
  ],
);

/**
 * Local purchase orders: what the company orders from a vendor. `subtotal`, `tax_amount` and
 * `total_amount` are stored and always equal domain/totals.ts's lpoTotals of its live items; cancelling (DELETE with
 * cancellation_remarks) sets status cancelled and `cancelled_at`.
 */
export const lpos = pgTable(
  'lpos',
  {
    id: serial('id').primaryKey(),
    vendor: integer('vendor')
      .notNull()
      .references(() => vendors.id),
    lpo_date: date('lpo_date').notNull(),
    /** When the goods are due, for every line without its own expected date. */
    expected_date: date('expected_date'),
    /** The live lines' amounts before tax. */
    subtotal: money('subtotal').notNull().default('0'),
    /** The GST on the live lines, each at its own rate. */
    tax_amount: money('tax_amount').notNull().default('0'),
    total_amount: money('total_amount').notNull().default('0'),
    status: text('status').notNull().default('draft'),
    /** The requisition whose shortfall this order covers, if any. */
    requisition: integer('requisition').references(() => requisitions.id),
    remarks: text('remarks').notNull().default(''),
    /** The user who approved it (a purchase manager other than its author above the approval threshold). */
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    /** When it was last sent to the vendor. */
    sent_at: isoTimestamp('sent_at'),
    /** When it was closed short, and why the rest will not come. */
    closed_at: isoTimestamp('closed_at'),
    close_remarks: text('close_remarks'),
    cancelled_at: isoTimestamp('cancelled_at'),
    cancellation_remarks: text('cancellation_remarks'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('lpos_vendor_idx').on(t.vendor),
    index('lpos_lpo_date_idx').on(t.lpo_date),
    index('lpos_status_idx').on(t.status),
    index('lpos_requisition_idx').on(t.requisition),
    index('lpos_created_by_idx').on(t.created_by),
    index('lpos_approved_by_idx').on(t.approved_by),
    index('lpos_txid_idx').on(t.txid),
  ],
);

/** The materials of an LPO, one line per material; `quantity_received` is the sum of the accepted quantities of its GRA items. */
export const lpoItems = pgTable(
  'lpo_items',
  {
    id: serial('id').primaryKey(),
    lpo: integer('lpo')
      .notNull()
      .references(() => lpos.id),
    material: integer('material')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    rate: money('rate').notNull(),
    /** quantity × rate, rounded to paise (before tax). */
    amount: money('amount').notNull(),
    /** The GST rate in percent the vendor charges on this line (0 when none). */
    tax_rate: percent('tax_rate').notNull().default('0'),
    /** When this line's goods are due; null: the LPO's expected date. */
    expected_date: date('expected_date'),
    quantity_received: quantity('quantity_received').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // A material appears once per LPO (live lines).
    uniqueIndex('lpo_items_lpo_material_key').on(t.lpo, t.material).where(sql`${t.deleted_at} IS NULL`),
    index('lpo_items_lpo_idx').on(t.lpo),
    index('lpo_items_material_idx').on(t.material),
    index('lpo_items_txid_idx').on(t.txid),
    check('lpo_items_quantities_check', sql`${t.quantity} > 0 AND ${t.rate} >= 0 AND ${t.quantity_received} >= 0`),
    check('lpo_items_tax_rate_check', sql`${t.tax_rate} >= 0 AND ${t.tax_rate} <= 100`),
  ],
);

/**
 * Goods received advices: a delivery received against an LPO, with the vendor's invoice or
 * delivery challan number. Accepted quantities enter stock as receipt rows of the ledger.
 */
export const gras = pgTable(
  'gras',
  {
    id: serial('id').primaryKey(),
    /** Null when the goods came without an LPO (`without_lpo_reason` says why). */
    lpo: integer('lpo').references(() => lpos.id),
    /** The LPO's vendor (or, without an LPO, the vendor named), kept on the GRA for vendor-wise lists and reports. */
    vendor: integer('vendor')
      .notNull()
      .references(() => vendors.id),
    gra_date: date('gra_date').notNull(),
    /** The vendor's invoice number, when the goods came with an invoice. */
    invoice_number: text('invoice_number').notNull().default(''),
    /** The vendor's delivery challan number, when the goods came with a challan. */
    challan_number: text('challan_number').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    /** Why goods were received without an LPO; null on a GRA against one. */
    without_lpo_reason: text('without_lpo_reason'),
    cancelled_at: isoTimestamp('cancelled_at'),
    cancellation_remarks: text('cancellation_remarks'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('gras_lpo_idx').on(t.lpo),
    index('gras_vendor_idx').on(t.vendor),
    index('gras_gra_date_idx').on(t.gra_date),
    index('gras_txid_idx').on(t.txid),
    // A GRA has an LPO or says why not.
    check('gras_lpo_or_reason_check', sql`${t.lpo} IS NOT NULL OR ${t.without_lpo_reason} IS NOT NULL`),
  ],
);

/** The materials received on a GRA, each against an LPO item; only the accepted quantity enters stock. */
export const graItems = pgTable(
  'gra_items',
  {
    id: serial('id').primaryKey(),
    gra: integer('gra')
      .notNull()
      .references(() => gras.id),
    /** Null on a GRA without an LPO. */
    lpo_item: integer('lpo_item').references(() => lpoItems.id),
    /** The LPO item's material (without an LPO, the material named). */
    material: integer('material')
      .notNull()
      .references(() => materials.id),
    quantity_received: quantity('quantity_received').notNull(),
    quantity_accepted: quantity('quantity_accepted').notNull(),
    /** The rate billed by the vendor (the LPO item's rate unless the invoice differs). */
    rate: money('rate').notNull(),
    /** Why part of the delivery was rejected, or other notes. */
    remarks: text('remarks').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // An LPO item appears once per GRA (live lines).
    uniqueIndex('gra_items_gra_lpo_item_key').on(t.gra, t.lpo_item).where(sql`${t.deleted_at} IS NULL`),
    index('gra_items_gra_idx').on(t.gra),
    index('gra_items_lpo_item_idx').on(t.lpo_item),
    index('gra_items_material_idx').on(t.material),
    index('gra_items_txid_idx').on(t.txid),
    check(
      'gra_items_quantities_check',
      sql`${t.quantity_received} > 0 AND ${t.quantity_accepted} >= 0 AND ${t.quantity_accepted} <= ${t.quantity_received} AND ${t.rate} >= 0`,
    ),
  ],
);
