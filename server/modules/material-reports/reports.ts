import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { add, amountOf, sum, toMoney, toQuantity } from '../../../domain/decimal';
import {
  AGEING_BUCKETS,
  ageingBucketOf,
  type AgeingBucket,
  type AgeingRow,
  type ConsumptionGrouping,
  type ConsumptionReportQuery,
  type ConsumptionRow,
  type LogReportQuery,
  type LogRow,
  type MaterialReportQuery,
  type MovementReportQuery,
  type MovementRow,
  type PriceRow,
  type PriceVarianceQuery,
} from '../../../domain/material-report';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { customers, graItems, gras, jobOrders, lpoItems, materialCategories, materials, stockTransactions, vendors } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { inPeriod } from '../../lib/list';
import { pageOf, pageRows, totalCount, type Paging, type Slice } from '../../lib/pagination';
import { invalidMaterial, materialFilters, moneyText, quantityText, visibleMaterials } from './service';
import { TODAY } from '../../lib/business-day';

/* ---------------------------------------------------------------------------------------------
 * Consumption: consumption_report/ and stores/joborder/{id}/material-consumption/.
 * ------------------------------------------------------------------------------------------- */

/** The value of a group of issue and return rows: each at its own rate (the weighted average cost it went out at). */
const consumedValue = sql`round(-sum(${stockTransactions.quantity} * coalesce(${stockTransactions.rate}, 0)), 2)`;
const isConsumption = and(isNull(stockTransactions.deleted_at), inArray(stockTransactions.transaction_type, ['issue', 'return']));

/**
 * Issued less returned, per material (or per job order and material). Reversing entries keep
 * their row's type with the opposite sign, so summing by type nets them out; a material whose
 * issues and returns all cancel out is left out. The value is each row at its own rate.
 */
async function consumption(db: Db, user: User, where: SQL | undefined, grouping: ConsumptionGrouping, paging?: Paging): Promise<Slice<ConsumptionRow> & { total_value: string }> {
  const issued = sql`coalesce(-sum(${stockTransactions.quantity}) filter (where ${stockTransactions.transaction_type} = 'issue'), 0)`;
  const returned = sql`coalesce(sum(${stockTransactions.quantity}) filter (where ${stockTransactions.transaction_type} = 'return'), 0)`;
  const value = consumedValue;
  const byJobOrder = grouping === 'job_order';
  const query = db
    .select({
      material: materials.id,
      material_name: materials.name,
      unit: materials.unit,
      job_order: byJobOrder ? stockTransactions.job_order : sql<number | null>`null::integer`,
      customer_name: byJobOrder ? customers.name : sql<string | null>`null::text`,
      issued: quantityText(issued),
      returned: quantityText(returned),
      consumed: quantityText(sql`${issued} - ${returned}`),
      value: sql<string>`${value}::text`,
      total_count: totalCount,
      total_value: moneyText(sql`sum(${value}) over ()`),
    })
    .from(stockTransactions)
    .innerJoin(materials, eq(materials.id, stockTransactions.material))
    .leftJoin(jobOrders, eq(jobOrders.id, stockTransactions.job_order))
    .leftJoin(customers, eq(customers.id, jobOrders.customer))
    .where(and(isConsumption, visibleMaterials(user), where))
    .groupBy(...(byJobOrder ? [materials.id, stockTransactions.job_order, customers.name] : [materials.id]))
    .having(sql`${issued} <> 0 or ${returned} <> 0`)
    .orderBy(...(byJobOrder ? [sql`${stockTransactions.job_order} nulls last`] : []), asc(sql`lower(${materials.name})`), asc(materials.id))
    .$dynamic();
  const rows = await pageRows(query, paging);
  return {
    count: rows[0]?.total_count ?? 0,
    total_value: rows[0]?.total_value ?? '0.00',
    results: rows.map(({ total_count: _, total_value: __, ...row }) => row),
  };
}

