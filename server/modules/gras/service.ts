import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { graItems, gras, lpos, materials, vendors } from '../../db/schema';
import type { FilterGrasQuery, GraLine, GraListRow, GraView } from '../../../domain/gra';
import { notFound } from '../../lib/http-error';
import { byId, filter, fromDate, inPeriod, toDate, type ListQuery, type ListSpec } from '../../lib/list';
import { pageRows, totalCount, withLines, type Paging, type Slice } from '../../lib/pagination';
import { idParams } from '../../lib/schemas';

type GraRow = typeof gras.$inferSelect;

/** GRAs page by 15 (business-areas.md §9). */
export const GRA_PAGE_SIZE = 15;

/** GRAs with a live line of the material. */
const receivedMaterial = (material: number) =>
  sql`EXISTS (SELECT 1 FROM ${graItems} WHERE ${graItems.gra} = ${gras.id} AND ${graItems.material} = ${material} AND ${graItems.deleted_at} IS NULL)`;

/* ------------------------------------------------------------------------------------------ */
/* Mirrored lists                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** gras/: the GRAs, newest received first; the device mirrors them. */
export const graList: ListSpec<typeof gras> = {
  table: gras,
  pageSize: GRA_PAGE_SIZE,
  orderings: { id: gras.id, gra_date: gras.gra_date, created_at: gras.created_at, updated_at: gras.updated_at, vendor: gras.vendor, lpo: gras.lpo },
  defaultOrdering: '-gra_date,-id',
  // The GRA has no number of its own beyond its id; people look for the vendor's papers.
  search: [gras.invoice_number, gras.challan_number],
  filters: {
    vendor: byId(gras.vendor),
    lpo: byId(gras.lpo),
    start_date: fromDate(gras.gra_date),
    end_date: toDate(gras.gra_date),
    material: filter(idParams.shape.id, receivedMaterial),
  },
};

/**
 * Ordinary pages list the GRAs in force (cancelled ones have their own list); a delta carries the
 * cancelled ones too, so the device learns they no longer count.
 */
export const graScope = (query: ListQuery): SQL | undefined => (query.updated_since === undefined ? isNull(gras.cancelled_at) : undefined);

/** gra_items/: every line, for the device (a cancelled GRA's lines come in deltas as removed). */
export const graItemList: ListSpec<typeof graItems> = {
  table: graItems,
  pageSize: 100,
  orderings: { id: graItems.id, gra: graItems.gra, updated_at: graItems.updated_at },
  defaultOrdering: 'id',
  filters: { gra: byId(graItems.gra), material: byId(graItems.material), lpo_item: byId(graItems.lpo_item) },
};

/** The list rows of GRAs the list machinery picked, in its order, with their vendor's name. */
export async function describeGras(db: Db, rows: readonly GraRow[]): Promise<GraListRow[]> {
  if (!rows.length) return [];
  const names = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(inArray(vendors.id, [...new Set(rows.map((r) => r.vendor))]));
  const byId = new Map(names.map((v) => [v.id, v.name]));
  return rows.map((row) => ({ ...row, vendor_name: byId.get(row.vendor)! }));
}

/* ------------------------------------------------------------------------------------------ */
/* Views                                                                                       */
/* ------------------------------------------------------------------------------------------ */

const { txid: _txid, ...graColumns } = getTableColumns(gras);
const { txid: _itemTxid, ...itemColumns } = getTableColumns(graItems);

/**
 * The lines of GRAs with their material, oldest first: the live ones, and for a cancelled GRA also
 * those removed by its cancellation (it shows what it had), never lines edited off before it.
 */
async function linesOf(db: Db, graIds: readonly number[]): Promise<GraLine[]> {
  if (!graIds.length) return [];
  return db
    .select({
      ...itemColumns,
      material_name: materials.name,
      material_unit: materials.unit,
      amount: sql<string>`round(${graItems.quantity_accepted} * ${graItems.rate}, 2)::text`,
    })
    .from(graItems)
    .innerJoin(gras, eq(gras.id, graItems.gra))
    .innerJoin(materials, eq(materials.id, graItems.material))
    .where(and(inArray(graItems.gra, [...graIds]), or(isNull(graItems.deleted_at), and(isNotNull(gras.cancelled_at), sql`${graItems.deleted_at} >= ${gras.cancelled_at}`))))
    .orderBy(asc(graItems.id));
}

/** GRAs matching `where` with their vendor, LPO date and lines; a slice when paged. */
async function graViews(db: Db, where: SQL | undefined, order: SQL[], paging?: Paging): Promise<Slice<GraView>> {
  const query = db
    .select({ ...graColumns, vendor_name: vendors.name, lpo_date: lpos.lpo_date, total_count: totalCount })
    .from(gras)
    .innerJoin(vendors, eq(vendors.id, gras.vendor))
    .leftJoin(lpos, eq(lpos.id, gras.lpo))
    .where(and(isNull(gras.deleted_at), where))
    .orderBy(...order, desc(gras.id))
    .$dynamic();
  const { count, results } = await withLines(await pageRows(query, paging), (ids) => linesOf(db, ids), (line) => line.gra);
  return { count, results: results.map(({ row, lines }) => ({ ...row, gra_items: lines })) };
}

/** A GRA with its lines; cancelled ones too (the cancelled list opens them). */
export async function graView(db: Db, id: number): Promise<GraView> {
  const { results } = await graViews(db, eq(gras.id, id), []);
  if (!results.length) throw notFound();
  return results[0]!;
}

/** cancelled_gras/: the latest cancelled first. */
export const cancelledGras = (db: Db, paging: Paging) => graViews(db, isNotNull(gras.cancelled_at), [desc(gras.cancelled_at)], paging);

/** filter_gras/: GRAs in force received in a period, from a vendor, carrying a material; newest first. */
export const filterGras = (db: Db, q: FilterGrasQuery, paging: Paging) =>
  graViews(
    db,
    and(
      isNull(gras.cancelled_at),
      inPeriod(gras.gra_date, q),
      q.vendor ? eq(gras.vendor, q.vendor) : undefined,
      q.material ? receivedMaterial(q.material) : undefined,
    ),
    [desc(gras.gra_date)],
    paging,
  );
