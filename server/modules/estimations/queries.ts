import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import {
  estimationStatusSchema,
  type EstimationListRow,
  type EstimationVersion,
  type EstimationView,
  type EstimationViewDetail,
  type FilterEstimationsQuery,
} from '../../../domain/estimation';
import { materialUnitSchema } from '../../../domain/material';
import type { Db } from '../../db/client';
import { customers, estimationFiles, estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts, estimations, estimationVersions, leads, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { byId, byValue, escapeLike, filter, type ListSpec } from '../../lib/list';
import { pageRows, totalCount, type Paging, type Slice } from '../../lib/pagination';
import { findRow, publicRow, qualified } from '../../lib/rows';
import { userName } from '../users/names';

/**
 * Estimations, the read side (business-areas.md §7 "Estimations", issue 21 §1): the mirrored list
 * with its names, the cancelled and filtered pages, and the view with products, costing lines and
 * files. Every reader of estimations reads them all (decision 347).
 */

export type EstimationRow = typeof estimations.$inferSelect;

/** Estimations page by 15 (business-areas.md §9). */
export const ESTIMATION_PAGE_SIZE = 15;

/** What a list row adds to the estimation, read in the page's own query (ListSpec `added`). */
const ADDED = {
  customer_name: sql<string | null>`SELECT ${customers.name} FROM ${customers} WHERE ${customers.id} = ${qualified(estimations.customer)}`,
  lead_company: sql<string | null>`SELECT ${leads.company} FROM ${leads} WHERE ${leads.id} = ${qualified(estimations.lead)}`,
  product_count: sql<number>`SELECT count(*)::int FROM ${estimationProducts} WHERE ${estimationProducts.estimation} = ${qualified(estimations.id)} AND ${estimationProducts.deleted_at} IS NULL`,
  created_by_name: sql<string | null>`SELECT ${userName} FROM ${users} WHERE ${users.id} = ${qualified(estimations.created_by)}`,
};
type Added = { [K in keyof typeof ADDED]: EstimationListRow[K] };

/** search: the title, the requirement, the customer's name or the lead's company. */
function searchEstimations(term: string): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(estimations.title, pattern),
    ilike(estimations.requirement, pattern),
    sql`EXISTS (SELECT 1 FROM ${customers} WHERE ${customers.id} = ${qualified(estimations.customer)} AND ${ilike(customers.name, pattern)})`,
    sql`EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.id} = ${qualified(estimations.lead)} AND ${ilike(leads.company, pattern)})`,
  );
}

/** estimations/: newest first by id, 15 a page; the device mirrors it (its delta carries cancelled rows too). */
export const estimationList: ListSpec<typeof estimations> = {
  table: estimations,
  pageSize: ESTIMATION_PAGE_SIZE,
  orderings: {
    id: estimations.id,
    estimation_date: estimations.estimation_date,
    title: sql`lower(${estimations.title})`,
    status: estimations.status,
    total_cost: estimations.total_cost,
    created_at: estimations.created_at,
    updated_at: estimations.updated_at,
  },
  defaultOrdering: '-id',
  filters: {
    status: byValue(estimations.status, estimationStatusSchema),
    customer: byId(estimations.customer),
    lead: byId(estimations.lead),
    search: filter(z.string().max(200), searchEstimations),
  },
  added: Object.fromEntries(Object.entries(ADDED).map(([name, value]) => [name, sql`(${value})`])),
};

const parseRow = <R extends EstimationRow & Added>(row: R): EstimationListRow => ({
  ...publicRow(row),
  status: estimationStatusSchema.parse(row.status),
  product_count: Number(row.product_count),
});

/** The list rows of the estimations the list machinery picked (with estimationList's added values). */
export function describeEstimations(rows: readonly EstimationRow[]): EstimationListRow[] {
  return (rows as (EstimationRow & Added)[]).map(parseRow);
}

/** The estimation's columns and what a list row adds, for the pages and the view read here. */
const listColumns = {
  ...getTableColumns(estimations),
  customer_name: sql<string | null>`(${ADDED.customer_name})`,
  lead_company: sql<string | null>`(${ADDED.lead_company})`,
  product_count: sql<number>`(${ADDED.product_count})`.mapWith(Number),
  created_by_name: sql<string | null>`(${ADDED.created_by_name})`,
};

