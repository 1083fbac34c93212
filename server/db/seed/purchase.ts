import { sql } from 'drizzle-orm';
import type { LpoStatus } from '../../../domain/lpo';
import { queryRows, type Db } from '../client';
import { graItems, gras, lpoItems, lpos, vendors } from '../schema';
import { CITIES, HISTORY_DAYS, MaterialPicker, type MaterialKind, type MaterialRef, type SeedContext, type VendorRef } from './context';
import type { RequisitionRef } from './production';
import { sumOf } from './products';
import type { Ledger } from './stock';
import { lineAmount, money, qty, units } from './values';

const DEMO_VENDORS: readonly (readonly [name: string, kinds: readonly MaterialKind[]])[] = [
  ['Shree Ganesh Acrylics', ['acrylic']],
  ['Polymer Sheets India', ['acrylic', 'packing']],
  ['Mahalaxmi Steel Traders', ['metal', 'pipe']],
  ['Jai Hind Pipes & Tubes', ['pipe']],
  ['Navkar Glass House', ['glass']],
  ['Sai Plywood Centre', ['wood']],
  ['Lakshmi Laminates', ['wood']],
  ['Balaji Hardware Mart', ['hardware', 'consumable']],
  ['Kothari Fasteners', ['consumable', 'hardware']],
  ['Krishna Electricals', ['electrical']],
  ['Supreme Lighting Solutions', ['electrical']],
  ['Om Sai Powder Coaters', ['paint']],
  ['Jai Ambe Paints', ['paint', 'consumable']],
  ['Patel Packaging Industries', ['packing']],
  ['Vardhman Tapes & Adhesives', ['consumable']],
  ['Deccan Abrasives & Tools', ['consumable']],
];
const KINDS: readonly MaterialKind[] = ['acrylic', 'metal', 'pipe', 'glass', 'wood', 'hardware', 'electrical', 'paint', 'packing', 'consumable'];
const VENDOR_WORDS = ['Traders', 'Enterprises', 'Industries', 'Suppliers', 'Agencies', 'Corporation', 'Sales'];
/** Taken in turn, not drawn: a draw more would move every later draw of the seed. */
const PAYMENT_TERMS = ['30 days from invoice', 'Advance 50%, balance on delivery', '45 days from invoice', 'Against delivery', '15 days from invoice'];

