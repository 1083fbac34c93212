import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { JOB_ORDER_STATUSES } from '../../../domain/job-order';
import type { LandingFigures } from '../../../domain/dashboard';

function lastTwelveMonths(today: Date): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The landing page: job order value and status counts (cancelled excluded), purchases per month. */
export async function landingFigures(db: Db, today = new Date()): Promise<LandingFigures> {
  const statusRows = await queryRows<{ status: string; count: string }>(db, sql`
    SELECT status, count(*)::text AS count
    FROM job_orders WHERE cancelled_at IS NULL GROUP BY status`);
  const months = lastTwelveMonths(today);
  const purchaseRows = await queryRows<{ month: string; total: string }>(db, sql`
    SELECT to_char(lpo_date, 'YYYY-MM') AS month, sum(total_amount)::numeric(16,2)::text AS total
    FROM lpos WHERE cancelled_at IS NULL AND lpo_date >= ${`${months[0]}-01`}::date
    GROUP BY 1`);

  const byStatus = new Map(statusRows.map((r) => [r.status, r]));
  const byMonth = new Map(purchaseRows.map((r) => [r.month, r.total]));
  const valueRow = await queryRows<{ value: string; count: string }>(db, sql`
    SELECT coalesce(sum(total_value), 0)::numeric(16,2)::text AS value, count(*)::text AS count
    FROM job_orders WHERE cancelled_at IS NULL`);
  return {
    job_order_value: valueRow[0]?.value ?? '0.00',
    job_order_count: Number(valueRow[0]?.count ?? 0),
    status_counts: JOB_ORDER_STATUSES.map((s) => ({ status: s.value, label: s.label, count: Number(byStatus.get(s.value)?.count ?? 0) })),
    monthly_purchases: months.map((month) => ({ month, total: byMonth.get(month) ?? '0.00' })),
  };
}