/** consumption_report/: what was consumed over a period, per material or per job order. */
export const consumptionReport = (db: Db, user: User, q: ConsumptionReportQuery, paging: Paging) =>
  consumption(
    db,
    user,
    and(
      inPeriod(stockTransactions.transaction_date, q),
      q.material === undefined ? undefined : eq(stockTransactions.material, q.material),
      q.category === undefined ? undefined : eq(materials.category, q.category),
      q.job_order === undefined ? undefined : eq(stockTransactions.job_order, q.job_order),
    ),
    q.group_by,
    paging,
  );

/** stores/joborder/{id}/material-consumption/: every material consumed on a job order, with its value. */
export async function jobOrderConsumption(db: Db, user: User, jobOrder: number) {
  const [order] = await db
    .select({ id: jobOrders.id, status: jobOrders.status, customer_name: customers.name })
    .from(jobOrders)
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .where(and(eq(jobOrders.id, jobOrder), isNull(jobOrders.deleted_at)));
  if (!order) throw notFound();
  const { results, total_value } = await consumption(db, user, eq(stockTransactions.job_order, order.id), 'material');
  return { job_order: order.id, customer_name: order.customer_name, status: order.status, total_value, results };
}

/**
 * Per job order, the value of the material it consumed: the sum of its per-material values as
 * stores/joborder/{id}/material-consumption/ shows them, over every material (a cost is a cost,
 * whoever looks). A subquery (job_order, material_cost) for the job order reports to join.
 */
export function materialCostByJobOrder(db: Db) {
  const perMaterial = db
    .select({ job_order: stockTransactions.job_order, value: sql<string>`${consumedValue}`.as('value') })
    .from(stockTransactions)
    .where(and(isConsumption, isNotNull(stockTransactions.job_order)))
    .groupBy(stockTransactions.job_order, stockTransactions.material)
    .as('consumed_per_material');
  return db
    .select({ job_order: perMaterial.job_order, material_cost: sql<string>`sum(${perMaterial.value})`.as('material_cost') })
    .from(perMaterial)
    .groupBy(perMaterial.job_order)
    .as('material_cost');
}

/* ---------------------------------------------------------------------------------------------
 * One material's ledger: log_report/ and {id}/price-variance-report/.
 * ------------------------------------------------------------------------------------------- */

async function visibleMaterial(db: Db, user: User, id: number) {
  const [row] = await db.select({ id: materials.id, name: materials.name, unit: materials.unit }).from(materials).where(and(eq(materials.id, id), visibleMaterials(user)));
  return row ?? null;
}

/**
 * log_report/: every ledger row of a material in the period, oldest first, each with the balance
 * after it; the opening balance is the sum of the rows before the period.
 */
export async function logReport(db: Db, user: User, q: LogReportQuery, paging: Paging): Promise<Slice<LogRow> & { material: number; material_name: string; unit: string; opening_balance: string; closing_balance: string }> {
  const material = await visibleMaterial(db, user, q.material);
  if (!material) throw invalidMaterial(q.material);
  const ofMaterial = and(eq(stockTransactions.material, material.id), isNull(stockTransactions.deleted_at));
  const before = q.startDate ? sql`${stockTransactions.transaction_date} < ${q.startDate}` : sql`false`;
  const upToEnd = q.endDate ? sql`${stockTransactions.transaction_date} <= ${q.endDate}` : sql`true`;
  const [balances] = await db
    .select({
      opening: quantityText(sql`sum(${stockTransactions.quantity}) filter (where ${before})`),
      closing: quantityText(sql`sum(${stockTransactions.quantity}) filter (where ${upToEnd})`),
    })
    .from(stockTransactions)
    .where(ofMaterial);
  const opening = balances!.opening;
  const order = sql`order by ${stockTransactions.transaction_date}, ${stockTransactions.id} rows between unbounded preceding and current row`;
  const rows = await db
    .select({
      id: stockTransactions.id,
      transaction_date: stockTransactions.transaction_date,
      transaction_type: stockTransactions.transaction_type,
      quantity: stockTransactions.quantity,
      rate: stockTransactions.rate,
      value: moneyText(sql`${stockTransactions.quantity} * ${stockTransactions.rate}`),
      requisition: stockTransactions.requisition,
      job_order: stockTransactions.job_order,
      gra_item: stockTransactions.gra_item,
      stock_adjustment: stockTransactions.stock_adjustment,
      reverses: stockTransactions.reverses,
      reversed_by: stockTransactions.reversed_by,
      status: stockTransactions.status,
      remarks: stockTransactions.remarks,
      balance: quantityText(sql`${opening}::numeric + sum(${stockTransactions.quantity}) over (${order})`),
      total_count: totalCount,
    })
    .from(stockTransactions)
    .where(and(ofMaterial, inPeriod(stockTransactions.transaction_date, q)))
    .orderBy(asc(stockTransactions.transaction_date), asc(stockTransactions.id))
    .limit(pageOf(paging).limit)
    .offset(pageOf(paging).offset);
  return {
    material: material.id,
    material_name: material.name,
    unit: material.unit,
    opening_balance: opening,
    closing_balance: balances!.closing,
    count: rows[0]?.total_count ?? 0,
    results: rows.map(({ total_count: _, ...row }) => row),
  };
}

