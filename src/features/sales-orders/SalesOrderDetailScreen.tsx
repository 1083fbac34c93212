import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { Badge, Button, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { API } from '../../../domain/api-paths';
import { branchLabel, type CustomerBranch } from '../../../domain/customer';
import { formatIndian } from '../../../domain/decimal';
import { JOB_ORDER_STATUSES } from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { mayEdit } from '../../../domain/row-rules';
import { RECEIPT_MODES } from '../../../domain/receipt';
import { pathOf, type RouteName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { SALES_ORDER_NOTICES, SALES_ORDER_TRANSITIONS, type SalesOrderStatus, type SalesOrderView } from '../../../domain/sales-order';
import { mirror } from '../../data/mirror/db';
import { useSession } from '../../data/session';
import { readFailure, serverFailure } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { InvoiceFromOrderLink } from '../../ui/InvoiceFromOrderLink';
import { downloadFromApi } from '../../ui/download';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { Facts, Failure, Section, SimpleTable } from '../../ui/detail';
import { salesOrderQuery, updateSalesOrderStatus, useLinkedJobOrders, useOrderReceipts, useSalesOrder } from './api';
import { SalesOrderStatusBadge, salesOrderStatusLabel } from '../../ui/SalesOrderStatusBadge';
import { RowLink } from '../../ui/RowLink';

/** Each detail goes back to the list of its own layout. */
const LIST_OF: Readonly<Record<string, RouteName>> = { 'sales-order-detail': 'sales-orders' };

/** Statuses an order is produced in: a job order may be raised from it (decision 206). */
const PRODUCIBLE: readonly SalesOrderStatus[] = ['accepted', 'in_production'];

/** The steps the status table allows from here, each asking for an optional note; the server has the last word. */
function StatusActions({ order }: { order: SalesOrderView }) {
  const queryClient = useQueryClient();
  const next = SALES_ORDER_TRANSITIONS[order.status];
  if (!next.length) return null;
  const move = async (status: SalesOrderStatus) => {
    const note = await openDialog({
      title: `Move to ${salesOrderStatusLabel(status)}?`,
      message: `Sales order ${order.id} goes from ${salesOrderStatusLabel(order.status)} to ${salesOrderStatusLabel(status)}.`,
      okLabel: salesOrderStatusLabel(status),
      type: status === 'cancelled' ? 'negative' : 'info',
      prompt: { label: 'Note (optional)', validate: (value) => (value.length <= 1000 ? true : 'Ensure this field has no more than 1000 characters.') },
    });
    if (note === false) return;
    try {
      const changed = await updateSalesOrderStatus(order, status, note.trim());
      queryClient.setQueryData(salesOrderQuery(order.id).queryKey, changed);
      void queryClient.invalidateQueries({ queryKey: ['sales-orders', 'list'] });
      notify({ type: 'positive', message: SALES_ORDER_NOTICES.statusUpdated });
    } catch (error) {
      notify({ type: 'negative', message: SALES_ORDER_NOTICES.statusUpdateFailed, caption: serverFailure(error) });
      void queryClient.invalidateQueries({ queryKey: salesOrderQuery(order.id).queryKey });
    }
  };
  return (
    <Wrap gap="3" role="group" aria-label="Status actions">
      {next.map((status) => (
        <Button key={status} size="lg" minH="11" variant={status === 'cancelled' ? 'outline' : 'solid'} colorPalette={status === 'cancelled' ? 'red' : 'teal'} onClick={() => void move(status)}>
          Move to {salesOrderStatusLabel(status)}
        </Button>
      ))}
    </Wrap>
  );
}

function Header({ order }: { order: SalesOrderView }) {
  const branch = useLiveQuery(async () => (order.branch === null ? null : ((await mirror.rowsOf<CustomerBranch>('customerBranches').get(order.branch)) ?? null)), [order.branch]);
  const facts: [string, ReactNode][] = [
    ['Customer', order.customer_name],
    ['Branch', order.branch === null ? '—' : branch ? branchLabel(branch) : `No. ${order.branch}`],
    ['PO number', order.customer_po_number || '—'],
    ['Order date', formatDisplayDate(order.order_date)],
    ['Expected delivery', formatDisplayDate(order.expected_delivery_date) || '—'],
    ['Total', formatIndian(order.total_order_value)],
    ['Advance', formatIndian(order.advance_amount)],
    ['Created by', order.created_by_name],
  ];
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <SalesOrderStatusBadge status={order.status} size="lg" />
        {order.is_overdue && (
          <Badge colorPalette="red" size="lg">
            Overdue
          </Badge>
        )}
        {order.is_advance_pending && (
          <Badge colorPalette="orange" size="lg">
            Advance pending
          </Badge>
        )}
      </HStack>
      <Facts facts={facts} />
      {order.remarks && <Text>Remarks: {order.remarks}</Text>}
    </Stack>
  );
}

function LinkedJobOrders({ id }: { id: number }) {
  const result = useLinkedJobOrders(id);
  const failure = readFailure(result);
  if (failure) return <Failure text={failure} />;
  const rows = (result.data?.results ?? []).map((job) => [
    <RowLink key="id" to={pathOf('job-order-detail', { id: job.id })}>{job.label || String(job.id)}</RowLink>,
    labelOf(JOB_ORDER_STATUSES, job.status),
    formatDisplayDate(job.created_at),
    formatIndian(job.total_value),
  ]);
  return <SimpleTable headers={['Job order', 'Status', 'Created', 'Value']} rows={rows} numeric={[3]} empty={result.isPending ? 'Loading…' : 'No job orders yet.'} />;
}

function Receipts({ id }: { id: number }) {
  const result = useOrderReceipts(id);
  const failure = readFailure(result);
  if (failure) return <Failure text={failure} />;
  const rows = (result.data?.results ?? []).map((r) => [formatDisplayDate(r.receipt_date), labelOf(RECEIPT_MODES, r.mode), r.reference, formatIndian(r.amount)]);
  return <SimpleTable headers={['Date', 'Mode', 'Reference', 'Amount']} rows={rows} numeric={[3]} empty={result.isPending ? 'Loading…' : 'No receipts yet.'} />;
}

/**
 * A sales order (business-areas.md §7): its header and flags, items, status history, linked job
 * orders and receipts, read from the server; the status steps the table allows for those who
 * may change orders, its PDF, and a job order raised from it.
 */
export default function SalesOrderDetailScreen() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const { user } = useSession();
  const result = useSalesOrder(id);
  const failure = readFailure(result);
  const order = result.data;
  const list = LIST_OF[route?.name ?? ''] ?? 'salesorders-home';
  return (
    <Stack gap="4" maxW="6xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading size="2xl">Sales order {Number.isInteger(id) ? id : ''}</Heading>
        <HStack gap="3" wrap="wrap">
          {order && can(user, 'job-orders.write') && PRODUCIBLE.includes(order.status) && (
            <Button size="lg" minH="11" colorPalette="teal" onClick={() => navigate(`${pathOf('job-order-create')}?sales_order=${order.id}`)}>
              Create job order
            </Button>
          )}
          {order && <InvoiceFromOrderLink kind="sales-order" id={order.id} />}
          {order && (
            <Button size="lg" minH="11" variant="outline" onClick={() => void downloadFromApi(API.salesOrders.pdf(order.id), {}, `sales-order-${order.id}.pdf`)}>
              PDF
            </Button>
          )}
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf(list))}>
            All sales orders
          </Button>
        </HStack>
      </HStack>
      {failure && <Failure text={failure} />}
      {!order && !failure && <Text color="fg.muted">Loading…</Text>}
      {order && (
        <>
          <Header order={order} />
          {user && can(user, 'sales-orders.write') && mayEdit('salesOrder', user, order) && <StatusActions order={order} />}
          <Section title="Items">
            <SimpleTable
              headers={['Description', 'Quantity', 'Unit price', 'Amount']}
              rows={order.items.map((item) => [item.description, formatIndian(item.quantity), formatIndian(item.unit_price), formatIndian(item.amount)])}
              numeric={[1, 2, 3]}
              empty="No items."
            />
          </Section>
          <Section title="Status history">
            <SimpleTable
              headers={['When', 'From', 'To', 'Note']}
              rows={order.status_history.map((step) => [
                formatDisplayDate(step.changed_at),
                step.from_status ? salesOrderStatusLabel(step.from_status) : '—',
                salesOrderStatusLabel(step.to_status),
                step.note,
              ])}
              empty="No status changes."
            />
          </Section>
          <Section title="Job orders">
            <LinkedJobOrders id={order.id} />
          </Section>
          <Section title="Receipts">
            <Receipts id={order.id} />
          </Section>
        </>
      )}
    </Stack>
  );
}
