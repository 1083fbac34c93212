import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { sum, toMoney } from '../../../domain/decimal';
import type { ConsolidatedPurchase, ConsolidatedPurchasesQuery } from '../../../domain/lpo';
import type { Db } from '../../db/client';
import { lpoItems, lpos, materials } from '../../db/schema';
import { inPeriod } from '../../lib/list';

/**
 * consolidated/ (the consolidated purchase report, issue 19 §2): per material, what live LPOs
 * dated in the period ordered, at what value and average rate, what has come and what is still to
 * come; the largest value first. Cancelled LPOs ordered nothing; a closed-short LPO's rest will not
 * come, so it is not pending.
 */
export async function consolidatedPurchases(db: Db, q: ConsolidatedPurchasesQuery): Promise<{ count: number; value: string; results: ConsolidatedPurchase[] }> {
  const value = sql`sum(${lpoItems.amount})`;
  const ordered = sql`sum(${lpoItems.quantity})`;
  const stillToCome = sql`sum(CASE WHEN ${lpos.status} = 'closed' THEN 0 ELSE greatest(${lpoItems.quantity} - ${lpoItems.quantity_received}, 0) END)`;
  const results: ConsolidatedPurchase[] = await db
    .select({
      material: lpoItems.material,
      material_name: materials.name,
      material_unit: materials.unit,
      lpo_count: sql<number>`count(DISTINCT ${lpos.id})::int`,
      ordered: sql<string>`${ordered}::numeric(20,3)::text`,
      received: sql<string>`sum(${lpoItems.quantity_received})::numeric(20,3)::text`,
      pending: sql<string>`${stillToCome}::numeric(20,3)::text`,
      value: sql<string>`${value}::numeric(16,2)::text`,
      average_rate: sql<string>`round(${value} / nullif(${ordered}, 0), 2)::text`,
    })
    .from(lpoItems)
    .innerJoin(lpos, eq(lpos.id, lpoItems.lpo))
    .innerJoin(materials, eq(materials.id, lpoItems.material))
    .where(
      and(
        isNull(lpoItems.deleted_at),
        isNull(lpos.deleted_at),
        isNull(lpos.cancelled_at),
        inPeriod(lpos.lpo_date, { startDate: q.start_date, endDate: q.end_date }),
        q.vendor === undefined ? undefined : eq(lpos.vendor, q.vendor),
      ),
    )
    .groupBy(lpoItems.material, materials.name, materials.unit)
    .orderBy(desc(value), asc(sql`lower(${materials.name})`), asc(lpoItems.material));
  return { count: results.length, value: toMoney(sum(results.map((r) => r.value))), results };
}
