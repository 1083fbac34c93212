import { Alert, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatIndian, sum, toMoney } from '../../../domain/decimal';
import type { AgingFigures } from '../../../domain/invoice-aging';
import type { InvoiceListRow } from '../../../domain/invoice';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import { useMirrorStatus } from '../../data/mirror/status';
import { useSession } from '../../data/session';
import { BarChart } from '../../ui/charts';
import { DashboardAlert, DashboardSection, FigureTile, ListMore, useDashboardView } from '../../ui/dashboard';
import { Freshness } from '../../ui/Freshness';
import { INVOICEABLE_KINDS, useInvoiceableOrders, type InvoiceableKind } from '../../ui/InvoiceFromOrderLink';
import { RowLink } from '../../ui/RowLink';
import { ShortTable, type ShortColumn } from '../../ui/ShortTable';
import { useAgingReport } from './api';
import { useAccountsDeviceFigures } from './device';

/** Rows of each list on the dashboard; the list screens hold the rest. */
const LIST_LIMIT = 10;

export const ACCOUNTS_HOME_NOTES = {
  agingFromDevice: 'The server cannot be reached: what is owed is worked out on this device from the invoices as last synced; the aging report may differ until it syncs.',
  ordersNeedServer: 'The orders waiting for an invoice are listed by the server: they show here once this device is back online.',
} as const;

const invoices = (n: number) => `${formatCount(n)} invoice${n === 1 ? '' : 's'}`;

/** Owed past the due date: every bucket but "not yet due". */
function overdueOf(aging: AgingFigures) {
  const late = aging.buckets.filter((b) => b.key !== 'current');
  return { amount: toMoney(sum(late.map((b) => b.amount))), count: late.reduce((n, b) => n + b.count, 0) };
}

function AgingTable({ aging }: { aging: AgingFigures }) {
  const columns: ShortColumn<AgingFigures['buckets'][number]>[] = [
    { header: 'Days past due', cell: (b) => b.label },
    { header: 'Invoices', cell: (b) => formatCount(b.count), end: true },
    { header: 'Outstanding (₹)', cell: (b) => formatIndian(b.amount), end: true },
  ];
  return (
    <Stack gap="3">
      <BarChart label="Outstanding by days past due" series={[{ key: 'amount', label: 'Outstanding (₹)', color: 'orange.solid' }]} format={formatIndian} data={aging.buckets.map((b) => ({ label: b.label, amount: b.amount }))} />
      <ShortTable label="Outstanding by age" columns={columns} rows={aging.buckets} rowKey={(b) => b.key} />
    </Stack>
  );
}

const DRAFT_COLUMNS: ShortColumn<InvoiceListRow>[] = [
  { header: 'Draft', cell: (i) => <RowLink to={pathOf('invoice-detail', { id: i.id })}>Draft invoice {i.id}</RowLink> },
  { header: 'Customer', cell: (i) => i.customer_name },
  { header: 'Invoice date', cell: (i) => formatDisplayDate(i.invoice_date) },
  { header: 'Raised by', cell: (i) => i.created_by_name },
  { header: 'Total (₹)', cell: (i) => formatIndian(i.total_amount), end: true },
];

function Drafts({ drafts }: { drafts: InvoiceListRow[] }) {
  if (!drafts.length) return <Text color="fg.muted">No draft invoices waiting.</Text>;
  return (
    <Stack gap="2">
      <ShortTable label="Invoices to approve" columns={DRAFT_COLUMNS} rows={drafts.slice(0, LIST_LIMIT)} rowKey={(i) => i.id} />
      <ListMore shown={Math.min(drafts.length, LIST_LIMIT)} count={drafts.length} what="oldest" to={`${pathOf('invoices-home')}?status=draft`} />
    </Stack>
  );
}

const ORDER_TITLES: Record<InvoiceableKind, { title: string; what: string; none: string }> = {
  'sales-order': { title: 'Sales orders to invoice', what: 'Sales order', none: 'No sales order waiting for an invoice.' },
  'job-order': { title: 'Job orders to invoice', what: 'Job order', none: 'No dispatched job order waiting for an invoice.' },
};

