import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import { formatIndian } from '../../../domain/decimal';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import { invoiceActionRefusal, type InvoiceAction, type InvoiceView } from '../../../domain/invoice';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { responseStatus } from '../../data/api';
import { mirror } from '../../data/mirror/db';
import { useOnline } from '../../data/online';
import { useSession } from '../../data/session';
import { refusedOffline, serverFailure } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { MarkPaidDialog, ReasonDialog, SendDialog, type StepOutcome } from './action-dialogs';
import { approveInvoice, cancelInvoice, deleteInvoice, INVOICE_FAILURES, invoiceQuery, markInvoicePaid, sendInvoice, sendInvoiceReminder, updateInvoiceStatus, voidInvoice } from './api';
import { invoiceTitle, overdueDays, reloadInvoices } from './parts';
import { fieldMessages } from './steps';

export const INVOICE_NOTICES = {
  approved: (number: string | null) => `Invoice approved as ${number ?? 'the next number'}.`,
  sent: 'Invoice marked sent.',
  mailed: (to: readonly string[]) => `Invoice sent to ${to.length ? to.join(', ') : "the customer's address"}.`,
  reminded: (to: readonly string[]) => `Payment reminder sent to ${to.length ? to.join(', ') : "the customer's address"}.`,
  paid: 'Invoice marked paid: a receipt of what was outstanding is recorded against it.',
  cancelled: 'Invoice cancelled.',
  voided: 'Invoice voided.',
  deleted: 'Draft invoice deleted.',
  offline: 'The invoice steps need a connection to the server: it numbers, mails and records them.',
  fromDevice: 'Shown as this device last synced it: the status history, the payments and the steps need the server.',
} as const;

/**
 * The receipts form of another screen, for this invoice's customer with this invoice chosen.
 * domain/routes.ts builds paths only (pathOf has no query string), so the query is added here as
 * the app's other links add theirs (decision 321).
 */
export const recordPaymentPath = (invoice: Pick<InvoiceView, 'id' | 'customer'>) => `${pathOf('accounts-receipts')}?${new URLSearchParams({ customer: String(invoice.customer), invoice: String(invoice.id) })}`;

/** The customer's e-mail address as the device holds it: the send dialog starts with it. */
function useCustomerEmail(customer: number) {
  return useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').get(customer))?.email ?? '', [customer]);
}

type Open = 'send' | 'reminder' | 'markPaid' | 'cancel' | 'void' | null;

interface Step {
  label: string;
  onClick: () => void;
  tone?: 'primary' | 'danger';
}

