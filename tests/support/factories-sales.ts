import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { customerBranches, customerLpoCodes, customers, leads, quotationItems, quotations, receipts, salesOrderItems, salesOrders, salesOrderStatusHistory } from '../../server/db/schema';
import type { QuotationStatus } from '../../domain/quotation';
import type { SalesOrderStatus } from '../../domain/sales-order';
import { lineAmount, quotationTotals, totalOf } from '../../domain/totals';
import type { IndianState } from '../../domain/india';
import type { LeadRequirement, LeadSource, LeadStage, LeadType } from '../../domain/lead';

/** Sales test data (customers, branches, LPO codes, leads), made directly in the database. */

let sequence = 0;
const next = () => ++sequence;

/** `at`: when it was created and last updated (now by default). */
export async function makeCustomer(db: Db, values: { name?: string; phone?: string; email?: string; gst_number?: string; state?: IndianState; enable_lpo_codes?: boolean; at?: string } = {}) {
  const [row] = await db
    .insert(customers)
    .values({
      name: values.name ?? `Customer ${next()}`,
      phone: values.phone ?? '',
      email: values.email ?? '',
      gst_number: values.gst_number ?? '',
      state: values.state ?? 'N/A',
      enable_lpo_codes: values.enable_lpo_codes ?? false,
      ...(values.at ? { created_at: values.at, updated_at: values.at } : {}),
    })
    .returning();
  return row!;
}

export async function makeBranch(db: Db, customer: number, values: { location?: string; address_line_1?: string; is_active?: boolean } = {}) {
  const [row] = await db
    .insert(customerBranches)
    .values({ customer, location: values.location ?? `Branch ${next()}`, address_line_1: values.address_line_1 ?? '', is_active: values.is_active ?? true })
    .returning();
  return row!;
}

export async function makeLpoCode(db: Db, customer: number, values: { code?: string; article?: string } = {}) {
  const [row] = await db.insert(customerLpoCodes).values({ customer, code: values.code ?? `LPO-${next()}`, article: values.article ?? '' }).returning();
  return row!;
}

export async function makeLead(
  db: Db,
  assign_to: number,
  values: { company?: string; contact_person?: string; contact_number?: string; location?: string; stage?: LeadStage; source?: LeadSource; requirement?: LeadRequirement; lead_type?: LeadType; followup_date?: string | null } = {},
) {
  const [row] = await db
    .insert(leads)
    .values({
      assign_to,
      company: values.company ?? `Company ${next()}`,
      contact_person: values.contact_person ?? '',
      contact_number: values.contact_number ?? '',
      location: values.location ?? '',
      stage: values.stage ?? 'new',
      source: values.source ?? 'Self',
      requirement: values.requirement ?? 'Acrylic',
      lead_type: values.lead_type ?? 'Retail',
      followup_date: values.followup_date ?? null,
    })
    .returning();
  return row!;
}

/* Sales orders and quotations (issue 18 §4, the sales orders helper) ------------------------- */

export interface SalesOrderLine {
  description?: string;
  quantity: string;
  unit_price: string;
}

/**
 * A sales order as the sales order module keeps it: its lines' amounts (quantity × unit price,
 * to the paisa), total_order_value their sum, and its first status history entry.
 */
