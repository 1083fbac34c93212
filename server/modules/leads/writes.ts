import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { customerCreateSchema } from '../../../domain/customer';
import { LEAD_MESSAGES, type leadConvertSchema, type leadCreateSchema, type leadRemarkCreateSchema, type leadReassignSchema, type leadUpdateSchema } from '../../../domain/lead';
import { can } from '../../../domain/permissions';
import { editRefusal, leadScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, leadRemarks, leads } from '../../db/schema';
import { fieldError, forbidden, invalidPkError } from '../../lib/http-error';
import { checkVersion, publicRow, softDeleteRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { createCustomer, findCustomerByName } from '../customers/service';
import { isSalesExecutiveChoice } from '../users/sales-executives';
import { findLead, leadScope } from './service';

type LeadInput = z.output<typeof leadCreateSchema>;
type LeadChanges = Omit<z.output<typeof leadUpdateSchema>, 'expected_version'>;
type RemarkInput = z.output<typeof leadRemarkCreateSchema>;
type ReassignInput = z.output<typeof leadReassignSchema>;
type ConvertInput = Omit<z.output<typeof leadConvertSchema>, 'expected_version'>;

const REASSIGN_ONLY = 'Only sales managers and management move a lead to another sales executive.';
const CONVERT_ONLY = 'A lead is converted with convert/, which names its customer.';

/** Whom a lead may be assigned to: a sales executive only themself; anyone an active sales executive of the dropdown. */
async function checkAssignee(db: Db, actor: User, assignTo: number): Promise<void> {
  if (leadScopeOf(actor) === 'assigned-to-me' && assignTo !== actor.id) throw fieldError('assign_to', LEAD_MESSAGES.assignToSelf);
  if (!(await isSalesExecutiveChoice(db, assignTo))) throw fieldError('assign_to', LEAD_MESSAGES.notSalesExecutive);
}

/** POST leads/leads/ */
export async function createLead(db: Db, actor: User, input: LeadInput) {
  if (input.stage === 'converted') throw fieldError('stage', CONVERT_ONLY);
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await checkAssignee(tx, actor, input.assign_to);
      const [row] = await tx.insert(leads).values({ ...input, created_by: actor.id }).returning();
      return publicRow(row!);
    },
    (row) => ({ action: 'lead.create', target: `leads:${row.id}`, risk: 'low', metadata: { company: row.company, assign_to: row.assign_to, stage: row.stage } }),
  );
}

/**
 * PATCH leads/leads/{id}/update/: any field of the lead within the row rule. Moving it to another
 * executive is reassigning (`leads.reassign`); converting has its own call, and a converted lead's
 * stage stays.
 */
export async function updateLead(db: Db, actor: User, id: number, changes: LeadChanges, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await findLead(tx, actor, id);
      if (changes.assign_to !== undefined && changes.assign_to !== current.assign_to) {
        if (leadScopeOf(actor) === 'assigned-to-me') throw fieldError('assign_to', LEAD_MESSAGES.assignToSelf);
        if (!can(actor, 'leads.reassign')) throw fieldError('assign_to', REASSIGN_ONLY);
        await checkAssignee(tx, actor, changes.assign_to);
      }
      if (changes.stage !== undefined && changes.stage !== current.stage) {
        if (current.stage === 'converted') throw fieldError('stage', LEAD_MESSAGES.alreadyConverted);
        if (changes.stage === 'converted') throw fieldError('stage', CONVERT_ONLY);
      }
      return { from: current, row: publicRow(await updateRow(tx, leads, id, changes, expected, leadScope(actor))) };
    },
    ({ from, row }) => ({
      action: 'lead.update',
      target: `leads:${row.id}`,
      risk: 'low',
      metadata: { fields: Object.keys(changes), ...(from.assign_to !== row.assign_to && { assign_to: { from: from.assign_to, to: row.assign_to } }) },
    }),
  ).then(({ row }) => row);
}

/** POST leads/remarks/: a remark on a lead the user sees (another's lead is an unknown one). */
export async function addRemark(db: Db, actor: User, input: RemarkInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await findLead(tx, actor, input.lead).catch(() => {
        throw invalidPkError('lead', input.lead);
      });
      const [row] = await tx.insert(leadRemarks).values({ ...input, created_by: actor.id }).returning();
      return publicRow(row!);
    },
    (row) => ({ action: 'lead_remark.create', target: `lead_remarks:${row.id}`, risk: 'low', metadata: { lead: row.lead } }),
  );
}

