import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isoTimestamp, money, quantity, softDelete, tracked } from './columns';
import { materials } from './materials';
import type { StockAdjustmentStatus, StockTransactionStatus, StockTransactionType } from '../../../domain/stock';
import { users } from './platform';
import { jobOrders, requisitionDetails, requisitions } from './production';
import { graItems } from './purchase';

/**
 * Stock adjustments: a stores correction of a material's quantity (count differences, damage),
 * which changes stock only once approved, through an adjustment row of the ledger.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: serial('id').primaryKey(),
    material: integer('material')
      .notNull()
      .references(() => materials.id),
    /** Signed: positive adds to stock, negative takes away. */
    quantity: quantity('quantity').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<StockAdjustmentStatus>().notNull().default('pending'),
    /** Who approved or rejected it. */
    approved_by: integer('approved_by').references(() => users.id),
    /** When it was approved or rejected. */
    decided_at: isoTimestamp('decided_at'),
    remarks: text('remarks').notNull().default(''),
    ...tracked(),
  },
  (t) => [
    index('stock_adjustments_material_idx').on(t.material),
    index('stock_adjustments_status_idx').on(t.status),
    index('stock_adjustments_approved_by_idx').on(t.approved_by),
    index('stock_adjustments_txid_idx').on(t.txid),
    check('stock_adjustments_quantity_check', sql`${t.quantity} <> 0`),
  ],
);

/**
 * The stock ledger. Every receipt (GRA), issue (against a requisition or job order), return to
 * stores and approved adjustment is one row, signed (positive in, negative out); a material's
 * on-hand quantity always equals the sum of its live rows and changes in the same database
 * transaction as the row. Rows are never edited in quantity; removing one soft-deletes it.
 */
export const stockTransactions = pgTable(
  'stock_transactions',
  {
    id: serial('id').primaryKey(),
    material: integer('material')
      .notNull()
      .references(() => materials.id),
    transaction_type: text('transaction_type').$type<StockTransactionType>().notNull(),
    /** Signed: positive into stores, negative out of stores. */
    quantity: quantity('quantity').notNull(),
    transaction_date: date('transaction_date').notNull(),
    requisition: integer('requisition').references(() => requisitions.id),
    requisition_detail: integer('requisition_detail').references(() => requisitionDetails.id),
    job_order: integer('job_order').references(() => jobOrders.id),
    /** The GRA line a receipt comes from. */
    gra_item: integer('gra_item').references(() => graItems.id),
    /** The approved adjustment an adjustment row carries out. */
    stock_adjustment: integer('stock_adjustment').references(() => stockAdjustments.id),
    /** in-transit while issued material is on its way to the floor, completed once it arrived. */
    status: text('status').$type<StockTransactionStatus>().notNull().default('completed'),
    /** Value per unit: the purchase rate of a receipt, the average cost an issue went out at; null where no rate applies. */
    rate: money('rate'),
    /** On a reversing entry: the row it cancels (DELETE of a ledger row writes one, never removes the row). */
    reverses: integer('reverses').references((): AnyPgColumn => stockTransactions.id),
    /** On a reversed row: the reversing entry that cancelled it. */
    reversed_by: integer('reversed_by').references((): AnyPgColumn => stockTransactions.id),
    remarks: text('remarks').notNull().default(''),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // Material first: the material-movement and stock-ledger queries read one material by date.
    index('stock_transactions_material_idx').on(t.material, t.transaction_date),
    index('stock_transactions_transaction_date_idx').on(t.transaction_date),
    index('stock_transactions_requisition_idx').on(t.requisition),
    index('stock_transactions_requisition_detail_idx').on(t.requisition_detail),
    index('stock_transactions_job_order_idx').on(t.job_order),
    index('stock_transactions_gra_item_idx').on(t.gra_item),
    index('stock_transactions_stock_adjustment_idx').on(t.stock_adjustment),
    index('stock_transactions_transaction_type_idx').on(t.transaction_type),
    index('stock_transactions_status_idx').on(t.status),
    index('stock_transactions_txid_idx').on(t.txid),
    // A row is reversed at most once, even by two requests at the same moment.
    uniqueIndex('stock_transactions_reverses_key').on(t.reverses),
    index('stock_transactions_reversed_by_idx').on(t.reversed_by),
    // The sign follows the type (domain/stock.ts STOCK_TRANSACTION_TYPES); a reversing entry keeps
    // the type of the row it cancels with the opposite sign, so per-type sums stay net.
    check(
      'stock_transactions_quantity_sign_check',
      sql`CASE WHEN ${t.reverses} IS NOT NULL THEN ${t.quantity} <> 0 ELSE CASE ${t.transaction_type} WHEN 'issue' THEN ${t.quantity} < 0 WHEN 'adjustment' THEN ${t.quantity} <> 0 ELSE ${t.quantity} > 0 END END`,
    ),
  ],
);
