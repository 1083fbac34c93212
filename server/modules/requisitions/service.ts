import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { idParam } from '../../../domain/query-params';
import type { PendingRequisitionFigures } from '../../../domain/dashboard';
import { DEPARTMENT_VALUES } from '../../../domain/departments';
import { jobOrderLabel } from '../../../domain/job-order';
import {
  inStoresQueue,
  REQUISITION_PENDING_STATES,
  REQUISITION_STATES,
  REQUISITION_TYPES_NEEDING_APPROVAL,
  requisitionActionRefusal,
  requisitionTypeSchema,
  stateOfFacts,
  type FilterRequisitionsQuery,
  type NonStandardRequisitionsQuery,
  type requisitionCreateSchema,
  type requisitionDetailCreateSchema,
  type requisitionDetailUpdateSchema,
  type RequisitionLine,
  type RequisitionListRow,
  type RequisitionState,
  type RequisitionType,
  type requisitionUpdateSchema,
  type RequisitionView,
} from '../../../domain/requisition';
import type { Db } from '../../db/client';
import { customers, jobOrders, materials, requisitionDetails, requisitions, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { byFlag, byId, byValue, filter, fromDate, inPeriod, toDate, type ListSpec } from '../../lib/list';
import { pageRows, type Paging, type Slice } from '../../lib/pagination';
import { userName } from '../users/names';
import { businessDay } from '../../lib/business-day';

export type RequisitionRow = typeof requisitions.$inferSelect;
export type DetailRow = typeof requisitionDetails.$inferSelect;
export type CreateInput = z.output<typeof requisitionCreateSchema>;
export type UpdateInput = Omit<z.output<typeof requisitionUpdateSchema>, 'expected_version'>;
export type LineInput = z.output<typeof requisitionDetailCreateSchema>;
export type LineChanges = Omit<z.output<typeof requisitionDetailUpdateSchema>, 'expected_version'>;

/** Requisitions page by 50 (business-areas.md §9). */
export const REQUISITION_PAGE_SIZE = 50;

/**
 * The company works on Indian Standard Time: a requisition raised at 01:00 IST belongs to that
 * day, not to the UTC day before, in every date filter of this module.
 */

/* ---------------------------------------------------------------------------------------------
 * Facts about a requisition, as SQL over the row and its live lines. The states themselves come
 * from requisitionState (domain/requisition.ts); these are only the facts it reads, and the
 * conditions the lists need to pick rows before a page is cut.
 * ------------------------------------------------------------------------------------------- */

const liveLineOfRequisition = sql`${requisitionDetails.requisition} = ${requisitions.id} AND ${requisitionDetails.deleted_at} IS NULL`;
const lineCount = sql<number>`(SELECT count(*) FROM ${requisitionDetails} WHERE ${liveLineOfRequisition})`.mapWith(Number);
export const hasIssues = sql<boolean>`EXISTS (SELECT 1 FROM ${requisitionDetails} WHERE ${liveLineOfRequisition} AND ${requisitionDetails.quantity_issued} > 0)`;
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
export const jobOrderIsClosed = sql<boolean>`(${jobOrders.status} = 'closed' OR ${jobOrders.closed_at} IS NOT NULL OR ${jobOrders.cancelled_at} IS NOT NULL)`;
/** False for a requisition without a job order (consumables), so its negation keeps those too. */
export const requisitionOfClosedJobOrder = sql`EXISTS (SELECT 1 FROM ${jobOrders} WHERE ${jobOrders.id} = ${requisitions.job_order} AND ${jobOrderIsClosed})`;

const { txid: _txid, ...requisitionColumns } = getTableColumns(requisitions);
export const lineColumns = (({ txid: _, ...columns }) => columns)(getTableColumns(requisitionDetails));

const rowFields = {
  ...requisitionColumns,
  job_order_created_at: jobOrders.created_at,
  customer: jobOrders.customer,
  customer_name: customers.name,
  requested_by_name: userName,
  requested_by_department: users.department,
  requested_by_designation: users.designation,
  line_count: lineCount,
  has_issues: hasIssues,
  has_reservations: hasReservations,
};

/**
 * The state of a requisition from its row and whether any live line has had material issued:
 * `is_completed` is written with every issue, in its transaction, as requisitionIssuedInFull of the lines.
 */
export const stateOf = (row: Pick<RequisitionRow, 'deleted_at' | 'closed_at' | 'is_completed' | 'is_approved'> & { has_issues: boolean }) =>
  stateOfFacts({ ...row, issued_in_full: row.is_completed });

export const labelOf = (jobOrder: number | null, createdAt: string | null) => (jobOrder === null ? null : jobOrderLabel({ id: jobOrder, created_at: createdAt }));

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
  const rows = await pageRows(query, paging);
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
    customer: filter(idParam, (customer) => sql`${requisitions.job_order} IN (SELECT ${jobOrders.id} FROM ${jobOrders} WHERE ${jobOrders.customer} = ${customer})`),
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


export interface Period {
  start_date?: string;
  end_date?: string;
}
/** A period as the snake_case queries name it, as lib/list's inPeriod reads it. */
const periodOf = ({ start_date, end_date }: Period) => ({ startDate: start_date, endDate: end_date });

/** cancelled_requisitions/ and list_cancelled_requisitions/: most recently cancelled first. */
export const cancelledRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(isNotNull(requisitions.deleted_at), inPeriod(businessDay(requisitions.deleted_at), periodOf(period))), [desc(requisitions.deleted_at), desc(requisitions.id)], paging);

