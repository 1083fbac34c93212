import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { customers, jobOrders, materialCategories, materials, requisitionDetails, requisitions, stockTransactions, users } from '../../db/schema';
import { DEPARTMENT_VALUES } from '../../../domain/departments';
import { jobOrderLabel } from '../../../domain/job-order';
import { CONSUMABLES_CATEGORY } from '../../../domain/material';
import type { PendingRequisitionFigures } from '../../../domain/dashboard';
import {
  REQUISITION_JOB_ORDER_REQUIRED,
  REQUISITION_MESSAGES,
  REQUISITION_PENDING_STATES,
  REQUISITION_STATES,
  inStoresQueue,
  REQUISITION_TYPES_NEEDING_APPROVAL,
  requisitionActionRefusal,
  requisitionIssuedInFull,
  requisitionNeedsJobOrder,
  requisitionState,
  requisitionTypeSchema,
  inTransitTransactionSchema,
  type FilterRequisitionsQuery,
  type NonStandardRequisitionsQuery,
  type RequisitionAction,
  type requisitionCreateSchema,
  type requisitionDetailCreateSchema,
  type requisitionDetailUpdateSchema,
  type RequisitionLine,
  type RequisitionLineReportRow,
  type RequisitionListRow,
  type RequisitionState,
  type RequisitionType,
  type requisitionUpdateSchema,
  type RequisitionView,
} from '../../../domain/requisition';
import type { StockTransactionStatus, StockTransactionType } from '../../../domain/stock';
import type { User } from '../../../domain/user';
import { HttpError, badRequest, fieldError, notFound, type FieldErrors } from '../../lib/http-error';
import { checkDuty } from '../../lib/duties';
import { checkEdit } from '../../lib/row-rules';
import { byFlag, byId, byValue, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { findRow, softDeleteRow, updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { pageOf, type Paging, type Slice } from '../../lib/pagination';

type RequisitionRow = typeof requisitions.$inferSelect;
type DetailRow = typeof requisitionDetails.$inferSelect;
type CreateInput = z.output<typeof requisitionCreateSchema>;
type UpdateInput = Omit<z.output<typeof requisitionUpdateSchema>, 'expected_version'>;
type LineInput = z.output<typeof requisitionDetailCreateSchema>;
type LineChanges = Omit<z.output<typeof requisitionDetailUpdateSchema>, 'expected_version'>;

/** Requisitions page by 50 (business-areas.md §9). */
export const REQUISITION_PAGE_SIZE = 50;

/**
 * The company works on Indian Standard Time: a requisition raised at 01:00 IST belongs to that
 * day, not to the UTC day before, in every date filter of this module.
 */
const businessDay = (column: SQL | PgColumn) => sql`(${column} AT TIME ZONE 'Asia/Kolkata')::date`;

/* ---------------------------------------------------------------------------------------------
 * Facts about a requisition, as SQL over the row and its live lines. The states themselves come
 * from requisitionState (domain/requisition.ts); these are only the facts it reads, and the
 * conditions the lists need to pick rows before a page is cut.
 * ------------------------------------------------------------------------------------------- */

const liveLineOfRequisition = sql`${requisitionDetails.requisition} = ${requisitions.id} AND ${requisitionDetails.deleted_at} IS NULL`;
const lineCount = sql<number>`(SELECT count(*) FROM ${requisitionDetails} WHERE ${liveLineOfRequisition})`.mapWith(Number);
const hasIssues = sql<boolean>`EXISTS (SELECT 1 FROM ${requisitionDetails} WHERE ${liveLineOfRequisition} AND ${requisitionDetails.quantity_issued} > 0)`;
const hasReservations = sql<boolean>`EXISTS (SELECT 1 FROM ${requisitionDetails} WHERE ${liveLineOfRequisition} AND ${requisitionDetails.quantity_reserved} > 0)`;

/** Pending (open, approved or partly issued: REQUISITION_PENDING_STATES): material still to be served. Job orders read it too. */
export const isPending = and(isNull(requisitions.deleted_at), isNull(requisitions.closed_at), eq(requisitions.is_completed, false))!;
/** State open: pending, nothing issued, not approved. */
const isOpen = and(isPending, not(hasIssues), eq(requisitions.is_approved, false))!;
/**
 * Stores may serve it now: requisitionActionRefusal('issue', state, type) is null, i.e. pending,
 * and approved when its type needs approval.
 */
const storesMayServe = and(isPending, or(not(inArray(requisitions.requisition_type, [...REQUISITION_TYPES_NEEDING_APPROVAL])), eq(requisitions.is_approved, true)))!;
/** A job order that is closed (status or closing date) or cancelled. */
const jobOrderIsClosed = sql<boolean>`(${jobOrders.status} = 'closed' OR ${jobOrders.closed_at} IS NOT NULL OR ${jobOrders.cancelled_at} IS NOT NULL)`;
/** False for a requisition without a job order (consumables), so its negation keeps those too. */
const requisitionOfClosedJobOrder = sql`EXISTS (SELECT 1 FROM ${jobOrders} WHERE ${jobOrders.id} = ${requisitions.job_order} AND ${jobOrderIsClosed})`;
const requesterName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username})`;

const { txid: _txid, ...requisitionColumns } = getTableColumns(requisitions);
const { txid: _lineTxid, ...lineColumns } = getTableColumns(requisitionDetails);

const rowFields = {
  ...requisitionColumns,
  job_order_created_at: jobOrders.created_at,
  customer: jobOrders.customer,
  customer_name: customers.name,
  requested_by_name: requesterName,
  requested_by_department: users.department,
  requested_by_designation: users.designation,
  line_count: lineCount,
  has_issues: hasIssues,
  has_reservations: hasReservations,
};

/**
 * The state of a requisition from its row and whether any live line has had material issued,
 * which is all requisitionState reads of the lines.
 */
const stateOf = (row: Pick<RequisitionRow, 'deleted_at' | 'closed_at' | 'is_completed' | 'is_approved'> & { has_issues: boolean }) =>
  requisitionState(row, [{ quantity_issued: row.has_issues ? '1' : '0' }]);

const labelOf = (jobOrder: number | null, createdAt: string | null) => (jobOrder === null ? null : jobOrderLabel({ id: jobOrder, created_at: createdAt }));

type Order = SQL[];
const NEWEST_FIRST: Order = [desc(requisitions.id)];
const OLDEST_FIRST: Order = [asc(requisitions.id)];

/** Requisition list rows matching `where`, with their state and labels; a slice when paged. */
async function requisitionRows(db: Db, where: SQL | undefined, order: Order, paging?: Paging): Promise<Slice<RequisitionListRow>> {
  const query = db
    .select({ ...rowFields, total_count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(requisitions)
    .innerJoin(users, eq(users.id, requisitions.requested_by))
    .leftJoin(jobOrders, eq(jobOrders.id, requisitions.job_order))
    .leftJoin(customers, eq(customers.id, jobOrders.customer))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = paging ? await query.limit(pageOf(paging).limit).offset(pageOf(paging).offset) : await query;
  return {
    count: rows[0]?.total_count ?? 0,
    results: rows.map(({ total_count: _, job_order_created_at, ...row }) => ({
      ...row,
      requisition_type: row.requisition_type as RequisitionType,
      state: stateOf(row),
      job_order_label: labelOf(row.job_order, job_order_created_at),
    })),
  };
}

/** The list rows of requisitions the generic list machinery picked, in its order. */
export async function describeRequisitions(db: Db, rows: readonly { id: number }[]): Promise<RequisitionListRow[]> {
  if (!rows.length) return [];
  const { results } = await requisitionRows(
    db,
    inArray(
      requisitions.id,
      rows.map((r) => r.id),
    ),
    NEWEST_FIRST,
  );
  const byId = new Map(results.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id)!);
}

/** The live lines of requisitions with their material's name and unit, oldest line first. */
async function linesOf(db: Db, requisitionIds: readonly number[]): Promise<RequisitionLine[]> {
  if (!requisitionIds.length) return [];
  return db
    .select({ ...lineColumns, material_name: materials.name, material_unit: materials.unit })
    .from(requisitionDetails)
    .innerJoin(materials, eq(materials.id, requisitionDetails.material))
    .where(and(inArray(requisitionDetails.requisition, [...requisitionIds]), isNull(requisitionDetails.deleted_at)))
    .orderBy(asc(requisitionDetails.id));
}

async function withLines(db: Db, rows: RequisitionListRow[]): Promise<RequisitionView[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, requisition_items: lines.filter((line) => line.requisition === row.id) }));
}

/** A requisition with its lines and state; cancelled ones too (the cancelled list opens them). */
export async function requisitionView(db: Db, id: number): Promise<RequisitionView> {
  const { results } = await requisitionRows(db, eq(requisitions.id, id), NEWEST_FIRST);
  if (!results.length) throw notFound();
  const [view] = await withLines(db, results);
  return view!;
}

/* ------------------------------------------------------------------------------------------ */
/* Lists                                                                                       */
/* ------------------------------------------------------------------------------------------ */

const idFilterParam = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(2_147_483_647);

/** requisitions/: the mirrored list, with the filters of the foreman, metal and stores screens. */
export const requisitionList: ListSpec<typeof requisitions> = {
  table: requisitions,
  pageSize: REQUISITION_PAGE_SIZE,
  orderings: { id: requisitions.id, created_at: requisitions.created_at, updated_at: requisitions.updated_at, requisition_type: requisitions.requisition_type, job_order: requisitions.job_order },
  defaultOrdering: '-id',
  filters: {
    requisition_type: byValue(requisitions.requisition_type, requisitionTypeSchema),
    job_order: byId(requisitions.job_order),
    requested_by: byId(requisitions.requested_by),
    is_approved: byFlag(requisitions.is_approved),
    is_completed: byFlag(requisitions.is_completed),
    customer: filter(idFilterParam, (customer) => sql`${requisitions.job_order} IN (SELECT ${jobOrders.id} FROM ${jobOrders} WHERE ${jobOrders.customer} = ${customer})`),
    /** The department variants (metal, stores, the shops): requisitions raised by that department. */
    department: filter(z.enum(DEPARTMENT_VALUES), (department) => sql`${requisitions.requested_by} IN (SELECT ${users.id} FROM ${users} WHERE ${users.department} = ${department})`),
    created_from: fromDate(businessDay(requisitions.created_at)),
    created_to: toDate(businessDay(requisitions.created_at)),
  },
};

/** requisition_details/: every line, for the offline mirror (removed lines come in deltas). */
export const requisitionDetailList: ListSpec<typeof requisitionDetails> = {
  table: requisitionDetails,
  pageSize: 100,
  orderings: { id: requisitionDetails.id, requisition: requisitionDetails.requisition, updated_at: requisitionDetails.updated_at },
  defaultOrdering: 'id',
  filters: { requisition: byId(requisitionDetails.requisition), material: byId(requisitionDetails.material), job_order: byId(requisitionDetails.job_order) },
};

/**
 * The mirrored lines with their material's name and unit: every line shows what it asks for to
 * whoever may read the requisition, whatever their own materials (docs/permissions.md).
 */
export async function describeLines(db: Db, rows: readonly DetailRow[]): Promise<RequisitionLine[]> {
  if (!rows.length) return [];
  const named = await db
    .select({ id: materials.id, name: materials.name, unit: materials.unit })
    .from(materials)
    .where(inArray(materials.id, [...new Set(rows.map((r) => r.material))]));
  const byId = new Map(named.map((m) => [m.id, m]));
  return rows.map(({ txid: _, ...line }) => ({ ...line, material_name: byId.get(line.material)!.name, material_unit: byId.get(line.material)!.unit }));
}

const inPeriod = (day: SQL, start: string | undefined, end: string | undefined) => and(start ? sql`${day} >= ${start}` : undefined, end ? sql`${day} <= ${end}` : undefined);

export interface Period {
  start_date?: string;
  end_date?: string;
}

/** cancelled_requisitions/ and list_cancelled_requisitions/: most recently cancelled first. */
export const cancelledRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(isNotNull(requisitions.deleted_at), inPeriod(businessDay(requisitions.deleted_at), period.start_date, period.end_date)), [desc(requisitions.deleted_at), desc(requisitions.id)], paging);

/** list_closed_requisitions/: most recently closed first. */
export const closedRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(
    db,
    and(isNull(requisitions.deleted_at), isNotNull(requisitions.closed_at), inPeriod(businessDay(requisitions.closed_at), period.start_date, period.end_date)),
    [desc(requisitions.closed_at), desc(requisitions.id)],
    paging,
  );

const raisedIn = (period: Period) => inPeriod(businessDay(requisitions.created_at), period.start_date, period.end_date);

/** not_approved_rework_shortfall/: re-work and shortfall requisitions waiting for approval, oldest first. */
export const notApprovedRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(isOpen, inArray(requisitions.requisition_type, [...REQUISITION_TYPES_NEEDING_APPROVAL]), raisedIn(period)), OLDEST_FIRST, paging);

/** requisitions_without_issues_or_reservation/ (the not-actioned screen): pending, nothing issued or reserved yet. */
export const notActionedRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(isPending, not(hasIssues), not(hasReservations), raisedIn(period)), OLDEST_FIRST, paging);

/**
 * list_stores_requisitions/: stores' queue, what they may serve now, first come first served.
 * Requisitions of closed or cancelled job orders are left out: nothing more goes to those jobs
 * (they show in requisitions_for_closed_job_orders/ to be closed).
 */
export const storesRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(storesMayServe, not(requisitionOfClosedJobOrder), raisedIn(period)), OLDEST_FIRST, paging);

/** requisitions_for_closed_job_orders/: requisitions left on job orders that are closed or cancelled. */
export const closedJobOrderRequisitions = (db: Db, onlyPending: boolean, paging: Paging) =>
  requisitionRows(db, and(isNull(requisitions.deleted_at), requisitionOfClosedJobOrder, onlyPending ? isPending : undefined), NEWEST_FIRST, paging);

/**
 * Pending requisitions matching `where` (the workshop dashboards' scope) by state, and how many
 * wait for approval or are in stores' queue: counted per combination of the facts the domain's
 * rules read, then judged by those rules, so a dashboard never counts differently from the lists.
 */
export async function pendingRequisitionFigures(db: Db, where: SQL | undefined): Promise<PendingRequisitionFigures> {
  const facts = db
    .select({
      is_approved: requisitions.is_approved,
      requisition_type: requisitions.requisition_type,
      has_issues: sql<boolean>`${hasIssues}`.as('has_issues'),
      job_order_closed: sql<boolean>`${requisitionOfClosedJobOrder}`.as('job_order_closed'),
    })
    .from(requisitions)
    .where(and(isPending, where))
    .as('facts');
  const groups = await db
    .select({ is_approved: facts.is_approved, requisition_type: facts.requisition_type, has_issues: facts.has_issues, job_order_closed: facts.job_order_closed, count: sql<number>`count(*)`.mapWith(Number) })
    .from(facts)
    .groupBy(facts.is_approved, facts.requisition_type, facts.has_issues, facts.job_order_closed);
  const byState = new Map<RequisitionState, number>();
  let awaitingApproval = 0;
  let inQueue = 0;
  for (const group of groups) {
    const state = stateOf({ deleted_at: null, closed_at: null, is_completed: false, is_approved: group.is_approved, has_issues: group.has_issues });
    const type = group.requisition_type as RequisitionType;
    byState.set(state, (byState.get(state) ?? 0) + group.count);
    if (requisitionActionRefusal('approve', state, type) === null) awaitingApproval += group.count;
    if (inStoresQueue(state, type, !group.job_order_closed)) inQueue += group.count;
  }
  return {
    by_state: REQUISITION_PENDING_STATES.map((state) => ({ state, label: REQUISITION_STATES.find((s) => s.value === state)!.label, count: byState.get(state) ?? 0 })),
    awaiting_approval: awaitingApproval,
    in_stores_queue: inQueue,
  };
}

const withMaterial = (material: number) =>
  sql`EXISTS (SELECT 1 FROM ${requisitionDetails} WHERE ${liveLineOfRequisition} AND ${requisitionDetails.material} = ${material})`;

/** filter_requisitions/ (business-areas.md §7): live requisitions, newest first. */
export function filterRequisitions(db: Db, q: FilterRequisitionsQuery, paging: Paging) {
  const where = and(
    isNull(requisitions.deleted_at),
    inPeriod(businessDay(requisitions.created_at), q.startDate, q.endDate),
    q.fromReq === undefined ? undefined : sql`${requisitions.id} >= ${q.fromReq}`,
    q.toReq === undefined ? undefined : sql`${requisitions.id} <= ${q.toReq}`,
    q.typ === undefined ? undefined : eq(requisitions.requisition_type, q.typ),
    q.job === undefined ? undefined : eq(requisitions.job_order, q.job),
    q.material === undefined ? undefined : withMaterial(q.material),
    q.is_completed === undefined ? undefined : eq(requisitions.is_completed, q.is_completed),
  );
  return requisitionRows(db, where, NEWEST_FIRST, paging);
}

/** non_standard_requisitions/ (the detailed screen): every type but standard, with their lines. */
export async function nonStandardRequisitions(db: Db, q: NonStandardRequisitionsQuery, paging: Paging): Promise<Slice<RequisitionView>> {
  const where = and(
    isNull(requisitions.deleted_at),
    ne(requisitions.requisition_type, 'standard'),
    q.requisition_type === undefined ? undefined : eq(requisitions.requisition_type, q.requisition_type),
    q.job_order === undefined ? undefined : eq(requisitions.job_order, q.job_order),
    q.customer === undefined ? undefined : eq(jobOrders.customer, q.customer),
    inPeriod(businessDay(requisitions.created_at), q.start_date, q.end_date),
    q.only_pending_reqs ? isPending : undefined,
  );
  const slice = await requisitionRows(db, where, NEWEST_FIRST, paging);
  return { count: slice.count, results: await withLines(db, slice.results) };
}

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
      requested_by_name: requesterName,
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
  return { total_value: sumOfMoney(results.map((r) => r.value)), results };
}

/** Adds money strings of two decimals exactly (in paise), never in floating point. */
function sumOfMoney(values: readonly string[]): string {
  const paise = values.reduce((sum, value) => sum + BigInt(value.replace('.', '')), 0n);
  const sign = paise < 0n ? '-' : '';
  const digits = (paise < 0n ? -paise : paise).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
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

/* ------------------------------------------------------------------------------------------ */
/* Writes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;
const now = <T>() => sql`now()` as unknown as T;

/** The requisition, locked for the rest of the transaction (cancelled ones too, so refusals can say why), and its live lines. */
async function lockRequisition(tx: Db, id: number): Promise<{ requisition: RequisitionRow; lines: DetailRow[] }> {
  const [requisition] = await tx.select().from(requisitions).where(eq(requisitions.id, id)).for('update');
  if (!requisition) throw notFound();
  const lines = await tx
    .select()
    .from(requisitionDetails)
    .where(and(eq(requisitionDetails.requisition, id), isNull(requisitionDetails.deleted_at)));
  return { requisition, lines };
}

/** The 400 of an action the requisition's state does not allow (domain/requisition.ts says which and why). */
function refuseUnless(action: RequisitionAction, requisition: RequisitionRow, lines: readonly DetailRow[]): void {
  const refusal = requisitionActionRefusal(action, requisitionState(requisition, lines), requisition.requisition_type as RequisitionType);
  if (refusal) throw new HttpError(400, { detail: refusal });
}

/**
 * The 403 of a change the requisition's row rule (domain/row-rules.ts) does not allow: whose
 * requisition it is and of which department decides. `fields` omitted for a cancel.
 */
async function refuseUnlessMayEdit(tx: Db, actor: User, requisition: RequisitionRow, fields?: readonly string[]): Promise<void> {
  const [raiser] = await tx.select({ department: users.department }).from(users).where(eq(users.id, requisition.requested_by));
  checkEdit('requisition', actor, { ...requisition, requested_by_department: raiser?.department ?? null }, fields);
}

const changedFields = (input: object) =>
  Object.entries(input)
    .filter(([field, value]) => value !== undefined && field !== 'confirm_repeat')
    .map(([field]) => field);

/** Why a job order cannot take requisitions, or null: unknown, or closed or cancelled. */
async function jobOrderProblem(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ closed: jobOrderIsClosed })
    .from(jobOrders)
    .where(and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at)));
  if (!row) return invalidPk(id);
  return row.closed ? REQUISITION_MESSAGES.jobOrderClosed : null;
}

async function materialProblem(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, id), isNull(materials.deleted_at)));
  return row ? null : invalidPk(id);
}

/** The repeat-request refusal (see confirm_repeat in domain/requisition.ts), naming the pending requisitions. */
async function repeatProblem(tx: Db, match: { material: number; jobOrder: number | null; type: RequisitionType; except?: number }): Promise<string[] | null> {
  if (match.jobOrder === null) return null;
  const earlier = await pendingRequests(tx, { material: match.material, jobOrder: match.jobOrder, type: match.type, except: match.except });
  if (!earlier.length) return null;
  return [REQUISITION_MESSAGES.repeatedRequest, `Still pending: requisition ${earlier.map((r) => r.id).join(', ')}. ${REQUISITION_MESSAGES.confirmRepeat}`];
}

/** Collects field errors so a form hears about every bad field at once. */
class Problems {
  readonly fields: FieldErrors = {};
  add(field: string, messages: string | string[] | null): void {
    if (messages) (this.fields[field] ??= []).push(...(Array.isArray(messages) ? messages : [messages]));
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length) throw badRequest(this.fields);
  }
}

/** `is_completed` follows the lines; writing it also moves the requisition's sync cursor, so mirrors see the new state. */
async function settleCompletion(tx: Db, id: number): Promise<void> {
  const lines = await tx
    .select()
    .from(requisitionDetails)
    .where(and(eq(requisitionDetails.requisition, id), isNull(requisitionDetails.deleted_at)));
  await tx.update(requisitions).set({ is_completed: requisitionIssuedInFull(lines) }).where(eq(requisitions.id, id));
}

/** POST requisitions/: a requisition and its materials, raised by the signed-in user. */
export async function createRequisition(db: Db, actor: User, input: CreateInput): Promise<RequisitionView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const problems = new Problems();
      if (input.job_order != null) problems.add('job_order', await jobOrderProblem(tx, input.job_order));
      for (const [i, item] of input.requisition_items.entries()) {
        problems.add(`requisition_items.${i}.material`, await materialProblem(tx, item.material));
        if (item.job_order != null) problems.add(`requisition_items.${i}.job_order`, await jobOrderProblem(tx, item.job_order));
      }
      problems.throwIfAny();
      if (!input.confirm_repeat) {
        for (const [i, item] of input.requisition_items.entries()) {
          problems.add(`requisition_items.${i}.material`, await repeatProblem(tx, { material: item.material, jobOrder: item.job_order ?? input.job_order ?? null, type: input.requisition_type }));
        }
        problems.throwIfAny();
      }
      const [requisition] = await tx
        .insert(requisitions)
        .values({ job_order: input.job_order ?? null, requisition_type: input.requisition_type, requested_by: actor.id, created_by: actor.id })
        .returning();
      await tx.insert(requisitionDetails).values(
        input.requisition_items.map((item) => ({
          requisition: requisition!.id,
          material: item.material,
          job_order: item.job_order ?? input.job_order ?? null,
          quantity: item.quantity,
          created_by: actor.id,
        })),
      );
      return requisitionView(tx, requisition!.id);
    },
    (row) => ({
      action: 'requisition.create',
      target: `requisitions:${row.id}`,
      risk: 'low',
      metadata: { requisition_type: row.requisition_type, job_order: row.job_order, items: row.requisition_items.length, confirm_repeat: input.confirm_repeat },
    }),
  );
}

/**
 * PATCH requisitions/{id}/: the type and job order, while the requisition is open. Once approved
 * or issued against, they stay: an approval is for a given job and type, and issued material was
 * booked to them. Lines that followed the old job order follow the new one.
 */
export async function updateRequisition(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined): Promise<RequisitionView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { requisition, lines } = await lockRequisition(tx, id);
      await refuseUnlessMayEdit(tx, actor, requisition, changedFields(input));
      refuseUnless('change-items', requisition, lines);
      const type = input.requisition_type ?? (requisition.requisition_type as RequisitionType);
      const jobOrder = input.job_order === undefined ? requisition.job_order : input.job_order;
      const moves = type !== requisition.requisition_type || jobOrder !== requisition.job_order;
      if (moves && requisitionState(requisition, lines) !== 'open') throw new HttpError(400, { detail: REQUISITION_MESSAGES.headerFixed });
      if (jobOrder === null && requisitionNeedsJobOrder(type)) throw fieldError('job_order', REQUISITION_JOB_ORDER_REQUIRED);
      const problems = new Problems();
      if (jobOrder !== null && jobOrder !== requisition.job_order) problems.add('job_order', await jobOrderProblem(tx, jobOrder));
      problems.throwIfAny();
      if (moves && !input.confirm_repeat) {
        for (const line of lines) {
          const lineJobOrder = line.job_order === requisition.job_order ? jobOrder : line.job_order;
          problems.add('requisition_type', await repeatProblem(tx, { material: line.material, jobOrder: lineJobOrder, type, except: id }));
        }
        problems.throwIfAny();
      }
      await updateRow(tx, requisitions, id, { requisition_type: input.requisition_type, job_order: input.job_order }, expected);
      if (jobOrder !== requisition.job_order) {
        await tx
          .update(requisitionDetails)
          .set({ job_order: jobOrder })
          .where(
            and(
              eq(requisitionDetails.requisition, id),
              isNull(requisitionDetails.deleted_at),
              requisition.job_order === null ? isNull(requisitionDetails.job_order) : eq(requisitionDetails.job_order, requisition.job_order),
            ),
          );
      }
      return requisitionView(tx, id);
    },
    (row) => ({ action: 'requisition.update', target: `requisitions:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) } }),
  );
}

