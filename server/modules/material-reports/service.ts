import { and, asc, desc, eq, getTableColumns, gt, ilike, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { approximateNumber } from '../../../domain/decimal';
import {
  MATERIAL_EXPORT_COLUMNS,
  type IssuedTodayQuery,
  type IssueReportQuery,
  type IssueRow,
  type MaterialReportQuery,
  type MaterialStockFilters,
  type MaterialStockRow,
} from '../../../domain/material-report';
import type { StockTransactionType } from '../../../domain/stock';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, jobOrders, materialCategories, materials, materialSubcategories, requisitionDetails, requisitions, stockTransactions } from '../../db/schema';
import { invalidPkError } from '../../lib/http-error';
import { escapeLike, inPeriod } from '../../lib/list';
import { pageOf, totalCount, type Paging, type Slice } from '../../lib/pagination';
import { materialScope } from '../materials/service';
import { TODAY } from '../../lib/business-day';

/**
 * The material and stock reports (business-areas.md §7 "Materials and stock"). They only read:
 * the stock ledger (stock_transactions) is the source of every quantity, the materials row holds
 * on-hand and the weighted average cost the ledger keeps with it, and requisition lines hold the
 * reservations. Every report narrows to the materials its user may see (§6, materialScope).
 * Sums and values are computed by the database in exact numeric and returned as text.
 */

/** A quantity as the API shows it: three decimals, "0.000" for nothing. */
export const quantityText = (value: SQL) => sql<string>`coalesce(${value}, 0)::numeric(20, 3)::text`;
/** Money as the API shows it: rounded to paise, "0.00" for nothing. */
export const moneyText = (value: SQL) => sql<string>`round(coalesce(${value}, 0), 2)::text`;
export const invalidMaterial = (id: number) => invalidPkError('material', id);

/** Live materials the user may see. */
export const visibleMaterials = (user: User) => and(isNull(materials.deleted_at), materialScope(user));

/** A search of name, brand, size and colour, LIKE characters taken as text. */
function materialSearch(term: string | undefined): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(materials.name, pattern), ilike(materials.brand, pattern), ilike(materials.size, pattern), ilike(materials.color, pattern));
}

export const materialFilters = (q: { category?: number; subcategory?: number; search?: string }) =>
  and(q.category === undefined ? undefined : eq(materials.category, q.category), q.subcategory === undefined ? undefined : eq(materials.subcategory, q.subcategory), materialSearch(q.search));

/* ---------------------------------------------------------------------------------------------
 * Materials with their stock: filter_materials/, export_to_excel/ and reorder/.
 * ------------------------------------------------------------------------------------------- */

/**
 * What is held for requisitions that may still be served (live lines of requisitions neither
 * cancelled nor closed), per material: the ledger's own rule for what is not free to issue.
 */
function reservedStock(db: Db) {
  return db
    .select({ material: requisitionDetails.material, reserved: sql<string>`sum(${requisitionDetails.quantity_reserved})`.as('reserved') })
    .from(requisitionDetails)
    .innerJoin(requisitions, eq(requisitions.id, requisitionDetails.requisition))
    .where(and(isNull(requisitionDetails.deleted_at), isNull(requisitions.deleted_at), isNull(requisitions.closed_at)))
    .groupBy(requisitionDetails.material)
    .as('held');
}

/** Whether to page, with which extra condition (the reorder report's), and what to put first. */
interface MaterialStockOptions {
  paging?: Paging;
  where?: (available: SQL) => SQL;
  first?: (available: SQL) => SQL;
}

/** Free stock at or below a reorder level above zero: a reorder level of 0 means "not reordered". */
const atOrBelowReorder = (available: SQL) => and(gt(materials.reorder_level, '0'), sql`${available} <= ${materials.reorder_level}`)!;

