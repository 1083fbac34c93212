import { and, asc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  INVOICE_PAGE_SIZE,
  INVOICE_RECEIVABLE_STATUSES,
  invoiceStatusListParam,
  invoiceStatusSchema,
  type InvoiceItem,
  type InvoiceListRow,
  type InvoiceStatusHistoryRow,
  type InvoiceView,
} from '../../../domain/invoice';
import { indianStateSchema } from '../../../domain/india';
import { flagParam } from '../../../domain/query-params';
import { rupeesInWords } from '../../../domain/rules/numbers';
import type { Db } from '../../db/client';
import { customers, invoiceItems, invoices, invoiceStatusHistory, users } from '../../db/schema';
import { TODAY } from '../../lib/business-day';
import { notFound } from '../../lib/http-error';
import { pageRows, totalCount, type Paging, type Slice } from '../../lib/pagination';
import { byId, byValue, escapeLike, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { userName, userNameOf } from '../users/names';

/**
 * Invoices, the read side (business-areas.md §7 "Invoices"): the list with every filter of the
 * spec, the view with its lines, and the status history. Overdue is computed here, in SQL, on
 * the company's day (domain/invoice.ts isInvoiceOverdue says the same in words).
 */

type InvoiceRow = typeof invoices.$inferSelect;

const owing = sql.join(
  INVOICE_RECEIVABLE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/** Issued, past its due date on the company's day, with something outstanding (domain/invoice.ts isInvoiceOverdue). */
export const overdueCondition = sql<boolean>`(${invoices.due_date} < ${TODAY} AND ${invoices.outstanding_amount} > 0 AND ${invoices.status} IN (${owing}))`;
const daysOverdue = sql<number>`(CASE WHEN ${overdueCondition} THEN ${TODAY} - ${invoices.due_date} ELSE 0 END)::int`.mapWith(Number);

/** search: the invoice number, the customer's name, the notes, or an id. */
function searchInvoices(term: string): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(invoices.invoice_number, pattern),
    ilike(invoices.notes, pattern),
    sql`EXISTS (SELECT 1 FROM ${customers} WHERE ${customers.id} = ${invoices.customer} AND ${ilike(customers.name, pattern)})`,
    /^\d{1,9}$/.test(text) ? eq(invoices.id, Number(text)) : undefined,
  );
}

const amountParam = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'A valid number is required.');

/** invoices/: newest first by id, 15 a page; every filter of business-areas.md §7. The device mirrors it. */
export const invoiceList: ListSpec<typeof invoices> = {
  table: invoices,
  pageSize: INVOICE_PAGE_SIZE,
  orderings: {
    id: invoices.id,
    invoice_number: invoices.invoice_number,
    invoice_date: invoices.invoice_date,
    due_date: invoices.due_date,
    total_amount: invoices.total_amount,
    outstanding_amount: invoices.outstanding_amount,
    status: invoices.status,
    customer: invoices.customer,
    created_at: invoices.created_at,
    updated_at: invoices.updated_at,
  },
  defaultOrdering: '-id',
  filters: {
    status: byValue(invoices.status, invoiceStatusSchema),
    status_in: filter(invoiceStatusListParam, (statuses) => inArray(invoices.status, statuses)),
    customer: byId(invoices.customer),
    invoice_date_from: fromDate(invoices.invoice_date),
    invoice_date_to: toDate(invoices.invoice_date),
    due_date_from: fromDate(invoices.due_date),
    due_date_to: toDate(invoices.due_date),
    total_amount_from: filter(amountParam, (v) => sql`${invoices.total_amount} >= ${v}`),
    total_amount_to: filter(amountParam, (v) => sql`${invoices.total_amount} <= ${v}`),
    is_overdue: filter(flagParam, (v) => (v ? overdueCondition : sql`NOT ${overdueCondition}`)),
    created_by: byId(invoices.created_by),
    sales_order: byId(invoices.sales_order),
    job_order: byId(invoices.job_order),
    search: filter(z.string().max(200), searchInvoices),
  },
  added: {
    customer_name: sql`SELECT ${customers.name} FROM ${customers} WHERE ${customers.id} = ${invoices.customer}`,
    created_by_name: sql`coalesce((SELECT ${userName} FROM ${users} WHERE ${users.id} = ${invoices.created_by}), '')`,
    is_overdue: overdueCondition,
    days_overdue: daysOverdue,
  },
};

