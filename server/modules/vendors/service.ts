import { and, asc, count, desc, eq, isNull, max, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { lpos, vendors } from '../../db/schema';
import { indianStateSchema } from '../../../domain/india';
import type { User } from '../../../domain/user';
import { VENDOR_MESSAGES, type Vendor, type vendorCreateSchema, type vendorUpdateSchema } from '../../../domain/vendor';
import { byText, byValue, type ListSpec } from '../../lib/list';
import { updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite } from '../audit/service';

type VendorInput = z.output<typeof vendorCreateSchema>;
type VendorChanges = Omit<z.output<typeof vendorUpdateSchema>, 'expected_version'>;

export const vendorList: ListSpec<typeof vendors> = {
  table: vendors,
  pageSize: 15,
  // Names sort ignoring case, the same under any database collation.
  orderings: { id: vendors.id, name: byText(vendors.name), created_at: vendors.created_at, updated_at: vendors.updated_at },
  defaultOrdering: 'name',
  search: [vendors.name, vendors.contact_person, vendors.phone, vendors.gst_number],
  filters: { state: byValue(vendors.state, indianStateSchema) },
};

export async function createVendor(db: Db, actor: User, input: VendorInput): Promise<Vendor> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await withUniqueField('name', VENDOR_MESSAGES.duplicateName, () => tx.insert(vendors).values({ ...input, created_by: actor.id }).returning());
      return row!;
    },
    (row) => ({ action: 'vendor.create', target: `vendors:${row.id}`, risk: 'low', metadata: { name: row.name } }),
  );
}

export async function updateVendor(db: Db, actor: User, id: number, input: VendorChanges, expected: number | undefined): Promise<Vendor> {
  return auditedWrite(
    db,
    actor,
    (tx) => withUniqueField('name', VENDOR_MESSAGES.duplicateName, () => updateRow(tx, vendors, id, input, expected)),
    (row) => ({ action: 'vendor.update', target: `vendors:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input) } }),
  );
}

export interface TopVendorsQuery {
  start_date?: string;
  end_date?: string;
  limit: number;
  by: 'value' | 'count';
}

export interface TopVendor {
  id: number;
  name: string;
  lpo_count: number;
  total_value: string;
  average_value: string;
  last_lpo_date: string;
}

/**
 * Vendors ranked by what the company ordered from them in a period: live LPOs only (neither
 * cancelled nor deleted), summed in SQL numeric so no amount passes through floating point.
 * Either bound may be left open; ties go to the other measure, then the name. A vendor
 * deleted since still ranks: the report is about what was bought.
 */
export async function topVendors(db: Db, query: TopVendorsQuery): Promise<TopVendor[]> {
  const where: (SQL | undefined)[] = [isNull(lpos.cancelled_at), isNull(lpos.deleted_at)];
  if (query.start_date) where.push(sql`${lpos.lpo_date} >= ${query.start_date}`);
  if (query.end_date) where.push(sql`${lpos.lpo_date} <= ${query.end_date}`);
  const lpoCount = count(lpos.id);
  const totalValue = sum(lpos.total_amount);
  const ranking = query.by === 'value' ? [desc(totalValue), desc(lpoCount)] : [desc(lpoCount), desc(totalValue)];
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      lpo_count: lpoCount,
      // Text casts: both drivers hand back the exact decimal and the calendar day as written.
      total_value: sql<string>`${totalValue}::text`,
      average_value: sql<string>`round(${totalValue} / ${lpoCount}, 2)::text`,
      last_lpo_date: sql<string>`${max(lpos.lpo_date)}::text`,
    })
    .from(lpos)
    .innerJoin(vendors, eq(vendors.id, lpos.vendor))
    .where(and(...where))
    .groupBy(vendors.id, vendors.name)
    .orderBy(...ranking, asc(vendors.name), asc(vendors.id))
    .limit(query.limit);
}