async function materialStock(db: Db, user: User, q: MaterialStockFilters, options: MaterialStockOptions = {}): Promise<Slice<MaterialStockRow & { shortfall: string }> & { total_value: string }> {
  const held = reservedStock(db);
  const reserved = sql`coalesce(${held.reserved}, 0)`;
  const available = sql`(${materials.quantity} - ${reserved})`;
  const value = sql`round(${materials.quantity} * ${materials.average_cost}, 2)`;
  const orderings: Record<string, SQL | PgColumn> = {
    name: sql`lower(${materials.name})`,
    quantity: materials.quantity,
    available,
    reorder_level: materials.reorder_level,
    stock_value: value,
  };
  const ordering = q.ordering ?? 'name';
  const column = orderings[ordering.replace(/^-/, '')]!;
  const { txid: _, ...columns } = getTableColumns(materials);
  const query = db
    .select({
      ...columns,
      category_name: materialCategories.name,
      subcategory_name: materialSubcategories.name,
      reserved: quantityText(reserved),
      available: quantityText(available),
      stock_value: sql<string>`${value}::text`,
      shortfall: quantityText(sql`greatest(${materials.reorder_level} - ${available}, 0)`),
      total_count: totalCount,
      total_value: moneyText(sql`sum(${value}) over ()`),
    })
    .from(materials)
    .innerJoin(materialCategories, eq(materialCategories.id, materials.category))
    .leftJoin(materialSubcategories, eq(materialSubcategories.id, materials.subcategory))
    .leftJoin(held, eq(held.material, materials.id))
    .where(
      and(
        visibleMaterials(user),
        materialFilters(q),
        q.unit === undefined ? undefined : eq(materials.unit, q.unit),
        q.below_reorder === undefined ? undefined : q.below_reorder ? atOrBelowReorder(available) : not(atOrBelowReorder(available)),
        q.in_stock === undefined ? undefined : q.in_stock ? gt(materials.quantity, '0') : lte(materials.quantity, '0'),
        options.where?.(available),
      ),
    )
    .orderBy(...(options.first ? [asc(options.first(available))] : []), ordering.startsWith('-') ? desc(column) : asc(column), asc(materials.id));
  const rows = options.paging ? await query.limit(pageOf(options.paging).limit).offset(pageOf(options.paging).offset) : await query;
  return { count: rows[0]?.total_count ?? 0, total_value: rows[0]?.total_value ?? '0.00', results: rows.map(({ total_count: __, total_value: ___, ...row }) => row) };
}

/** filter_materials/: the materials list with stock, narrowed and ordered as asked, with the stock value of all it matches. */
export const filterMaterials = (db: Db, user: User, q: MaterialStockFilters, paging: Paging) => materialStock(db, user, q, { paging });

/** reorder/: materials whose free stock is at or below their reorder level, with the shortfall. */
export const reorderReport = (db: Db, user: User, q: MaterialReportQuery, paging: Paging) => materialStock(db, user, q, { paging, where: atOrBelowReorder });

/** The reorder report over the materials `among` picks (a workshop dashboard's: those it asks for). */
export const reorderAmong = (db: Db, user: User, among: SQL, paging: Paging) =>
  materialStock(db, user, {}, { paging, where: (available) => and(atOrBelowReorder(available), among)! });

/**
 * The reorder report least covered first: free stock as a share of the reorder level, since
 * shortfalls in different units do not compare (the purchases dashboard's "worst few").
 */
export const reorderLeastCovered = (db: Db, user: User, paging: Paging) =>
  materialStock(db, user, {}, { paging, where: atOrBelowReorder, first: (available) => sql`${available} / ${materials.reorder_level}` });