const author = alias(users, 'author');
const approver = alias(users, 'approver');
const { txid: _txid, ...invoiceColumns } = getTableColumns(invoices);
const { txid: _itemTxid, ...itemColumns } = getTableColumns(invoiceItems);

const listColumns = {
  ...invoiceColumns,
  customer_name: customers.name,
  created_by_name: userNameOf(author),
  is_overdue: overdueCondition,
  days_overdue: daysOverdue,
};

const parse = <R extends { status: string; customer_state: string; company_state: string }>(row: R) => ({
  ...row,
  status: invoiceStatusSchema.parse(row.status),
  customer_state: indianStateSchema.parse(row.customer_state),
  company_state: indianStateSchema.parse(row.company_state),
});

/** What the list adds to an invoice row, read in the page's own query (ListSpec `added`). */
type InvoiceAdded = Pick<InvoiceListRow, 'customer_name' | 'created_by_name' | 'is_overdue' | 'days_overdue'>;

/**
 * The list rows of the invoices the list machinery picked (with invoiceList's added values), as
 * the API sends them. They are checked in place, not copied (copying a page's rows twice was a
 * twentieth of a list call): a page's rows are the list's own, and the answer's schema writes
 * only its fields, so the sync id stays inside.
 */
export function describeInvoices(rows: readonly InvoiceRow[]): InvoiceListRow[] {
  for (const row of rows) {
    invoiceStatusSchema.parse(row.status);
    indianStateSchema.parse(row.customer_state);
    indianStateSchema.parse(row.company_state);
  }
  return rows as (InvoiceRow & InvoiceAdded)[] as InvoiceListRow[];
}

/** The live lines of an invoice, in the order they were added. */
export async function invoiceLines(db: Db, id: number): Promise<InvoiceItem[]> {
  return db
    .select(itemColumns)
    .from(invoiceItems)
    .where(and(eq(invoiceItems.invoice, id), isNull(invoiceItems.deleted_at)))
    .orderBy(asc(invoiceItems.id));
}

/** GET invoices/{id}/: the invoice with its lines, names, overdue and the amount in words. */
export async function invoiceView(db: Db, id: number): Promise<InvoiceView> {
  const [row] = await db
    .select({ ...listColumns, approved_by_name: userNameOf(approver) })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer))
    .leftJoin(author, eq(author.id, invoices.created_by))
    .leftJoin(approver, eq(approver.id, invoices.approved_by))
    .where(and(eq(invoices.id, id), isNull(invoices.deleted_at)));
  if (!row) throw notFound();
  return { ...parse(row), amount_in_words: rupeesInWords(row.total_amount), items: await invoiceLines(db, id) };
}

/** status-history/?invoice=: the invoice's status changes, oldest first. */
export async function invoiceStatusHistoryOf(db: Db, invoice: number): Promise<InvoiceStatusHistoryRow[]> {
  const changer = alias(users, 'changer');
  const { txid: _, ...columns } = getTableColumns(invoiceStatusHistory);
  const rows = await db
    .select({ ...columns, changed_by_name: userNameOf(changer) })
    .from(invoiceStatusHistory)
    .leftJoin(changer, eq(changer.id, invoiceStatusHistory.changed_by))
    .where(eq(invoiceStatusHistory.invoice, invoice))
    .orderBy(asc(invoiceStatusHistory.id));
  return rows.map((r) => ({ ...r, to_status: invoiceStatusSchema.parse(r.to_status), from_status: r.from_status === null ? null : invoiceStatusSchema.parse(r.from_status) }));
}

/** overdue_invoices/: what is past its due date and still owed, the longest overdue first. */
export async function overdueInvoices(db: Db, paging: Paging): Promise<Slice<InvoiceListRow>> {
  const query = db
    .select({ ...listColumns, total_count: totalCount })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer))
    .leftJoin(author, eq(author.id, invoices.created_by))
    .where(and(isNull(invoices.deleted_at), overdueCondition))
    .orderBy(asc(invoices.due_date), asc(invoices.id))
    .$dynamic();
  const rows = await pageRows(query, paging);
  return { count: rows[0]?.total_count ?? 0, results: rows.map(({ total_count: _, ...row }) => parse(row)) };
}
