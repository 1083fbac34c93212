import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { invoiceCreateSchema, InvoiceListRow } from '../../../domain/invoice';
import type { InvoicePreview, InvoiceValidation } from '../../../domain/invoice-bulk';
import { rupeesInWords } from '../../../domain/rules/numbers';
import { invoiceTotals, taxSplitByRate } from '../../../domain/totals';
import type { Db } from '../../db/client';
import { customers, invoices, salesOrders } from '../../db/schema';
import { escapeLike, filter, listPage, type ListPage, type ListSpec } from '../../lib/list';
import { describeInvoices, invoiceList } from './queries';
import { checkedParties } from './writes';

/**
 * The invoice calls that read without saving (issue 20 §1): search/ across the fields people
 * quote on the phone, and validate/ and preview/ of a body the create would take. Both run the
 * create's own checks (its schema in the route, checkedParties here) and domain/totals.ts, so
 * what they say is what the create would do.
 */

type InvoiceInput = z.output<typeof invoiceCreateSchema>;

/**
 * q: the invoice number, the customer's name, the GSTIN on the invoice, or a reference: the
 * customer's PO number on its sales order, or the sales order's or job order's number (decision 325).
 */
function matching(term: string): SQL | undefined {
  const text = term.trim();
  const pattern = `%${escapeLike(text)}%`;
  const orderNumber = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return or(
    ilike(invoices.invoice_number, pattern),
    ilike(invoices.customer_gstin, pattern),
    sql`EXISTS (SELECT 1 FROM ${customers} WHERE ${customers.id} = ${invoices.customer} AND ${ilike(customers.name, pattern)})`,
    sql`EXISTS (SELECT 1 FROM ${salesOrders} WHERE ${salesOrders.id} = ${invoices.sales_order} AND ${ilike(salesOrders.customer_po_number, pattern)})`,
    orderNumber === null ? undefined : or(eq(invoices.sales_order, orderNumber), eq(invoices.job_order, orderNumber)),
  );
}

/** search/: the list (newest first, 15 a page) narrowed to what q matches. */
const searchList: ListSpec<typeof invoices> = { ...invoiceList, filters: { q: filter(z.string(), matching) } };

export async function searchInvoices(db: Db, request: FastifyRequest, query: { q: string; page: number; page_size?: number | undefined }): Promise<ListPage<InvoiceListRow>> {
  const page = await listPage(db, request, searchList, query);
  return { ...page, results: describeInvoices(page.results) };
}

/** The parties and figures the create would give the body, or its 400 naming the fields. */
async function computed(db: Db, input: InvoiceInput) {
  const parties = await checkedParties(db, input);
  const totals = invoiceTotals(input.items, parties.company_state, parties.customer_state);
  return { parties, totals: { ...totals, amount_in_words: rupeesInWords(totals.total_amount) } };
}

/** validate/: the body would be saved as it is; the totals it would get. */
export async function validateInvoice(db: Db, input: InvoiceInput): Promise<InvoiceValidation> {
  return { valid: true, totals: (await computed(db, input)).totals };
}

/** preview/: the invoice as it would be issued, unsaved: the parties, each line with its figures, the split by GST rate, the totals. */
export async function previewInvoice(db: Db, input: InvoiceInput): Promise<InvoicePreview> {
  const { parties, totals } = await computed(db, input);
  const { lines, ...sums } = totals;
  const [customer] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, input.customer));
  return {
    ...sums,
    ...parties,
    customer: input.customer,
    customer_name: customer!.name,
    invoice_date: input.invoice_date,
    due_date: input.due_date,
    items: input.items.map((item, i) => ({ ...item, ...lines[i]! })),
    tax_split: taxSplitByRate(input.items, lines),
  };
}
