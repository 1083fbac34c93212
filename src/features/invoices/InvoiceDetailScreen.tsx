import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { INVOICE_STATUSES, INVOICE_UNITS, type InvoiceView } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { isIntraState } from '../../../domain/totals';
import { useSession } from '../../data/session';
import { readFailure } from '../../ui/connection';
import { DetailTitle, Facts, Failure, Notice, notOnDevice, Section, SimpleTable } from '../../ui/detail';
import { InvoiceStatusBadge } from '../../ui/InvoiceStatusBadge';
import { RecordThread } from '../../ui/RecordThread';
import { InvoiceActions, INVOICE_NOTICES } from './actions';
import { INVOICE_FAILURES, useInvoiceHistory } from './api';
import { invoiceTitle, OverdueBadge, overdueDays, TaxSummary, useInvoiceView } from './parts';
import { PaymentsReceived } from './payments';
import InvoiceCreditNotes from './InvoiceCreditNotes';
import { InvoiceSchedule } from './InvoiceSchedule';
import { InvoiceAttachments } from './InvoiceAttachments';
import { InvoiceRecurring } from './InvoiceRecurring';
import { InvoiceEinvoice } from './einvoice';
import { InvoicePdfPreview } from './pdf-preview';

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
  const { user } = useSession();
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
      {!fromDevice && invoice.status !== 'draft' && can(user, 'receipts.read') && (
        <Section title="Payments received">
          <PaymentsReceived invoice={invoice} />
        </Section>
      )}
      {!fromDevice && <InvoiceSchedule invoice={invoice} user={user} />}
      {!fromDevice && invoice.status !== 'draft' && <InvoiceCreditNotes invoice={invoice} user={user} />}
      {!fromDevice && <InvoiceRecurring invoice={invoice} user={user} />}
      {!fromDevice && <InvoiceAttachments invoice={invoice} user={user} />}
      {!fromDevice && (
        <Section title="Status history">
          <StatusHistory invoice={invoice} />
        </Section>
      )}
      {!fromDevice && (
        <Section title="PDF">
          <InvoicePdfPreview invoice={invoice} />
        </Section>
      )}
      {!fromDevice && <InvoiceEinvoice invoice={invoice} />}
    </>
  );
}

/**
 * invoice-detail: the invoice as the server has it (as the device last synced it, offline), its
 * lines and GST, the payments received, its history, its PDF, and the steps its status allows this
 * user (actions.tsx).
 */
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
      {invoice && <RecordThread type="invoice" id={invoice.id} name={invoiceTitle(invoice)} />}
    </Stack>
  );
}