/** DELETE leads/leads/{id}/set_deleted/: a soft delete by the lead's executive or whoever may reassign (EDIT_RULES.lead). */
export async function deleteLead(db: Db, actor: User, id: number, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await findLead(tx, actor, id);
      const refusal = editRefusal('lead', actor, current);
      if (refusal) throw forbidden(refusal);
      return publicRow(await softDeleteRow(tx, leads, id, expected, leadScope(actor)));
    },
    (row) => ({ action: 'lead.delete', target: `leads:${row.id}`, risk: 'medium', metadata: { company: row.company, assign_to: row.assign_to } }),
  );
}

/**
 * POST leads/leads/reassign_leads/: every listed live lead to one active sales executive, in one
 * transaction and one audit row. Their remarks are touched too, so the new owner's device pulls
 * them with the leads at its next sync.
 */
export async function reassignLeads(db: Db, actor: User, input: ReassignInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      if (!(await isSalesExecutiveChoice(tx, input.assign_to))) throw fieldError('assign_to', LEAD_MESSAGES.notSalesExecutive);
      const found = await tx
        .select({ id: leads.id, assign_to: leads.assign_to })
        .from(leads)
        .where(and(inArray(leads.id, input.lead_ids), isNull(leads.deleted_at)))
        .orderBy(asc(leads.id))
        .for('update');
      const missing = input.lead_ids.find((id) => !found.some((lead) => lead.id === id));
      if (missing !== undefined) throw invalidPkError('lead_ids', missing);
      const moved = found.filter((lead) => lead.assign_to !== input.assign_to).map((lead) => lead.id);
      if (moved.length) {
        await tx.update(leads).set({ assign_to: input.assign_to }).where(inArray(leads.id, moved));
        await tx.update(leadRemarks).set({ lead: sql`${leadRemarks.lead}` }).where(inArray(leadRemarks.lead, moved));
      }
      const rows = await tx.select().from(leads).where(inArray(leads.id, input.lead_ids)).orderBy(asc(leads.id));
      return { found, rows: rows.map(publicRow) };
    },
    ({ found }) => ({
      action: 'lead.reassign',
      target: `leads:${found.map((lead) => lead.id).join(',')}`,
      risk: 'medium',
      metadata: { to: input.assign_to, leads: found.map((lead) => ({ id: lead.id, from: lead.assign_to })) },
    }),
  ).then(({ rows }) => ({ assign_to: input.assign_to, leads: rows }));
}

/**
 * POST leads/leads/{id}/convert/: the lead becomes business. It links the customer given, else
 * the customer of the lead's company (the customers' existence check), else makes that customer
 * from the lead (customers.write). Stage converted and the customer, in one transaction.
 */
export async function convertLead(db: Db, actor: User, id: number, input: ConvertInput, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const lead = await findLead(tx, actor, id);
      checkVersion(lead, expected);
      if (lead.stage === 'converted') throw fieldError('stage', LEAD_MESSAGES.alreadyConverted);
      let customer: { id: number; name: string } | null;
      let created = false;
      if (input.customer !== undefined) {
        [customer = null] = await tx.select({ id: customers.id, name: customers.name }).from(customers).where(and(eq(customers.id, input.customer), isNull(customers.deleted_at)));
        if (!customer) throw invalidPkError('customer', input.customer);
      } else {
        customer = await findCustomerByName(tx, lead.company);
        if (!customer) {
          if (!can(actor, 'customers.write')) throw forbidden('Making a customer needs the customers.write permission: choose an existing customer.');
          const made = await createCustomer(
            tx,
            actor,
            customerCreateSchema.parse({
              name: lead.company,
              phone: lead.contact_number,
              branches: lead.location ? [{ location: lead.location, contact_person_name: lead.contact_person, contact_person_number: lead.contact_number }] : [],
            }),
          );
          customer = { id: made.id, name: made.name };
          created = true;
        }
      }
      const row = publicRow(await updateRow(tx, leads, id, { stage: 'converted', customer: customer.id }, lead.version, leadScope(actor)));
      return { lead: row, customer, customer_created: created, from: lead.stage };
    },
    ({ lead, customer, customer_created, from }) => ({
      action: 'lead.convert',
      target: `leads:${lead.id}`,
      risk: 'low',
      metadata: { customer: customer.id, customer_created, from_stage: from },
    }),
  ).then(({ from: _, ...result }) => result);
}
