import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { salesFiguresScopeOf } from '../../../domain/sales-dashboard';
import type { User } from '../../../domain/user';
import { leads, quotations, salesOrders } from '../../db/schema';

/*
 * Whose each sales figure is (domain/sales-dashboard.ts), as SQL: a lead's `assign_to`, a
 * quotation's `sales_exec`, a sales order's quotation's `sales_exec`, else its `created_by`.
 * The order's owner reads `quotations` joined as below (`withOrderQuotation`).
 */

/** FROM sales_orders with the quotation it came from, for `orderOwner`. */
export const ordersWithQuotation = sql`${salesOrders} LEFT JOIN ${quotations} ON ${quotations.id} = ${salesOrders.quotation}`;
export const orderOwner = sql`coalesce(${quotations.sales_exec}, ${salesOrders.created_by})`;

export const liveQuotation = sql`${quotations.deleted_at} IS NULL`;
export const liveOrder = sql`${salesOrders.deleted_at} IS NULL`;
export const orderNotCancelled = sql`${salesOrders.status} <> 'cancelled'`;

/** The rows of one executive (`sales_exec` given) within what the user may read: a sales executive only their own. */
export interface OwnerScope {
  leads: SQL;
  quotations: SQL;
  orders: SQL;
}

export function ownerScope(user: User, salesExec?: number): OwnerScope {
  const owners = [salesFiguresScopeOf(user) === 'own' ? user.id : undefined, salesExec].filter((id): id is number => id !== undefined);
  const of = (column: SQL | PgColumn) => (owners.length ? sql.join(owners.map((id) => sql`${column} = ${id}`), sql` AND `) : sql`true`);
  return { leads: of(leads.assign_to), quotations: of(quotations.sales_exec), orders: of(orderOwner) };
}

/** The first day of the calendar month `offset` months from today's (IST). */
export const monthStart = (today: SQL, offset: number) => sql`(date_trunc('month', ${today}) + make_interval(months => ${offset}))::date`;
/** A date column within the calendar month `offset` months from today's. */
export const inMonth = (column: SQL | PgColumn, today: SQL, offset: number) =>
  sql`(${column} >= ${monthStart(today, offset)} AND ${column} < ${monthStart(today, offset + 1)})`;
/** A sum of money, exact, 2 decimals, 0 when there is nothing. */
export const money = (value: SQL) => sql<string>`round(coalesce(${value}, 0), 2)::text`;