/**
 * The steps the state machine (INVOICE_TRANSITIONS through invoiceActionRefusal) allows from the
 * invoice's status and the user's permissions allow them: Approve (an approver who did not make
 * it: the maker reads why not), Edit and Delete a draft, Send and Mark sent, Send reminder (an
 * overdue one), Mark paid and Record payment (what is still owed), Cancel and Void with a reason.
 * Each needs the server and posts the version shown; a stale version (409) reloads the invoice.
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceView }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const online = useOnline();
  const queryClient = useQueryClient();
  const customerEmail = useCustomerEmail(invoice.customer);
  const [open, setOpen] = useState<Open>(null);
  const allowed = (action: InvoiceAction) => invoiceActionRefusal(action, invoice.status) === null;
  const mayWrite = can(user, 'invoices.write');
  const mayApprove = can(user, 'invoices.approve') && allowed('approve');
  const mayReceive = can(user, 'receipts.write') && allowed('receive');
  const maker = isMaker('invoice', invoice, user);
  const title = invoiceTitle(invoice);

  /** Takes a step on the server; the answer replaces the invoice shown. A refusal is said with the server's words; a stale version reloads the invoice. */
  const run = async (action: () => Promise<InvoiceView>, failed: string, done: (view: InvoiceView) => string): Promise<StepOutcome> => {
    try {
      const view = await action();
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, view);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      reloadInvoices();
      notify({ type: 'positive', message: done(view) });
      return null;
    } catch (error) {
      notify({ type: 'negative', message: failed, caption: serverFailure(error) });
      if (responseStatus(error) !== 409) return fieldMessages(error);
      void queryClient.invalidateQueries({ queryKey: invoiceQuery(invoice.id).queryKey });
      return null;
    }
  };
  /** Opens a step's dialog, unless offline: asking in vain is worse than saying so at once. */
  const openStep = (step: Exclude<Open, null>) => () => {
    if (!refusedOffline()) setOpen(step);
  };

  const approve = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Approve ${title}?`, message: `${invoice.customer_name}, ₹ ${formatIndian(invoice.total_amount)}. It gets the next invoice number of its financial year and its lines are frozen.`, okLabel: 'Approve' });
    if (ok) await run(() => approveInvoice(invoice), INVOICE_FAILURES.approve, (view) => INVOICE_NOTICES.approved(view.invoice_number));
  };
  const markSent = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Mark ${title} sent?`, message: `${invoice.customer_name} has the invoice (handed over, or mailed outside FabOps): from now on it is voided, not cancelled.`, okLabel: 'Mark sent' });
    if (ok) await run(() => updateInvoiceStatus(invoice, 'sent'), INVOICE_FAILURES.status, () => INVOICE_NOTICES.sent);
  };
  const remove = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Delete ${title}?`, message: 'A draft has no number yet: it is gone from the invoices.', okLabel: 'Delete draft', cancelLabel: 'Keep it', type: 'negative' });
    if (!ok) return;
    try {
      await deleteInvoice(invoice);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      reloadInvoices();
      notify({ type: 'positive', message: INVOICE_NOTICES.deleted });
      navigate(pathOf('invoices-home'));
    } catch (error) {
      notify({ type: 'negative', message: INVOICE_FAILURES.delete, caption: serverFailure(error) });
    }
  };

  const steps: (Step | false)[] = [
    mayApprove && !maker && { label: 'Approve', onClick: () => void approve(), tone: 'primary' },
    mayWrite && allowed('edit') && { label: 'Edit', onClick: () => navigate(pathOf('invoice-edit', { id: invoice.id })) },
    mayWrite && allowed('send') && { label: 'Send', onClick: openStep('send'), tone: invoice.status === 'approved' ? 'primary' : undefined },
    mayWrite && allowed('send') && invoice.status === 'approved' && { label: 'Mark sent', onClick: () => void markSent() },
    mayWrite && allowed('send') && overdueDays(invoice) > 0 && { label: 'Send reminder', onClick: openStep('reminder') },
    mayReceive && { label: 'Mark paid', onClick: openStep('markPaid') },
    mayWrite && allowed('cancel') && { label: 'Cancel invoice', onClick: openStep('cancel'), tone: 'danger' },
    mayWrite && allowed('void') && { label: 'Void invoice', onClick: openStep('void'), tone: 'danger' },
    mayWrite && allowed('delete') && { label: 'Delete draft', onClick: () => void remove(), tone: 'danger' },
  ];
  const shown = steps.filter((s): s is Step => s !== false);
  const duty = mayApprove && maker;
  if (!shown.length && !duty) return null;
  const close = () => setOpen(null);
  return (
    <Stack gap="2">
      {shown.length > 0 && (
        <Wrap gap="3" role="group" aria-label="Invoice actions">
          {shown.map((s) => (
            <Button key={s.label} size="lg" minH="11" variant={s.tone === 'primary' ? 'solid' : 'outline'} colorPalette={s.tone === 'danger' ? 'red' : undefined} onClick={s.onClick}>
              {s.label}
            </Button>
          ))}
          {mayReceive && (
            <Button asChild size="lg" minH="11" variant="outline">
              <RouterLink to={recordPaymentPath(invoice)}>Record payment</RouterLink>
            </Button>
          )}
        </Wrap>
      )}
      {duty && <Text color="fg.muted">{ownApprovalMessage('invoice')}</Text>}
      {!online && shown.length > 0 && <Text color="fg.muted">{INVOICE_NOTICES.offline}</Text>}
      {(open === 'send' || open === 'reminder') && customerEmail !== undefined && (
        <SendDialog
          step={open}
          title={title}
          customerEmail={customerEmail}
          onClose={close}
          onSubmit={(mail) =>
            open === 'send'
              ? run(() => sendInvoice(invoice, mail), INVOICE_FAILURES.send, () => INVOICE_NOTICES.mailed(mail.email_addresses ?? []))
              : run(() => sendInvoiceReminder(invoice, mail), INVOICE_FAILURES.reminder, () => INVOICE_NOTICES.reminded(mail.email_addresses ?? []))
          }
        />
      )}
      {open === 'markPaid' && <MarkPaidDialog invoice={invoice} title={title} onClose={close} onSubmit={(payment) => run(() => markInvoicePaid(invoice, payment), INVOICE_FAILURES.markPaid, () => INVOICE_NOTICES.paid)} />}
      {(open === 'cancel' || open === 'void') && (
        <ReasonDialog
          step={open}
          title={title}
          onClose={close}
          onSubmit={(why) => (open === 'cancel' ? run(() => cancelInvoice(invoice, why), INVOICE_FAILURES.cancel, () => INVOICE_NOTICES.cancelled) : run(() => voidInvoice(invoice, why), INVOICE_FAILURES.status, () => INVOICE_NOTICES.voided))}
        />
      )}
    </Stack>
  );
}
