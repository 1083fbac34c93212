import { eq } from 'drizzle-orm';
import { buildEinvoice, EINVOICE_REFUSALS, einvoiceProblems, einvoiceSchema, type Einvoice, type EinvoiceDocument, type EinvoiceParty } from '../../../domain/einvoice';
import { INVOICE_SETTLED_STATUSES } from '../../../domain/invoice';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { readCompanyProfile } from '../company/service';
import { creditNoteView } from '../credit-notes/service';
import { invoiceView } from './queries';

/**
 * The GST e-invoice (INV-01, schema 1.1, decision 331) of an issued B2B invoice or an approved
 * credit note: the company profile is the seller, the customer the buyer (with the GSTINs the
 * document was issued with), the lines and figures the document's own. What the portal would
 * refuse is a 400 saying what to correct, never a payload that fails its checks.
 */

const refuse = (problems: string[]) => badRequest({ non_field_errors: problems });

async function partiesOf(db: Db, customerId: number, gstins: { company: string; customer: string }): Promise<{ seller: EinvoiceParty; buyer: EinvoiceParty }> {
  const company = await readCompanyProfile(db);
  const [customer] = await db.select({ name: customers.name, address: customers.address, phone: customers.phone, email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return {
    seller: { gstin: gstins.company, name: company.name, address: company.address, phone: company.phone, email: company.email },
    buyer: { gstin: gstins.customer, name: customer?.name ?? '', address: customer?.address ?? '', phone: customer?.phone ?? '', email: customer?.email ?? '' },
  };
}

/** The payload, checked against the schema's rules; a document the portal would refuse is a 400 listing why. */
function payloadOf(document: EinvoiceDocument, seller: EinvoiceParty, buyer: EinvoiceParty): Einvoice {
  const problems = einvoiceProblems(document, seller, buyer);
  if (problems.length) throw refuse(problems);
  const checked = einvoiceSchema.safeParse(buildEinvoice(document, seller, buyer));
  if (!checked.success) throw refuse(checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  return checked.data;
}

/** GET invoices/{id}/einvoice/ */
export async function invoiceEinvoice(db: Db, id: number): Promise<Einvoice> {
  const invoice = await invoiceView(db, id);
  if (invoice.status === 'draft') throw refuse([EINVOICE_REFUSALS.notIssued]);
  if (INVOICE_SETTLED_STATUSES.includes(invoice.status) && invoice.status !== 'paid') throw refuse([EINVOICE_REFUSALS.cancelled]);
  if (!invoice.customer_gstin) throw refuse([EINVOICE_REFUSALS.b2c]);
  const { seller, buyer } = await partiesOf(db, invoice.customer, { company: invoice.company_gstin, customer: invoice.customer_gstin });
  return payloadOf({ type: 'INV', number: invoice.invoice_number!, date: invoice.invoice_date, customer_state: invoice.customer_state, company_state: invoice.company_state, round_off: invoice.round_off, total_amount: invoice.total_amount, lines: invoice.items }, seller, buyer);
}

/** GET invoices/credit-notes/{id}/einvoice/: the credit note as document type CRN, naming the invoice it corrects. */
export async function creditNoteEinvoice(db: Db, id: number): Promise<Einvoice> {
  const note = await creditNoteView(db, id);
  if (note.status !== 'approved') throw refuse([EINVOICE_REFUSALS.creditNoteNotApproved]);
  const invoice = await invoiceView(db, note.invoice);
  if (!invoice.customer_gstin) throw refuse([EINVOICE_REFUSALS.b2c]);
  const { seller, buyer } = await partiesOf(db, invoice.customer, { company: invoice.company_gstin, customer: invoice.customer_gstin });
  return payloadOf(
    {
      type: 'CRN',
      number: note.credit_note_number!,
      date: note.credit_note_date,
      customer_state: note.customer_state,
      company_state: note.company_state,
      round_off: note.round_off,
      total_amount: note.total_amount,
      lines: note.items,
      preceding: { number: invoice.invoice_number!, date: invoice.invoice_date },
    },
    seller,
    buyer,
  );
}
