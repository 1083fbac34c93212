import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { LEAD_STAGES } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import type { SalesDashboard, SalesDashLead, SalesDashOrder, SalesDashQuotation } from '../../../domain/sales-dashboard';
import { SALES_ORDER_STATUSES } from '../../../domain/sales-order';
import { leadsUnder, useLeadsWithRemarks } from '../../data/lead-mirror';
import { businessToday } from '../../../domain/rules/dates';
import { useMirrorStatus } from '../../data/mirror/status';
import { BarChart } from '../../ui/charts';
import { DashboardAlert, DashboardSection, FigureTile, ListMore, useDashboardView } from '../../ui/dashboard';
import { Freshness } from '../../ui/Freshness';
import { SalesTeamTable } from '../../ui/SalesTeamTable';
import { ShortTable, type ShortColumn } from '../../ui/ShortTable';
import { useSalesDashboard } from './api';
import { leadsUnderFilter, SALES_TILES } from './definitions';
import { RowLink } from '../../ui/RowLink';


const rowLink = (to: string, text: string | number) => (
  <RowLink to={to} fontWeight="semibold">{text}</RowLink>
);

const days = (n: number) => `${formatCount(n)} day${n === 1 ? '' : 's'}`;
const executive = <R,>(name: (row: R) => string): ShortColumn<R>[] => [{ header: 'Executive', cell: name }];

const LEAD_COLUMNS: readonly ShortColumn<SalesDashLead>[] = [
  { header: 'Company', cell: (l) => rowLink(pathOf('lead-detail', { lead: l.id }), l.company) },
  { header: 'Contact', cell: (l) => [l.contact_person, l.contact_number].filter(Boolean).join(' · ') },
  { header: 'Stage', cell: (l) => labelOf(LEAD_STAGES, l.stage) },
  { header: 'Follow-up', cell: (l) => (l.followup_date ? formatDisplayDate(l.followup_date) : '') },
];

const QUOTATION_COLUMNS: readonly ShortColumn<SalesDashQuotation>[] = [
  { header: 'No.', cell: (q) => rowLink(pathOf('sales-quotation-detail', { id: q.id }), q.number) },
  { header: 'Customer', cell: (q) => q.customer_name },
  { header: 'Total (₹)', cell: (q) => formatIndian(q.total_amount), end: true },
  { header: 'Waiting', cell: (q) => (q.days_waiting === null ? '' : q.days_waiting === 0 ? 'Sent today' : days(q.days_waiting)) },
];

const ORDER_COLUMNS: readonly ShortColumn<SalesDashOrder>[] = [
  { header: 'Order', cell: (o) => rowLink(pathOf('sales-order-detail', { id: o.id }), o.id) },
  { header: 'Customer', cell: (o) => o.customer_name },
  { header: 'Status', cell: (o) => labelOf(SALES_ORDER_STATUSES, o.status) },
  { header: 'Delivery', cell: (o) => (o.expected_delivery_date ? formatDisplayDate(o.expected_delivery_date) : '') },
  { header: 'Value (₹)', cell: (o) => formatIndian(o.total_order_value), end: true },
];

/** The first rows of a sales-dash list, "None" text when empty, and how many more there are. */
function FirstRows<R extends { id: number }>({ label, list, columns, empty, what, to }: { label: string; list: { count: number; results: R[] }; columns: readonly ShortColumn<R>[]; empty: string; what: string; to?: string }) {
  if (!list.results.length) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack gap="2">
      <ShortTable label={label} columns={columns} rows={list.results} rowKey={(r) => r.id} />
      <ListMore shown={list.results.length} count={list.count} what={what} to={to} />
    </Stack>
  );
}

function LeadTable({ label, list, filter, empty, owners }: { label: string; list: SalesDashboard['followups_today']; filter: string; empty: string; owners: boolean }) {
  const columns = owners ? [...LEAD_COLUMNS, ...executive<SalesDashLead>((l) => l.assign_to_name)] : LEAD_COLUMNS;
  return <FirstRows label={label} list={list} columns={columns} empty={empty} what="first" to={leadsUnderFilter(filter)} />;
}

const DEVICE_FILTERS = [
  { filter: 'todays', label: "Today's follow-ups" },
  { filter: 'missed', label: 'Missed follow-ups' },
  { filter: 'not_actioned', label: 'Not actioned' },
] as const;

