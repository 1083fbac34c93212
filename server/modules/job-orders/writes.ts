import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  JOB_ORDER_CANCELLED_STEP,
  JOB_ORDER_DEFAULTS,
  JOB_ORDER_MESSAGES,
  jobOrderBucketRefusal,
  jobOrderCancelRefusal,
  jobOrderCloseRefusal,
  jobOrderStatusRefusal,
  type JobOrderBucket,
  type JobOrderHistoryKind,
  type JobOrderStatus,
  type JobOrderView,
} from '../../../domain/job-order';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { issuedInvoiceOfJobOrder } from '../invoices/sources';
import { receivedForJobOrder } from '../receipts/job-orders';
import { customerBranches, customers, deliveryNoteItems, deliveryNotes, jobOrderItems, jobOrders, jobOrderStatusHistory, quotations, requisitions, salesOrderItems, salesOrders, users } from '../../db/schema';
import { badRequest, fieldError, type FieldErrors, invalidPk, notFound } from '../../lib/http-error';
import { checkEdit } from '../../lib/row-rules';
import { findRow, publicRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { isPending } from '../requisitions/service';
import { findJobOrder, jobOrderView, type CreateInput, type ItemInput, type ItemUpdateInput, type JobOrderPublic, type JobOrderRow, type UpdateInput } from './service';

/* ---------------------------------------------------------------------------------------------
 * Writes
 * ------------------------------------------------------------------------------------------- */

const now = <T>() => sql`now()` as unknown as T;
const refuse = (message: string) => badRequest({ non_field_errors: [message] });

/** The job order locked for the rest of the transaction (cancelled ones too, so refusals can say why). */
async function lockJobOrder(tx: Db, id: number): Promise<JobOrderRow> {
  const [row] = await tx
    .select()
    .from(jobOrders)
    .where(and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The job order locked for an edit of its main fields or products: only by those its row rule
 * lets change it (a sales executive: their own), and neither cancelled nor closed.
 */
async function lockEditableJobOrder(tx: Db, actor: User, id: number): Promise<JobOrderRow> {
  const row = await lockJobOrder(tx, id);
  checkEdit('jobOrder', actor, row);
  refuseIfFinished(row);
  return row;
}

/** A cancelled or closed job order takes no edits. */
function refuseIfFinished(row: JobOrderRow): void {
  if (row.cancelled_at) throw refuse(JOB_ORDER_MESSAGES.cancelled);
  if (row.status === 'closed') throw refuse(JOB_ORDER_MESSAGES.closed);
}

async function recordStep(tx: Db, actor: User, jobOrder: number, kind: JobOrderHistoryKind, from: string | null, to: string, remark = ''): Promise<void> {
  await tx.insert(jobOrderStatusHistory).values({ job_order: jobOrder, kind, from, to, remark, changed_by: actor.id, created_by: actor.id });
}

/** Field errors for references that name no live row, so a form hears about each at once. */
async function referenceProblems(tx: Db, input: Partial<Pick<CreateInput, 'customer' | 'branch' | 'sales_executive' | 'quotation' | 'sales_order'>>, customer: number): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const check = async (field: string, id: number | null | undefined, exists: (id: number) => Promise<unknown[]>) => {
    if (id != null && !(await exists(id)).length) problems[field] = [invalidPk(id)];
  };
  await check('customer', input.customer, (id) => tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)));
  await check('sales_executive', input.sales_executive, (id) => tx.select({ id: users.id }).from(users).where(eq(users.id, id)));
  await check('quotation', input.quotation, (id) => tx.select({ id: quotations.id }).from(quotations).where(and(eq(quotations.id, id), isNull(quotations.deleted_at))));
  await check('sales_order', input.sales_order, (id) => tx.select({ id: salesOrders.id }).from(salesOrders).where(and(eq(salesOrders.id, id), isNull(salesOrders.deleted_at))));
  if (input.branch != null) {
    const [branch] = await tx.select({ customer: customerBranches.customer }).from(customerBranches).where(eq(customerBranches.id, input.branch));
    if (!branch) problems.branch = [invalidPk(input.branch)];
    else if (branch.customer !== customer) problems.branch = ['This branch belongs to another customer.'];
  }
  return problems;
}

