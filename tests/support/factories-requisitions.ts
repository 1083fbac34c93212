import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { jobOrderItems, jobOrders, requisitionDetails, requisitions, stockTransactions } from '../../server/db/schema';
import type { JobOrderStatus } from '../../domain/job-order';
import type { RequisitionType } from '../../domain/requisition';
import type { StockTransactionStatus, StockTransactionType } from '../../domain/stock';
import { makeCustomer } from './factories-sales';
import { userId } from './factories';
import { businessDayOf } from '../../domain/rules/dates';

/** Production test data (job orders, requisitions, their ledger rows), made directly in the database. */

const at = (iso: string | undefined) => (iso ? new Date(iso).toISOString() : new Date().toISOString());

export async function makeJobOrder(db: Db, values: { customer?: number; salesExecutive?: number; status?: JobOrderStatus; closed?: boolean; cancelled?: boolean; deleted?: boolean } = {}) {
  const customer = values.customer ?? (await makeCustomer(db)).id;
  const [row] = await db
    .insert(jobOrders)
    .values({
      customer,
      sales_executive: values.salesExecutive ?? (await userId(db, 'sales.exec')),
      status: values.status ?? (values.closed ? 'closed' : 'in-process'),
      closed_at: values.closed ? at(undefined) : null,
      cancelled_at: values.cancelled ? at(undefined) : null,
      closure_remarks: values.closed || values.cancelled ? 'Done' : null,
      deleted_at: values.deleted ? at(undefined) : null,
    })
    .returning();
  return row!;
}

/** A product of a job order; the amount is quantity × unit price as the job order module keeps it. */
export async function makeJobOrderItem(db: Db, jobOrder: number, values: { product?: string; quantity?: string; unit_price?: string; deleted?: boolean } = {}) {
  const quantity = values.quantity ?? '10';
  const unitPrice = values.unit_price ?? '100';
  const [row] = await db
    .insert(jobOrderItems)
    .values({
      job_order: jobOrder,
      product: values.product ?? 'Acrylic display stand',
      quantity,
      unit_price: unitPrice,
      amount: sql`round(${quantity}::numeric * ${unitPrice}::numeric, 2)` as unknown as string,
      deleted_at: values.deleted ? at(undefined) : null,
    })
    .returning();
  return row!;
}

export interface LineValues {
  material: number;
  quantity?: string;
  quantity_issued?: string;
  quantity_reserved?: string;
  job_order?: number | null;
  deleted?: boolean;
}

/**
 * A requisition in whatever state a test needs: approved, closed, cancelled and completed are
 * set as given; issued quantities are written on the lines as the stock ledger would.
 */
export async function makeRequisition(
  db: Db,
  values: {
    requested_by?: string;
    job_order?: number | null;
    requisition_type?: RequisitionType;
    approved?: boolean;
    completed?: boolean;
    closed?: boolean;
    cancelled?: boolean;
    created_at?: string;
    lines: LineValues[];
  },
) {
  const requester = await userId(db, values.requested_by ?? 'foreman');
  const [row] = await db
    .insert(requisitions)
    .values({
      job_order: values.job_order ?? null,
      requisition_type: values.requisition_type ?? 'standard',
      requested_by: requester,
      created_by: requester,
      is_approved: values.approved ?? false,
      approved_by: values.approved ? await userId(db, 'management') : null,
      approved_at: values.approved ? at(undefined) : null,
      is_completed: values.completed ?? false,
      closed_at: values.closed ? at(undefined) : null,
      close_reason: values.closed ? 'No longer needed' : null,
      deleted_at: values.cancelled ? at(undefined) : null,
      cancel_reason: values.cancelled ? 'Raised by mistake' : null,
      created_at: at(values.created_at),
    })
    .returning();
  const lines = await db
    .insert(requisitionDetails)
    .values(
      values.lines.map((line) => ({
        requisition: row!.id,
        material: line.material,
        job_order: line.job_order === undefined ? (values.job_order ?? null) : line.job_order,
        quantity: line.quantity ?? '10',
        quantity_issued: line.quantity_issued ?? '0',
        quantity_reserved: line.quantity_reserved ?? '0',
        deleted_at: line.deleted ? at(undefined) : null,
      })),
    )
    .returning();
  return { ...row!, lines };
}

/** A ledger row as the stock module writes it (signed quantity: issues negative). */
export async function makeLedgerRow(
  db: Db,
  values: {
    material: number;
    transaction_type: StockTransactionType;
    quantity: string;
    requisition?: number;
    requisition_detail?: number;
    rate?: string | null;
    status?: StockTransactionStatus;
    transaction_date?: string;
    /** A reversing entry of this row (same type, opposite sign); the row is marked reversed by it. */
    reverses?: number;
  },
) {
  const [row] = await db
    .insert(stockTransactions)
    .values({
      material: values.material,
      transaction_type: values.transaction_type,
      quantity: values.quantity,
      requisition: values.requisition ?? null,
      requisition_detail: values.requisition_detail ?? null,
      rate: values.rate ?? null,
      status: values.status ?? 'completed',
      transaction_date: values.transaction_date ?? businessDayOf(new Date()),
      reverses: values.reverses ?? null,
    } as typeof stockTransactions.$inferInsert)
    .returning();
  if (values.reverses) await db.update(stockTransactions).set({ reversed_by: row!.id }).where(eq(stockTransactions.id, values.reverses));
  return row!;
}
