import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { INVOICE_MESSAGES, INVOICE_SOURCE_REFUSALS, INVOICE_UNISSUED_STATUSES, INVOICE_WITHDRAWN_STATUSES, INVOICEABLE_JOB_ORDER_STATUSES, INVOICEABLE_SALES_ORDER_STATUSES, type InvoiceableOrder, type InvoiceView } from '../../../domain/invoice';
import { businessToday, isValidDateRange } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, invoices, jobOrderItems, jobOrders, salesOrderItems, salesOrders } from '../../db/schema';
import { businessDay } from '../../lib/business-day';
import { badRequest, invalidPk } from '../../lib/http-error';
import { readInvoiceSettings } from '../invoice-settings/service';
import { gstRatesInForce } from './tax';
import { createInvoice } from './writes';

/**
 * Invoices from what was sold (business-areas.md §7 create_from_job_order/, create_from_sales_order/,
 * invoiceable_*): a draft with the order's lines, and the orders waiting for one (decision 314).
 */

/** An invoice that still counts: an order with only cancelled or void invoices is invoiceable again. */
const liveInvoice = and(isNull(invoices.deleted_at), notInArray(invoices.status, [...INVOICE_WITHDRAWN_STATUSES]));
const liveInvoiceOf = (column: PgColumn, id: PgColumn | number) => sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${column} = ${id} AND ${liveInvoice})`;

/** invoiceable_job_orders/: dispatched or closed job orders with no live invoice, the oldest first. */
export async function invoiceableJobOrders(db: Db): Promise<InvoiceableOrder[]> {
  return db
    .select({
      id: jobOrders.id,
      customer: jobOrders.customer,
      customer_name: customers.name,
      status: jobOrders.status,
      date: sql<string>`to_char(${businessDay(jobOrders.created_at)}, 'YYYY-MM-DD')`,
      value: sql<string>`(SELECT coalesce(sum(${jobOrderItems.amount}), 0) FROM ${jobOrderItems} WHERE ${jobOrderItems.job_order} = ${jobOrders.id} AND ${jobOrderItems.deleted_at} IS NULL)::numeric(14,2)::text`,
    })
    .from(jobOrders)
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .where(and(isNull(jobOrders.deleted_at), isNull(jobOrders.cancelled_at), inArray(jobOrders.status, [...INVOICEABLE_JOB_ORDER_STATUSES]), sql`NOT ${liveInvoiceOf(invoices.job_order, jobOrders.id)}`))
    .orderBy(asc(jobOrders.id));
}

/** invoiceable_sales_orders/: confirmed sales orders with no live invoice and no job order (those are invoiced by job order), the oldest first. */
export async function invoiceableSalesOrders(db: Db): Promise<InvoiceableOrder[]> {
  return db
    .select({ id: salesOrders.id, customer: salesOrders.customer, customer_name: customers.name, status: salesOrders.status, date: salesOrders.order_date, value: salesOrders.total_order_value })
    .from(salesOrders)
    .innerJoin(customers, eq(customers.id, salesOrders.customer))
    .where(
      and(
        isNull(salesOrders.deleted_at),
        inArray(salesOrders.status, [...INVOICEABLE_SALES_ORDER_STATUSES]),
        sql`NOT ${liveInvoiceOf(invoices.sales_order, salesOrders.id)}`,
        sql`NOT EXISTS (SELECT 1 FROM ${jobOrders} WHERE ${jobOrders.sales_order} = ${salesOrders.id} AND ${jobOrders.deleted_at} IS NULL AND ${jobOrders.cancelled_at} IS NULL)`,
      ),
    )
    .orderBy(asc(salesOrders.id));
}

/** The live invoice already made for an order, if any. */
async function existingInvoice(db: Db, column: PgColumn, id: number): Promise<{ number: string | null; id: number } | null> {
  const [row] = await db
    .select({ number: invoices.invoice_number, id: invoices.id })
    .from(invoices)
    .where(and(eq(column, id), liveInvoice))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}

interface Source {
  customer: number;
  lines: { description: string; quantity: string; unit_price: string }[];
  link: { job_order?: number; sales_order?: number | null };
}

/** A draft for the order's customer with its lines at the usual GST rate (18 % when in force), dated today unless said, due after the default days. */
async function draftFrom(db: Db, actor: User, source: Source, dates: { invoice_date?: string | undefined; due_date?: string | undefined }): Promise<InvoiceView> {
  if (!source.lines.length) throw badRequest({ non_field_errors: [INVOICE_SOURCE_REFUSALS.noLines] });
  const settings = await readInvoiceSettings(db);
  const invoice_date = dates.invoice_date ?? businessToday();
  const due = new Date(`${invoice_date}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + settings.default_due_days);
  const due_date = dates.due_date ?? due.toISOString().slice(0, 10);
  if (!isValidDateRange(invoice_date, due_date)) throw badRequest({ due_date: [INVOICE_MESSAGES.dueDate] });
  const rates = await gstRatesInForce(db, invoice_date);
  const tax_rate = rates.find((r) => r === '18.00') ?? rates[rates.length - 1] ?? '0';
  return createInvoice(db, actor, {
    customer: source.customer,
    ...source.link,
    invoice_date,
    due_date,
    notes: settings.default_notes,
    terms: settings.default_terms,
    items: source.lines.map((line) => ({ description: line.description, hsn_code: '', unit: 'NOS', quantity: line.quantity, unit_price: line.unit_price, discount: '0', tax_rate })),
  });
}

