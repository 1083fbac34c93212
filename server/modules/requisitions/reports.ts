import { and, asc, eq, gt, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { CONSUMABLES_CATEGORY } from '../../../domain/material';
import {
  type RequisitionLineReportRow,
  type RequisitionType,
} from '../../../domain/requisition';
import type { Db } from '../../db/client';
import { customers, jobOrders, materialCategories, materials, requisitionDetails, requisitions, users } from '../../db/schema';
import { pageOf, type Paging, type Slice } from '../../lib/pagination';
import { hasIssues, isPending, labelOf, lineColumns, raisedIn, requisitionOfClosedJobOrder, stateOf, type Period } from './service';
import { userName } from '../users/names';

/* ------------------------------------------------------------------------------------------ */
/* Line reports                                                                                */
/* ------------------------------------------------------------------------------------------ */

const isConsumable = sql`lower(${materialCategories.name}) = ${CONSUMABLES_CATEGORY}`;
const byForeman = sql`${users.designation} = 'foreman'`;

/** Lines with their requisition's state and labels, the requester and the material's category. */
async function lineReportRows(db: Db, where: SQL | undefined, paging: Paging) {
  const rows = await db
    .select({
      ...lineColumns,
      material_name: materials.name,
      material_unit: materials.unit,
      category_name: materialCategories.name,
      requisition_type: requisitions.requisition_type,
      requisition_created_at: requisitions.created_at,
      requested_by: requisitions.requested_by,
      requested_by_name: userName,
      requested_by_department: users.department,
      requested_by_designation: users.designation,
      deleted: requisitions.deleted_at,
      closed_at: requisitions.closed_at,
      is_completed: requisitions.is_completed,
      is_approved: requisitions.is_approved,
      has_issues: hasIssues,
      job_order_created_at: jobOrders.created_at,
      job_order_of_requisition: requisitions.job_order,
      customer_name: customers.name,
      total_count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(requisitionDetails)
    .innerJoin(requisitions, eq(requisitions.id, requisitionDetails.requisition))
    .innerJoin(users, eq(users.id, requisitions.requested_by))
    .innerJoin(materials, eq(materials.id, requisitionDetails.material))
    .innerJoin(materialCategories, eq(materialCategories.id, materials.category))
    .leftJoin(jobOrders, eq(jobOrders.id, requisitions.job_order))
    .leftJoin(customers, eq(customers.id, jobOrders.customer))
    .where(and(isNull(requisitionDetails.deleted_at), where))
    .orderBy(asc(requisitionDetails.requisition), asc(requisitionDetails.id))
    .limit(pageOf(paging).limit)
    .offset(pageOf(paging).offset);
  return {
    count: rows[0]?.total_count ?? 0,
    results: rows.map(({ total_count: _, deleted, closed_at, is_completed, is_approved, has_issues, job_order_created_at, job_order_of_requisition, ...line }) => ({
      ...line,
      requisition_type: line.requisition_type as RequisitionType,
      state: stateOf({ deleted_at: deleted, closed_at, is_completed, is_approved, has_issues }),
      job_order_label: labelOf(job_order_of_requisition, job_order_created_at),
    })),
  } satisfies Slice<RequisitionLineReportRow>;
}

/**
 * get_redundant_reserved_materials/: material still reserved on lines that will never be issued
 * (the requisition is cancelled, closed or issued in full, or its job order is closed or
 * cancelled), so stores can release it for other work.
 */
export async function redundantReservations(db: Db, paging: Paging) {
  const slice = await lineReportRows(
    db,
    and(
      gt(requisitionDetails.quantity_reserved, '0'),
      or(isNotNull(requisitions.deleted_at), isNotNull(requisitions.closed_at), eq(requisitions.is_completed, true), requisitionOfClosedJobOrder),
    ),
    paging,
  );
  const because = { cancelled: 'requisition-cancelled', closed: 'requisition-closed', issued: 'requisition-issued' } as const;
  return {
    count: slice.count,
    results: slice.results.map((row) => ({ ...row, redundant_because: row.state in because ? because[row.state as keyof typeof because] : ('job-order-closed' as const) })),
  };
}

/** get_reserved_material_requisitions/: reservations held for requisitions still pending on open job orders. */
export const reservedMaterialLines = (db: Db, period: Period, paging: Paging) =>
  lineReportRows(db, and(gt(requisitionDetails.quantity_reserved, '0'), isPending, not(requisitionOfClosedJobOrder), raisedIn(period)), paging);

/** foreman_requested_non_consumables/: a foreman's requests outside the consumables category (business-areas.md §6). */
export const foremanNonConsumableLines = (db: Db, period: Period, paging: Paging) =>
  lineReportRows(db, and(isNull(requisitions.deleted_at), byForeman, not(isConsumable), raisedIn(period)), paging);

/** consumables_not_requested_by_foreman_designation/: consumables requested by anyone who is not a foreman. */
export const consumablesNotByForemanLines = (db: Db, period: Period, paging: Paging) =>
  lineReportRows(db, and(isNull(requisitions.deleted_at), or(isNull(users.designation), not(byForeman)), isConsumable, raisedIn(period)), paging);
