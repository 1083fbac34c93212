import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { DESIGN_DASH_ESTIMATION_LIMIT, DESIGN_DASH_JOB_LIMIT, type DesignDashboard, type DesignDashEstimation } from '../../../domain/design-dashboard';
import { jobOrderLabel } from '../../../domain/job-order';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { customers, estimations, jobOrders, leads, salesOrders } from '../../db/schema';
import { businessDay, TODAY } from '../../lib/business-day';

/*
 * design-home (GET /dashboard/design/, domain/design-dashboard.ts): estimation figures over the
 * live estimations, and the job orders waiting in the Design bucket with their sales orders' due dates.
 */

const liveEstimation = isNull(estimations.deleted_at);
const countOf = sql<number>`count(*)::int`;

async function estimationList(db: Db, where: SQL, newest: SQL): Promise<{ count: number; results: DesignDashEstimation[] }> {
  const [counted] = await db.select({ count: countOf }).from(estimations).where(where);
  const results = await db
    .select({
      id: estimations.id,
      title: estimations.title,
      party_name: sql<string>`coalesce(${customers.name}, ${leads.company}, '')`,
      status: estimations.status,
      estimation_date: estimations.estimation_date,
      total_cost: estimations.total_cost,
      submitted_at: estimations.submitted_at,
      created_at: estimations.created_at,
    })
    .from(estimations)
    .leftJoin(customers, eq(customers.id, estimations.customer))
    .leftJoin(leads, eq(leads.id, estimations.lead))
    .where(where)
    .orderBy(newest, desc(estimations.id))
    .limit(DESIGN_DASH_ESTIMATION_LIMIT);
  return { count: counted?.count ?? 0, results };
}

/** Job orders waiting for design (domain/design-dashboard.ts `isWaitingForDesign`). */
const waitingForDesign = and(eq(jobOrders.bucket, 'Design'), ne(jobOrders.status, 'closed'), isNull(jobOrders.cancelled_at), isNull(jobOrders.closed_at), isNull(jobOrders.deleted_at))!;
const dueDate = salesOrders.expected_delivery_date;
const overdue = sql<boolean>`coalesce(${dueDate} < ${TODAY}, false)`;

async function jobsWaiting(db: Db): Promise<DesignDashboard['jobs_waiting']> {
  const [counted] = await db
    .select({ count: countOf, overdue: sql<number>`(count(*) FILTER (WHERE ${overdue}))::int` })
    .from(jobOrders)
    .leftJoin(salesOrders, eq(salesOrders.id, jobOrders.sales_order))
    .where(waitingForDesign);
  const rows = await db
    .select({ id: jobOrders.id, created_at: jobOrders.created_at, customer_name: customers.name, status: jobOrders.status, due_date: dueDate, overdue })
    .from(jobOrders)
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .leftJoin(salesOrders, eq(salesOrders.id, jobOrders.sales_order))
    .where(waitingForDesign)
    .orderBy(sql`${dueDate} ASC NULLS LAST`, asc(jobOrders.id))
    .limit(DESIGN_DASH_JOB_LIMIT);
  return {
    count: counted?.count ?? 0,
    overdue: counted?.overdue ?? 0,
    results: rows.map(({ created_at, ...row }) => ({ ...row, label: jobOrderLabel({ id: row.id, created_at }) })),
  };
}

export async function designDashboard(db: Db): Promise<DesignDashboard> {
  // The ISO week of today, Monday first, in the company's time zone.
  const [days] = await queryRows<{ today: string; week_start: string }>(
    db,
    sql`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today, to_char(date_trunc('week', ${TODAY})::date, 'YYYY-MM-DD') AS week_start`,
  );
  const { today, week_start } = days!;
  const approvedDay = businessDay(estimations.approved_at);
  const [approved] = await db
    .select({ count: countOf })
    .from(estimations)
    .where(and(liveEstimation, sql`${estimations.approved_at} IS NOT NULL`, sql`${approvedDay} >= ${week_start}::date`, sql`${approvedDay} < ${week_start}::date + 7`));
  return {
    today,
    week_start,
    awaiting_approval: await estimationList(db, and(liveEstimation, eq(estimations.status, 'submitted'))!, sql`${estimations.submitted_at} DESC NULLS LAST`),
    in_costing: await estimationList(db, and(liveEstimation, eq(estimations.status, 'draft'))!, desc(estimations.created_at)),
    approved_this_week: { count: approved?.count ?? 0 },
    jobs_waiting: await jobsWaiting(db),
  };
}
