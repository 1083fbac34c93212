import { eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { leads } from '../../db/schema';
import { LEAD_SOURCES, leadRequirementSchema, leadStageSchema, leadStatusSchema, leadTypeSchema } from '../../../domain/lead';
import { valuesOf } from '../../../domain/options';
import { leadScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';
import { byId, byText, byValue, filter, type ListSpec } from '../../lib/list';
import { findRow } from '../../lib/rows';

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

/** The leads a user may see (business-areas.md §6): a sales executive only those assigned to them. */
export function leadScope(user: User): SQL | undefined {
  return leadScopeOf(user) === 'assigned-to-me' ? eq(leads.assign_to, user.id) : undefined;
}

/** A live lead within the user's row rule, else 404. */
export const findLead = (db: Db, user: User, id: number) => findRow(db, leads, id, leadScope(user));