async function itemProblems(tx: Db, items: readonly Pick<ItemInput, 'sales_order_item'>[], prefix: (i: number) => string): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  for (const [i, item] of items.entries()) {
    if (item.sales_order_item == null) continue;
    const [found] = await tx
      .select({ id: salesOrderItems.id })
      .from(salesOrderItems)
      .where(and(eq(salesOrderItems.id, item.sales_order_item), isNull(salesOrderItems.deleted_at)));
    if (!found) problems[`${prefix(i)}sales_order_item`] = [invalidPk(item.sales_order_item)];
  }
  return problems;
}

function throwIfAny(...groups: FieldErrors[]): void {
  const all = Object.assign({}, ...groups) as FieldErrors;
  if (Object.keys(all).length) throw badRequest(all);
}

/** quantity × unit price, rounded to paise, by the database. */
const amountOf = (quantity: string | SQL, unitPrice: string | SQL) => sql<string>`round(${quantity}::numeric * ${unitPrice}::numeric, 2)`;

/** `total_value` follows the live products; writing it also moves the job order's version and sync cursor. */
async function settleTotal(tx: Db, id: number): Promise<void> {
  await tx
    .update(jobOrders)
    .set({ total_value: sql`(SELECT coalesce(sum(${jobOrderItems.amount}), 0) FROM ${jobOrderItems} WHERE ${jobOrderItems.job_order} = ${id} AND ${jobOrderItems.deleted_at} IS NULL)` })
    .where(eq(jobOrders.id, id));
}

const itemValues = (jobOrder: number, actor: User, item: ItemInput) => ({
  job_order: jobOrder,
  product: item.product,
  description: item.description,
  quantity: item.quantity,
  unit_price: item.unit_price,
  amount: amountOf(item.quantity, item.unit_price) as unknown as string,
  sales_order_item: item.sales_order_item ?? null,
  created_by: actor.id,
});

/** create/: a job order with its products, starting Created in the Sales bucket. */
export async function createJobOrder(db: Db, actor: User, input: CreateInput): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      throwIfAny(
        await referenceProblems(tx, input, input.customer),
        await itemProblems(tx, input.job_order_items, (i) => `job_order_items.${i}.`),
      );
      const { job_order_items: items, ...fields } = input;
      const [row] = await tx
        .insert(jobOrders)
        .values({
          ...fields,
          ...JOB_ORDER_DEFAULTS,
          branch: fields.branch ?? null,
          quotation: fields.quotation ?? null,
          sales_order: fields.sales_order ?? null,
          production_department: fields.production_department ?? null,
          purchase_order_date: fields.purchase_order_date ?? null,
          total_value: sql`(SELECT sum(${sql.join(
            items.map((item) => amountOf(item.quantity, item.unit_price)),
            sql` + `,
          )}))` as unknown as string,
          created_by: actor.id,
        })
        .returning();
      await tx.insert(jobOrderItems).values(items.map((item) => itemValues(row!.id, actor, item)));
      await recordStep(tx, actor, row!.id, 'status', null, JOB_ORDER_DEFAULTS.status);
      await recordStep(tx, actor, row!.id, 'bucket', null, JOB_ORDER_DEFAULTS.bucket);
      return jobOrderView(tx, row!.id);
    },
    (view) => ({ action: 'job_order.create', target: `job_orders:${view.id}`, risk: 'low', metadata: { customer: view.customer, items: view.items.length, total_value: view.total_value } }),
  );
}