/** A state-changing action on the requisition: checked against the state machine, then written and audited. */
async function act(
  db: Db,
  actor: User,
  id: number,
  action: RequisitionAction,
  values: Partial<typeof requisitions.$inferInsert>,
  expected: number | undefined,
  audit: { name: string; risk: 'low' | 'medium'; metadata?: Record<string, unknown> },
): Promise<RequisitionView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { requisition, lines } = await lockRequisition(tx, id);
      // Cancelling is the raiser's side's; closing and approving have permissions of their own.
      if (action === 'cancel') await refuseUnlessMayEdit(tx, actor, requisition);
      if (action === 'approve') checkDuty('requisition', requisition, actor);
      refuseUnless(action, requisition, lines);
      await updateRow(tx, requisitions, id, values, expected);
      return requisitionView(tx, id);
    },
    (row) => ({ action: `requisition.${audit.name}`, target: `requisitions:${row.id}`, risk: audit.risk, metadata: { requisition_type: row.requisition_type, ...audit.metadata } }),
  );
}

/** DELETE requisitions/{id}/ with a reason: cancelling keeps the row (and its lines) for the cancelled lists. */
export const cancelRequisition = (db: Db, actor: User, id: number, reason: string, expected: number | undefined) =>
  act(db, actor, id, 'cancel', { deleted_at: now(), cancel_reason: reason }, expected, { name: 'cancel', risk: 'medium', metadata: { reason } });

