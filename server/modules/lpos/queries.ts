import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { LPO_OPEN_STATUSES, lpoStatusSchema, type FilterLposQuery, type LpoLine, type LpoListRow, type LpoPendingLine, type LpoView } from '../../../domain/lpo';
import { PURCHASE_SETTINGS_DEFAULTS, type PurchaseSettings } from '../../../domain/system';
import type { Db } from '../../db/client';
import { lpoItems, lpos, materials, systemConfig, users, vendors } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { byId, byValue, escapeLike, filter, fromDate, inPeriod, toDate, type ListQuery, type ListSpec } from '../../lib/list';
import { pageRows, totalCount, withLines, type Paging, type Slice } from '../../lib/pagination';
import { idParams } from '../../lib/schemas';
import { lineDueDate } from './due-dates';
import { userNameOf } from '../users/names';

/**
 * LPOs, the read side (business-areas.md §7 "LPO"): the mirrored list, the views with their
 * lines, the cancelled and filtered pages, and the purchase settings the approval reads.
 */

type LpoRow = typeof lpos.$inferSelect;

/** LPOs page by 15 (business-areas.md §9). */
export const LPO_PAGE_SIZE = 15;

/** LPOs with a live line of the material. */
const orderedMaterial = (material: number) =>
  sql`EXISTS (SELECT 1 FROM ${lpoItems} WHERE ${lpoItems.lpo} = ${lpos.id} AND ${lpoItems.material} = ${material} AND ${lpoItems.deleted_at} IS NULL)`;

/** search: the remarks, the vendor's name, or the LPO number itself. */
function searchLpos(term: string): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(lpos.remarks, pattern),
    sql`EXISTS (SELECT 1 FROM ${vendors} WHERE ${vendors.id} = ${lpos.vendor} AND ${ilike(vendors.name, pattern)})`,
    /^\d{1,9}$/.test(text) ? eq(lpos.id, Number(text)) : undefined,
  );
}

/** lpos/: the LPOs, newest first, 15 a page; the device mirrors them. */
export const lpoList: ListSpec<typeof lpos> = {
  table: lpos,
  pageSize: LPO_PAGE_SIZE,
  orderings: {
    id: lpos.id,
    lpo_date: lpos.lpo_date,
    expected_date: lpos.expected_date,
    total_amount: lpos.total_amount,
    status: lpos.status,
    vendor: lpos.vendor,
    created_at: lpos.created_at,
    updated_at: lpos.updated_at,
  },
  defaultOrdering: '-id',
  filters: {
    vendor: byId(lpos.vendor),
    status: byValue(lpos.status, lpoStatusSchema),
    requisition: byId(lpos.requisition),
    created_by: byId(lpos.created_by),
    start_date: fromDate(lpos.lpo_date),
    end_date: toDate(lpos.lpo_date),
    material: filter(idParams.shape.id, orderedMaterial),
    search: filter(z.string().max(200), searchLpos),
  },
};

/**
 * lpo_items/: every LPO line, for the device: stores receive GRAs against them offline (what is
 * ordered, what is received so far). A removed line comes in deltas as removed.
 */
export const lpoItemList: ListSpec<typeof lpoItems> = {
  table: lpoItems,
  pageSize: 100,
  orderings: { id: lpoItems.id, lpo: lpoItems.lpo, updated_at: lpoItems.updated_at },
  defaultOrdering: 'id',
  filters: { lpo: byId(lpoItems.lpo), material: byId(lpoItems.material) },
};

/**
 * Ordinary pages list the LPOs in force (cancelled ones have their own list, and a status filter
 * asks for them by name); a delta carries them too, so the device learns they no longer count.
 */
export const lpoScope = (query: ListQuery): SQL | undefined =>
  query.updated_since === undefined && (query as { status?: string }).status === undefined ? isNull(lpos.cancelled_at) : undefined;

/** The list rows of LPOs the list machinery picked, in its order, with their vendor's name. */
export async function describeLpos(db: Db, rows: readonly LpoRow[]): Promise<LpoListRow[]> {
  if (!rows.length) return [];
  const names = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(inArray(vendors.id, [...new Set(rows.map((r) => r.vendor))]));
  const nameOf = new Map(names.map((v) => [v.id, v.name]));
  return rows.map(({ txid: _, ...row }) => ({ ...row, status: lpoStatusSchema.parse(row.status), vendor_name: nameOf.get(row.vendor)! }));
}

const { txid: _txid, ...lpoColumns } = getTableColumns(lpos);
const { txid: _itemTxid, deleted_at: _deleted, ...itemColumns } = getTableColumns(lpoItems);