/** POST invoices/create_from_job_order/: a draft with the job order's products, once its goods have left. */
export async function invoiceFromJobOrder(db: Db, actor: User, input: { job_order: number; invoice_date?: string | undefined; due_date?: string | undefined }): Promise<InvoiceView> {
  const [job] = await db
    .select()
    .from(jobOrders)
    .where(and(eq(jobOrders.id, input.job_order), isNull(jobOrders.deleted_at)));
  if (!job) throw badRequest({ job_order: [invalidPk(input.job_order)] });
  if (job.cancelled_at || !(INVOICEABLE_JOB_ORDER_STATUSES as readonly string[]).includes(job.status)) throw badRequest({ job_order: [INVOICE_SOURCE_REFUSALS.jobOrderNotDispatched] });
  const existing = await existingInvoice(db, invoices.job_order, job.id);
  if (existing) throw badRequest({ job_order: [INVOICE_SOURCE_REFUSALS.alreadyInvoiced(existing)] });
  const items = await db
    .select({ product: jobOrderItems.product, description: jobOrderItems.description, quantity: jobOrderItems.quantity, unit_price: jobOrderItems.unit_price })
    .from(jobOrderItems)
    .where(and(eq(jobOrderItems.job_order, job.id), isNull(jobOrderItems.deleted_at)))
    .orderBy(asc(jobOrderItems.id));
  const lines = items.map((i) => ({ description: i.description ? `${i.product} - ${i.description}` : i.product, quantity: i.quantity, unit_price: i.unit_price }));
  return draftFrom(db, actor, { customer: job.customer, lines, link: { job_order: job.id, sales_order: job.sales_order } }, input);
}

/** POST invoices/create_from_sales_order/: a draft with the sales order's lines, once the customer has confirmed it. */
export async function invoiceFromSalesOrder(db: Db, actor: User, input: { sales_order: number; invoice_date?: string | undefined; due_date?: string | undefined }): Promise<InvoiceView> {
  const [order] = await db
    .select()
    .from(salesOrders)
    .where(and(eq(salesOrders.id, input.sales_order), isNull(salesOrders.deleted_at)));
  if (!order) throw badRequest({ sales_order: [invalidPk(input.sales_order)] });
  if (!(INVOICEABLE_SALES_ORDER_STATUSES as readonly string[]).includes(order.status)) throw badRequest({ sales_order: [INVOICE_SOURCE_REFUSALS.salesOrderNotConfirmed] });
  const existing = await existingInvoice(db, invoices.sales_order, order.id);
  if (existing) throw badRequest({ sales_order: [INVOICE_SOURCE_REFUSALS.alreadyInvoiced(existing)] });
  const lines = await db
    .select({ description: salesOrderItems.description, quantity: salesOrderItems.quantity, unit_price: salesOrderItems.unit_price })
    .from(salesOrderItems)
    .where(and(eq(salesOrderItems.sales_order, order.id), isNull(salesOrderItems.deleted_at)))
    .orderBy(asc(salesOrderItems.id));
  return draftFrom(db, actor, { customer: order.customer, lines, link: { sales_order: order.id } }, input);
}

/** The invoice issued for a job order (approved or later, neither cancelled nor void), the latest if several: what its closure records. */
export async function issuedInvoiceOfJobOrder(db: Db, jobOrder: number): Promise<{ invoice: string; invoice_date: string; invoice_amount: string } | null> {
  const [row] = await db
    .select({ invoice: invoices.invoice_number, invoice_date: invoices.invoice_date, invoice_amount: invoices.total_amount })
    .from(invoices)
    .where(and(eq(invoices.job_order, jobOrder), isNull(invoices.deleted_at), notInArray(invoices.status, [...INVOICE_UNISSUED_STATUSES])))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row && row.invoice ? { invoice: row.invoice, invoice_date: row.invoice_date, invoice_amount: row.invoice_amount } : null;
}
