import type { Db } from '../../server/db/client';
import { leadRemarks, leads } from '../../server/db/schema';
import type { LeadRequirement, LeadSource, LeadStage, LeadStatus, LeadType } from '../../domain/lead';

/** Leads with every fact the lead reports and filters read, and their remarks, made directly in the database. */

let sequence = 0;

export interface LeadFacts {
  company?: string;
  contact_number?: string;
  location?: string;
  contact_person?: string;
  stage?: LeadStage;
  status?: LeadStatus;
  source?: LeadSource;
  requirement?: LeadRequirement;
  lead_type?: LeadType;
  potential?: string;
  followup_date?: string | null;
  customer?: number | null;
  /** When it was created (now by default). */
  at?: string;
}

export async function makeLeadWith(db: Db, assign_to: number, facts: LeadFacts = {}) {
  const [row] = await db
    .insert(leads)
    .values({
      assign_to,
      company: facts.company ?? `Prospect ${++sequence}`,
      contact_number: facts.contact_number ?? '',
      contact_person: facts.contact_person ?? '',
      location: facts.location ?? '',
      stage: facts.stage ?? 'new',
      status: facts.status ?? 'warm',
      source: facts.source ?? 'Self',
      requirement: facts.requirement ?? 'Acrylic',
      lead_type: facts.lead_type ?? 'Retail',
      potential: facts.potential ?? '0',
      followup_date: facts.followup_date ?? null,
      customer: facts.customer ?? null,
      ...(facts.at ? { created_at: facts.at, updated_at: facts.at } : {}),
    })
    .returning();
  return row!;
}

/** A remark on a lead, written `at` (now by default). */
export async function makeRemark(db: Db, lead: number, values: { remark?: string; at?: string } = {}) {
  const [row] = await db
    .insert(leadRemarks)
    .values({ lead, remark: values.remark ?? `Called ${++sequence}`, ...(values.at ? { created_at: values.at, updated_at: values.at } : {}) })
    .returning();
  return row!;
}

/** The day `days` after an ISO day (negative: before). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Noon in Kolkata on an ISO day, as an instant. */
export const noonOn = (day: string) => `${day}T06:30:00.000Z`;
