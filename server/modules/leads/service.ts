import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { leadRemarks, leads } from '../../db/schema';
import {
  LEAD_FILTER_RULES,
  LEAD_SOURCES,
  leadFilterSchema,
  leadRequirementSchema,
  leadStageSchema,
  leadStatusSchema,
  leadTypeSchema,
  OPEN_LEAD_STAGES,
  type LeadFilter,
  type LeadRemark,
} from '../../../domain/lead';
import { valuesOf } from '../../../domain/options';
import { leadScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';
import { byId, byText, byValue, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { findRow } from '../../lib/rows';
import { businessDay, TODAY } from '../../lib/business-day';


/** Live (not deleted) leads. */
export const liveLead = sql`${leads.deleted_at} IS NULL`;
export const openStage = sql`${leads.stage} IN (${sql.join(OPEN_LEAD_STAGES.map((s) => sql`${s}`), sql`, `)})`;
export const hasRemarks = sql`EXISTS (SELECT 1 FROM ${leadRemarks} WHERE ${leadRemarks.lead} = ${leads.id})`;

/** A display filter (business-areas.md §4) as SQL, built from the same rule `matchesLeadFilter` reads. */
export function displayFilter(name: LeadFilter): SQL {
  const rule = LEAD_FILTER_RULES[name];
  return and(
    rule.openStage && openStage,
    rule.followup === 'today' ? sql`${leads.followup_date} = ${TODAY}` : undefined,
    rule.followup === 'before-today' ? sql`${leads.followup_date} < ${TODAY}` : undefined,
    rule.createdBeforeToday && sql`${businessDay(leads.created_at)} < ${TODAY}`,
    rule.withoutRemarks && sql`NOT ${hasRemarks}`,
  )!;
}

export const leadList: ListSpec<typeof leads> = {
  table: leads,
  pageSize: 15,
  orderings: { id: leads.id, followup_date: leads.followup_date, created_at: leads.created_at, company: byText(leads.company) },
  defaultOrdering: '-id',
  search: [leads.company, leads.contact_person, leads.contact_number, leads.location],
  filters: {
    stage: byValue(leads.stage, leadStageSchema),
    // 'All' is the source filter's "any source" (business-areas.md §9).
    source: filter(z.enum(valuesOf(LEAD_SOURCES)), (source) => (source === 'All' ? undefined : eq(leads.source, source))),
    requirement: byValue(leads.requirement, leadRequirementSchema),
    lead_type: byValue(leads.lead_type, leadTypeSchema),
    status: byValue(leads.status, leadStatusSchema),
    assign_to: byId(leads.assign_to),
  },
};

/**
 * filter_leads/: the list's filters plus the display filter (`filter`, Open when not given), the
 * follow-up days and the created days (both bounds inclusive, business days).
 */
export const filterLeadsList: ListSpec<typeof leads> = {
  ...leadList,
  filters: {
    ...leadList.filters,
    filter: filter(leadFilterSchema, displayFilter),
    followup_from: fromDate(leads.followup_date),
    followup_to: toDate(leads.followup_date),
    created_from: fromDate(businessDay(leads.created_at)),
    created_to: toDate(businessDay(leads.created_at)),
  },
};

/** Every remark on the leads a user sees, for the offline mirror (newest first on pages). */
export const remarkList: ListSpec<typeof leadRemarks> = {
  table: leadRemarks,
  pageSize: 100,
  orderings: { id: leadRemarks.id, created_at: leadRemarks.created_at },
  defaultOrdering: '-id',
  search: [leadRemarks.remark],
  filters: { lead: byId(leadRemarks.lead) },
};

/** The leads a user may see (business-areas.md §6): a sales executive only those assigned to them. */
export function leadScope(user: User): SQL | undefined {
  return leadScopeOf(user) === 'assigned-to-me' ? eq(leads.assign_to, user.id) : undefined;
}

/** The remarks a user may see: those on leads within their row rule. */
export function remarkScope(user: User): SQL | undefined {
  const scope = leadScope(user);
  return scope && sql`EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.id} = ${leadRemarks.lead} AND ${scope})`;
}

/** A live lead within the user's row rule, else 404. */
export const findLead = (db: Db, user: User, id: number) => findRow(db, leads, id, leadScope(user));

/** A lead's remarks, newest first; a lead the user may not see is a 404. */
export async function remarksOf(db: Db, user: User, lead: number): Promise<LeadRemark[]> {
  await findLead(db, user, lead);
  const rows = await db.select().from(leadRemarks).where(eq(leadRemarks.lead, lead)).orderBy(desc(leadRemarks.created_at), desc(leadRemarks.id));
  return rows.map(({ txid: _, ...row }) => row);
}