/** PATCH {id}/close/ with a reason: nothing more will be served. */
export const closeRequisition = (db: Db, actor: User, id: number, reason: string, expected: number | undefined) =>
  act(db, actor, id, 'close', { closed_at: now(), close_reason: reason }, expected, { name: 'close', risk: 'medium', metadata: { reason } });

/** PUT {id}/approve_requisition/: a re-work or shortfall requisition may now be served. */
export const approveRequisition = (db: Db, actor: User, id: number, expected: number | undefined) =>
  act(db, actor, id, 'approve', { is_approved: true, approved_by: actor.id, approved_at: now() }, expected, { name: 'approve', risk: 'medium' });

/** A line with its material's name and unit. */
async function lineView(db: Db, id: number): Promise<RequisitionLine> {
  const [line] = await db
    .select({ ...lineColumns, material_name: materials.name, material_unit: materials.unit })
    .from(requisitionDetails)
    .innerJoin(materials, eq(materials.id, requisitionDetails.material))
    .where(eq(requisitionDetails.id, id));
  return line!;
}

const lineAudit = (name: string, risk: 'low' | 'medium') => (line: RequisitionLine) => ({
  action: `requisition_detail.${name}`,
  target: `requisition_details:${line.id}`,
  risk,
  metadata: { requisition: line.requisition, material: line.material, quantity: line.quantity },
});