export async function makeSalesOrder(
  db: Db,
  values: {
    customer?: number;
    branch?: number | null;
    quotation?: number | null;
    created_by?: number | null;
    status?: SalesOrderStatus;
    order_date?: string;
    expected_delivery_date?: string | null;
    advance_pending?: boolean;
    advance_amount?: string;
    customer_po_number?: string;
    remarks?: string;
    items?: readonly SalesOrderLine[];
    deleted?: boolean;
  } = {},
) {
  const lines = (values.items ?? []).map((line, i) => ({ description: line.description ?? `Line ${i + 1}`, quantity: line.quantity, unit_price: line.unit_price, amount: lineAmount(line.quantity, line.unit_price) }));
  const [order] = await db
    .insert(salesOrders)
    .values({
      customer: values.customer ?? (await makeCustomer(db)).id,
      branch: values.branch ?? null,
      quotation: values.quotation ?? null,
      created_by: values.created_by ?? null,
      status: values.status ?? 'draft',
      order_date: values.order_date ?? '2026-01-15',
      expected_delivery_date: values.expected_delivery_date ?? null,
      advance_pending: values.advance_pending ?? false,
      advance_amount: values.advance_amount ?? '0',
      customer_po_number: values.customer_po_number ?? `PO-${next()}`,
      remarks: values.remarks ?? '',
      total_order_value: totalOf(lines.map((l) => l.amount)),
      deleted_at: values.deleted ? sql`now()` as unknown as string : null,
    })
    .returning();
  const items = lines.length ? await db.insert(salesOrderItems).values(lines.map((l) => ({ ...l, sales_order: order!.id, created_by: values.created_by ?? null }))).returning() : [];
  await db.insert(salesOrderStatusHistory).values({ sales_order: order!.id, from_status: null, to_status: order!.status, changed_by: values.created_by ?? null });
  return { ...order!, items };
}

/** A receipt from the customer, against a sales order. */
export async function makeOrderReceipt(db: Db, values: { customer: number; sales_order: number | null; amount: string; receipt_date?: string; deleted?: boolean }) {
  const [row] = await db
    .insert(receipts)
    .values({
      customer: values.customer,
      sales_order: values.sales_order,
      amount: values.amount,
      receipt_date: values.receipt_date ?? '2026-01-20',
      mode: 'cash',
      deleted_at: values.deleted ? sql`now()` as unknown as string : null,
    })
    .returning();
  return row!;
}

/** A quotation with its lines, made directly in the database (numbered after the highest), totals by domain/totals.ts. */
export async function makeQuotation(
  db: Db,
  values: {
    customer?: number;
    sales_exec: number;
    subject?: string;
    monarch_entity?: string;
    quotation_date?: string;
    tax_rate?: string;
    status?: QuotationStatus;
    sent_at?: string | null;
    branch?: number | null;
    /** Cancelled (deleted), as DELETE leaves it. */
    cancelled?: boolean;
    /** A line marked deleted is kept out of the totals, as a removed line is. */
    items?: { description?: string; code?: string; quantity: string; unit_price: string; discount?: string; deleted?: boolean }[];
  },
) {
  const customer = values.customer ?? (await makeCustomer(db)).id;
  const lines = (values.items ?? [{ quantity: '1', unit_price: '100.00' }]).map((line, i) => ({ code: line.code ?? '', description: line.description ?? `Item ${i + 1}`, quantity: line.quantity, unit_price: line.unit_price, discount: line.discount ?? '0', deleted: line.deleted ?? false }));
  const live = lines.filter((line) => !line.deleted);
  const taxRate = values.tax_rate ?? '18';
  const totals = quotationTotals(live, taxRate);
  const [{ number }] = (await db.select({ number: sql<number>`(coalesce(max(${quotations.number}), 0) + 1)::int` }).from(quotations)) as [{ number: number }];
  const [row] = await db
    .insert(quotations)
    .values({
      number,
      customer,
      sales_exec: values.sales_exec,
      subject: values.subject ?? `Quotation ${number}`,
      monarch_entity: values.monarch_entity ?? '',
      quotation_date: values.quotation_date ?? '2026-11-02',
      tax_rate: taxRate,
      subtotal: totals.subtotal,
      discount_total: totals.discount_total,
      tax_amount: totals.tax_amount,
      total_amount: totals.total_amount,
      status: values.status ?? 'draft',
      sent_at: values.sent_at ?? null,
      branch: values.branch ?? null,
      deleted_at: values.cancelled ? (sql`now()` as unknown as string) : null,
    })
    .returning();
  const items = await db
    .insert(quotationItems)
    .values(
      lines.map(({ deleted, ...line }) => ({
        ...line,
        quotation: row!.id,
        gross_price: quotationTotals([line], taxRate).gross_prices[0]!,
        deleted_at: deleted ? (sql`now()` as unknown as string) : null,
      })),
    )
    .returning();
  return { ...row!, items };
}
