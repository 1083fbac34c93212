import { eq } from 'drizzle-orm';
import { invoiceDocument } from '../../../domain/documents';
import { INVOICE_SEND_REFUSALS, invoiceMail, invoiceReminderMail, type InvoiceView } from '../../../domain/invoice';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { auditedWrite } from '../audit/service';
import { readCompanyProfile } from '../company/service';
import { renderPdf } from '../documents/render';
import { queueMail } from '../mail/service';
import { invoiceDocumentData } from './document';
import { invoiceView } from './queries';
import { auditInvoice, lockFor, now, recordStatus, statusOf } from './writes';

/** Invoices to the customer by mail: the invoice itself, and reminders of overdue ones. */
type SendInput = { email_addresses: string[]; notes: string };

/** The invoice's PDF mailed (to the addresses given, else the customer's), queued in the caller's transaction; the mail's id and addresses. */
async function mailInvoice(tx: Db, view: InvoiceView, input: SendInput, compose: (view: InvoiceView, company: string) => { subject: string; text: string; filename: string }) {
  const { customerEmail, ...document } = await invoiceDocumentData(tx, view);
  const to = input.email_addresses.length ? input.email_addresses : customerEmail ? [customerEmail] : [];
  if (!to.length) throw badRequest({ email_addresses: [INVOICE_SEND_REFUSALS.noAddress] });
  const company = await readCompanyProfile(tx);
  const mail = compose(view, company.name);
  const pdf = await renderPdf(invoiceDocument(company, document));
  const mailId = await queueMail(tx, { to, subject: mail.subject, text: mail.text, attachments: [{ filename: mail.filename, content_type: 'application/pdf', content: pdf }] });
  return { to, mailId };
}

/**
 * POST invoices/{id}/send/ (and send_email/): the PDF mailed to the customer and the invoice
 * marked sent (an approved one becomes sent; a part-paid one keeps its status), in one
 * transaction; every send is a line of the status history saying to whom.
 */
export async function sendInvoice(db: Db, actor: User, id: number, input: SendInput, expected: number | undefined): Promise<InvoiceView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockFor(tx, id, 'send', expected);
      const from = statusOf(row);
      const to = from === 'approved' ? 'sent' : from;
      await tx.update(invoices).set({ status: to, sent_at: now }).where(eq(invoices.id, id));
      const view = await invoiceView(tx, id);
      const mail = await mailInvoice(tx, view, input, (sent, company) => invoiceMail(sent, company, input.notes));
      await recordStatus(tx, id, from, to, actor, `Sent to ${mail.to.join(', ')}`, input.notes);
      return { view, ...mail };
    },
    ({ view, to, mailId }) => ({ ...auditInvoice('send', 'medium')(view), metadata: { status: view.status, invoice_number: view.invoice_number, to, mail: mailId } }),
  ).then(({ view }) => view);
}

/** POST invoices/{id}/send_reminder/: an overdue invoice's reminder mailed with the invoice, recorded in its status history. */
export async function sendInvoiceReminder(db: Db, actor: User, id: number, input: SendInput, expected: number | undefined): Promise<InvoiceView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockFor(tx, id, 'send', expected);
      const current = await invoiceView(tx, id);
      if (!current.is_overdue) throw badRequest({ non_field_errors: [INVOICE_SEND_REFUSALS.notOverdue] });
      const mail = await mailInvoice(tx, current, input, (view, company) => invoiceReminderMail(view, view.days_overdue, company, input.notes));
      await recordStatus(tx, id, statusOf(row), statusOf(row), actor, `Payment reminder sent to ${mail.to.join(', ')}`, input.notes);
      return { view: current, ...mail };
    },
    ({ view, to, mailId }) => ({ ...auditInvoice('send_reminder', 'low')(view), metadata: { invoice_number: view.invoice_number, days_overdue: view.days_overdue, to, mail: mailId } }),
  ).then(({ view }) => view);
}
