import type { Db } from '../../server/db/client';
import { lpos, vendors } from '../../server/db/schema';
import type { IndianState } from '../../domain/india';
import type { LpoStatus } from '../../domain/lpo';

/** Purchasing test data, made directly in the database: each factory takes only what a test cares about. */

let sequence = 0;
const next = () => ++sequence;

export async function makeVendor(db: Db, values: { name?: string; contact_person?: string; phone?: string; email?: string; gst_number?: string; state?: IndianState } = {}) {
  const [row] = await db
    .insert(vendors)
    .values({ name: values.name ?? `Vendor ${next()}`, contact_person: values.contact_person ?? '', phone: values.phone ?? '', email: values.email ?? '', gst_number: values.gst_number ?? '', state: values.state ?? 'N/A' })
    .returning();
  return row!;
}

/** An LPO header only (no items): enough for reports that read the stored total. */
export async function makeLpo(
  db: Db,
  vendor: number,
  values: { lpo_date?: string; total_amount?: string; status?: LpoStatus; cancelled?: boolean; deleted?: boolean } = {},
) {
  const cancelled = values.cancelled ?? values.status === 'cancelled';
  const [row] = await db
    .insert(lpos)
    .values({
      vendor,
      lpo_date: values.lpo_date ?? '2025-01-15',
      total_amount: values.total_amount ?? '1000.00',
      status: values.status ?? (cancelled ? 'cancelled' : 'pending'),
      cancelled_at: cancelled ? new Date().toISOString() : null,
      cancellation_remarks: cancelled ? 'Vendor could not supply' : null,
      deleted_at: values.deleted ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}
