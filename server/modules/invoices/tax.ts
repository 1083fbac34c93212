import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxConfigurations } from '../../db/schema';

/**
 * The whole GST rates an invoice line may carry on a day: the active IGST configurations in
 * effect by then (inside the state the same rate is split in halves as CGST and SGST), lowest
 * first, as the decimals the database writes ("18.00").
 */
export async function gstRatesInForce(db: Db, day: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ rate: taxConfigurations.rate })
    .from(taxConfigurations)
    .where(and(eq(taxConfigurations.tax_type, 'IGST'), eq(taxConfigurations.is_active, true), lte(taxConfigurations.effective_from, day), isNull(taxConfigurations.deleted_at)))
    .orderBy(asc(taxConfigurations.rate));
  return rows.map((r) => r.rate);
}
