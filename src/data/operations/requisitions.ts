import { API } from '../../../domain/api-paths';
import { jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import type { MaterialName } from '../../../domain/material';
import { requisitionCreateSchema, requisitionDetailCreateSchema, requisitionDetailUpdateSchema, type RequisitionView } from '../../../domain/requisition';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow, type ReconcileContext } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** Name and unit of the materials a requisition names, from the device's mirror: the user's materials, or every material's name (row-rules.ts). */
async function materialFacts(mirror: MirrorDatabase, ids: readonly number[]) {
  const found = [...((await mirror.rows('materials').bulkGet([...ids])) as (MaterialName | undefined)[]), ...((await mirror.rows('materialNames').bulkGet([...ids])) as (MaterialName | undefined)[])];
  return new Map(found.filter((m): m is MaterialName => m !== undefined).map((m) => [m.id, { material_name: m.name, material_unit: m.unit }]));
}

/**
 * The server's requisition in place of the one made offline: its lines go to their own table,
 * and lines added offline under the temp id follow the requisition to its server id.
 */
async function reconcileRequisition(mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext): Promise<void> {
  const { requisition_items: lines = [], ...requisition } = serverRow as RequisitionView;
  await mirror.transaction('rw', [mirror.rows('requisitions'), mirror.rows('requisitionDetails')], async () => {
    await putServerRow(mirror, 'requisitions', requisition, ctx);
    await mirror.rows('requisitionDetails').bulkPut(lines as MirrorRow[]);
    if (ctx.tempId !== null) await mirror.rows('requisitionDetails').where('requisition').equals(ctx.tempId).modify({ requisition: requisition.id });
  });
}

/**
 * POST requisitions/requisitions/: a requisition with its materials. Offline it shows at once,
 * open, with its lines inside the row until the server has them (lines have no ids before).
 */
export const createRequisition = defineOperation({
  name: 'requisition.create',
  permission: 'requisitions.write',
  label: 'New requisition',
  type: 'requisitions',
  schema: requisitionCreateSchema,
  creates: true,
  request: (requisition) => ({ method: 'POST', url: API.requisitions.list, body: requisition }),
  apply: async (mirror, { confirm_repeat: _, requisition_items: items, ...requisition }, ctx) => {
    const job = requisition.job_order ? ((await mirror.rows('jobOrders').get(requisition.job_order)) as JobOrder | undefined) : undefined;
    const customer = job ? await mirror.rows('customers').get(job.customer) : undefined;
    const facts = await materialFacts(
      mirror,
      items.map((i) => i.material),
    );
    const lines = items.map((item) => ({
      ...item,
      job_order: item.job_order ?? requisition.job_order ?? null,
      quantity_issued: '0',
      quantity_reserved: '0',
      material_name: facts.get(item.material)?.material_name ?? '',
      material_unit: facts.get(item.material)?.material_unit ?? '',
    }));
    const row = {
      job_order: requisition.job_order ?? null,
      requisition_type: requisition.requisition_type,
      requested_by: ctx.userId,
      is_approved: false,
      approved_by: null,
      approved_at: null,
      is_completed: false,
      closed_at: null,
      close_reason: null,
      cancel_reason: null,
      deleted_at: null,
      state: 'open',
      job_order_label: job ? jobOrderLabel(job) : null,
      customer: job?.customer ?? null,
      customer_name: (customer?.name as string | undefined) ?? null,
      requested_by_name: '',
      line_count: lines.length,
      has_issues: false,
      has_reservations: false,
      requisition_items: lines,
    };
    await mirror.rows('requisitions').put(newRow(row, ctx));
  },
  reconcile: reconcileRequisition,
  describe: (requisition) => `${requisition.requisition_items.length} material${requisition.requisition_items.length === 1 ? '' : 's'}${requisition.job_order ? ` for job order ${requisition.job_order}` : ''}`,
});

/** POST requisitions/requisition_details/: a material added to a requisition, one made offline too. */
export const addRequisitionLine = defineOperation({
  name: 'requisition-line.add',
  permission: 'requisitions.write',
  label: 'Material added to a requisition',
  type: 'requisitionDetails',
  schema: requisitionDetailCreateSchema.extend({ requisition: localRefSchema }),
  creates: true,
  request: (line) => ({ method: 'POST', url: API.requisitionDetails.list, body: { ...line, requisition: ref(line.requisition) } }),
  apply: async (mirror, { confirm_repeat: _, ...line }, ctx) => {
    const facts = await materialFacts(mirror, [line.material]);
    const requisition = await mirror.rows('requisitions').get(line.requisition);
    const job_order = line.job_order ?? (requisition?.job_order as number | null | undefined) ?? null;
    await mirror.rows('requisitionDetails').put(newRow({ ...line, job_order, quantity_issued: '0', quantity_reserved: '0', deleted_at: null, ...facts.get(line.material) }, ctx));
  },
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'requisitionDetails', row, ctx),
  describe: (line) => `Material ${line.material}, quantity ${line.quantity}`,
});

/** PATCH requisitions/requisition_details/{id}/ with If-Match: a line's quantity or material. */
export const changeRequisitionLine = defineOperation({
  name: 'requisition-line.change',
  permission: 'requisitions.write',
  label: 'Requisition line changed',
  type: 'requisitionDetails',
  schema: requisitionDetailUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.requisitionDetails.detail(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, confirm_repeat: _c, ...changes }, ctx) => mergeInto(mirror, 'requisitionDetails', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'requisitionDetails', row, ctx),
  describe: (changes) => (changes.quantity ? `Quantity ${changes.quantity}` : `Line ${changes.id}`),
});

/** DELETE requisitions/requisition_details/{id}/: a line removed (soft: it leaves the lists). */
export const removeRequisitionLine = defineOperation({
  name: 'requisition-line.remove',
  permission: 'requisitions.write',
  label: 'Material removed from a requisition',
  type: 'requisitionDetails',
  schema: requisitionDetailUpdateSchema.pick({ expected_version: true }).extend({ id: localRefSchema }),
  rowId: (line) => line.id,
  request: ({ id, expected_version }) => ({ method: 'DELETE', url: API.requisitionDetails.detail(ref(id)), headers: ifMatch(expected_version) }),
  apply: (mirror, { id }) => mirror.rows('requisitionDetails').delete(id),
  reconcile: async () => undefined,
  describe: (line) => `Line ${line.id}`,
});