/** POST requisition_details/: one more material on a requisition that is still being served. */
export async function addLine(db: Db, actor: User, input: LineInput): Promise<RequisitionLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [exists] = await tx.select({ id: requisitions.id }).from(requisitions).where(eq(requisitions.id, input.requisition));
      if (!exists) throw fieldError('requisition', invalidPk(input.requisition));
      const { requisition, lines } = await lockRequisition(tx, input.requisition);
      await refuseUnlessMayEdit(tx, actor, requisition, ['requisition_items']);
      refuseUnless('change-items', requisition, lines);
      const jobOrder = input.job_order ?? requisition.job_order;
      const problems = new Problems();
      problems.add('material', await materialProblem(tx, input.material));
      if (jobOrder !== null) problems.add(input.job_order == null ? 'requisition' : 'job_order', await jobOrderProblem(tx, jobOrder));
      if (lines.some((line) => line.material === input.material)) problems.add('material', REQUISITION_MESSAGES.duplicateMaterial);
      problems.throwIfAny();
      if (!input.confirm_repeat) {
        problems.add('material', await repeatProblem(tx, { material: input.material, jobOrder, type: requisition.requisition_type as RequisitionType, except: requisition.id }));
        problems.throwIfAny();
      }
      // The unique index is the last word should two writers slip past the check.
      const [line] = await withUniqueField('material', REQUISITION_MESSAGES.duplicateMaterial, () =>
        tx.insert(requisitionDetails).values({ requisition: requisition.id, material: input.material, job_order: jobOrder, quantity: input.quantity, created_by: actor.id }).returning(),
      );
      await settleCompletion(tx, requisition.id);
      return lineView(tx, line!.id);
    },
    lineAudit('create', 'low'),
  );
}

