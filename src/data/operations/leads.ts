import { API } from '../../../domain/api-paths';
import { z } from 'zod';
import { expectedVersionFields } from '../../../domain/entity';
import { leadCreateBodySchema, leadRemarkCreateSchema, leadUpdateBodySchema } from '../../../domain/lead';
import type { MirrorDatabase } from '../mirror/db';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow, type ReconcileContext } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** The server's lead in place of the temp one; remarks written offline under the temp id follow it. */
async function reconcileLead(mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext): Promise<void> {
  await mirror.transaction('rw', [mirror.rows('leads'), mirror.rows('leadRemarks')], async () => {
    await putServerRow(mirror, 'leads', serverRow, ctx);
    const lead = serverRow as { id?: unknown } | null;
    if (ctx.tempId === null || typeof lead?.id !== 'number') return;
    await mirror.rows('leadRemarks').where('lead').equals(ctx.tempId).modify({ lead: lead.id });
  });
}

/** POST leads/leads/: a new lead, shown at once as the server will make it (not converted, not deleted). */
export const createLead = defineOperation({
  name: 'lead.create',
  permission: 'leads.write',
  label: 'New lead',
  type: 'leads',
  schema: leadCreateBodySchema,
  creates: true,
  request: (lead) => ({ method: 'POST', url: API.leads.list, body: lead }),
  apply: (mirror, lead, ctx) => mirror.rows('leads').put(newRow({ ...lead, customer: null, deleted_at: null }, ctx)),
  reconcile: reconcileLead,
  describe: (lead) => lead.company,
});

/** PATCH leads/leads/{id}/update/ with If-Match: the follow-up date, stage and status a lead is worked with. */
export const updateLead = defineOperation({
  name: 'lead.update',
  permission: 'leads.write',
  label: 'Update lead',
  type: 'leads',
  schema: leadUpdateBodySchema.safeExtend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.leads.update(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'leads', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'leads', row, ctx),
  describe: (changes) => changes.company ?? `Lead ${changes.id}`,
});

/** POST leads/remarks/: the lead may be one created offline (it is sent first). */
export const addLeadRemark = defineOperation({
  name: 'lead-remark.add',
  permission: 'leads.write',
  label: 'New lead remark',
  type: 'leadRemarks',
  schema: leadRemarkCreateSchema.extend({ lead: localRefSchema }),
  creates: true,
  request: (remark) => ({ method: 'POST', url: API.leads.remarks, body: { ...remark, lead: ref(remark.lead) } }),
  apply: (mirror, remark, ctx) => mirror.rows('leadRemarks').put(newRow(remark, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'leadRemarks', row, ctx),
  describe: (remark) => remark.remark,
});

/** DELETE leads/leads/{id}/set_deleted/ with If-Match: the lead leaves the lists at once (a soft delete). */
export const deleteLead = defineOperation({
  name: 'lead.delete',
  permission: 'leads.write',
  label: 'Lead deleted',
  type: 'leads',
  schema: z.object({ id: localRefSchema, ...expectedVersionFields }),
  rowId: (lead) => lead.id,
  request: ({ id, expected_version }) => ({ method: 'DELETE', url: API.leads.setDeleted(ref(id)), headers: ifMatch(expected_version) }),
  apply: (mirror, { id }, ctx) => mergeInto(mirror, 'leads', id, { deleted_at: ctx.now }, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'leads', row, ctx),
  describe: (lead) => `Lead ${lead.id}`,
});