/** Suppliers, each for one or two kinds of material. */
export function generateVendors(ctx: SeedContext, count: number): VendorRef[] {
  const { rng, cal, data } = ctx;
  const n = ctx.mode === 'demo' ? Math.min(count, DEMO_VENDORS.length) : count;
  const buyer = ctx.user('purchase');
  return Array.from({ length: n }, (_, i) => {
    const [name, kinds] = ctx.mode === 'demo' ? DEMO_VENDORS[i]! : [`${rng.pick(['Shree', 'Om', 'Sai', 'Jai', 'New', 'Star'])} ${rng.pick(['Metal', 'Glass', 'Acrylic', 'Hardware', 'Paint', 'Packaging'])} ${rng.pick(VENDOR_WORDS)}`, rng.sample(KINDS, rng.int(1, 2))];
    const [city, state, areas] = rng.pick(CITIES.slice(0, 10));
    const at = cal.ts(cal.ago(HISTORY_DAYS, rng.int(700, 1000)));
    const id = data.add(vendors, {
      name: ctx.unique(name),
      contact_person: ctx.personName(),
      phone: ctx.phone(),
      email: `sales@${name.toLowerCase().replace(/[^a-z]+/g, '')}.com`,
      gst_number: ctx.gstNumber(state),
      address: `Gala ${rng.int(1, 90)}, ${rng.pick(areas)} Industrial Estate, ${city}`,
      state,
      payment_terms: PAYMENT_TERMS[i % PAYMENT_TERMS.length]!,
      created_by: buyer,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    return { id, kinds };
  });
}

/** Live vendors already in the database (their kinds unknown: any material). */
export async function existingVendors(db: Db): Promise<VendorRef[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM vendors WHERE deleted_at IS NULL ORDER BY id`);
  return rows.map((r) => ({ id: r.id, kinds: KINDS }));
}

/** How long ago LPOs in each status were raised (days). */
const LPO_AGE: Record<LpoStatus, readonly [number, number]> = {
  draft: [0, 10],
  approved: [0, 20],
  sent: [0, 25],
  partially_received: [5, 90],
  received: [10, HISTORY_DAYS - 10],
  closed: [30, HISTORY_DAYS - 10],
  cancelled: [5, HISTORY_DAYS - 10],
};

/**
 * LPOs in every status with their goods received advices: received in one or two deliveries
 * (part of one sometimes rejected and replaced), partially received, short-closed, cancelled;
 * some GRAs cancelled again, their receipts removed from stock. Some LPOs cover a shortfall
 * requisition. Accepted quantities enter the ledger as receipts.
 */
export function generatePurchases(ctx: SeedContext, count: number, suppliers: VendorRef[], stock: MaterialRef[], shortfalls: RequisitionRef[], ledger: Ledger): void {
  const { rng, cal, data } = ctx;
  const picker = new MaterialPicker(ctx, stock);
  let delivered = 0;
  const buyer = ctx.user('purchase');
  // The buyer raises, the purchase manager approves (a checker other than the maker at any amount).
  const approver = ctx.user('purchase.manager');
  const statuses: [LpoStatus, number][] = [
    ['draft', 4],
    ['approved', 4],
    ['sent', 4],
    ['partially_received', 10],
    ['received', 62],
    ['closed', 8],
    ['cancelled', 8],
  ];
  const covering = shortfalls.filter((r) => r.approvedAt !== null);
  let made = 0;
  for (let i = 0; i < count; i++) {
    // Statuses are covered in order of the LPOs made, so one that found no material is tried again.
    const status = rng.cover(made, statuses);
    const [minAge, maxAge] = LPO_AGE[status];
    const requisition = status !== 'cancelled' && covering.length > 0 && rng.chance(0.15) ? covering.splice(rng.int(0, covering.length - 1), 1)[0]! : null;
    const raised = requisition ? cal.after(requisition.approvedAt!, rng.int(0, 2), rng.int(30, 300)) : cal.ago(minAge + ctx.spread(i, count) * (maxAge - minAge), rng.int(0, 500));
    const vendor = rng.pick(suppliers);
    const chosen = requisition ? requisition.materials : picker.some(vendor.kinds, raised, rng.int(1, 4));
    if (chosen.length === 0) continue;
    made++;
    const lines = chosen.map((material) => {
      const quantity = units(rng.int(material.per[0], material.per[1]) * rng.int(2, 6));
      // Rates move a little from one order to the next.
      const rate = Math.max(1, Math.round((material.rate * (0.92 + rng.float() * 0.16)) / 10) * 10);
      return { material, quantity, rate, amount: lineAmount(quantity, rate), received: 0 };
    });
    const cancelledAt = status === 'cancelled' ? cal.after(raised, rng.int(1, 10), rng.int(30, 300)) : null;
    // Approved within hours of being raised and sent the next day (no draws: the rest of the seed stays as it was).
    const approvedAt = status === 'draft' || status === 'cancelled' ? null : cal.after(raised, 0, 90);
    const sentAt = approvedAt === null || status === 'approved' ? null : cal.after(raised, 1);
    const lpo = data.add(lpos, {
      vendor: vendor.id,
      lpo_date: cal.date(raised),
      expected_date: cal.dayAfter(raised, rng.int(5, 21)),
      // The demo's lines carry no GST (tax_rate 0): the subtotal is the total.
      subtotal: money(sumOf(lines.map((l) => l.amount))),
      tax_amount: money(0),
      total_amount: money(sumOf(lines.map((l) => l.amount))),
      status,
      requisition: requisition?.id ?? null,
      remarks: requisition ? 'Against a shortfall requisition.' : status === 'closed' ? 'Short-closed: balance not required.' : '',
      approved_by: approvedAt === null ? null : approver,
      approved_at: approvedAt === null ? null : cal.ts(approvedAt),
      sent_at: sentAt === null ? null : cal.ts(sentAt),
      closed_at: null as string | null,
      close_remarks: null as string | null,
      cancelled_at: cancelledAt === null ? null : cal.ts(cancelledAt),
      cancellation_remarks: cancelledAt === null ? null : rng.pick(['Vendor could not supply in time.', 'Rate revised; new LPO raised.', 'Requirement dropped by production.']),
      created_by: buyer,
      created_at: cal.ts(raised),
      updated_at: cal.ts(cancelledAt ?? sentAt ?? approvedAt ?? raised),
      deleted_at: null,
    });
    const items = lines.map((line) => ({
      line,
      id: data.add(lpoItems, {
        lpo,
        material: line.material.id,
        quantity: qty(line.quantity),
        rate: money(line.rate),
        amount: money(line.amount),
        quantity_received: qty(0),
        created_by: buyer,
        created_at: cal.ts(raised),
        updated_at: cal.ts(raised),
        deleted_at: null,
      }),
    }));
    if (status === 'draft' || status === 'approved' || status === 'sent' || status === 'cancelled') continue;

    // Deliveries: what share of each line arrives in each, and whether some was rejected.
    const deliveries: number[][] = [];
    if (status === 'received') {
      if (rng.chance(0.35)) deliveries.push(lines.map(() => 0.6), lines.map(() => 1));
      else deliveries.push(lines.map(() => 1));
    } else {
      deliveries.push(lines.map((_, k) => (k === 0 ? 0.5 : rng.pick([0, 0.5, 1]))));
    }
    let at = raised;
    deliveries.forEach((shares, d) => {
      at = cal.after(at, rng.int(2, 12), rng.int(30, 400));
      addGra(ctx, { lpo, vendor: vendor.id, at, items, shares, cumulative: d > 0, cancelled: false, ledger });
    });
    // Some deliveries were booked twice or against the wrong LPO and cancelled.
    if (delivered++ === 0 || rng.chance(0.08)) {
      addGra(ctx, { lpo, vendor: vendor.id, at: cal.after(at, 0, 30), items, shares: lines.map(() => 0.5), cumulative: false, cancelled: true, ledger });
    }
    const lpoRow = data.get(lpos, lpo);
    lpoRow.updated_at = cal.ts(at);
    if (status === 'closed') {
      // Closed short the day after the last delivery.
      lpoRow.closed_at = cal.ts(cal.after(at, 1));
      lpoRow.close_remarks = 'Balance not required.';
      lpoRow.updated_at = lpoRow.closed_at;
    }
    items.forEach(({ line, id }) => {
      const row = data.get(lpoItems, id);
      row.quantity_received = qty(line.received);
      row.updated_at = cal.ts(at);
    });
  }
}

interface GraPlan {
  lpo: number;
  vendor: number;
  at: number;
  items: { line: { material: MaterialRef; quantity: number; rate: number; received: number }; id: number }[];
  /** Per line: the share of the ordered quantity received by the end of this delivery. */
  shares: number[];
  /** Shares are totals so far (a second delivery brings the balance). */
  cumulative: boolean;
  cancelled: boolean;
  ledger: Ledger;
}

function addGra(ctx: SeedContext, plan: GraPlan): void {
  const { rng, cal, data } = ctx;
  const stores = ctx.user('stores');
  const cancelledAt = plan.cancelled ? cal.after(plan.at, 0, rng.int(30, 240)) : null;
  const deleted = cancelledAt === null ? null : cal.ts(cancelledAt);
  const withInvoice = rng.chance(0.7);
  const gra = data.add(gras, {
    lpo: plan.lpo,
    vendor: plan.vendor,
    gra_date: cal.date(plan.at),
    invoice_number: withInvoice ? `${rng.letters(2)}/${rng.digits(2)}-${rng.digits(2)}/${rng.digits(4)}` : '',
    challan_number: withInvoice ? '' : `DC-${rng.digits(5)}`,
    remarks: '',
    cancelled_at: deleted,
    cancellation_remarks: plan.cancelled ? 'Booked twice; cancelled.' : null,
    created_by: stores,
    created_at: cal.ts(plan.at),
    updated_at: deleted ?? cal.ts(plan.at),
    deleted_at: null,
  });
  plan.items.forEach(({ line, id }, k) => {
    const target = Math.floor((line.quantity * plan.shares[k]!) / 1000) * 1000;
    const accepted = plan.cancelled ? target : Math.max(0, target - line.received);
    if (accepted <= 0) return;
    // Now and then part of a delivery is rejected (and replaced in a later one).
    const rejected = !plan.cancelled && rng.chance(0.1) ? units(1) : 0;
    const item = data.add(graItems, {
      gra,
      lpo_item: id,
      material: line.material.id,
      quantity_received: qty(accepted + rejected),
      quantity_accepted: qty(accepted),
      rate: money(line.rate),
      remarks: rejected ? 'One piece damaged in transit; rejected.' : '',
      created_by: stores,
      created_at: cal.ts(plan.at),
      updated_at: deleted ?? cal.ts(plan.at),
      // A cancelled GRA's lines no longer count as received.
      deleted_at: deleted,
    });
    if (!plan.cancelled) line.received += accepted;
    plan.ledger.add({ material: line.material, type: 'receipt', quantity: accepted, at: plan.at, by: stores, gra_item: item, rate: line.rate, remarks: 'Received against LPO', deleted });
  });
}