/**
 * {id}/price-variance-report/: the rates the material was billed at on GRAs (live, not
 * cancelled), oldest first, each with its change from the GRA line before it and from the rate its
 * LPO ordered at (none for goods received without an LPO), and the period's
 * lowest, highest, mean, quantity-weighted, first and latest rates.
 */
export async function priceVarianceReport(db: Db, user: User, id: number, q: PriceVarianceQuery, paging: Paging) {
  const material = await visibleMaterial(db, user, id);
  if (!material) throw notFound();
  const lines = db
    .select({
      gra: sql<number>`${gras.id}`.as('gra'),
      gra_item: sql<number>`${graItems.id}`.as('gra_item'),
      gra_date: sql<string>`${gras.gra_date}::text`.as('gra_date'),
      vendor: sql<number>`${vendors.id}`.as('vendor'),
      vendor_name: sql<string>`${vendors.name}`.as('vendor_name'),
      quantity_received: sql<string>`${graItems.quantity_received}`.as('quantity_received'),
      quantity_accepted: sql<string>`${graItems.quantity_accepted}`.as('quantity_accepted'),
      rate: sql<string>`${graItems.rate}`.as('rate'),
      lpo: sql<number | null>`${gras.lpo}`.as('lpo'),
      lpo_rate: sql<string | null>`${lpoItems.rate}`.as('lpo_rate'),
      previous: sql<string | null>`lag(${graItems.rate}) over (order by ${gras.gra_date}, ${graItems.id})`.as('previous'),
    })
    .from(graItems)
    .innerJoin(gras, eq(gras.id, graItems.gra))
    .innerJoin(vendors, eq(vendors.id, gras.vendor))
    .leftJoin(lpoItems, eq(lpoItems.id, graItems.lpo_item))
    .where(and(eq(graItems.material, material.id), isNull(graItems.deleted_at), isNull(gras.deleted_at), isNull(gras.cancelled_at)))
    .as('lines');
  const period = inPeriod(sql`${lines.gra_date}::date`, q);
  const [summary] = await db
    .select({
      count: sql<number>`count(*)::int`,
      min_rate: sql<string | null>`min(${lines.rate})::text`,
      max_rate: sql<string | null>`max(${lines.rate})::text`,
      average_rate: sql<string | null>`round(avg(${lines.rate}), 2)::text`,
      weighted_average_rate: sql<string | null>`round(sum(${lines.quantity_accepted} * ${lines.rate}) / nullif(sum(${lines.quantity_accepted}), 0), 2)::text`,
      first_rate: sql<string | null>`((array_agg(${lines.rate} order by ${lines.gra_date}, ${lines.gra_item}))[1])::text`,
      latest_rate: sql<string | null>`((array_agg(${lines.rate} order by ${lines.gra_date} desc, ${lines.gra_item} desc))[1])::text`,
    })
    .from(lines)
    .where(period);
  const change = sql`(${lines.rate} - ${lines.previous})`;
  const rows: PriceRow[] = await db
    .select({
      gra: lines.gra,
      gra_item: lines.gra_item,
      gra_date: lines.gra_date,
      vendor: lines.vendor,
      vendor_name: lines.vendor_name,
      quantity_received: sql<string>`${lines.quantity_received}::text`,
      quantity_accepted: sql<string>`${lines.quantity_accepted}::text`,
      rate: sql<string>`${lines.rate}::text`,
      change: sql<string | null>`(${change})::text`,
      change_percent: sql<string | null>`round(${change} * 100 / nullif(${lines.previous}, 0), 2)::text`,
      lpo: lines.lpo,
      lpo_rate: sql<string | null>`${lines.lpo_rate}::text`,
      lpo_variance: sql<string | null>`(${lines.rate} - ${lines.lpo_rate})::text`,
    })
    .from(lines)
    .where(period)
    .orderBy(asc(lines.gra_date), asc(lines.gra_item))
    .limit(pageOf(paging).limit)
    .offset(pageOf(paging).offset);
  return { material: material.id, material_name: material.name, unit: material.unit, summary: summary!, count: summary!.count, results: rows };
}

