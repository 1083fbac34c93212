import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { sub, toMoney } from '../../../domain/decimal';
import { SALES_DASH_LIST_LIMIT, salesFiguresScopeOf, type SalesDashboard, type SalesFigures, type SalesTeamRow } from '../../../domain/sales-dashboard';
import { SALES_ORDER_FINAL_STATUSES } from '../../../domain/sales-order';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, leads, quotations, salesOrders, users } from '../../db/schema';
import { displayFilter, liveLead } from '../leads/service';
import { businessDay, TODAY } from '../../lib/business-day';
import { isAdvancePendingSql } from '../sales-orders/service';
import { salesExecutives } from '../users/sales-executives';
import { userName } from '../users/names';
import { inMonth, liveOrder, liveQuotation, monthStart, money, orderNotCancelled, orderOwner, ordersWithQuotation, ownerScope, type OwnerScope } from './owners';

/*
 * sales-dash (GET /dashboard/sales/): each figure summed per executive and for the whole scope
 * in one query per table (GROUPING SETS), so the team's rows and the totals are the same sums.
 */

const finished = sql.join(
  SALES_ORDER_FINAL_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
const openOrder = sql`${salesOrders.status} NOT IN (${finished})`;
const awaitingAnswer = sql`${quotations.status} = 'sent'`;
const counted = (condition: SQL) => sql<number>`(count(*) FILTER (WHERE ${condition}))::int`;

/** Per owner (and the whole scope, `is_all` = 1), the figures of one table. */
type Grouped<R> = (R & { owner: number | null; is_all: number })[];

function groupedByOwner<R>(db: Db, owner: SQL, figures: SQL, from: SQL, where: SQL): Promise<Grouped<R>> {
  return queryRows<R & { owner: number | null; is_all: number }>(
    db,
    sql`SELECT ${owner} AS owner, GROUPING(${owner})::int AS is_all, ${figures} FROM ${from} WHERE ${where} GROUP BY GROUPING SETS ((${owner}), ())`,
  );
}

interface LeadFigures {
  followups_today: number;
  followups_missed: number;
  not_actioned: number;
}
interface QuotationFigures {
  awaiting_count: number;
  awaiting_value: string;
  this_month: number;
  last_month: number;
}
interface OrderFigures {
  open_count: number;
  open_value: string;
  advance_count: number;
  advance_value: string;
  this_month_count: number;
  this_month_value: string;
  last_month_count: number;
  last_month_value: string;
}

async function figureRows(db: Db, scope: OwnerScope) {
  const leadRows = await groupedByOwner<LeadFigures>(
    db,
    sql`${leads.assign_to}`,
    sql`${counted(displayFilter('todays'))} AS followups_today, ${counted(displayFilter('missed'))} AS followups_missed, ${counted(displayFilter('not_actioned'))} AS not_actioned`,
    sql`${leads}`,
    and(liveLead, scope.leads)!,
  );
  const quotationRows = await groupedByOwner<QuotationFigures>(
    db,
    sql`${quotations.sales_exec}`,
    sql`${counted(awaitingAnswer)} AS awaiting_count, ${money(sql`sum(${quotations.total_amount}) FILTER (WHERE ${awaitingAnswer})`)} AS awaiting_value,
        ${counted(inMonth(sql`${quotations.quotation_date}`, TODAY, 0))} AS this_month, ${counted(inMonth(sql`${quotations.quotation_date}`, TODAY, -1))} AS last_month`,
    sql`${quotations}`,
    and(liveQuotation, scope.quotations)!,
  );
  const value = (condition: SQL) => money(sql`sum(${salesOrders.total_order_value}) FILTER (WHERE ${condition})`);
  const thisMonth = sql`${orderNotCancelled} AND ${inMonth(salesOrders.order_date, TODAY, 0)}`;
  const lastMonth = sql`${orderNotCancelled} AND ${inMonth(salesOrders.order_date, TODAY, -1)}`;
  const orderRows = await groupedByOwner<OrderFigures>(
    db,
    orderOwner,
    sql`${counted(openOrder)} AS open_count, ${value(openOrder)} AS open_value,
        ${counted(isAdvancePendingSql)} AS advance_count, ${value(isAdvancePendingSql)} AS advance_value,
        ${counted(thisMonth)} AS this_month_count, ${value(thisMonth)} AS this_month_value,
        ${counted(lastMonth)} AS last_month_count, ${value(lastMonth)} AS last_month_value`,
    ordersWithQuotation,
    and(liveOrder, scope.orders)!,
  );
  return { leadRows, quotationRows, orderRows };
}

/** One owner's figures (null: the whole scope's), zero where a table has none of theirs. */
function figuresOf(rows: Awaited<ReturnType<typeof figureRows>>, owner: number | null): SalesFigures {
  const pick = <R>(grouped: Grouped<R>) => grouped.find((r) => (owner === null ? r.is_all === 1 : r.is_all === 0 && r.owner === owner));
  const l = pick(rows.leadRows);
  const q = pick(rows.quotationRows);
  const o = pick(rows.orderRows);
  const thisValue = o?.this_month_value ?? '0.00';
  const lastValue = o?.last_month_value ?? '0.00';
  return {
    followups_today: l?.followups_today ?? 0,
    followups_missed: l?.followups_missed ?? 0,
    not_actioned: l?.not_actioned ?? 0,
    quotations_awaiting: { count: q?.awaiting_count ?? 0, value: q?.awaiting_value ?? '0.00' },
    open_orders: { count: o?.open_count ?? 0, value: o?.open_value ?? '0.00' },
    pending_advance: { count: o?.advance_count ?? 0, value: o?.advance_value ?? '0.00' },
    this_month: { orders_count: o?.this_month_count ?? 0, orders_value: thisValue, quotations_count: q?.this_month ?? 0 },
    last_month: { orders_count: o?.last_month_count ?? 0, orders_value: lastValue, quotations_count: q?.last_month ?? 0 },
    orders_value_change: toMoney(sub(thisValue, lastValue)),
  };
}

/** The team's rows: every sales executive of the dropdown and anyone else holding figures, by name. */
async function teamRows(db: Db, rows: Awaited<ReturnType<typeof figureRows>>): Promise<SalesTeamRow[]> {
  const owners = new Set<number>((await salesExecutives(db)).map((u) => u.id));
  for (const grouped of [rows.leadRows, rows.quotationRows, rows.orderRows]) for (const r of grouped) if (r.owner !== null) owners.add(r.owner);
  if (!owners.size) return [];
  const people = await db
    .select({ id: users.id, name: userName })
    .from(users)
    .where(inArray(users.id, [...owners]))
    .orderBy(asc(sql`lower(${userName})`), asc(users.id));
  return people.map((person) => ({ ...person, ...figuresOf(rows, person.id) }));
}

const firstRows = { limit: SALES_DASH_LIST_LIMIT };
const rowsInAll = sql<number>`count(*) over ()`.mapWith(Number);
const valueInAll = (column: SQL) => sql<string>`round(coalesce(sum(${column}) over (), 0), 2)::text`;

/** The first leads under a display filter, with how many there are. */
async function leadList(db: Db, scope: OwnerScope, filter: 'todays' | 'missed' | 'not_actioned', order: SQL[]) {
  const rows = await db
    .select({
      id: leads.id,
      company: leads.company,
      contact_person: leads.contact_person,
      contact_number: leads.contact_number,
      stage: leads.stage,
      followup_date: leads.followup_date,
      assign_to_name: userName,
      in_all: rowsInAll,
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assign_to))
    .where(and(liveLead, scope.leads, displayFilter(filter)))
    .orderBy(...order, asc(leads.id))
    .limit(firstRows.limit);
  return { count: rows[0]?.in_all ?? 0, results: rows.map(({ in_all: _, ...row }) => row) };
}

async function quotationsAwaiting(db: Db, scope: OwnerScope) {
  const sentOn = businessDay(quotations.sent_at);
  const rows = await db
    .select({
      id: quotations.id,
      number: quotations.number,
      customer_name: customers.name,
      total_amount: sql<string>`${quotations.total_amount}::numeric(16,2)::text`,
      sent_on: sql<string | null>`to_char(${sentOn}, 'YYYY-MM-DD')`,
      days_waiting: sql<number | null>`(${TODAY} - ${sentOn})`.mapWith((v) => (v === null ? null : Number(v))),
      sales_exec_name: userName,
      in_all: rowsInAll,
      value_in_all: valueInAll(sql`${quotations.total_amount}`),
    })
    .from(quotations)
    .innerJoin(customers, eq(customers.id, quotations.customer))
    .innerJoin(users, eq(users.id, quotations.sales_exec))
    .where(and(liveQuotation, scope.quotations, awaitingAnswer))
    .orderBy(sql`${quotations.sent_at} ASC NULLS LAST`, asc(quotations.id))
    .limit(firstRows.limit);
  return { count: rows[0]?.in_all ?? 0, value: rows[0]?.value_in_all ?? '0.00', results: rows.map(({ in_all: _, value_in_all: __, ...row }) => row) };
}

async function orderList(db: Db, scope: OwnerScope, condition: SQL, order: SQL[]) {
  const rows = await queryRows<{ id: number; customer_name: string; order_date: string; expected_delivery_date: string | null; status: string; total_order_value: string; advance_amount: string; in_all: string; value_in_all: string }>(
    db,
    sql`SELECT ${salesOrders.id} AS id, ${customers.name} AS customer_name, to_char(${salesOrders.order_date}, 'YYYY-MM-DD') AS order_date,
          to_char(${salesOrders.expected_delivery_date}, 'YYYY-MM-DD') AS expected_delivery_date, ${salesOrders.status} AS status,
          ${salesOrders.total_order_value}::numeric(16,2)::text AS total_order_value, ${salesOrders.advance_amount}::numeric(16,2)::text AS advance_amount,
          count(*) over () AS in_all, ${valueInAll(sql`${salesOrders.total_order_value}`)} AS value_in_all
        FROM ${ordersWithQuotation} INNER JOIN ${customers} ON ${customers.id} = ${salesOrders.customer}
        WHERE ${liveOrder} AND ${scope.orders} AND ${condition}
        ORDER BY ${sql.join(order, sql`, `)}, ${salesOrders.id} LIMIT ${firstRows.limit}`,
  );
  return {
    count: Number(rows[0]?.in_all ?? 0),
    value: rows[0]?.value_in_all ?? '0.00',
    results: rows.map(({ in_all: _, value_in_all: __, status, ...row }) => ({ ...row, status: status as SalesDashboard['open_orders']['results'][number]['status'] })),
  };
}

/** GET /dashboard/sales/: a sales executive's own figures; everyone's, with the team's rows, for the others. */
export async function salesDashboard(db: Db, user: User): Promise<SalesDashboard> {
  const scopeName = salesFiguresScopeOf(user);
  const scope = ownerScope(user);
  const [days] = await queryRows<{ today: string; month_start: string; last_month_start: string }>(
    db,
    sql`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today, to_char(${monthStart(TODAY, 0)}, 'YYYY-MM-DD') AS month_start, to_char(${monthStart(TODAY, -1)}, 'YYYY-MM-DD') AS last_month_start`,
  );
  const rows = await figureRows(db, scope);
  return {
    ...days!,
    scope: scopeName,
    figures: figuresOf(rows, null),
    followups_today: await leadList(db, scope, 'todays', []),
    followups_missed: await leadList(db, scope, 'missed', [asc(leads.followup_date)]),
    not_actioned: await leadList(db, scope, 'not_actioned', [asc(leads.created_at)]),
    quotations_awaiting: await quotationsAwaiting(db, scope),
    open_orders: await orderList(db, scope, openOrder, [sql`${salesOrders.expected_delivery_date} ASC NULLS LAST`, sql`${salesOrders.order_date}`]),
    pending_advance: await orderList(db, scope, isAdvancePendingSql, [sql`${salesOrders.order_date}`]),
    team: scopeName === 'all' ? await teamRows(db, rows) : null,
  };
}
