import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { LEAD_REQUIREMENTS, LEAD_SOURCES, percentOf } from '../../../domain/lead';
import { ANALYSIS_CUSTOMER_LIMIT, ANALYSIS_DEFAULT_MONTHS, type SalesAnalysis, type SalesAnalysisQuery } from '../../../domain/sales-dashboard';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, leads, quotations, salesOrders, users } from '../../db/schema';
import { liveLead } from '../leads/service';
import { businessDay, TODAY } from '../../lib/business-day';
import { userName } from '../users/names';
import { liveOrder, liveQuotation, money, orderNotCancelled, orderOwner, ordersWithQuotation, ownerScope } from './owners';

/*
 * The sales analysis (GET sales_analysis/): leads by their created day, quotations by quotation
 * date, orders by order date, all within the period, over what the user may read.
 */

interface Period {
  start_date: string;
  end_date: string;
}

/** The period asked for; without one the last ANALYSIS_DEFAULT_MONTHS calendar months up to today (IST). */
async function periodOf(db: Db, q: SalesAnalysisQuery): Promise<Period> {
  const end = q.end_date === undefined ? TODAY : sql`${q.end_date}::date`;
  const start = q.start_date === undefined ? sql`(date_trunc('month', ${end}) - make_interval(months => ${ANALYSIS_DEFAULT_MONTHS - 1}))::date` : sql`${q.start_date}::date`;
  const [row] = await queryRows<Period>(db, sql`SELECT to_char(${start}, 'YYYY-MM-DD') AS start_date, to_char(${end}, 'YYYY-MM-DD') AS end_date`);
  return row!;
}

const between = (day: SQL, p: Period) => sql`(${day} >= ${p.start_date}::date AND ${day} <= ${p.end_date}::date)`;
const counted = (condition?: SQL) => (condition ? sql`(count(*) FILTER (WHERE ${condition}))::int` : sql`count(*)::int`);

/** A live quotation answering the lead, and one of those that became an order (live, not cancelled). */
const quotedLead = sql`EXISTS (SELECT 1 FROM ${quotations} WHERE ${quotations.lead} = ${leads.id} AND ${liveQuotation})`;
const orderedLead = sql`EXISTS (SELECT 1 FROM ${quotations} INNER JOIN ${salesOrders} ON ${salesOrders.quotation} = ${quotations.id}
  WHERE ${quotations.lead} = ${leads.id} AND ${liveQuotation} AND ${liveOrder} AND ${orderNotCancelled})`;

interface LeadGroup {
  key: string | number | null;
  is_all: number;
  leads: number;
  quoted: number;
  ordered: number;
  converted: number;
  potential: string;
}

/** Lead figures of the period per `key` (and for all of them, `is_all` = 1). */
function leadGroups(db: Db, key: SQL, where: SQL) {
  return queryRows<LeadGroup>(
    db,
    sql`SELECT ${key} AS key, GROUPING(${key})::int AS is_all, ${counted()} AS leads, ${counted(quotedLead)} AS quoted, ${counted(orderedLead)} AS ordered,
          ${counted(sql`${leads.stage} = 'converted'`)} AS converted, ${money(sql`sum(${leads.potential})`)} AS potential
        FROM ${leads} WHERE ${where} GROUP BY GROUPING SETS ((${key}), ())`,
  );
}

interface BusinessGroup {
  key: string | number | null;
  count: number;
  value: string;
}

/** Quotations (live) dated in the period per `key`. */
const quotationGroups = (db: Db, key: SQL, where: SQL) =>
  queryRows<BusinessGroup>(db, sql`SELECT ${key} AS key, count(*)::int AS count, ${money(sql`sum(${quotations.total_amount})`)} AS value FROM ${quotations} WHERE ${where} GROUP BY 1`);
/** Orders (live, not cancelled) dated in the period per `key`. */
const orderGroups = (db: Db, key: SQL, where: SQL) =>
  queryRows<BusinessGroup>(db, sql`SELECT ${key} AS key, count(*)::int AS count, ${money(sql`sum(${salesOrders.total_order_value})`)} AS value FROM ${ordersWithQuotation} WHERE ${where} GROUP BY 1`);

const leadFigures = (row: LeadGroup | undefined) => ({ leads: row?.leads ?? 0, converted: row?.converted ?? 0, potential: row?.potential ?? '0.00' });
const business = (quotationRow: BusinessGroup | undefined, orderRow: BusinessGroup | undefined) => ({
  quotations: quotationRow?.count ?? 0,
  quotations_value: quotationRow?.value ?? '0.00',
  orders: orderRow?.count ?? 0,
  orders_value: orderRow?.value ?? '0.00',
});
const keyed = <R extends { key: string | number | null }>(rows: readonly R[], key: string | number) => rows.find((r) => r.key !== null && String(r.key) === String(key));

