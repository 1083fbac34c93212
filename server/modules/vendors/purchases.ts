import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { div, mul, sum, toMoney } from '../../../domain/decimal';
import { LPO_OPEN_STATUSES } from '../../../domain/lpo';
import type { VendorGra, VendorOpenLpo, VendorPrice, VendorPriceHistory, VendorWiseRow } from '../../../domain/vendor';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { graItems, gras, lpoItems, lpos, materials, vendors } from '../../db/schema';
import { findRow, qualified } from '../../lib/rows';
import { inPeriod } from '../../lib/list';
import { pageRows, totalCount, type Paging, type Slice } from '../../lib/pagination';
import { lineDueDate, lpoLate } from '../lpos/due-dates';

/**
 * What the company buys from its vendors (issue 19 §1): a vendor's open LPOs, GRAs, price history
 * and deliveries, and every vendor's purchases in a period. Live LPOs and GRAs in force only:
 * cancelled ones bought nothing.
 */

const liveLpo = and(isNull(lpos.deleted_at), isNull(lpos.cancelled_at));
const graInForce = and(isNull(gras.deleted_at), isNull(gras.cancelled_at));

/** What is still to come on an LPO at its ordered rates: each live line's unreceived quantity × its rate. */
export const stillToCome = sql<string>`(SELECT coalesce(sum(round(greatest(${lpoItems.quantity} - ${lpoItems.quantity_received}, 0) * ${lpoItems.rate}, 2)), 0)
  FROM ${lpoItems} WHERE ${lpoItems.lpo} = ${qualified(lpos.id)} AND ${lpoItems.deleted_at} IS NULL)`;

/** A GRA's value: its live lines' accepted quantities at their rates. */
const graValue = sql<string>`(SELECT coalesce(sum(round(${graItems.quantity_accepted} * ${graItems.rate}, 2)), 0)
  FROM ${graItems} WHERE ${graItems.gra} = ${qualified(gras.id)} AND ${graItems.deleted_at} IS NULL)`;

/** open_lpos/?vendor=: its LPOs awaiting goods, the late ones (a line still to come past its due date) first, then by expected date. */
export async function vendorOpenLpos(db: Db, vendor: number): Promise<Slice<VendorOpenLpo> & { pending_value: string }> {
  await findRow(db, vendors, vendor);
  const rows = await db
    .select({
      id: lpos.id,
      lpo_date: sql<string>`${lpos.lpo_date}::text`,
      expected_date: sql<string | null>`${lpos.expected_date}::text`,
      status: sql<VendorOpenLpo['status']>`${lpos.status}`,
      total_amount: sql<string>`${lpos.total_amount}::text`,
      pending_value: sql<string>`${stillToCome}::numeric(16,2)::text`,
      late: lpoLate,
    })
    .from(lpos)
    .where(and(liveLpo, eq(lpos.vendor, vendor), inArray(lpos.status, [...LPO_OPEN_STATUSES])))
    .orderBy(desc(lpoLate), sql`${lpos.expected_date} nulls last`, asc(lpos.id));
  return { count: rows.length, pending_value: toMoney(sum(rows.map((row) => row.pending_value))), results: rows };
}

/** gras/?vendor=: its GRAs in force, the latest first. */
export async function vendorGras(db: Db, vendor: number, paging: Paging): Promise<Slice<VendorGra>> {
  await findRow(db, vendors, vendor);
  const query = db
    .select({
      id: gras.id,
      gra_date: sql<string>`${gras.gra_date}::text`,
      lpo: gras.lpo,
      invoice_number: gras.invoice_number,
      challan_number: gras.challan_number,
      value: sql<string>`${graValue}::numeric(16,2)::text`,
      total_count: totalCount,
    })
    .from(gras)
    .where(and(graInForce, eq(gras.vendor, vendor)))
    .orderBy(desc(gras.gra_date), desc(gras.id))
    .$dynamic();
  const rows = await pageRows(query, paging);
  return { count: rows[0]?.total_count ?? 0, results: rows.map(({ total_count: _, ...row }) => row) };
}