/** The materials list as an .xlsx workbook: one sheet, a header row, one row per material. */
export async function materialsWorkbook(db: Db, user: User, q: MaterialStockFilters): Promise<Buffer> {
  const { results } = await materialStock(db, user, q);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FabOps';
  const sheet = workbook.addWorksheet('Materials', { views: [{ state: 'frozen', ySplit: 1 }] });
  const numeric: Partial<Record<(typeof MATERIAL_EXPORT_COLUMNS)[number]['key'], string>> = {
    quantity: '#,##0.000',
    reserved: '#,##0.000',
    available: '#,##0.000',
    reorder_level: '#,##0.000',
    average_cost: '#,##0.0000',
    stock_value: '#,##0.00',
  };
  sheet.columns = MATERIAL_EXPORT_COLUMNS.map(({ key, header }) => ({ key, header, width: numeric[key] ? 14 : key === 'name' ? 40 : 20, style: numeric[key] ? { numFmt: numeric[key] } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of results) {
    // Numbers, not text, so the sheet can add and sort them.
    sheet.addRow(Object.fromEntries(MATERIAL_EXPORT_COLUMNS.map(({ key }) => [key, numeric[key] ? approximateNumber(row[key]) : row[key]])));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: MATERIAL_EXPORT_COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/* ---------------------------------------------------------------------------------------------
 * Issues: issue_report/ and issued_today/.
 * ------------------------------------------------------------------------------------------- */

/** A ledger row of `type` that stands: live, not reversed, and not itself a reversing entry. */
const standing = (type: StockTransactionType) =>
  and(eq(stockTransactions.transaction_type, type), isNull(stockTransactions.reverses), isNull(stockTransactions.reversed_by), isNull(stockTransactions.deleted_at))!;
const standingIssue = standing('issue');

async function issueLines(db: Db, user: User, where: SQL | undefined, paging: Paging): Promise<Slice<IssueRow> & { total_value: string }> {
  const value = sql`round(-${stockTransactions.quantity} * coalesce(${stockTransactions.rate}, 0), 2)`;
  const rows = await db
    .select({
      id: stockTransactions.id,
      transaction_date: stockTransactions.transaction_date,
      material: stockTransactions.material,
      material_name: materials.name,
      unit: materials.unit,
      quantity: sql<string>`(-${stockTransactions.quantity})::text`,
      rate: stockTransactions.rate,
      value: sql<string>`${value}::text`,
      requisition: stockTransactions.requisition,
      job_order: stockTransactions.job_order,
      customer_name: customers.name,
      status: stockTransactions.status,
      remarks: stockTransactions.remarks,
      total_count: totalCount,
      total_value: moneyText(sql`sum(${value}) over ()`),
    })
    .from(stockTransactions)
    .innerJoin(materials, eq(materials.id, stockTransactions.material))
    .leftJoin(jobOrders, eq(jobOrders.id, stockTransactions.job_order))
    .leftJoin(customers, eq(customers.id, jobOrders.customer))
    .where(and(standingIssue, visibleMaterials(user), where))
    .orderBy(desc(stockTransactions.transaction_date), desc(stockTransactions.id))
    .limit(pageOf(paging).limit)
    .offset(pageOf(paging).offset);
  return {
    count: rows[0]?.total_count ?? 0,
    total_value: rows[0]?.total_value ?? '0.00',
    results: rows.map(({ total_count: _, total_value: __, ...row }) => row),
  };
}

const issueFilters = (q: { material?: number; category?: number; job_order?: number; requisition?: number }) =>
  and(
    q.material === undefined ? undefined : eq(stockTransactions.material, q.material),
    q.category === undefined ? undefined : eq(materials.category, q.category),
    q.job_order === undefined ? undefined : eq(stockTransactions.job_order, q.job_order),
    q.requisition === undefined ? undefined : eq(stockTransactions.requisition, q.requisition),
  );

/** issue_report/: the issues of a period, newest first, with their value at the rate they went out at. */
export const issueReport = (db: Db, user: User, q: IssueReportQuery, paging: Paging) =>
  issueLines(db, user, and(inPeriod(stockTransactions.transaction_date, q), issueFilters(q)), paging);

/** issued_today/: today's issues (the ledger dates a row by the database's current date, as here). */
export const issuedToday = (db: Db, user: User, q: Pick<IssuedTodayQuery, 'material' | 'category'>, paging: Paging) =>
  issueLines(db, user, and(eq(stockTransactions.transaction_date, TODAY), issueFilters(q)), paging);

/** Today's issues matching `where` (a workshop dashboard's: against its requisitions). */
export const issuedTodayWhere = (db: Db, user: User, where: SQL, paging: Paging) =>
  issueLines(db, user, and(eq(stockTransactions.transaction_date, TODAY), where), paging);

/** Receipts dated `day` or later that stand: how many ledger lines, and their value at the rate received. */
export async function receiptsSince(db: Db, user: User, day: string): Promise<{ lines: number; value: string }> {
  const [row] = await db
    .select({ lines: sql<number>`count(*)`.mapWith(Number), value: moneyText(sql`sum(${stockTransactions.quantity} * coalesce(${stockTransactions.rate}, 0))`) })
    .from(stockTransactions)
    .innerJoin(materials, eq(materials.id, stockTransactions.material))
    .where(and(standing('receipt'), visibleMaterials(user), sql`${stockTransactions.transaction_date} >= ${day}`));
  return { lines: row?.lines ?? 0, value: row?.value ?? '0.00' };
}