/** list_closed_requisitions/: most recently closed first. */
export const closedRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(
    db,
    and(isNull(requisitions.deleted_at), isNotNull(requisitions.closed_at), inPeriod(businessDay(requisitions.closed_at), periodOf(period))),
    [desc(requisitions.closed_at), desc(requisitions.id)],
    paging,
  );

export const raisedIn = (period: Period) => inPeriod(businessDay(requisitions.created_at), periodOf(period));

/** not_approved_rework_shortfall/: re-work and shortfall requisitions waiting for approval, oldest first. */
export const notApprovedRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(isOpen, inArray(requisitions.requisition_type, [...REQUISITION_TYPES_NEEDING_APPROVAL]), raisedIn(period)), OLDEST_FIRST, paging);

/** requisitions_without_issues_or_reservation/ (the not-actioned screen): pending, nothing issued or reserved yet. */
export const notActionedRequisitions = (db: Db, period: Period, paging: Paging) =>
  requisitionRows(db, and(isPending, not(hasIssues), not(hasReservations), raisedIn(period)), OLDEST_FIRST, paging);

/**
 * What stores may serve now. Requisitions of closed or cancelled job orders are left out: nothing
 * more goes to those jobs (they show in requisitions_for_closed_job_orders/ to be closed).
 */
const servableNow = (period: Period) => and(storesMayServe, not(requisitionOfClosedJobOrder), raisedIn(period));

/**
 * list_stores_requisitions/: stores' queue, the newest waiting first: a requisition just raised is
 * the one someone is asking for at the counter, and at 50 a page oldest first put it on the last
 * page. The longest waiting stay in view on stores' dashboard (storesRequisitions).
 */
export const storesQueue = (db: Db, period: Period, paging: Paging) => requisitionRows(db, servableNow(period), NEWEST_FIRST, paging);

/** Stores' queue, the longest waiting first: what stores' dashboard lists. */
export const storesRequisitions = (db: Db, period: Period, paging: Paging) => requisitionRows(db, servableNow(period), OLDEST_FIRST, paging);

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
    inPeriod(businessDay(requisitions.created_at), q),
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
    inPeriod(businessDay(requisitions.created_at), periodOf(q)),
    q.only_pending_reqs ? isPending : undefined,
  );
  const slice = await requisitionRows(db, where, NEWEST_FIRST, paging);
  return { count: slice.count, results: await withLines(db, slice.results) };
}
