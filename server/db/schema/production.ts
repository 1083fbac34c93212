import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoTimestamp, money, quantity, softDelete, tracked } from './columns';
import { materials } from './materials';
import { users } from './platform';
import { customerBranches, customers, quotations, salesOrderItems, salesOrders } from './sales';
import type { JobOrderBucket, JobOrderHistoryKind, JobOrderStatus, ProductionDepartment } from '../../../domain/job-order';
import type { DeliveryNoteStatus } from '../../../domain/delivery-note';
import type { DispatchStatus } from '../../../domain/dispatch';
import type { JobOrderExpenseCategory, JobOrderExpenseStatus } from '../../../domain/job-order-expense';

/**
 * Job orders (business-areas.md §3): the production order raised from a customer's purchase
 * order. `total_value` is stored and always equals the sum of its live items' amounts.
 */
export const jobOrders = pgTable(
  'job_orders',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    branch: integer('branch').references(() => customerBranches.id),
    contact_person: text('contact_person').notNull().default(''),
    contact_number: text('contact_number').notNull().default(''),
    sales_executive: integer('sales_executive')
      .notNull()
      .references(() => users.id),
    /** The customer's purchase order number and date. */
    purchase_order: text('purchase_order').notNull().default(''),
    purchase_order_date: date('purchase_order_date'),
    billing_account: text('billing_account').notNull().default(''),
    /** Share of the job order value to be billed, in percent (0 to 100). */
    billing_percentage: numeric('billing_percentage', { precision: 5, scale: 2 }).notNull().default('100'),
    quotation: integer('quotation').references(() => quotations.id),
    sales_order: integer('sales_order').references(() => salesOrders.id),
    status: text('status').$type<JobOrderStatus>().notNull().default('Created'),
    bucket: text('bucket').$type<JobOrderBucket>().notNull().default('Sales'),
    production_department: text('production_department').$type<ProductionDepartment>(),
    total_value: money('total_value').notNull().default('0'),
    advance_amount: money('advance_amount').notNull().default('0'),
    closure_remarks: text('closure_remarks'),
    cancelled_at: isoTimestamp('cancelled_at'),
    closed_at: isoTimestamp('closed_at'),
    /** The company's invoice for the job order (its number), recorded when it is closed. */
    invoice: text('invoice'),
    invoice_date: date('invoice_date'),
    invoice_amount: money('invoice_amount'),
    /** The remark given with the last bucket change. */
    reject_remark: text('reject_remark'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('job_orders_status_idx').on(t.status),
    index('job_orders_bucket_idx').on(t.bucket),
    index('job_orders_customer_idx').on(t.customer),
    index('job_orders_branch_idx').on(t.branch),
    index('job_orders_sales_executive_idx').on(t.sales_executive),
    index('job_orders_quotation_idx').on(t.quotation),
    index('job_orders_sales_order_idx').on(t.sales_order),
    index('job_orders_created_at_idx').on(t.created_at),
    index('job_orders_txid_idx').on(t.txid),
  ],
);

/** The products of a job order; `amount` is quantity × unit price, rounded to 2 decimals. */
export const jobOrderItems = pgTable(
  'job_order_items',
  {
    id: serial('id').primaryKey(),
    job_order: integer('job_order')
      .notNull()
      .references(() => jobOrders.id),
    product: text('product').notNull(),
    description: text('description').notNull().default(''),
    quantity: quantity('quantity').notNull(),
    unit_price: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    sales_order_item: integer('sales_order_item').references(() => salesOrderItems.id),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('job_order_items_job_order_idx').on(t.job_order),
    index('job_order_items_sales_order_item_idx').on(t.sales_order_item),
    index('job_order_items_txid_idx').on(t.txid),
  ],
);

/**
 * Every status change and bucket move of a job order (creation, cancelling and closing too), with
 * who made it and when; appended by the job orders service, never changed.
 */
export const jobOrderStatusHistory = pgTable(
  'job_order_status_history',
  {
    id: serial('id').primaryKey(),
    job_order: integer('job_order')
      .notNull()
      .references(() => jobOrders.id),
    kind: text('kind').$type<JobOrderHistoryKind>().notNull(),
    from: text('from'),
    to: text('to').notNull(),
    remark: text('remark').notNull().default(''),
    changed_by: integer('changed_by').references(() => users.id),
    changed_at: isoTimestamp('changed_at').notNull().default(sql`now()`),
    ...tracked(),
  },
  (t) => [
    index('job_order_status_history_job_order_idx').on(t.job_order),
    index('job_order_status_history_changed_by_idx').on(t.changed_by),
    index('job_order_status_history_txid_idx').on(t.txid),
  ],
);

/** Expenses booked against a job order (transport, labour…); approved by a manager. */
export const jobOrderExpenses = pgTable(
  'job_order_expenses',
  {
    id: serial('id').primaryKey(),
    job_order: integer('job_order')
      .notNull()
      .references(() => jobOrders.id),
    expense_category: text('expense_category').$type<JobOrderExpenseCategory>().notNull(),
    description: text('description').notNull().default(''),
    expense_date: date('expense_date').notNull(),
    amount: money('amount').notNull(),
    status: text('status').$type<JobOrderExpenseStatus>().notNull().default('PENDING'),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('job_order_expenses_job_order_idx').on(t.job_order),
    index('job_order_expenses_status_idx').on(t.status),
    index('job_order_expenses_approved_by_idx').on(t.approved_by),
    index('job_order_expenses_expense_date_idx').on(t.expense_date),
    index('job_order_expenses_txid_idx').on(t.txid),
  ],
);

