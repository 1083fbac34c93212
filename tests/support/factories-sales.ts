import type { Db } from '../../server/db/client';
import { customerBranches, customerLpoCodes, customers, leads } from '../../server/db/schema';
import type { IndianState } from '../../domain/india';
import type { LeadRequirement, LeadSource, LeadStage, LeadType } from '../../domain/lead';

/** Sales test data (customers, branches, LPO codes, leads), made directly in the database. */

let sequence = 0;
const next = () => ++sequence;

export async function makeCustomer(db: Db, values: { name?: string; phone?: string; email?: string; gst_number?: string; state?: IndianState; enable_lpo_codes?: boolean } = {}) {
  const [row] = await db
    .insert(customers)
    .values({ name: values.name ?? `Customer ${next()}`, phone: values.phone ?? '', email: values.email ?? '', gst_number: values.gst_number ?? '', state: values.state ?? 'N/A', enable_lpo_codes: values.enable_lpo_codes ?? false })
    .returning();
  return row!;
}

export async function makeBranch(db: Db, customer: number, values: { location?: string; address_line_1?: string; is_active?: boolean } = {}) {
  const [row] = await db
    .insert(customerBranches)
    .values({ customer, location: values.location ?? `Branch ${next()}`, address_line_1: values.address_line_1 ?? '', is_active: values.is_active ?? true })
    .returning();
  return row!;
}

export async function makeLpoCode(db: Db, customer: number, values: { code?: string; article?: string } = {}) {
  const [row] = await db.insert(customerLpoCodes).values({ customer, code: values.code ?? `LPO-${next()}`, article: values.article ?? '' }).returning();
  return row!;
}

export async function makeLead(
  db: Db,
  assign_to: number,
  values: { company?: string; contact_person?: string; contact_number?: string; location?: string; stage?: LeadStage; source?: LeadSource; requirement?: LeadRequirement; lead_type?: LeadType; followup_date?: string | null } = {},
) {
  const [row] = await db
    .insert(leads)
    .values({
      assign_to,
      company: values.company ?? `Company ${next()}`,
      contact_person: values.contact_person ?? '',
      contact_number: values.contact_number ?? '',
      location: values.location ?? '',
      stage: values.stage ?? 'new',
      source: values.source ?? 'Self',
      requirement: values.requirement ?? 'Acrylic',
      lead_type: values.lead_type ?? 'Retail',
      followup_date: values.followup_date ?? null,
    })
    .returning();
  return row!;
}