/** price_history/?vendor=: each material it supplied with its rates, the latest bought first; and its deliveries. */
export async function vendorPriceHistory(db: Db, vendor: number): Promise<VendorPriceHistory> {
  await findRow(db, vendors, vendor);
  const lastDate = sql`max(${gras.gra_date})`;
  const results: VendorPrice[] = await db
    .select({
      material: graItems.material,
      material_name: materials.name,
      material_unit: materials.unit,
      receipts: sql<number>`count(*)::int`,
      last_rate: sql<string>`((array_agg(${graItems.rate} ORDER BY ${gras.gra_date} DESC, ${graItems.id} DESC))[1])::text`,
      last_date: sql<string>`${lastDate}::text`,
      lowest_rate: sql<string>`min(${graItems.rate})::text`,
      highest_rate: sql<string>`max(${graItems.rate})::text`,
    })
    .from(graItems)
    .innerJoin(gras, eq(gras.id, graItems.gra))
    .innerJoin(materials, eq(materials.id, graItems.material))
    .where(and(graInForce, isNull(graItems.deleted_at), eq(gras.vendor, vendor)))
    .groupBy(graItems.material, materials.name, materials.unit)
    .orderBy(desc(lastDate), asc(sql`lower(${materials.name})`), asc(graItems.material));
  // Decisions 290 and 297: an LPO whose goods have all come (received) counts when a line has a due
  // date (its own, else the LPO's); it is late when such a line's last receipt came after that date.
  const [deliveries] = await queryRows<{ on_time: number; late: number }>(
    db,
    sql`SELECT (count(*) FILTER (WHERE NOT d.late))::int AS on_time, (count(*) FILTER (WHERE d.late))::int AS late
      FROM ${lpos}
      JOIN LATERAL (
        SELECT bool_or(got.day > ${lineDueDate}) AS late
        FROM ${lpoItems}
        JOIN LATERAL (SELECT max(${gras.gra_date}) AS day FROM ${graItems} JOIN ${gras} ON ${gras.id} = ${graItems.gra}
          WHERE ${graItems.lpo_item} = ${lpoItems.id} AND ${graItems.deleted_at} IS NULL AND ${graInForce}) AS got ON got.day IS NOT NULL
        WHERE ${lpoItems.lpo} = ${lpos.id} AND ${lpoItems.deleted_at} IS NULL AND ${lineDueDate} IS NOT NULL
      ) AS d ON d.late IS NOT NULL
      WHERE ${liveLpo} AND ${lpos.vendor} = ${vendor} AND ${lpos.status} = 'received'`,
  );
  const onTime = Number(deliveries?.on_time ?? 0);
  const late = Number(deliveries?.late ?? 0);
  const counted = onTime + late;
  return {
    count: results.length,
    results,
    deliveries: { on_time: onTime, late, on_time_percent: counted === 0 ? null : div(mul(String(onTime), '100'), String(counted), 1) },
  };
}

/** vendor_wise/: each vendor with LPOs or GRAs in the period, what was ordered and what came, both before GST (decision 316); the largest orders first. */
export async function vendorWisePurchases(db: Db, period: { start_date?: string | undefined; end_date?: string | undefined }): Promise<Slice<VendorWiseRow> & { ordered_value: string; received_value: string }> {
  const days = { startDate: period.start_date, endDate: period.end_date };
  const results = await queryRows<VendorWiseRow>(
    db,
    sql`WITH ordered AS (
        SELECT ${lpos.vendor} AS vendor, count(*)::int AS lpo_count, sum(${lpos.subtotal}) AS value
        FROM ${lpos} WHERE ${liveLpo} AND ${inPeriod(lpos.lpo_date, days) ?? sql`true`} GROUP BY ${lpos.vendor}
      ), received AS (
        SELECT ${gras.vendor} AS vendor, count(*)::int AS gra_count, sum(${graValue}) AS value
        FROM ${gras} WHERE ${graInForce} AND ${inPeriod(gras.gra_date, days) ?? sql`true`} GROUP BY ${gras.vendor}
      )
      SELECT ${vendors.id} AS vendor, ${vendors.name} AS vendor_name,
        coalesce(o.lpo_count, 0) AS lpo_count, coalesce(o.value, 0)::numeric(16,2)::text AS ordered_value,
        coalesce(r.gra_count, 0) AS gra_count, coalesce(r.value, 0)::numeric(16,2)::text AS received_value
      FROM ${vendors}
      LEFT JOIN ordered o ON o.vendor = ${vendors.id}
      LEFT JOIN received r ON r.vendor = ${vendors.id}
      WHERE o.vendor IS NOT NULL OR r.vendor IS NOT NULL
      ORDER BY coalesce(o.value, 0) DESC, coalesce(r.value, 0) DESC, lower(${vendors.name}), ${vendors.id}`,
  );
  const total = (pick: (row: VendorWiseRow) => string) => toMoney(sum(results.map(pick)));
  return { count: results.length, ordered_value: total((r) => r.ordered_value), received_value: total((r) => r.received_value), results };
}
