import { sql, type SQL } from 'drizzle-orm';
import {
  MISSED_OPPORTUNITY_KINDS,
  STALE_FOLLOWUP_DAYS,
  UNANSWERED_QUOTATION_DAYS,
  type MissedOpportunity,
  type MissedOpportunityKind,
  type MissedOpportunityQuery,
} from '../../../domain/sales-dashboard';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, leadRemarks, leads, quotations, users } from '../../db/schema';
import { pageOf, type Paging, type Slice } from '../../lib/pagination';
import { liveLead, openStage } from '../leads/service';
import { businessDay, TODAY } from '../../lib/business-day';
import { userName } from '../users/names';
import { liveQuotation, money, ownerScope } from './owners';

/*
 * Missed SRP opportunities (docs/decisions.md, SD): four kinds of business slipping away, each
 * with the day it slipped (`since`) and its value, over what the user may read.
 */

/** An open lead whose follow-up day is STALE_FOLLOWUP_DAYS or more past with no remark written on or after it. */
const staleLead = sql`${openStage} AND ${leads.followup_date} <= ${TODAY} - ${STALE_FOLLOWUP_DAYS}::int
  AND NOT EXISTS (SELECT 1 FROM ${leadRemarks} WHERE ${leadRemarks.lead} = ${leads.id} AND ${businessDay(leadRemarks.created_at)} >= ${leads.followup_date})`;
const sentOn = businessDay(quotations.sent_at);
const requirementOfLead = sql`(SELECT ${leads.requirement} FROM ${leads} WHERE ${leads.id} = ${quotations.lead})`;

/** Every missed opportunity within the user's reach and the executive asked for, before the period and kind filters. */
function missedRows(user: User, q: MissedOpportunityQuery): SQL {
  const scope = ownerScope(user, q.sales_exec);
  const lead = (kind: MissedOpportunityKind, condition: SQL, since: SQL) =>
    sql`SELECT ${kind}::text AS kind, ${leads.id} AS id, ${leads.company} AS company, NULL::int AS number, ${leads.requirement} AS requirement,
          ${leads.assign_to} AS sales_exec, ${leads.potential} AS value, ${since} AS since
        FROM ${leads} WHERE ${liveLead} AND ${scope.leads} AND ${condition}`;
  const quotation = (kind: MissedOpportunityKind, condition: SQL, since: SQL) =>
    sql`SELECT ${kind}::text AS kind, ${quotations.id} AS id, ${customers.name} AS company, ${quotations.number} AS number, ${requirementOfLead} AS requirement,
          ${quotations.sales_exec} AS sales_exec, ${quotations.total_amount} AS value, ${since} AS since
        FROM ${quotations} INNER JOIN ${customers} ON ${customers.id} = ${quotations.customer}
        WHERE ${liveQuotation} AND ${scope.quotations} AND ${condition}`;
  return sql`${lead('stale_lead', staleLead, sql`${leads.followup_date}`)}
    UNION ALL ${lead('lost_lead', sql`${leads.stage} = 'lost'`, businessDay(leads.updated_at))}
    UNION ALL ${quotation('unanswered_quotation', sql`${quotations.status} = 'sent' AND ${sentOn} <= ${TODAY} - ${UNANSWERED_QUOTATION_DAYS}::int`, sentOn)}
    UNION ALL ${quotation('rejected_quotation', sql`${quotations.status} = 'rejected'`, businessDay(quotations.updated_at))}`;
}

function inPeriod(q: MissedOpportunityQuery): SQL {
  return sql.join(
    [sql`true`, q.start_date === undefined ? undefined : sql`m.since >= ${q.start_date}::date`, q.end_date === undefined ? undefined : sql`m.since <= ${q.end_date}::date`].filter((c): c is SQL => c !== undefined),
    sql` AND `,
  );
}

/** GET missed_srp_opportunities/: the page asked for, newest slip first, with the count and value of every match and the figures per kind. */
export async function missedOpportunities(db: Db, user: User, q: MissedOpportunityQuery, paging: Paging) {
  const { limit, offset } = pageOf(paging);
  const missed = missedRows(user, q);
  const period = inPeriod(q);
  const ofKind = q.kind === undefined ? sql`true` : sql`m.kind = ${q.kind}`;
  const rows = await queryRows<Omit<MissedOpportunity, 'value' | 'days'> & { value: string; days: number; in_all: string; value_in_all: string }>(
    db,
    sql`SELECT m.kind, m.id, m.company, m.number, m.requirement, m.sales_exec, ${userName} AS sales_exec_name,
          m.value::numeric(16,2)::text AS value, to_char(m.since, 'YYYY-MM-DD') AS since, (${TODAY} - m.since)::int AS days,
          count(*) over () AS in_all, ${money(sql`sum(m.value) over ()`)} AS value_in_all
        FROM (${missed}) AS m INNER JOIN ${users} ON ${users.id} = m.sales_exec
        WHERE ${period} AND ${ofKind}
        ORDER BY m.since DESC, m.value DESC, m.kind, m.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const kinds = await queryRows<{ kind: MissedOpportunityKind; count: number; value: string }>(
    db,
    sql`SELECT m.kind, count(*)::int AS count, ${money(sql`sum(m.value)`)} AS value FROM (${missed}) AS m WHERE ${period} GROUP BY m.kind`,
  );
  const slice: Slice<MissedOpportunity> & { value: string } = {
    count: Number(rows[0]?.in_all ?? 0),
    value: rows[0]?.value_in_all ?? '0.00',
    results: rows.map(({ in_all: _, value_in_all: __, ...row }) => ({ ...row, id: Number(row.id), sales_exec: Number(row.sales_exec), number: row.number === null ? null : Number(row.number), days: Number(row.days) })),
  };
  const byKind = MISSED_OPPORTUNITY_KINDS.map(({ value, label }) => {
    const row = kinds.find((k) => k.kind === value);
    return { kind: value, label, count: row?.count ?? 0, value: row?.value ?? '0.00' };
  });
  return { ...slice, by_kind: byKind };
}