/** Estimations matching `where` as list rows, in `order` (then newest first), a page of them. */
async function listRows(db: Db, where: SQL | undefined, order: SQL[], paging?: Paging): Promise<Slice<EstimationListRow>> {
  const query = db
    .select({ ...listColumns, total_count: totalCount })
    .from(estimations)
    .where(where)
    .orderBy(...order, desc(estimations.id))
    .$dynamic();
  const rows = await pageRows(query, paging);
  return { count: rows[0]?.total_count ?? 0, results: rows.map(({ total_count: _, ...row }) => parseRow(row)) };
}

/** cancelled_estimations/: the cancelled estimations, the latest cancelled first; an empty page when there are none. */
export const cancelledEstimations = (db: Db, paging: Paging) => listRows(db, isNotNull(estimations.deleted_at), [desc(estimations.deleted_at)], paging);

/** filter_estimations/: live estimations dated within the period (either bound open), the latest dated first. */
export const filterEstimations = (db: Db, q: FilterEstimationsQuery, paging: Paging) =>
  listRows(
    db,
    and(
      isNull(estimations.deleted_at),
      q.startDate ? sql`${estimations.estimation_date} >= ${q.startDate}` : undefined,
      q.endDate ? sql`${estimations.estimation_date} <= ${q.endDate}` : undefined,
    ),
    [desc(estimations.estimation_date)],
    paging,
  );

/* ------------------------------------------------------------------------------------------ */
/* The view                                                                                    */
/* ------------------------------------------------------------------------------------------ */

const { txid: _productTxid, ...productColumns } = getTableColumns(estimationProducts);
const { txid: _detailTxid, ...detailColumns } = getTableColumns(estimationProductDetails);
const { txid: _fileTxid, ...fileColumns } = getTableColumns(estimationFiles);

/** The live products of an estimation with their live costing lines (each with its material), oldest first. */
async function productsOf(db: Db, estimation: number): Promise<EstimationView['products']> {
  const products = await db
    .select(productColumns)
    .from(estimationProducts)
    .where(and(eq(estimationProducts.estimation, estimation), isNull(estimationProducts.deleted_at)))
    .orderBy(asc(estimationProducts.id));
  if (!products.length) return [];
  const lines = await db
    .select({
      ...detailColumns,
      material_name: estimationMaterials.name,
      material_unit: estimationMaterials.unit,
      category: estimationMaterials.category,
      category_name: estimationMaterialCategories.name,
    })
    .from(estimationProductDetails)
    .innerJoin(estimationMaterials, eq(estimationMaterials.id, estimationProductDetails.estimation_material))
    .innerJoin(estimationMaterialCategories, eq(estimationMaterialCategories.id, estimationMaterials.category))
    .where(and(inArray(estimationProductDetails.product, products.map((p) => p.id)), isNull(estimationProductDetails.deleted_at)))
    .orderBy(asc(estimationProductDetails.id));
  const details: EstimationViewDetail[] = lines.map((line) => ({ ...line, material_unit: materialUnitSchema.parse(line.material_unit) }));
  return products.map((product) => ({ ...product, details: details.filter((line) => line.product === product.id) }));
}

/** The drawings and images of an estimation whose files are kept, oldest first, each with where it is read. */
async function filesOf(db: Db, estimation: number): Promise<EstimationView['files']> {
  const rows = await db
    .select(fileColumns)
    .from(estimationFiles)
    .where(and(eq(estimationFiles.estimation, estimation), isNull(estimationFiles.deleted_at), isNotNull(estimationFiles.file)))
    .orderBy(asc(estimationFiles.id));
  return rows.map((row) => ({ ...row, url: API.files.content(row.file!) }));
}

/** GET estimations/{id}/ and every write's answer: a live estimation with its names, products and files, or 404. */
export async function estimationView(db: Db, id: number): Promise<EstimationView> {
  const [row] = await db
    .select({ ...listColumns, approved_by_name: sql<string | null>`(SELECT ${userName} FROM ${users} WHERE ${users.id} = ${qualified(estimations.approved_by)})` })
    .from(estimations)
    .where(and(eq(estimations.id, id), isNull(estimations.deleted_at)));
  if (!row) throw notFound();
  const { approved_by_name, ...rest } = row;
  return { ...parseRow(rest), approved_by_name, products: await productsOf(db, id), files: await filesOf(db, id) };
}

/** versions/: the costings kept of a live estimation, the newest first. */
export async function estimationVersionsOf(db: Db, id: number): Promise<EstimationVersion[]> {
  await findRow(db, estimations, id);
  const { txid: _, ...columns } = getTableColumns(estimationVersions);
  return db.select(columns).from(estimationVersions).where(eq(estimationVersions.estimation, id)).orderBy(desc(estimationVersions.costing_version));
}
