import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import type { InvoiceView } from '../../../domain/invoice';
import { JOB_ORDER_STATUSES, jobOrderLabel } from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { pathOf, type RouteName } from '../../../domain/routes';
import { SALES_ORDER_STATUSES } from '../../../domain/sales-order';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure, refusedOffline, serverFailure } from '../../ui/connection';
import { DetailTitle, Facts, Failure, Section, SimpleTable } from '../../ui/detail';
import { notify } from '../../ui/notify';
import { createInvoiceFromJobOrder, createInvoiceFromSalesOrder, INVOICE_FAILURES, invoiceQuery, useJobOrderToInvoice, useSalesOrderToInvoice } from './api';
import { reloadInvoices } from './parts';

export const FROM_ORDER_NOTICES = {
  made: (id: number) => `Draft invoice ${id} made: check each line's HSN/SAC, unit and GST rate before it goes for approval.`,
  how: "The draft takes the order's customer and these lines at the usual GST rate, dated today and due after the invoicing settings' days. You check and change it before approval.",
} as const;

/** An order as the screen shows it, whichever kind it is. */
interface OrderShown {
  title: string;
  facts: [string, string][];
  lines: string[][];
  detail: { route: RouteName; label: string };
  failed: string;
  create: () => Promise<InvoiceView>;
}

const LINE_HEADERS = ['Description', 'Quantity', 'Rate (₹)', 'Amount (₹)'];

function useSalesOrderShown(id: number): { order: OrderShown | undefined; failure: string | null } {
  const result = useSalesOrderToInvoice(id);
  const order = result.data;
  return {
    failure: readFailure(result),
    order: order && {
      title: `Invoice from sales order ${order.id}`,
      facts: [
        ['Customer', order.customer_name],
        ['Order date', formatDisplayDate(order.order_date)],
        ['Status', labelOf(SALES_ORDER_STATUSES, order.status)],
        ['Order value', `₹ ${formatIndian(order.total_order_value)}`],
      ],
      lines: order.items.map((line) => [line.description, formatIndian(line.quantity, QUANTITY_PLACES), formatIndian(line.unit_price), formatIndian(line.amount)]),
      detail: { route: 'salesorder-detail', label: 'Back to the sales order' },
      failed: INVOICE_FAILURES.fromSalesOrder,
      create: () => createInvoiceFromSalesOrder(order.id),
    },
  };
}

function useJobOrderShown(id: number): { order: OrderShown | undefined; failure: string | null } {
  const result = useJobOrderToInvoice(id);
  const job = result.data;
  return {
    failure: readFailure(result),
    order: job && {
      title: `Invoice from job order ${jobOrderLabel(job)}`,
      facts: [
        ['Customer', job.customer_name],
        ['Status', labelOf(JOB_ORDER_STATUSES, job.status)],
        ['PO number', job.purchase_order || '—'],
        ['Value', `₹ ${formatIndian(job.total_value)}`],
      ],
      lines: job.items.map((line) => [line.description ? `${line.product} - ${line.description}` : line.product, formatIndian(line.quantity, QUANTITY_PLACES), formatIndian(line.unit_price), formatIndian(line.amount)]),
      detail: { route: 'accounts-job-detail', label: 'Back to the job order' },
      failed: INVOICE_FAILURES.fromJobOrder,
      create: () => createInvoiceFromJobOrder(job.id),
    },
  };
}

/** The order, what the draft will take from it, and the one step: make the draft (online), then edit it. */
function FromOrder({ id, shown: { order, failure } }: { id: number; shown: { order: OrderShown | undefined; failure: string | null } }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    if (!order || refusedOffline()) return;
    setBusy(true);
    try {
      const draft = await order.create();
      queryClient.setQueryData(invoiceQuery(draft.id).queryKey, draft);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      reloadInvoices();
      notify({ type: 'positive', message: FROM_ORDER_NOTICES.made(draft.id) });
      navigate(pathOf('invoice-edit', { id: draft.id }));
    } catch (error) {
      const why = serverFailure(error);
      setRefusal(why);
      notify({ type: 'negative', message: order.failed, caption: why });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="4" maxW="6xl">
      <DetailTitle title={order?.title ?? 'Invoice from an order'}>
        {order && (
          <Button asChild size="lg" minH="11" variant="ghost">
            <RouterLink to={pathOf(order.detail.route, { id })}>{order.detail.label}</RouterLink>
          </Button>
        )}
      </DetailTitle>
      {!order && failure && <Failure text={failure} />}
      {!order && !failure && <Text color="fg.muted">Loading…</Text>}
      {order && (
        <>
          <Facts facts={order.facts} />
          <Section title="Lines to invoice">
            <SimpleTable label="Lines to invoice" headers={LINE_HEADERS} numeric={[1, 2, 3]} empty="The order has no lines." rows={order.lines} />
          </Section>
          <Text color="fg.muted">{FROM_ORDER_NOTICES.how}</Text>
          {refusal && <Failure text={`${order.failed}: ${refusal}`} />}
          <Wrap gap="3">
            <Button size="xl" minH="14" px="8" loading={busy} onClick={() => void create()}>
              Create draft invoice
            </Button>
          </Wrap>
        </>
      )}
    </Stack>
  );
}

function FromSalesOrder({ id }: { id: number }) {
  return <FromOrder id={id} shown={useSalesOrderShown(id)} />;
}

function FromJobOrder({ id }: { id: number }) {
  return <FromOrder id={id} shown={useJobOrderShown(id)} />;
}

/**
 * invoice-from-sales-order and invoice-from-job-order: the order's customer and lines read from the
 * server, and a draft invoice made from them by create_from_sales_order/ or create_from_job_order/
 * (online only), opened in the invoice form; the server's refusal (an order already invoiced, not
 * yet dispatched) is said in its words.
 */
export default function InvoiceFromOrderScreen() {
  const { salesOrderId, jobOrderId } = useParams();
  return salesOrderId !== undefined ? <FromSalesOrder id={Number(salesOrderId)} /> : <FromJobOrder id={Number(jobOrderId)} />;
}
