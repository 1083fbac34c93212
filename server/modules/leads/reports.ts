import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  LEAD_PLACEHOLDER_CONTACT_NUMBER,
  LEAD_REQUIREMENTS,
  LEAD_STAGES,
  LEAD_STATUSES,
  percentOf,
  type LeadExistsVerdict,
  type LeadReportQuery,
  type LeadStage,
  type LeadStageCounts,
} from '../../../domain/lead';
import { customerNameKey } from '../../../domain/customer';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, leadRemarks, leads, users } from '../../db/schema';
import { userName } from '../users/names';
import { hasRemarks, leadScope, liveLead, openStage } from './service';
import { businessDay, TODAY } from '../../lib/business-day';

/*
 * The lead reports (business-areas.md §7 "Leads"): computed in SQL over the live leads the user
 * sees (an executive's figures are their own), created in the period when one is given.
 */

const money = (value: SQL) => sql<string>`round(coalesce(${value}, 0), 2)::text`;
const counted = (condition?: SQL) => (condition ? sql<number>`(count(*) FILTER (WHERE ${condition}))::int` : sql<number>`count(*)::int`);
const potential = money(sql`sum(${leads.potential})`);
/** The potential of all the group's rows sharing `column`, beside a finer grouping. */
const potentialOf = (column: SQL | typeof leads.status | typeof leads.assign_to) => money(sql`sum(sum(${leads.potential})) OVER (PARTITION BY ${column})`);

function reportWhere(user: User, q: LeadReportQuery): SQL {
  return and(
    liveLead,
    leadScope(user),
    q.start_date === undefined ? undefined : sql`${businessDay(leads.created_at)} >= ${q.start_date}`,
    q.end_date === undefined ? undefined : sql`${businessDay(leads.created_at)} <= ${q.end_date}`,
  )!;
}

/** Counts per stage, every stage present. */
function stageCounts(rows: readonly { stage: LeadStage; count: number }[]): LeadStageCounts {
  return Object.fromEntries(LEAD_STAGES.map(({ value }) => [value, rows.find((r) => r.stage === value)?.count ?? 0])) as LeadStageCounts;
}
const totalOf = (rows: readonly { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

/** requirement_summary/ */
export async function requirementSummary(db: Db, user: User, q: LeadReportQuery) {
  const rows = await db.select({ requirement: leads.requirement, count: counted(), potential }).from(leads).where(reportWhere(user, q)).groupBy(leads.requirement);
  return LEAD_REQUIREMENTS.map(({ value }) => {
    const row = rows.find((r) => r.requirement === value);
    return { requirement: value, count: row?.count ?? 0, potential: row?.potential ?? '0.00' };
  });
}

/** requirements_based_leads_breakup/ */
export async function requirementsBreakup(db: Db, user: User, q: LeadReportQuery) {
  const rows = await db.select({ requirement: leads.requirement, stage: leads.stage, count: counted() }).from(leads).where(reportWhere(user, q)).groupBy(leads.requirement, leads.stage);
  return LEAD_REQUIREMENTS.map(({ value }) => {
    const mine = rows.filter((r) => r.requirement === value);
    return { requirement: value, stages: stageCounts(mine), total: totalOf(mine) };
  });
}

/** lead_status_consolidated_report/ */
export async function statusConsolidated(db: Db, user: User, q: LeadReportQuery) {
  const rows = await db
    .select({ status: leads.status, stage: leads.stage, count: counted(), potential: potentialOf(leads.status) })
    .from(leads)
    .where(reportWhere(user, q))
    .groupBy(leads.status, leads.stage);
  return LEAD_STATUSES.map(({ value, label }) => {
    const mine = rows.filter((r) => r.status === value);
    return { status: value, label, stages: stageCounts(mine), total: totalOf(mine), potential: mine[0]?.potential ?? '0.00' };
  });
}

/** Per sales executive: their id and name, ordered by name. */
const perExecutive = { assign_to: leads.assign_to, assign_to_name: userName };

/** stagewise_report/ */
export async function stagewise(db: Db, user: User, q: LeadReportQuery) {
  const rows = await db
    .select({ ...perExecutive, stage: leads.stage, count: counted(), potential: potentialOf(leads.assign_to) })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assign_to))
    .where(reportWhere(user, q))
    .groupBy(leads.assign_to, users.id, leads.stage)
    .orderBy(asc(sql`lower(${userName})`), asc(leads.assign_to));
  const executives = [...new Map(rows.map((r) => [r.assign_to, r.assign_to_name])).entries()];
  return executives.map(([assign_to, assign_to_name]) => {
    const mine = rows.filter((r) => r.assign_to === assign_to);
    return { assign_to, assign_to_name, stages: stageCounts(mine), total: totalOf(mine), potential: mine[0]!.potential };
  });
}