/** Without the server: the follow-ups counted on the leads this device holds, by the list's own rule (matchesLeadFilter). */
function DeviceCard() {
  const data = useLeadsWithRemarks();
  const { loadedAt } = useMirrorStatus(['leads', 'leadRemarks']);
  const today = businessToday();
  return (
    <DashboardSection title="On this device">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {DEVICE_FILTERS.map(({ filter, label }) => (
          <Stat.Root key={filter}>
            <Stat.Label fontSize="md">{label}</Stat.Label>
            <Stat.ValueText fontSize="3xl" data-testid={`device-${filter}`}>
              {loadedAt === null || !data ? '—' : formatCount(leadsUnder(data.leads, data.remarked, filter, today).length)}
            </Stat.ValueText>
            <Button asChild size="lg" variant="outline">
              <RouterLink to={leadsUnderFilter(filter)}>Open</RouterLink>
            </Button>
          </Stat.Root>
        ))}
      </SimpleGrid>
      {loadedAt === null ? <Text color="fg.muted">The leads are not on this device yet.</Text> : <Freshness loadedAt={loadedAt} />}
    </DashboardSection>
  );
}

const CHART_LABELS = ['Last month', 'This month'] as const;

/**
 * sales-dash (`/sales/home`), where sales executives land (docs/decisions.md SD): today's and
 * missed follow-ups, leads not actioned, quotations awaiting an answer, open orders, advances
 * pending and this month against last; a manager opening it sees everyone's and the team's rows.
 * Fresh on every entry; offline, the follow-ups are counted on the leads the device holds.
 */
export default function SalesDashboardScreen() {
  const { data, error, loading, reload, unreachable } = useDashboardView(useSalesDashboard());
  const owners = data?.scope === 'all';
  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          Sales dashboard
        </Heading>
        {data && <Text color="fg.muted">{formatDisplayDate(data.today)}</Text>}
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('leads-home')}>Leads</RouterLink>
        </Button>
      </Flex>
      <DashboardAlert unreachable={unreachable} error={error} reload={reload} />
      {unreachable && <DeviceCard />}
      <Skeleton loading={loading && !data && !unreachable}>
        {data && (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {SALES_TILES.map((tile) => (
              <FigureTile key={tile.key} label={tile.label} value={tile.value(data)} help={tile.help(data)} alert={tile.alert?.(data)} testId={`tile-${tile.key}`} to={tile.to} />
            ))}
          </SimpleGrid>
        )}
      </Skeleton>
      {data && (
        <>
          {data.team && (
            <DashboardSection title="The team">
              <SalesTeamTable rows={data.team} />
            </DashboardSection>
          )}
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <DashboardSection title="Today's follow-ups">
              <LeadTable label="Today's follow-ups" list={data.followups_today} filter="todays" empty="No follow-up due today." owners={owners} />
            </DashboardSection>
            <DashboardSection title="Missed follow-ups">
              <LeadTable label="Missed follow-ups" list={data.followups_missed} filter="missed" empty="No follow-up missed." owners={owners} />
            </DashboardSection>
          </SimpleGrid>
          <DashboardSection title="Leads not actioned">
            <LeadTable label="Leads not actioned" list={data.not_actioned} filter="not_actioned" empty="Every lead has a remark." owners={owners} />
          </DashboardSection>
          <DashboardSection title="Quotations awaiting an answer">
            <FirstRows
              label="Quotations awaiting an answer"
              list={data.quotations_awaiting}
              columns={owners ? [...QUOTATION_COLUMNS, ...executive<SalesDashQuotation>((q) => q.sales_exec_name)] : QUOTATION_COLUMNS}
              empty="No quotation is waiting for the customer's answer."
              what="longest waiting"
            />
          </DashboardSection>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <DashboardSection title="Open orders">
              <FirstRows label="Open orders" list={data.open_orders} columns={ORDER_COLUMNS} empty="None." what="first" to={pathOf('sales-orders')} />
            </DashboardSection>
            <DashboardSection title="Advances pending">
              <FirstRows label="Advances pending" list={data.pending_advance} columns={ORDER_COLUMNS} empty="None." what="first" to={`${pathOf('sales-orders')}?advance_pending=true`} />
            </DashboardSection>
          </SimpleGrid>
          <DashboardSection title="This month against last">
            <BarChart
              label="Orders value, last month and this month"
              series={[{ key: 'value', label: 'Orders (₹)', color: 'teal.solid' }]}
              format={formatIndian}
              data={[data.figures.last_month, data.figures.this_month].map((month, i) => ({ label: CHART_LABELS[i]!, value: month.orders_value }))}
            />
          </DashboardSection>
        </>
      )}
    </Stack>
  );
}