/** PATCH update/main/{id}/: the main fields, while the job order is neither cancelled nor closed. */
export async function updateJobOrder(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined): Promise<JobOrderPublic> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockEditableJobOrder(tx, actor, id);
      // Nor may a sales executive hand the job order to another sales executive.
      checkEdit('jobOrder', actor, { ...row, sales_executive: input.sales_executive ?? row.sales_executive });
      const customer = input.customer ?? row.customer;
      // A new customer needs a branch of its own: the old one is checked against it too.
      const branch = input.branch === undefined && input.customer !== undefined ? row.branch : input.branch;
      throwIfAny(await referenceProblems(tx, { ...input, branch }, customer));
      return publicRow(await updateRow(tx, jobOrders, id, input as Partial<typeof jobOrders.$inferInsert>, expected));
    },
    (row) => ({ action: 'job_order.update', target: `job_orders:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) } }),
  );
}

/** add/product/{id}/: one more product on a job order in work. */
export async function addProduct(db: Db, actor: User, id: number, input: ItemInput): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockEditableJobOrder(tx, actor, id);
      throwIfAny(await itemProblems(tx, [input], () => ''));
      await tx.insert(jobOrderItems).values(itemValues(id, actor, input));
      await settleTotal(tx, id);
      return jobOrderView(tx, id);
    },
    (view) => ({ action: 'job_order_item.create', target: `job_orders:${view.id}`, risk: 'low', metadata: { product: input.product, total_value: view.total_value } }),
  );
}

async function itemOf(tx: Db, actor: User, itemId: number) {
  const item = await findRow(tx, jobOrderItems, itemId);
  return { item, jobOrder: await lockEditableJobOrder(tx, actor, item.job_order) };
}

/** PUT update/product/{id}/ (a product's id): its fields; the amount and the job order's value follow. */
export async function updateProduct(db: Db, actor: User, itemId: number, input: ItemUpdateInput, expected: number | undefined): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { item, jobOrder } = await itemOf(tx, actor, itemId);
      throwIfAny(await itemProblems(tx, [input], () => ''));
      const quantity = input.quantity ?? item.quantity;
      const unitPrice = input.unit_price ?? item.unit_price;
      await updateRow(tx, jobOrderItems, itemId, { ...input, amount: amountOf(quantity, unitPrice) as unknown as string }, expected);
      await settleTotal(tx, jobOrder.id);
      return jobOrderView(tx, jobOrder.id);
    },
    (view) => ({ action: 'job_order_item.update', target: `job_order_items:${itemId}`, risk: 'low', metadata: { job_order: view.id, total_value: view.total_value } }),
  );
}

/** PUT job_order_items/delete/{id}/: removes a product no live delivery note carries; a job order keeps at least one. */
export async function deleteProduct(db: Db, actor: User, itemId: number, expected: number | undefined): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { jobOrder } = await itemOf(tx, actor, itemId);
      const [delivered] = await tx
        .select({ id: deliveryNoteItems.id })
        .from(deliveryNoteItems)
        .innerJoin(deliveryNotes, eq(deliveryNotes.id, deliveryNoteItems.delivery_note))
        .where(and(eq(deliveryNoteItems.job_order_item, itemId), isNull(deliveryNoteItems.deleted_at), isNull(deliveryNotes.deleted_at)))
        .limit(1);
      if (delivered) throw refuse(JOB_ORDER_MESSAGES.deliveredItem);
      const others = await tx
        .select({ id: jobOrderItems.id })
        .from(jobOrderItems)
        .where(and(eq(jobOrderItems.job_order, jobOrder.id), isNull(jobOrderItems.deleted_at), ne(jobOrderItems.id, itemId)));
      if (!others.length) throw refuse(JOB_ORDER_MESSAGES.lastItem);
      await updateRow(tx, jobOrderItems, itemId, { deleted_at: now() }, expected);
      await settleTotal(tx, jobOrder.id);
      return jobOrderView(tx, jobOrder.id);
    },
    (view) => ({ action: 'job_order_item.delete', target: `job_order_items:${itemId}`, risk: 'medium', metadata: { job_order: view.id, total_value: view.total_value } }),
  );
}

/** The pending requisitions (REQUISITION_PENDING_STATES) raised against the job order or with a line for it. */
export async function activeRequisitions(db: Db, jobOrder: number): Promise<number[]> {
  const rows = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(
      and(
        isPending,
        or(
          eq(requisitions.job_order, jobOrder),
          sql`EXISTS (SELECT 1 FROM requisition_details d WHERE d.requisition = ${requisitions.id} AND d.deleted_at IS NULL AND d.job_order = ${jobOrder})`,
        ),
      ),
    )
    .orderBy(asc(requisitions.id));
  return rows.map((r) => r.id);
}

/** has-active-requisitions/{id}/ */
export async function activeRequisitionsVerdict(db: Db, id: number) {
  await findJobOrder(db, id);
  const ids = await activeRequisitions(db, id);
  return { has_active_requisitions: ids.length > 0, requisitions: ids };
}

async function refuseWithActiveRequisitions(tx: Db, id: number): Promise<void> {
  const ids = await activeRequisitions(tx, id);
  if (ids.length) throw refuse(`${JOB_ORDER_MESSAGES.activeRequisitions} Requisitions: ${ids.join(', ')}.`);
}

type JobOrderHistoryStep = { kind: JobOrderHistoryKind; from: string | null; to: string; remark?: string };

/** One change of a job order's own row: what stops it, what it writes, what the history and the audit say. */
interface JobOrderStep {
  /** Why the job order may not take the step as it stands now (a refusal), or null; may throw an error of its own. */
  refusal: (row: JobOrderRow) => string | null;
  /** Ending the job order (cancel, close) is refused while its requisitions are still being served. */
  ends?: boolean;
  values: (row: JobOrderRow) => Partial<typeof jobOrders.$inferInsert>;
  history?: (row: JobOrderRow) => JobOrderHistoryStep;
  /** What else the step writes in its transaction. */
  alongside?: (tx: Db, row: JobOrderRow) => Promise<void>;
  audit: { action: string; risk: 'low' | 'medium' | 'high'; metadata?: Record<string, unknown> };
}

/**
 * A change of the job order's own row after a check of where it stands: checked, written at the
 * expected version, recorded in the history and audited in one transaction.
 */
async function step(db: Db, actor: User, id: number, expected: number | undefined, change: JobOrderStep): Promise<JobOrderPublic> {
  const { audit } = change;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockJobOrder(tx, id);
      const refusal = change.refusal(row);
      if (refusal) throw refuse(refusal);
      if (change.ends) await refuseWithActiveRequisitions(tx, id);
      const history = change.history?.(row);
      const updated = await updateRow(tx, jobOrders, id, change.values(row), expected);
      if (history) await recordStep(tx, actor, id, history.kind, history.from, history.to, history.remark);
      await change.alongside?.(tx, row);
      return publicRow(updated);
    },
    (row) => ({ action: `job_order.${audit.action}`, target: `job_orders:${row.id}`, risk: audit.risk, metadata: { status: row.status, bucket: row.bucket, ...audit.metadata } }),
  );
}

/** POST update/status/{id}/: one step along JOB_ORDER_STATUS_FLOW. */
export const changeStatus = (db: Db, actor: User, id: number, next: JobOrderStatus, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: (row) => jobOrderStatusRefusal(row, next),
    values: () => ({ status: next }),
    history: (row) => ({ kind: 'status', from: row.status, to: next }),
    audit: { action: 'status', risk: 'low', metadata: { new_status: next } },
  });

/**
 * A job order reaching design's desk enters design's row rule (domain/row-rules.ts) with products
 * written long before: they are touched, so design's devices receive them with their next delta.
 */
async function bringProductsToDesign(tx: Db, id: number): Promise<void> {
  await tx.update(jobOrderItems).set({ updated_at: sql`now()` }).where(and(eq(jobOrderItems.job_order, id), isNull(jobOrderItems.deleted_at)));
}

/** POST update/bucket/{id}/: to another desk; back to an earlier one only with a reject remark. */
export const changeBucket = (db: Db, actor: User, id: number, next: JobOrderBucket, rejectRemark: string, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: (row) => jobOrderBucketRefusal(row, next, rejectRemark),
    values: () => ({ bucket: next, reject_remark: rejectRemark || null }),
    history: (row) => ({ kind: 'bucket', from: row.bucket, to: next, remark: rejectRemark }),
    alongside: next === 'Design' ? (tx) => bringProductsToDesign(tx, id) : undefined,
    audit: { action: 'bucket', risk: 'low', metadata: { new_bucket: next, reject_remark: rejectRemark } },
  });

/** PUT cancel/{id}/: the customer called it off; refused while requisitions are still being served. */
export const cancelJobOrder = (db: Db, actor: User, id: number, closureRemarks: string, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: jobOrderCancelRefusal,
    ends: true,
    values: () => ({ cancelled_at: now(), closure_remarks: closureRemarks }),
    history: (row) => ({ kind: 'status', from: row.status, to: JOB_ORDER_CANCELLED_STEP, remark: closureRemarks }),
    audit: { action: 'cancel', risk: 'medium', metadata: { closure_remarks: closureRemarks } },
  });

type InvoiceDetails = { invoice: string; invoice_date: string; invoice_amount: string };

/** The invoice details a job order records: those of the invoice issued for it where there is one (decision 315), else the ones typed in. */
const invoiceDetailsOf = async (db: Db, id: number, typed: InvoiceDetails): Promise<InvoiceDetails> => (await issuedInvoiceOfJobOrder(db, id)) ?? typed;

/** PUT close/{id}/: a dispatched job order is closed with its invoice; refused while requisitions are still being served. */
export const closeJobOrder = async (db: Db, actor: User, id: number, typed: InvoiceDetails & { closure_remarks: string }, expected: number | undefined) => {
  const input = { ...typed, ...(await invoiceDetailsOf(db, id, typed)) };
  return step(db, actor, id, expected, {
    refusal: jobOrderCloseRefusal,
    ends: true,
    values: () => ({ ...input, status: 'closed', closed_at: now() }),
    history: (row) => ({ kind: 'status', from: row.status, to: 'closed', remark: input.closure_remarks }),
    audit: { action: 'close', risk: 'medium', metadata: { invoice: input.invoice, invoice_amount: input.invoice_amount } },
  });
};

/** PATCH update/main/invoice-details/{id}/: corrects the invoice of a closed job order (to the issued invoice's, where there is one). */
export const updateInvoiceDetails = async (db: Db, actor: User, id: number, typed: InvoiceDetails, expected: number | undefined) => {
  const input = await invoiceDetailsOf(db, id, typed);
  return step(db, actor, id, expected, {
    refusal: (row) => (row.cancelled_at ? JOB_ORDER_MESSAGES.cancelled : row.status !== 'closed' ? JOB_ORDER_MESSAGES.invoiceOnlyClosed : null),
    values: () => input,
    audit: { action: 'invoice_details', risk: 'medium', metadata: { ...input } },
  });
};

/**
 * PATCH advance-amount/{id}/: what the customer has paid so far, read from the receipts where any
 * touch the job order (decision 317), else the amount typed (it replaces the recorded one).
 */
export const setAdvanceAmount = async (db: Db, actor: User, id: number, input: { job_order_id?: number; amount: string }, expected: number | undefined) => {
  const amount = (await receivedForJobOrder(db, id)) ?? input.amount;
  return step(db, actor, id, expected, {
    refusal: (row) => {
      if (input.job_order_id !== undefined && input.job_order_id !== id) throw fieldError('job_order_id', 'This is not the job order of the address.');
      return row.cancelled_at ? JOB_ORDER_MESSAGES.cancelled : null;
    },
    values: () => ({ advance_amount: amount }),
    audit: { action: 'advance_amount', risk: 'medium', metadata: { amount, typed: input.amount } },
  });
};
