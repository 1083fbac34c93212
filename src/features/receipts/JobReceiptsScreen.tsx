import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Stack, Text } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import { formatIndian, max, sign, sub, sum, toMoney } from '../../../domain/decimal';
import type { InvoiceListRow } from '../../../domain/invoice';
import { jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { can } from '../../../domain/permissions';
import type { ReceiptView } from '../../../domain/receipt';
import { receivedForJobOrder, takesReceipts } from '../../../domain/receipt-totals';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { useSession } from '../../data/session';
import { DetailTitle, Facts, Failure, Notice, notOnDevice, Section, SimpleTable } from '../../ui/detail';
import { Freshness } from '../../ui/Freshness';
import { reloadData } from '../../data/preload';
import { RECEIPT_FAILURES } from './api';
import { modeLabel, RECEIPT_DATA, useReceiptRoutes, useReceipts } from './parts';

/** An issued invoice counts towards what the job order is billed (a draft, a cancelled or a void one does not). */
const isIssued = (invoice: InvoiceListRow) => invoice.status !== 'draft' && invoice.status !== 'cancelled' && invoice.status !== 'void';

/** How a receipt reached the job order: as an advance against it, or allocated to its invoices. */
function towards(receipt: ReceiptView, jobOrder: number, invoiceIds: ReadonlySet<number>): { amount: string; how: string } {
  if (receipt.job_order === jobOrder) return { amount: receipt.amount, how: 'Advance against this job order' };
  const own = receipt.allocations.filter((a) => invoiceIds.has(a.invoice));
  return { amount: toMoney(sum(own.map((a) => a.amount))), how: `Allocated to ${own.map((a) => a.invoice_number ?? `invoice ${a.invoice}`).join(', ')}` };
}

/**
 * job-receipts and accounts-job-receipts: the receipts of one job order, read from the device —
 * advances recorded against it and money allocated to its invoices — with the total received
 * beside the job order's value (and what was invoiced) and what is still due (decision 317).
 */
export default function JobReceiptsScreen() {
  const id = Number(useParams().jobOrderId);
  const navigate = useNavigate();
  const { user } = useSession();
  const routes = useReceiptRoutes();
  const status = useMirrorStatus(RECEIPT_DATA);
  const jobOrder = useLiveQuery(async () => (Number.isInteger(id) && id > 0 ? ((await mirror.rowsOf<JobOrder>('jobOrders').get(id)) ?? null) : null), [id]);
  const customer = useLiveQuery(async () => (jobOrder ? ((await mirror.rowsOf<Customer>('customers').get(jobOrder.customer)) ?? null) : null), [jobOrder?.customer]);
  const invoices = useLiveQuery(async () => (await mirror.rowsOf<InvoiceListRow>('invoices').where('job_order').equals(id).toArray()).filter((i) => !i.deleted_at), [id]);
  const receipts = useReceipts();
  const figures = useMemo(() => {
    if (!invoices || !receipts) return undefined;
    const invoiceIds = new Set(invoices.map((i) => i.id));
    const rows = receipts
      .filter((r) => r.job_order === id || r.allocations.some((a) => invoiceIds.has(a.invoice)))
      .sort((a, b) => b.receipt_date.localeCompare(a.receipt_date) || b.id - a.id)
      .map((r) => ({ receipt: r, ...towards(r, id, invoiceIds) }));
    const issued = invoices.filter(isIssued);
    return { rows, received: receivedForJobOrder(id, invoiceIds, receipts), invoiced: issued.length ? toMoney(sum(issued.map((i) => i.total_amount))) : null, open: invoices.filter(takesReceipts) };
  }, [id, invoices, receipts]);

  if (jobOrder === undefined) return <Text color="fg.muted">Reading the job order…</Text>;
  if (jobOrder === null) {
    return (
      <Stack gap="4">
        <DetailTitle title="Job order receipts" />
        <Notice text={notOnDevice('This job order')} />
      </Stack>
    );
  }
  // What is owed: the invoices issued for it once there are any, else the job order's value.
  const billed = figures?.invoiced ?? jobOrder.total_value;
  const due = figures ? max(sub(billed, figures.received), '0') : undefined;
  const record = () => {
    const params = new URLSearchParams({ record: '1', customer: String(jobOrder.customer) });
    const firstOpen = figures?.open[0];
    if (firstOpen) params.set('invoice', String(firstOpen.id));
    navigate(`${pathOf(routes.list)}?${params.toString()}`);
  };
  return (
    <Stack gap="4" maxW="6xl">
      <DetailTitle title={`Receipts of job order ${jobOrderLabel(jobOrder)}`}>
        {can(user, 'receipts.write') && !jobOrder.cancelled_at && (
          <Button size="lg" minH="11" onClick={record}>
            Record receipt
          </Button>
        )}
      </DetailTitle>
      {status.error && <Failure text={`${RECEIPT_FAILURES.list}: ${status.error}`} />}
      <Section title="What is received and due">
        <Facts
          facts={[
            ['Customer', customer?.name ?? ''],
            ['Job order value (₹)', formatIndian(jobOrder.total_value)],
            ['Invoiced (₹)', figures?.invoiced === null ? 'Not invoiced yet' : formatIndian(figures?.invoiced)],
            ['Received (₹)', <span data-testid="received">{formatIndian(figures?.received)}</span>],
            ['Still due (₹)', <span data-testid="due">{due !== undefined && sign(due) === 0 ? 'Nothing' : formatIndian(due)}</span>],
          ]}
        />
      </Section>
      <Section title="Receipts">
        <Freshness {...status} onRefresh={() => void reloadData(RECEIPT_DATA)} />
        <SimpleTable
          label="Receipts of the job order"
          headers={['Receipt No.', 'Date', 'Mode', 'Reference', 'Receipt amount (₹)', 'Towards this job order (₹)', 'How']}
          numeric={[4, 5]}
          empty={figures ? 'No receipts against this job order yet.' : 'Loading…'}
          rows={(figures?.rows ?? []).map(({ receipt, amount, how }) => [receipt.id, formatDisplayDate(receipt.receipt_date), modeLabel(receipt.mode), receipt.reference, formatIndian(receipt.amount), formatIndian(amount), how])}
        />
      </Section>
    </Stack>
  );
}