/** The orders the server would invoice now, each leading to its invoice screen for those who raise invoices. */
function Invoiceable({ kind, mayInvoice }: { kind: InvoiceableKind; mayInvoice: boolean }) {
  const { data, error, loading, reload, unreachable } = useDashboardView(useInvoiceableOrders(kind, { staleTime: 0 }));
  const { route, param } = INVOICEABLE_KINDS[kind];
  const { title, what, none } = ORDER_TITLES[kind];
  const columns: ShortColumn<NonNullable<typeof data>[number]>[] = [
    { header: 'Order', cell: (o) => (mayInvoice ? <RowLink to={pathOf(route, { [param]: o.id })}>{`${what} ${o.id}`}</RowLink> : `${what} ${o.id}`) },
    { header: 'Customer', cell: (o) => o.customer_name },
    { header: 'Date', cell: (o) => formatDisplayDate(o.date) },
    { header: 'Value (₹)', cell: (o) => formatIndian(o.value), end: true },
  ];
  return (
    <DashboardSection title={data ? `${title} (${formatCount(data.length)})` : title}>
      {unreachable ? (
        <Text color="fg.muted">{ACCOUNTS_HOME_NOTES.ordersNeedServer}</Text>
      ) : error ? (
        <DashboardAlert unreachable={false} error={error} reload={reload} />
      ) : (
        <Skeleton loading={loading && !data}>
          {data && (data.length ? <ShortTable label={title} columns={columns} rows={data.slice(0, LIST_LIMIT)} rowKey={(o) => o.id} /> : <Text color="fg.muted">{none}</Text>)}
          {data && <ListMore shown={Math.min(data.length, LIST_LIMIT)} count={data.length} what="first" />}
        </Skeleton>
      )}
    </DashboardSection>
  );
}

/**
 * accounts-home (`/accounts`), where accounts land (docs/decisions.md 334): what customers owe and
 * how late, collected this month, the drafts to approve and the orders to invoice. What is owed is
 * the server's aging report (the same call, so the two agree), aged on the device when the server
 * cannot answer; the drafts and this month's receipts are the device's; the orders to invoice need
 * the server. Fresh on every entry.
 */
export default function AccountsHomeScreen() {
  const { user } = useSession();
  const aging = useDashboardView(useAgingReport());
  const device = useAccountsDeviceFigures();
  const mirrored = useMirrorStatus(['invoices', 'receipts']);
  const figures = aging.data ?? (aging.unreachable ? device?.aging : undefined);
  const overdue = figures && overdueOf(figures);
  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          Accounts
        </Heading>
        {device && <Text color="fg.muted">{formatDisplayDate(aging.data?.as_of ?? device.today)}</Text>}
      </Flex>
      {aging.unreachable ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{ACCOUNTS_HOME_NOTES.agingFromDevice}</Alert.Title>
          <Button size="lg" ml="auto" onClick={aging.reload}>
            Try again
          </Button>
        </Alert.Root>
      ) : (
        <DashboardAlert unreachable={false} error={aging.error} reload={aging.reload} />
      )}
      <Freshness loadedAt={mirrored.loadedAt} progress={mirrored.progress} error={mirrored.error} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <FigureTile label="Outstanding" value={figures ? `₹ ${formatIndian(figures.total)}` : '—'} help={aging.data ? 'Owed by customers today' : figures ? 'As last synced on this device' : 'Loading'} testId="tile-outstanding" to={pathOf('invoices-home')} />
        <FigureTile
          label="Overdue"
          value={overdue ? `₹ ${formatIndian(overdue.amount)}` : '—'}
          help={overdue ? `${invoices(overdue.count)} past their due date` : 'Loading'}
          alert={overdue !== undefined && overdue.count > 0}
          testId="tile-overdue"
          to={`${pathOf('invoices-home')}?overdue=true`}
        />
        <FigureTile label="Collected this month" value={device ? `₹ ${formatIndian(device.collected)}` : '—'} help={device ? `${formatCount(device.receipts)} receipt${device.receipts === 1 ? '' : 's'} since the 1st` : 'Loading'} testId="tile-collected" to={pathOf('accounts-receipts')} />
        <FigureTile
          label="Invoices to approve"
          value={device ? formatCount(device.drafts.length) : '—'}
          help="Drafts waiting for another approver"
          alert={!!device?.drafts.length}
          testId="tile-to-approve"
          to={`${pathOf('invoices-home')}?status=draft`}
        />
      </SimpleGrid>
      <Skeleton loading={!figures && aging.loading}>
        {figures && (
          <DashboardSection title="Overdue by age">
            <AgingTable aging={figures} />
          </DashboardSection>
        )}
      </Skeleton>
      <DashboardSection title={device ? `Invoices to approve (${formatCount(device.drafts.length)})` : 'Invoices to approve'}>{device && <Drafts drafts={device.drafts} />}</DashboardSection>
      {/* One above the other: four columns side by side would not fit a tablet on its side. */}
      {(Object.keys(INVOICEABLE_KINDS) as InvoiceableKind[]).map((kind) => (
        <Invoiceable key={kind} kind={kind} mayInvoice={can(user, 'invoices.write')} />
      ))}
    </Stack>
  );
}
