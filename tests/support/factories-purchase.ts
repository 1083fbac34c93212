import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { graItems, gras, lpoItems, lpos, vendors } from '../../server/db/schema';
import type { IndianState } from '../../domain/india';
import type { LpoStatus } from '../../domain/lpo';

/** Purchasing test data, made directly in the database: each factory takes only what a test cares about. */

let sequence = 0;
const next = () => ++sequence;

export async function makeVendor(db: Db, values: { name?: string; contact_person?: string; phone?: string; email?: string; gst_number?: string; state?: IndianState; payment_terms?: string } = {}) {
  const n = next();
  const [row] = await db
    .insert(vendors)
    .values({ name: values.name ?? `Vendor ${n}`, contact_person: values.contact_person ?? '', phone: values.phone ?? '', email: values.email ?? `orders@vendor${n}.example`, gst_number: values.gst_number ?? '', state: values.state ?? 'N/A', payment_terms: values.payment_terms ?? '' })
    .returning();
  return row!;
}

/** An LPO header only (no items): enough for reports that read the stored total. */
export async function makeLpo(
  db: Db,
  vendor: number,
  values: { lpo_date?: string; expected_date?: string; total_amount?: string; status?: LpoStatus; cancelled?: boolean; deleted?: boolean } = {},
) {
  const cancelled = values.cancelled ?? values.status === 'cancelled';
  const [row] = await db
    .insert(lpos)
    .values({
      vendor,
      lpo_date: values.lpo_date ?? '2025-01-15',
      expected_date: values.expected_date ?? null,
      // No GST on a factory LPO: its subtotal is its total.
      subtotal: values.total_amount ?? '1000.00',
      total_amount: values.total_amount ?? '1000.00',
      status: values.status ?? (cancelled ? 'cancelled' : 'approved'),
      cancelled_at: cancelled ? new Date().toISOString() : null,
      cancellation_remarks: cancelled ? 'Vendor could not supply' : null,
      deleted_at: values.deleted ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}

/** A line of an LPO; the amount is quantity × rate as the LPO module keeps it. */
export async function makeLpoItem(
  db: Db,
  lpo: number,
  material: number,
  values: { quantity?: string; rate?: string; tax_rate?: string; expected_date?: string; quantity_received?: string; deleted?: boolean } = {},
) {
  const quantity = values.quantity ?? '10';
  const rate = values.rate ?? '100.00';
  const [row] = await db
    .insert(lpoItems)
    .values({
      lpo,
      material,
      quantity,
      rate,
      amount: sql`round(${quantity}::numeric * ${rate}::numeric, 2)` as unknown as string,
      tax_rate: values.tax_rate ?? '0',
      expected_date: values.expected_date ?? null,
      quantity_received: values.quantity_received ?? '0',
      deleted_at: values.deleted ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}

/** A GRA header against an LPO (items and their ledger receipts are made separately when a test needs them). */
export async function makeGra(db: Db, lpo: { id: number; vendor: number }, values: { gra_date?: string; cancelled?: boolean; deleted?: boolean } = {}) {
  const [row] = await db
    .insert(gras)
    .values({
      lpo: lpo.id,
      vendor: lpo.vendor,
      gra_date: values.gra_date ?? '2025-01-20',
      cancelled_at: values.cancelled ? new Date().toISOString() : null,
      cancellation_remarks: values.cancelled ? 'Wrong delivery' : null,
      deleted_at: values.deleted ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}

/** A line of a GRA against an LPO item: its material and rate are the LPO item's unless given. */
export async function makeGraItem(
  db: Db,
  gra: number,
  lpoItem: { id: number; material: number; rate: string },
  values: { quantity_received?: string; quantity_accepted?: string; rate?: string; deleted_at?: string } = {},
) {
  const received = values.quantity_received ?? '10';
  const [row] = await db
    .insert(graItems)
    .values({
      gra,
      lpo_item: lpoItem.id,
      material: lpoItem.material,
      quantity_received: received,
      quantity_accepted: values.quantity_accepted ?? received,
      rate: values.rate ?? lpoItem.rate,
      deleted_at: values.deleted_at ?? null,
    })
    .returning();
  return row!;
}