/* ---------------------------------------------------------------------------------------------
 * Per material over a period: movement_report/ and ageing/.
 * ------------------------------------------------------------------------------------------- */

/**
 * movement_report/: per material, the balance before the period, what came in (receipts, returns
 * and adjustments up) and went out (issues and adjustments down) in it, and the balance at its
 * end. Reversing entries keep their row's type, so they net within in or out.
 */
export async function movementReport(db: Db, user: User, q: MovementReportQuery, paging: Paging): Promise<Slice<MovementRow>> {
  const t = stockTransactions;
  const inRange = and(inPeriod(t.transaction_date, q), isNull(t.deleted_at))!;
  const incoming = sql`${t.transaction_type} in ('receipt', 'return') or (${t.transaction_type} = 'adjustment' and ${t.quantity} > 0)`;
  const outgoing = sql`${t.transaction_type} = 'issue' or (${t.transaction_type} = 'adjustment' and ${t.quantity} < 0)`;
  const opening = q.startDate ? sql`sum(${t.quantity}) filter (where ${t.transaction_date} < ${q.startDate} and ${t.deleted_at} is null)` : sql`0`;
  const closing = sql`sum(${t.quantity}) filter (where ${t.deleted_at} is null ${q.endDate ? sql`and ${t.transaction_date} <= ${q.endDate}` : sql``})`;
  const rows = await db
    .select({
      material: materials.id,
      material_name: materials.name,
      unit: materials.unit,
      category_name: materialCategories.name,
      opening_quantity: quantityText(opening),
      inward: quantityText(sql`sum(${t.quantity}) filter (where ${inRange} and (${incoming}))`),
      outward: quantityText(sql`-sum(${t.quantity}) filter (where ${inRange} and (${outgoing}))`),
      closing_quantity: quantityText(closing),
      total_count: totalCount,
    })
    .from(materials)
    .innerJoin(materialCategories, eq(materialCategories.id, materials.category))
    .leftJoin(t, eq(t.material, materials.id))
    .where(and(visibleMaterials(user), materialFilters(q), q.material === undefined ? undefined : eq(materials.id, q.material)))
    .groupBy(materials.id, materialCategories.name)
    .orderBy(asc(sql`lower(${materials.name})`), asc(materials.id))
    .limit(pageOf(paging).limit)
    .offset(pageOf(paging).offset);
  return { count: rows[0]?.total_count ?? 0, results: rows.map(({ total_count: _, ...row }) => row) };
}

/** The part of a material's on-hand stock that came in on one day, and how many days ago. */
interface StockLayer {
  material: number;
  average_cost: string;
  age: number;
  quantity: string;
}