/** A follow-up whose day has come, and whether a remark was written on or after that day. */
const followupDue = sql`${leads.followup_date} <= ${TODAY}`;
const remarkSinceFollowup = sql`EXISTS (SELECT 1 FROM ${leadRemarks} WHERE ${leadRemarks.lead} = ${leads.id} AND ${businessDay(leadRemarks.created_at)} >= ${leads.followup_date})`;

/** sr_lead_quality_report/ */
export function leadQuality(db: Db, user: User, q: LeadReportQuery) {
  return db
    .select({
      ...perExecutive,
      leads: counted(),
      with_remarks: counted(hasRemarks),
      followups_kept: counted(sql`${followupDue} AND ${remarkSinceFollowup}`),
      followups_missed: counted(sql`${followupDue} AND NOT ${remarkSinceFollowup}`),
      converted: counted(sql`${leads.stage} = 'converted'`),
      lost: counted(sql`${leads.stage} = 'lost'`),
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assign_to))
    .where(reportWhere(user, q))
    .groupBy(leads.assign_to, users.id)
    .orderBy(asc(sql`lower(${userName})`), asc(leads.assign_to));
}

/** converted_lead_report/ */
export function convertedLeads(db: Db, user: User, q: LeadReportQuery) {
  return db
    .select({
      id: leads.id,
      company: leads.company,
      requirement: leads.requirement,
      potential: leads.potential,
      ...perExecutive,
      created_at: leads.created_at,
      customer: leads.customer,
      customer_name: customers.name,
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assign_to))
    .leftJoin(customers, eq(customers.id, leads.customer))
    .where(and(reportWhere(user, q), eq(leads.stage, 'converted')))
    .orderBy(desc(leads.created_at), desc(leads.id));
}

/** lead_success_ratio_report/ */
export async function successRatio(db: Db, user: User, q: LeadReportQuery) {
  const rows = await db
    .select({ ...perExecutive, converted: counted(sql`${leads.stage} = 'converted'`), lost: counted(sql`${leads.stage} = 'lost'`) })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assign_to))
    .where(reportWhere(user, q))
    .groupBy(leads.assign_to, users.id)
    .orderBy(asc(sql`lower(${userName})`), asc(leads.assign_to));
  return rows.map((row) => {
    const closed = row.converted + row.lost;
    return { ...row, closed, success_ratio: percentOf(row.converted, closed) };
  });
}

/** conversion_stats/ */
export async function conversionStats(db: Db, user: User, q: LeadReportQuery) {
  const [row] = await db
    .select({ leads: counted(), open: counted(openStage), converted: counted(sql`${leads.stage} = 'converted'`), lost: counted(sql`${leads.stage} = 'lost'`) })
    .from(leads)
    .where(reportWhere(user, q));
  const totals = row ?? { leads: 0, open: 0, converted: 0, lost: 0 };
  return { ...totals, conversion_rate: percentOf(totals.converted, totals.leads) ?? '0.00' };
}

/** A contact number as compared: without spaces. */
const numberKey = (value: SQL | typeof leads.contact_number) => sql`regexp_replace(${value}, '\\s', '', 'g')`;

/**
 * The lead check (POST leads/exists/{contact_number}/{company}/): live leads with the same
 * contact number (spaces aside; the placeholder and an empty number match nothing) or the same
 * company (case and spaces aside), whoever's they are, so an executive does not start a lead a
 * colleague already follows. It names only whose lead it is, not its details.
 */
export async function leadExists(db: Db, contactNumber: string, company: string): Promise<LeadExistsVerdict> {
  const number = contactNumber.replace(/\s/g, '');
  const sameNumber = number === LEAD_PLACEHOLDER_CONTACT_NUMBER ? undefined : sql`${numberKey(leads.contact_number)} = ${number}`;
  const sameCompany = sql`lower(regexp_replace(${leads.company}, '\\s', '', 'g')) = ${customerNameKey(company)}`;
  const found = await db
    .select({ id: leads.id, company: leads.company, stage: leads.stage, ...perExecutive })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assign_to))
    .where(and(liveLead, sameNumber ? sql`(${sameNumber} OR ${sameCompany})` : sameCompany))
    .orderBy(asc(leads.id))
    .limit(20);
  return { exists: found.length > 0, leads: found };
}
