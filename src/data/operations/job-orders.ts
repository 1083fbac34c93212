import { API } from '../../../domain/api-paths';
import { z } from 'zod';
import { expectedVersionFields } from '../../../domain/entity';
import { JOB_ORDER_DEFAULTS, jobOrderBucketSchema, jobOrderCreateSchema, jobOrderStatusSchema, jobOrderUpdateSchema, type JobOrderView } from '../../../domain/job-order';
import { amountOf, sum, toMoney } from '../../../domain/decimal';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, type ReconcileContext } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/**
 * The server's job order in the mirror: its products go to their own table (a job order made
 * offline carries them inside until then) and those the answer no longer lists (removed) leave
 * the device; the history is read online by the detail screen. `tempId` is the row made offline
 * that the answer replaces. The detail's online writes put their answers here too.
 */
export async function storeJobOrder(mirror: MirrorDatabase, serverRow: unknown, tempId: number | null = null): Promise<void> {
  const { items, status_history: _, ...jobOrder } = serverRow as Partial<JobOrderView> & { id: number };
  await mirror.transaction('rw', [mirror.rows('jobOrders'), mirror.rows('jobOrderItems')], async () => {
    if (tempId !== null) await mirror.rows('jobOrders').delete(tempId);
    await mirror.rows('jobOrders').put(jobOrder as MirrorRow);
    if (!items) return;
    const live = new Set(items.map((i) => i.id));
    const gone = (await mirror.rows('jobOrderItems').where('job_order').equals(jobOrder.id).primaryKeys()).filter((id) => !live.has(Number(id)));
    await mirror.rows('jobOrderItems').bulkDelete(gone);
    await mirror.rows('jobOrderItems').bulkPut(items as MirrorRow[]);
  });
}

const reconcileJobOrder = (mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext) => storeJobOrder(mirror, serverRow, ctx.tempId);

/**
 * POST joborders/joborders/create/: a job order with its products, status Created in bucket Sales.
 * Offline it shows at once with its products inside the row and its value worked out exactly.
 */
export const createJobOrder = defineOperation({
  name: 'job-order.create',
  permission: 'job-orders.write',
  label: 'New job order',
  type: 'jobOrders',
  schema: jobOrderCreateSchema,
  creates: true,
  request: (jobOrder) => ({ method: 'POST', url: API.jobOrders.create, body: jobOrder }),
  apply: async (mirror, { job_order_items: products, ...fields }, ctx) => {
    const lines = products.map((p) => ({ ...p, amount: amountOf(p.quantity, p.unit_price) }));
    const row = {
      ...fields,
      branch: fields.branch ?? null,
      purchase_order_date: fields.purchase_order_date ?? null,
      quotation: fields.quotation ?? null,
      sales_order: fields.sales_order ?? null,
      production_department: fields.production_department ?? null,
      ...JOB_ORDER_DEFAULTS,
      total_value: toMoney(sum(lines.map((l) => l.amount))),
      closure_remarks: null,
      cancelled_at: null,
      closed_at: null,
      invoice: null,
      invoice_date: null,
      invoice_amount: null,
      reject_remark: null,
      deleted_at: null,
      job_order_items: lines,
    };
    await mirror.rows('jobOrders').put(newRow(row, ctx));
  },
  reconcile: reconcileJobOrder,
  describe: (jobOrder) => `${jobOrder.job_order_items.length} product${jobOrder.job_order_items.length === 1 ? '' : 's'}${jobOrder.purchase_order ? `, PO ${jobOrder.purchase_order}` : ''}`,
});

/*
 * Changes to a job order name the row's own fields (status, bucket, contact_person…), not the
 * call's (new_status, new_bucket): a 409 then shows the server's value beside this device's in
 * the Sync screen. The version the user saw goes as If-Match, so a change made after another one
 * still unsent expects the version that one leaves, not the one the user first saw.
 */

/** POST joborders/joborders/update/status/{id}/: the foreman moves the work on (or one step back). */
export const changeJobOrderStatus = defineOperation({
  name: 'job-order.status',
  permission: 'job-orders.status',
  label: 'Job order status changed',
  type: 'jobOrders',
  schema: z.object({ id: localRefSchema, status: jobOrderStatusSchema, ...expectedVersionFields }),
  rowId: (change) => change.id,
  request: ({ id, status, expected_version }) => ({ method: 'POST', url: API.jobOrders.updateStatus(ref(id)), body: { new_status: status }, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, status }, ctx) => mergeInto(mirror, 'jobOrders', id, { status }, ctx.now),
  reconcile: reconcileJobOrder,
  describe: (change) => `Job order ${change.id} to ${change.status}`,
});

/** POST joborders/joborders/update/bucket/{id}/: the job order goes to another desk; back to an earlier one with a reject remark. */
export const changeJobOrderBucket = defineOperation({
  name: 'job-order.bucket',
  permission: 'job-orders.bucket',
  label: 'Job order moved to another bucket',
  type: 'jobOrders',
  schema: z.object({ id: localRefSchema, bucket: jobOrderBucketSchema, reject_remark: z.string().trim().max(1000).default(''), ...expectedVersionFields }),
  rowId: (change) => change.id,
  request: ({ id, bucket, reject_remark, expected_version }) => ({
    method: 'POST',
    url: API.jobOrders.updateBucket(ref(id)),
    body: { new_bucket: bucket, reject_remark },
    headers: ifMatch(expected_version),
  }),
  apply: (mirror, { id, bucket, reject_remark }, ctx) => mergeInto(mirror, 'jobOrders', id, { bucket, reject_remark: reject_remark || null }, ctx.now),
  reconcile: reconcileJobOrder,
  describe: (change) => `Job order ${change.id} to ${change.bucket}${change.reject_remark ? `: ${change.reject_remark}` : ''}`,
});

/**
 * PATCH joborders/joborders/update/main/{id}/: the main fields the user changed (contact, purchase
 * order, billing, production department, branch), and only those, so a conflict shows just them.
 */
export const updateJobOrder = defineOperation({
  name: 'job-order.update',
  permission: 'job-orders.write',
  label: 'Job order changed',
  type: 'jobOrders',
  schema: jobOrderUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.jobOrders.updateMain(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'jobOrders', id, changes, ctx.now),
  reconcile: reconcileJobOrder,
  describe: ({ id, expected_version: _, ...changes }) => `Job order ${id}: ${Object.keys(changes).map((field) => field.replace(/_/g, ' ')).join(', ')}`,
});