export async function salesAnalysis(db: Db, user: User, q: SalesAnalysisQuery): Promise<SalesAnalysis> {
  const period = await periodOf(db, q);
  const scope = ownerScope(user, q.sales_exec);
  const leadWhere = sql`${liveLead} AND ${scope.leads} AND ${between(businessDay(leads.created_at), period)}`;
  const quotationWhere = sql`${liveQuotation} AND ${scope.quotations} AND ${between(sql`${quotations.quotation_date}`, period)}`;
  const orderWhere = sql`${liveOrder} AND ${orderNotCancelled} AND ${scope.orders} AND ${between(sql`${salesOrders.order_date}`, period)}`;

  const byExecutive = await leadGroups(db, sql`${leads.assign_to}`, leadWhere);
  const all = byExecutive.find((r) => r.is_all === 1);
  const executiveQuotations = await quotationGroups(db, sql`${quotations.sales_exec}`, quotationWhere);
  const executiveOrders = await orderGroups(db, orderOwner, orderWhere);
  const ids = new Set<number>();
  for (const rows of [byExecutive.filter((r) => r.is_all === 0), executiveQuotations, executiveOrders]) for (const r of rows) if (r.key !== null) ids.add(r.key as number);
  const people = ids.size
    ? await db
        .select({ id: users.id, name: userName })
        .from(users)
        .where(inArray(users.id, [...ids]))
        .orderBy(asc(sql`lower(${userName})`), asc(users.id))
    : [];

  const [sent] = await queryRows<{ sent: number; ordered: number }>(
    db,
    sql`SELECT ${counted()} AS sent, ${counted(sql`EXISTS (SELECT 1 FROM ${salesOrders} WHERE ${salesOrders.quotation} = ${quotations.id} AND ${liveOrder} AND ${orderNotCancelled})`)} AS ordered
        FROM ${quotations} WHERE ${quotationWhere} AND ${quotations.status} <> 'draft'`,
  );

  const byCustomer = await queryRows<{ id: number; name: string; quotations: number; quotations_value: string; orders: number; orders_value: string }>(
    db,
    sql`WITH q AS (SELECT ${quotations.customer} AS customer, count(*)::int AS n, sum(${quotations.total_amount}) AS v FROM ${quotations} WHERE ${quotationWhere} GROUP BY 1),
             o AS (SELECT ${salesOrders.customer} AS customer, count(*)::int AS n, sum(${salesOrders.total_order_value}) AS v FROM ${ordersWithQuotation} WHERE ${orderWhere} GROUP BY 1)
        SELECT ${customers.id} AS id, ${customers.name} AS name, coalesce(q.n, 0) AS quotations, ${money(sql`q.v`)} AS quotations_value, coalesce(o.n, 0) AS orders, ${money(sql`o.v`)} AS orders_value
        FROM ${customers} LEFT JOIN q ON q.customer = ${customers.id} LEFT JOIN o ON o.customer = ${customers.id}
        WHERE q.customer IS NOT NULL OR o.customer IS NOT NULL
        ORDER BY coalesce(o.v, 0) DESC, coalesce(q.v, 0) DESC, lower(${customers.name}), ${customers.id} LIMIT ${ANALYSIS_CUSTOMER_LIMIT}`,
  );

  const byRequirement = await leadGroups(db, sql`${leads.requirement}`, leadWhere);
  const bySource = await leadGroups(db, sql`${leads.source}`, leadWhere);

  const monthKey = (day: SQL) => sql`to_char(${day}, 'YYYY-MM')`;
  const months = await queryRows<{ month: string }>(
    db,
    sql`SELECT to_char(m, 'YYYY-MM') AS month FROM generate_series(date_trunc('month', ${period.start_date}::date), date_trunc('month', ${period.end_date}::date), interval '1 month') AS m ORDER BY m`,
  );
  const monthLeads = await leadGroups(db, monthKey(businessDay(leads.created_at)), leadWhere);
  const monthQuotations = await quotationGroups(db, monthKey(sql`${quotations.quotation_date}`), quotationWhere);
  const monthOrders = await orderGroups(db, monthKey(sql`${salesOrders.order_date}`), orderWhere);

  const funnel = { leads: all?.leads ?? 0, quoted: all?.quoted ?? 0, ordered: all?.ordered ?? 0 };
  return {
    ...period,
    funnel: {
      ...funnel,
      lead_to_quotation: percentOf(funnel.quoted, funnel.leads),
      quotation_to_order: percentOf(funnel.ordered, funnel.quoted),
      lead_to_order: percentOf(funnel.ordered, funnel.leads),
    },
    quotations_sent: sent?.sent ?? 0,
    quotations_ordered: sent?.ordered ?? 0,
    quotation_success_rate: percentOf(sent?.ordered ?? 0, sent?.sent ?? 0),
    by_executive: people.map((person) => {
      const lead = byExecutive.find((r) => r.is_all === 0 && r.key === person.id);
      return {
        ...person,
        ...leadFigures(lead),
        ...business(keyed(executiveQuotations, person.id), keyed(executiveOrders, person.id)),
        lead_to_order: percentOf(lead?.ordered ?? 0, lead?.leads ?? 0),
      };
    }),
    by_customer: byCustomer.map((row) => ({ ...row, id: Number(row.id), quotations: Number(row.quotations), orders: Number(row.orders) })),
    by_requirement: LEAD_REQUIREMENTS.map(({ value }) => ({ requirement: value, ...leadFigures(keyed(byRequirement.filter((r) => r.is_all === 0), value)) })),
    by_source: LEAD_SOURCES.filter((s) => s.value !== 'All').map(({ value }) => ({
      source: value as Exclude<typeof value, 'All'>,
      ...leadFigures(keyed(bySource.filter((r) => r.is_all === 0), value)),
    })),
    by_month: months.map(({ month }) => ({
      month,
      leads: keyed(monthLeads.filter((r) => r.is_all === 0), month)?.leads ?? 0,
      ...business(keyed(monthQuotations, month), keyed(monthOrders, month)),
    })),
  };
}
