import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { isMaker, ownApprovalMessage } from '../../../domain/duty-rules';
import { INVOICE_STATUSES, INVOICE_UNITS, invoiceActionRefusal, invoiceReasonSchema, type InvoiceAction, type InvoiceView } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { isIntraState } from '../../../domain/totals';
import { useSession } from '../../data/session';
import { readFailure, refusedOffline, serverFailure } from '../../ui/connection';
import { DetailTitle, Facts, Failure, Notice, notOnDevice, Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { approveInvoice, cancelInvoice, deleteInvoice, INVOICE_FAILURES, invoiceQuery, updateInvoiceStatus, useInvoiceHistory, voidInvoice } from './api';
import { invoiceTitle, OverdueBadge, overdueDays, reloadInvoices, TaxSummary, useInvoiceView } from './parts';
import { InvoiceStatusBadge } from '../../ui/InvoiceStatusBadge';

export const INVOICE_NOTICES = {
  approved: (number: string | null) => `Invoice approved as ${number ?? 'the next number'}.`,
  sent: 'Invoice marked sent.',
  cancelled: 'Invoice cancelled.',
  voided: 'Invoice voided.',
  deleted: 'Draft invoice deleted.',
  fromDevice: 'Shown as this device last synced it: the status history and the steps need the server.',
} as const;

/** The verdict of the cancel and void schema on the reason typed: true, or its first message. */
function reasonVerdict(reason: string): string | true {
  const parsed = invoiceReasonSchema.safeParse({ reason });
  return parsed.success || parsed.error.issues[0]!.message;
}

interface Step {
  label: string;
  onClick: () => Promise<void>;
  danger?: boolean;
}

/**
 * The steps the state machine (invoiceActionRefusal) allows from the invoice's status and the
 * user's permissions allow them: Edit and Delete a draft, Approve (an approver who did not make
 * it: the maker reads why not), Mark sent, Cancel and Void with a reason. Each posts the version shown.
 */
function InvoiceActions({ invoice }: { invoice: InvoiceView }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = (action: InvoiceAction) => invoiceActionRefusal(action, invoice.status) === null;
  const mayWrite = can(user, 'invoices.write');
  const mayApprove = can(user, 'invoices.approve') && allowed('approve');
  const maker = isMaker('invoice', invoice, user);
  const title = invoiceTitle(invoice);

  const run = async (action: () => Promise<InvoiceView>, failed: string, done: (view: InvoiceView) => string) => {
    try {
      const view = await action();
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, view);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      reloadInvoices();
      notify({ type: 'positive', message: done(view) });
    } catch (error) {
      notify({ type: 'negative', message: failed, caption: serverFailure(error) });
    }
  };

  const approve = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Approve ${title}?`, message: `${invoice.customer_name}, ₹ ${formatIndian(invoice.total_amount)}. It gets the next invoice number of its financial year and its lines are frozen.`, okLabel: 'Approve' });
    if (ok) await run(() => approveInvoice(invoice), INVOICE_FAILURES.approve, (view) => INVOICE_NOTICES.approved(view.invoice_number));
  };
  const markSent = async () => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: `Mark ${title} sent?`, message: `${invoice.customer_name} has the invoice: from now on it is voided, not cancelled.`, okLabel: 'Mark sent' });
    if (ok) await run(() => updateInvoiceStatus(invoice, 'sent'), INVOICE_FAILURES.status, () => INVOICE_NOTICES.sent);
  };
  const withReason = async (step: 'cancel' | 'void') => {
    if (refusedOffline()) return;
    const reason = await openDialog({
      title: step === 'cancel' ? `Cancel ${title}?` : `Void ${title}?`,
      message: step === 'cancel' ? 'Nothing is owed on it after; its number stays in the register.' : 'The customer has it: it stays in the register as void, with nothing owed.',
      okLabel: step === 'cancel' ? 'Cancel invoice' : 'Void invoice',
      cancelLabel: 'Keep it',
      type: 'negative',
      prompt: { label: 'Reason', validate: reasonVerdict },
    });
    if (reason === false) return;
    if (step === 'cancel') await run(() => cancelInvoice(invoice, reason.trim()), INVOICE_FAILURES.cancel, () => INVOICE_NOTICES.cancelled);
    else await run(() => voidInvoice(invoice, reason.trim()), INVOICE_FAILURES.status, () => INVOICE_NOTICES.voided);
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
    mayApprove && !maker && { label: 'Approve', onClick: approve },
    mayWrite && allowed('edit') && { label: 'Edit', onClick: async () => navigate(pathOf('invoice-edit', { id: invoice.id })) },
    mayWrite && allowed('send') && invoice.status === 'approved' && { label: 'Mark sent', onClick: markSent },
    mayWrite && allowed('cancel') && { label: 'Cancel invoice', onClick: () => withReason('cancel'), danger: true },
    mayWrite && allowed('void') && { label: 'Void invoice', onClick: () => withReason('void'), danger: true },
    mayWrite && allowed('delete') && { label: 'Delete draft', onClick: remove, danger: true },
  ];
  const shown = steps.filter((s): s is Step => s !== false);
  const duty = mayApprove && maker;
  if (!shown.length && !duty) return null;
  return (
    <Stack gap="2">
      {shown.length > 0 && (
        <Wrap gap="3" role="group" aria-label="Invoice actions">
          {shown.map((s) => (
            <Button key={s.label} size="lg" minH="11" variant={s.danger ? 'outline' : 'solid'} colorPalette={s.danger ? 'red' : undefined} onClick={() => void s.onClick()}>
              {s.label}
            </Button>
          ))}
        </Wrap>
      )}
      {duty && <Text color="fg.muted">{ownApprovalMessage('invoice')}</Text>}
    </Stack>
  );
}

const money = (value: string) => formatIndian(value);

function InvoiceLines({ invoice, intraState }: { invoice: InvoiceView; intraState: boolean }) {
  const taxHeaders = intraState ? ['CGST (₹)', 'SGST (₹)'] : ['IGST (₹)'];
  const headers = ['Description', 'HSN/SAC', 'Quantity', 'Rate (₹)', 'Discount (₹)', 'Taxable (₹)', 'GST %', ...taxHeaders, 'Total (₹)'];
  return (
    <SimpleTable
      label="Invoice lines"
      headers={headers}
      numeric={headers.map((_, i) => i).filter((i) => i >= 2)}
      empty="No items."
      rows={invoice.items.map((line) => [
        line.description,
        line.hsn_code || '—',
        `${formatIndian(line.quantity, QUANTITY_PLACES)} ${labelOf(INVOICE_UNITS, line.unit)}`,
        money(line.unit_price),
        money(line.discount),
        money(line.taxable_amount),
        formatIndian(line.tax_rate),
        ...(intraState ? [money(line.cgst_amount), money(line.sgst_amount)] : [money(line.igst_amount)]),
        money(line.line_total),
      ])}
    />
  );
}

function StatusHistory({ invoice }: { invoice: InvoiceView }) {
  const history = useInvoiceHistory(invoice.id);
  const failure = readFailure(history);
  if (!history.data) return failure ? <Text color="fg.muted">{failure}</Text> : <Text color="fg.muted">Loading…</Text>;
  return (
    <SimpleTable
      label="Status history"
      headers={['When', 'From', 'To', 'By', 'Reason']}
      empty="No status changes."
      rows={history.data.map((h) => [
        formatDisplayDate(h.created_at),
        h.from_status ? labelOf(INVOICE_STATUSES, h.from_status) : '—',
        labelOf(INVOICE_STATUSES, h.to_status),
        h.changed_by_name,
        [h.reason, h.notes].filter(Boolean).join(' — ') || '—',
      ])}
    />
  );
}

function InvoiceBody({ invoice, fromDevice }: { invoice: InvoiceView; fromDevice: boolean }) {
  const intraState = isIntraState(invoice.company_state, invoice.customer_state);
  const days = overdueDays(invoice);
  const facts: [string, ReactNode][] = [
    ['Invoice No.', invoice.invoice_number ?? 'Draft (numbered when approved)'],
    ['Customer', invoice.customer_name],
    ['Invoice date', formatDisplayDate(invoice.invoice_date)],
    [
      'Due date',
      <HStack key="due" gap="2" wrap="wrap">
        <span>{formatDisplayDate(invoice.due_date)}</span>
        <OverdueBadge days={days} />
      </HStack>,
    ],
    ['Place of supply', invoice.customer_state],
    ["Customer's GSTIN", invoice.customer_gstin || 'Unregistered (B2C)'],
    ['Our GSTIN', invoice.company_gstin || '—'],
    ['Outstanding', `₹ ${formatIndian(invoice.outstanding_amount)}`],
    ['Created by', invoice.created_by_name],
  ];
  if (invoice.approved_by_name) facts.push(['Approved by', `${invoice.approved_by_name}${invoice.approved_at ? `, ${formatDisplayDate(invoice.approved_at)}` : ''}`]);
  if (invoice.cancellation_reason) facts.push(['Cancelled because', invoice.cancellation_reason]);
  if (invoice.void_reason) facts.push(['Voided because', invoice.void_reason]);
  if (invoice.notes) facts.push(['Notes', invoice.notes]);
  if (invoice.terms) facts.push(['Terms', invoice.terms]);
  return (
    <>
      {fromDevice && <Notice text={INVOICE_NOTICES.fromDevice} />}
      <Facts facts={facts} />
      <InvoiceActions invoice={invoice} />
      <Section title="Items">
        <InvoiceLines invoice={invoice} intraState={intraState} />
        <TaxSummary totals={invoice} intraState={intraState} label="Tax summary" />
      </Section>
      {!fromDevice && (
        <Section title="Status history">
          <StatusHistory invoice={invoice} />
        </Section>
      )}
    </>
  );
}

/** invoice-detail: the invoice as the server has it (as the device last synced it, offline), its GST, its history and the steps its status allows this user. */
export default function InvoiceDetailScreen() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { invoice, fromDevice, failure, waitingForDevice } = useInvoiceView(id);
  return (
    <Stack gap="4" maxW="6xl">
      <DetailTitle title={invoice ? invoiceTitle(invoice) : `Invoice ${id}`}>
        {invoice && <InvoiceStatusBadge status={invoice.status} size="lg" />}
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('invoices-home'))}>
          All invoices
        </Button>
      </DetailTitle>
      {invoice && <InvoiceBody invoice={invoice} fromDevice={fromDevice} />}
      {!invoice && failure && !waitingForDevice && <Failure text={`${INVOICE_FAILURES.detail}: ${failure}`} />}
      {!invoice && failure && !waitingForDevice && <Text color="fg.muted">{notOnDevice(`Invoice ${id}`)}</Text>}
      {!invoice && !(failure && !waitingForDevice) && <Text color="fg.muted">Loading…</Text>}
    </Stack>
  );
}
