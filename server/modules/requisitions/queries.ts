import { and, asc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sum, toMoney } from '../../../domain/decimal';
import {
  inTransitTransactionSchema,
  type RequisitionType,
} from '../../../domain/requisition';
import type { StockTransactionStatus, StockTransactionType } from '../../../domain/stock';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { materials, requisitionDetails, requisitions, stockTransactions } from '../../db/schema';
import { findRow } from '../../lib/rows';
import { hasIssues, isPending, labelOf, stateOf } from './service';

/* ------------------------------------------------------------------------------------------ */
/* Ledger reads                                                                                */
/* ------------------------------------------------------------------------------------------ */

/**
 * rework_requisitions_value/: material issued against re-work requisitions, less what came back
 * to stores against them, valued at each ledger row's rate, or where the row has none at the
 * material's weighted average receipt rate.
 */
export async function reworkValue(db: Db, q: { start_date?: string; end_date?: string; job_order?: number }) {
  const rows = await queryRows<{ requisition: number; job_order: number | null; job_order_created_at: string | null; customer_name: string | null; deleted_at: string | null; closed_at: string | null; is_completed: boolean; is_approved: boolean; has_issues: boolean; created_at: string; issue_count: number; value: string }>(
    db,
    sql`
      SELECT r.id AS requisition, r.job_order, j.created_at AS job_order_created_at, c.name AS customer_name,
             r.deleted_at, r.closed_at, r.is_completed, r.is_approved, r.created_at,
             EXISTS (SELECT 1 FROM requisition_details d WHERE d.requisition = r.id AND d.deleted_at IS NULL AND d.quantity_issued > 0) AS has_issues,
             count(*) FILTER (WHERE t.transaction_type = 'issue')::int AS issue_count,
             round(sum(-t.quantity * coalesce(t.rate, (
               SELECT sum(g.quantity * g.rate) / nullif(sum(g.quantity), 0) FROM stock_transactions g
               WHERE g.material = t.material AND g.transaction_type = 'receipt' AND g.rate IS NOT NULL AND g.deleted_at IS NULL
             ), 0)), 2)::text AS value
      FROM stock_transactions t
      JOIN requisitions r ON r.id = t.requisition
      LEFT JOIN job_orders j ON j.id = r.job_order
      LEFT JOIN customers c ON c.id = j.customer
      WHERE t.deleted_at IS NULL AND t.transaction_type IN ('issue', 'return') AND r.requisition_type = 're-work'
        ${q.start_date ? sql`AND t.transaction_date >= ${q.start_date}` : sql``}
        ${q.end_date ? sql`AND t.transaction_date <= ${q.end_date}` : sql``}
        ${q.job_order ? sql`AND r.job_order = ${q.job_order}` : sql``}
      GROUP BY r.id, j.created_at, c.name
      ORDER BY r.id`,
  );
  const results = rows.map((row) => ({
    requisition: row.requisition,
    job_order: row.job_order,
    job_order_label: labelOf(row.job_order, row.job_order_created_at === null ? null : new Date(row.job_order_created_at).toISOString()),
    customer_name: row.customer_name,
    state: stateOf({ deleted_at: row.deleted_at, closed_at: row.closed_at, is_completed: row.is_completed, is_approved: row.is_approved, has_issues: row.has_issues }),
    created_at: new Date(row.created_at).toISOString(),
    issue_count: Number(row.issue_count),
    value: row.value,
  }));
  return { total_value: toMoney(sum(results.map((r) => r.value))), results };
}

/** requisitions/{id}/in_transit_transactions/: issues against the requisition still on their way to the floor. */
export async function inTransitTransactions(db: Db, id: number): Promise<z.infer<typeof inTransitTransactionSchema>[]> {
  await findRow(db, requisitions, id, undefined, { includeDeleted: true });
  const { txid: _, ...columns } = getTableColumns(stockTransactions);
  const rows = await db
    .select({ ...columns, material_name: materials.name, material_unit: materials.unit })
    .from(stockTransactions)
    .innerJoin(materials, eq(materials.id, stockTransactions.material))
    // A reversed issue and its reversing entry are both no longer on their way anywhere.
    .where(
      and(
        eq(stockTransactions.requisition, id),
        eq(stockTransactions.status, 'in-transit'),
        isNull(stockTransactions.deleted_at),
        isNull(stockTransactions.reversed_by),
        isNull(stockTransactions.reverses),
      ),
    )
    .orderBy(asc(stockTransactions.transaction_date), asc(stockTransactions.id));
  return rows.map((row) => ({ ...row, transaction_type: row.transaction_type as StockTransactionType, status: row.status as StockTransactionStatus }));
}

/* ------------------------------------------------------------------------------------------ */
/* Duplicate checks                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** Pending requisitions with a live line for the material on the job order (of one type, when given). */
export async function pendingRequests(db: Db, match: { material: number; jobOrder: number; type?: RequisitionType; except?: number }) {
  const rows = await db
    .select({
      id: requisitions.id,
      requisition_type: requisitions.requisition_type,
      deleted_at: requisitions.deleted_at,
      closed_at: requisitions.closed_at,
      is_completed: requisitions.is_completed,
      is_approved: requisitions.is_approved,
      has_issues: hasIssues,
      quantity: requisitionDetails.quantity,
      created_at: requisitions.created_at,
    })
    .from(requisitionDetails)
    .innerJoin(requisitions, eq(requisitions.id, requisitionDetails.requisition))
    .where(
      and(
        isNull(requisitionDetails.deleted_at),
        eq(requisitionDetails.material, match.material),
        eq(requisitionDetails.job_order, match.jobOrder),
        isPending,
        match.type ? eq(requisitions.requisition_type, match.type) : undefined,
        match.except ? ne(requisitions.id, match.except) : undefined,
      ),
    )
    .orderBy(asc(requisitions.id));
  return rows.map(({ deleted_at, closed_at, is_completed, is_approved, has_issues, ...row }) => ({
    ...row,
    requisition_type: row.requisition_type as RequisitionType,
    state: stateOf({ deleted_at, closed_at, is_completed, is_approved, has_issues }),
  }));
}