/** Delivery notes (delivery challans): what leaves the factory for a job order. Deleting one cancels it. */
export const deliveryNotes = pgTable(
  'delivery_notes',
  {
    id: serial('id').primaryKey(),
    job_order: integer('job_order')
      .notNull()
      .references(() => jobOrders.id),
    delivery_date: date('delivery_date').notNull().default(sql`(now() AT TIME ZONE 'Asia/Kolkata')::date`),
    delivery_location: text('delivery_location').notNull(),
    remarks: text('remarks').notNull().default(''),
    status: text('status').$type<DeliveryNoteStatus>().notNull().default('draft'),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('delivery_notes_job_order_idx').on(t.job_order),
    index('delivery_notes_status_idx').on(t.status),
    index('delivery_notes_delivery_date_idx').on(t.delivery_date),
    index('delivery_notes_approved_by_idx').on(t.approved_by),
    index('delivery_notes_created_at_idx').on(t.created_at),
    index('delivery_notes_txid_idx').on(t.txid),
  ],
);

/** The job order products a delivery note carries, one live line per product. */
export const deliveryNoteItems = pgTable(
  'delivery_note_items',
  {
    id: serial('id').primaryKey(),
    delivery_note: integer('delivery_note')
      .notNull()
      .references(() => deliveryNotes.id),
    job_order_item: integer('job_order_item')
      .notNull()
      .references(() => jobOrderItems.id),
    quantity: quantity('quantity').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('delivery_note_items_note_item_key').on(t.delivery_note, t.job_order_item).where(sql`${t.deleted_at} IS NULL`),
    index('delivery_note_items_delivery_note_idx').on(t.delivery_note),
    index('delivery_note_items_job_order_item_idx').on(t.job_order_item),
    index('delivery_note_items_txid_idx').on(t.txid),
  ],
);

/** Dispatches: a delivery note leaving on a vehicle (packing and dispatch). */
export const dispatches = pgTable(
  'dispatches',
  {
    id: serial('id').primaryKey(),
    delivery_note: integer('delivery_note')
      .notNull()
      .references(() => deliveryNotes.id),
    job_order: integer('job_order')
      .notNull()
      .references(() => jobOrders.id),
    dispatch_date: date('dispatch_date').notNull(),
    vehicle_number: text('vehicle_number').notNull().default(''),
    driver_name: text('driver_name').notNull().default(''),
    driver_phone: text('driver_phone').notNull().default(''),
    status: text('status').$type<DispatchStatus>().notNull().default('scheduled'),
    remarks: text('remarks').notNull().default(''),
    ...tracked(),
  },
  (t) => [
    index('dispatches_delivery_note_idx').on(t.delivery_note),
    index('dispatches_job_order_idx').on(t.job_order),
    index('dispatches_dispatch_date_idx').on(t.dispatch_date),
    index('dispatches_status_idx').on(t.status),
    index('dispatches_txid_idx').on(t.txid),
  ],
);

/**
 * Requisitions: a request for materials from stores, against a job order (consumables may
 * have none). Re-work and shortfall requisitions need approval; deleting one cancels it.
 */
export const requisitions = pgTable(
  'requisitions',
  {
    id: serial('id').primaryKey(),
    job_order: integer('job_order').references(() => jobOrders.id),
    requisition_type: text('requisition_type').notNull(),
    requested_by: integer('requested_by')
      .notNull()
      .references(() => users.id),
    is_approved: boolean('is_approved').notNull().default(false),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    is_completed: boolean('is_completed').notNull().default(false),
    closed_at: isoTimestamp('closed_at'),
    close_reason: text('close_reason'),
    /** Why it was cancelled (deleted); `deleted_at` is when. */
    cancel_reason: text('cancel_reason'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('requisitions_requisition_type_idx').on(t.requisition_type),
    index('requisitions_job_order_idx').on(t.job_order),
    index('requisitions_requested_by_idx').on(t.requested_by),
    index('requisitions_approved_by_idx').on(t.approved_by),
    index('requisitions_is_completed_idx').on(t.is_completed),
    index('requisitions_created_at_idx').on(t.created_at),
    index('requisitions_txid_idx').on(t.txid),
  ],
);

/** The materials of a requisition: requested, reserved and issued quantities; one live line per material. */
export const requisitionDetails = pgTable(
  'requisition_details',
  {
    id: serial('id').primaryKey(),
    requisition: integer('requisition')
      .notNull()
      .references(() => requisitions.id),
    material: integer('material')
      .notNull()
      .references(() => materials.id),
    job_order: integer('job_order').references(() => jobOrders.id),
    quantity: quantity('quantity').notNull(),
    /** Changed only with the stock ledger (issues against this line). */
    quantity_issued: quantity('quantity_issued').notNull().default('0'),
    quantity_reserved: quantity('quantity_reserved').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('requisition_details_requisition_material_key').on(t.requisition, t.material).where(sql`${t.deleted_at} IS NULL`),
    index('requisition_details_requisition_idx').on(t.requisition),
    index('requisition_details_material_idx').on(t.material),
    index('requisition_details_job_order_idx').on(t.job_order),
    index('requisition_details_txid_idx').on(t.txid),
  ],
);
