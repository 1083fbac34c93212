import { and, eq, isNull } from 'drizzle-orm';
import type { InvoiceDocumentData, InvoicePrintOptions } from '../../../domain/documents';
import type { InvoiceView } from '../../../domain/invoice';
import type { Db } from '../../db/client';
import { customers, invoiceTemplates } from '../../db/schema';
import { badRequest, invalidPk } from '../../lib/http-error';

/** An invoice as its document shows it: the invoice, its lines, and the customer billed (with the GSTIN the invoice kept), and where its mail goes. */
export async function invoiceDocumentData(db: Db, view: InvoiceView): Promise<InvoiceDocumentData & { customerEmail: string }> {
  const { items, customer_name: _name, created_by_name: _author, approved_by_name: _approver, is_overdue: _overdue, days_overdue: _days, amount_in_words: _words, ...invoice } = view;
  const [customer] = await db.select({ name: customers.name, address: customers.address, phone: customers.phone, email: customers.email }).from(customers).where(eq(customers.id, invoice.customer));
  const { email, ...party } = customer!;
  return { invoice, items, customer: { ...party, gstin: invoice.customer_gstin, state: invoice.customer_state }, customerEmail: email };
}

/** The print choices of generate_pdf/: the template's title (the default template's when none is named) and the payments. */
export async function invoicePrintOptions(db: Db, query: { template?: number | undefined; include_payments?: boolean | undefined }): Promise<InvoicePrintOptions> {
  const [template] = await db
    .select({ content: invoiceTemplates.content })
    .from(invoiceTemplates)
    .where(and(query.template === undefined ? eq(invoiceTemplates.is_default, true) : eq(invoiceTemplates.id, query.template), isNull(invoiceTemplates.deleted_at)));
  if (query.template !== undefined && !template) throw badRequest({ template: [invalidPk(query.template)] });
  const title = template?.content.title;
  return { title: typeof title === 'string' ? title : undefined, payments: query.include_payments ?? false };
}