/**
 * FIFO ageing: issues take the oldest stock first, so what is on hand is what came in last. The
 * incoming rows (receipts, returns, adjustments up; a reversed row and its reversing entry cancel
 * out and are left out) are taken newest first until the on-hand quantity is covered.
 */
function stockLayers(db: Db, materialsWhere: SQL): Promise<StockLayer[]> {
  const t = stockTransactions;
  return queryRows<StockLayer>(
    db,
    sql`
      SELECT layer.material, layer.average_cost::text AS average_cost, layer.age,
        least(layer.quantity, layer.on_hand - layer.newer)::numeric(20, 3)::text AS quantity
      FROM (
        SELECT ${t.material} AS material, ${materials.average_cost} AS average_cost, ${materials.quantity} AS on_hand, ${t.quantity} AS quantity,
          (${TODAY} - ${t.transaction_date}) AS age,
          coalesce(sum(${t.quantity}) OVER (PARTITION BY ${t.material} ORDER BY ${t.transaction_date} DESC, ${t.id} DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
        FROM ${t} JOIN ${materials} ON ${materials.id} = ${t.material}
        WHERE ${materialsWhere} AND ${t.deleted_at} IS NULL AND ${t.reverses} IS NULL AND ${t.reversed_by} IS NULL AND ${t.quantity} > 0
      ) layer
      WHERE layer.on_hand - layer.newer > 0`,
  );
}

/** Each bucket's quantity and value (at the weighted average cost) for one material's layers. */
function bucketsOf(layers: StockLayer[], averageCost: string): { bucket: AgeingBucket; quantity: string; value: string }[] {
  return AGEING_BUCKETS.map(({ value: bucket }) => {
    const quantity = toQuantity(sum(layers.filter((layer) => ageingBucketOf(layer.age) === bucket).map((layer) => layer.quantity)));
    return { bucket, quantity, value: amountOf(quantity, averageCost) };
  });
}

/**
 * ageing/: materials with stock on hand, each with its stock split into ageing buckets by the
 * date it came into stores, valued at the weighted average cost (so the buckets add up to the
 * stock value of the stores screens, give or take a paisa of rounding per bucket).
 */
export async function ageingReport(db: Db, user: User, q: MaterialReportQuery, paging: Paging) {
  const where = and(visibleMaterials(user), materialFilters(q), gt(materials.quantity, '0'))!;
  const rows = await db
    .select({
      material: materials.id,
      material_name: materials.name,
      unit: materials.unit,
      quantity: materials.quantity,
      average_cost: materials.average_cost,
      stock_value: sql<string>`round(${materials.quantity} * ${materials.average_cost}, 2)::text`,
      total_count: totalCount,
    })
    .from(materials)
    .where(where)
    .orderBy(asc(sql`lower(${materials.name})`), asc(materials.id))
    .limit(pageOf(paging).limit)
    .offset(pageOf(paging).offset);
  const layers = await stockLayers(db, where);
  const layersOf = new Map<number, StockLayer[]>();
  for (const layer of layers) layersOf.set(layer.material, [...(layersOf.get(layer.material) ?? []), layer]);
  const totals = new Map<AgeingBucket, string>(AGEING_BUCKETS.map((b) => [b.value, '0.00']));
  for (const materialLayers of layersOf.values()) {
    for (const share of bucketsOf(materialLayers, materialLayers[0]!.average_cost)) totals.set(share.bucket, toMoney(add(totals.get(share.bucket)!, share.value)));
  }
  const results: AgeingRow[] = rows.map(({ total_count: _, ...row }) => ({ ...row, buckets: bucketsOf(layersOf.get(row.material) ?? [], row.average_cost) }));
  return {
    count: rows[0]?.total_count ?? 0,
    totals: [...totals].map(([bucket, value]) => ({ bucket, value })),
    total_value: toMoney(sum([...totals.values()])),
    results,
  };
}