/** The live line and its locked requisition. */
async function lockLine(tx: Db, id: number) {
  const line = await findRow(tx, requisitionDetails, id);
  const { requisition, lines } = await lockRequisition(tx, line.requisition);
  return { line, requisition, lines };
}

/** PATCH requisition_details/{id}/: quantity (not below what was issued), material (while none was issued), job order. */
export async function updateLine(db: Db, actor: User, id: number, input: LineChanges, expected: number | undefined): Promise<RequisitionLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line, requisition, lines } = await lockLine(tx, id);
      await refuseUnlessMayEdit(tx, actor, requisition, changedFields(input));
      if (input.requisition !== undefined && input.requisition !== line.requisition) throw fieldError('requisition', REQUISITION_MESSAGES.otherRequisition);
      refuseUnless('change-items', requisition, lines);
      const material = input.material ?? line.material;
      const jobOrder = input.job_order === undefined ? line.job_order : (input.job_order ?? requisition.job_order);
      const problems = new Problems();
      if (material !== line.material) {
        if (Number(line.quantity_issued) > 0) problems.add('material', REQUISITION_MESSAGES.lineMaterialIssued);
        problems.add('material', await materialProblem(tx, material));
        if (lines.some((other) => other.id !== line.id && other.material === material)) problems.add('material', REQUISITION_MESSAGES.duplicateMaterial);
      }
      if (jobOrder !== line.job_order && jobOrder !== null) problems.add('job_order', await jobOrderProblem(tx, jobOrder));
      if (input.quantity !== undefined && Number(input.quantity) < Number(line.quantity_issued)) problems.add('quantity', REQUISITION_MESSAGES.belowIssued);
      problems.throwIfAny();
      if ((material !== line.material || jobOrder !== line.job_order) && !input.confirm_repeat) {
        problems.add('material', await repeatProblem(tx, { material, jobOrder, type: requisition.requisition_type as RequisitionType, except: requisition.id }));
        problems.throwIfAny();
      }
      await withUniqueField('material', REQUISITION_MESSAGES.duplicateMaterial, () =>
        updateRow(tx, requisitionDetails, id, { material: input.material, job_order: jobOrder, quantity: input.quantity }, expected),
      );
      await settleCompletion(tx, requisition.id);
      return lineView(tx, id);
    },
    lineAudit('update', 'low'),
  );
}

/** DELETE requisition_details/{id}/: only a line nothing was issued or reserved against, and never the last one. */
export async function removeLine(db: Db, actor: User, id: number, expected: number | undefined): Promise<RequisitionLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line, requisition, lines } = await lockLine(tx, id);
      await refuseUnlessMayEdit(tx, actor, requisition, ['requisition_items']);
      refuseUnless('change-items', requisition, lines);
      if (Number(line.quantity_issued) > 0) throw new HttpError(400, { detail: REQUISITION_MESSAGES.lineIssued });
      if (Number(line.quantity_reserved) > 0) throw new HttpError(400, { detail: REQUISITION_MESSAGES.lineReserved });
      if (lines.length === 1) throw new HttpError(400, { detail: REQUISITION_MESSAGES.lastLine });
      await softDeleteRow(tx, requisitionDetails, id, expected);
      await settleCompletion(tx, requisition.id);
      return lineView(tx, id);
    },
    lineAudit('delete', 'medium'),
  );
}

/** GET requisition_details/{id}/: a live line. */
export async function findLine(db: Db, id: number): Promise<RequisitionLine> {
  await findRow(db, requisitionDetails, id);
  return lineView(db, id);
}