/** The live lines of LPOs with their material, in the order they were added. */
export async function linesOf(db: Db, lpoIds: readonly number[]): Promise<LpoLine[]> {
  if (!lpoIds.length) return [];
  return db
    .select({ ...itemColumns, material_name: materials.name, material_unit: materials.unit })
    .from(lpoItems)
    .innerJoin(materials, eq(materials.id, lpoItems.material))
    .where(and(inArray(lpoItems.lpo, [...lpoIds]), isNull(lpoItems.deleted_at)))
    .orderBy(asc(lpoItems.id));
}

const author = alias(users, 'author');
const approver = alias(users, 'approver');

/** LPOs matching `where` with their vendor, author, approver and lines; a slice when paged. */
async function lpoViews(db: Db, where: SQL | undefined, order: SQL[], paging?: Paging): Promise<Slice<LpoView>> {
  const query = db
    .select({
      ...lpoColumns,
      vendor_name: vendors.name,
      created_by_name: userNameOf(author),
      approved_by_name: userNameOf(approver),
      total_count: totalCount,
    })
    .from(lpos)
    .innerJoin(vendors, eq(vendors.id, lpos.vendor))
    .leftJoin(author, eq(author.id, lpos.created_by))
    .leftJoin(approver, eq(approver.id, lpos.approved_by))
    .where(and(isNull(lpos.deleted_at), where))
    .orderBy(...order, desc(lpos.id))
    .$dynamic();
  const { count, results } = await withLines(await pageRows(query, paging), (ids) => linesOf(db, ids), (line) => line.lpo);
  return { count, results: results.map(({ row, lines }) => ({ ...row, status: lpoStatusSchema.parse(row.status), lpo_items: lines })) };
}

/** GET lpos/{id}/: an LPO with its lines; cancelled ones too (the cancelled list opens them). */
export async function lpoView(db: Db, id: number): Promise<LpoView> {
  const { results } = await lpoViews(db, eq(lpos.id, id), []);
  if (!results.length) throw notFound();
  return results[0]!;
}

/** pending_receipt/: the lines still to come on LPOs awaiting goods, the earliest due first (undated last); a line is due on its own expected date, else its LPO's. */
export async function pendingReceipt(db: Db, paging: Paging): Promise<Slice<LpoPendingLine>> {
  const query = db
    .select({
      id: lpoItems.id,
      lpo: lpos.id,
      lpo_date: lpos.lpo_date,
      expected_date: sql<string | null>`${lineDueDate}::text`,
      vendor: lpos.vendor,
      vendor_name: vendors.name,
      status: lpos.status,
      material: lpoItems.material,
      material_name: materials.name,
      material_unit: materials.unit,
      quantity: lpoItems.quantity,
      quantity_received: lpoItems.quantity_received,
      outstanding: sql<string>`(${lpoItems.quantity} - ${lpoItems.quantity_received})::text`,
      total_count: totalCount,
    })
    .from(lpoItems)
    .innerJoin(lpos, eq(lpos.id, lpoItems.lpo))
    .innerJoin(vendors, eq(vendors.id, lpos.vendor))
    .innerJoin(materials, eq(materials.id, lpoItems.material))
    .where(and(isNull(lpoItems.deleted_at), isNull(lpos.deleted_at), inArray(lpos.status, [...LPO_OPEN_STATUSES]), sql`${lpoItems.quantity_received} < ${lpoItems.quantity}`))
    .orderBy(sql`${lineDueDate} ASC NULLS LAST`, asc(lpos.lpo_date), asc(lpos.id), asc(lpoItems.id))
    .$dynamic();
  const rows = await pageRows(query, paging);
  return { count: rows[0]?.total_count ?? 0, results: rows.map(({ total_count: _, ...row }) => ({ ...row, status: lpoStatusSchema.parse(row.status) })) };
}

/** cancelled_lpos/: the latest cancelled first. */
export const cancelledLpos = (db: Db, paging: Paging) => lpoViews(db, isNotNull(lpos.cancelled_at), [desc(lpos.cancelled_at)], paging);

/** filter_lpos/: LPOs dated in a period, of a vendor, in a status, carrying a material; newest first. Cancelled ones only when their status is asked for. */
export const filterLpos = (db: Db, q: FilterLposQuery, paging: Paging) =>
  lpoViews(
    db,
    and(
      q.status ? eq(lpos.status, q.status) : isNull(lpos.cancelled_at),
      inPeriod(lpos.lpo_date, q),
      q.vendor ? eq(lpos.vendor, q.vendor) : undefined,
      q.material ? orderedMaterial(q.material) : undefined,
    ),
    [desc(lpos.lpo_date)],
    paging,
  );

/** The purchase settings in force (system_config), the defaults until a superuser sets them. */
export async function purchaseSettingsOf(db: Db): Promise<PurchaseSettings> {
  const [row] = await db.select({ lpo_approval_threshold: systemConfig.lpo_approval_threshold }).from(systemConfig).where(eq(systemConfig.id, 1));
  return row ?? PURCHASE_SETTINGS_DEFAULTS;
}
