import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, Link, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { LEAD_STAGES } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import type { SalesDashboard, SalesDashLead } from '../../../domain/sales-dashboard';
import { SALES_ORDER_STATUSES } from '../../../domain/sales-order';
import { businessToday, leadsUnder, useLeadsWithRemarks } from '../../data/lead-mirror';
import { useMirrorStatus } from '../../data/mirror/status';
import { BarChart } from '../../ui/charts';
import { DashboardAlert, DashboardSection, FigureTile, ListMore, useDashboardView } from '../../ui/dashboard';
import { Freshness } from '../../ui/Freshness';
import { SalesTeamTable } from '../../ui/SalesTeamTable';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { useSalesDashboard } from './api';
import { leadsUnderFilter, SALES_TILES } from './definitions';


const rowLink = (to: string, text: string | number) => (
  <Link asChild colorPalette="teal" minH="11" display="inline-flex" alignItems="center" fontWeight="semibold">
    <RouterLink to={to}>{text}</RouterLink>
  </Link>
);

function LeadTable({ label, list, filter, empty, owners }: { label: string; list: SalesDashboard['followups_today']; filter: string; empty: string; owners: boolean }) {
  if (!list.results.length) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Company</Table.ColumnHeader>
              <Table.ColumnHeader>Contact</Table.ColumnHeader>
              <Table.ColumnHeader>Stage</Table.ColumnHeader>
              <Table.ColumnHeader>Follow-up</Table.ColumnHeader>
              {owners && <Table.ColumnHeader>Executive</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.results.map((lead: SalesDashLead) => (
              <Table.Row key={lead.id}>
                <Table.Cell>{rowLink(pathOf('lead-detail', { lead: lead.id }), lead.company)}</Table.Cell>
                <Table.Cell data-label="Contact">{[lead.contact_person, lead.contact_number].filter(Boolean).join(' · ')}</Table.Cell>
                <Table.Cell data-label="Stage">{labelOf(LEAD_STAGES, lead.stage)}</Table.Cell>
                <Table.Cell data-label="Follow-up">{lead.followup_date ? formatDisplayDate(lead.followup_date) : ''}</Table.Cell>
                {owners && <Table.Cell data-label="Executive">{lead.assign_to_name}</Table.Cell>}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={list.results.length} count={list.count} what="first" to={leadsUnderFilter(filter)} />
    </Stack>
  );
}

function QuotationTable({ list, owners }: { list: SalesDashboard['quotations_awaiting']; owners: boolean }) {
  if (!list.results.length) return <Text color="fg.muted">No quotation is waiting for the customer's answer.</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label="Quotations awaiting an answer" css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>No.</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total (₹)</Table.ColumnHeader>
              <Table.ColumnHeader>Waiting</Table.ColumnHeader>
              {owners && <Table.ColumnHeader>Executive</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.results.map((q) => (
              <Table.Row key={q.id}>
                <Table.Cell fontWeight="semibold">{q.number}</Table.Cell>
                <Table.Cell data-label="Customer">{q.customer_name}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Total (₹)">
                  {formatIndian(q.total_amount)}
                </Table.Cell>
                <Table.Cell data-label="Waiting">{q.days_waiting === null ? '' : q.days_waiting === 0 ? 'Sent today' : `${formatCount(q.days_waiting)} day${q.days_waiting === 1 ? '' : 's'}`}</Table.Cell>
                {owners && <Table.Cell data-label="Executive">{q.sales_exec_name}</Table.Cell>}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={list.results.length} count={list.count} what="longest waiting" />
    </Stack>
  );
}

function OrderTable({ label, list, to }: { label: string; list: SalesDashboard['open_orders']; to: string }) {
  if (!list.results.length) return <Text color="fg.muted">None.</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Order</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Delivery</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Value (₹)</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.results.map((o) => (
              <Table.Row key={o.id}>
                <Table.Cell>{rowLink(pathOf('sales-order-detail', { id: o.id }), o.id)}</Table.Cell>
                <Table.Cell data-label="Customer">{o.customer_name}</Table.Cell>
                <Table.Cell data-label="Status">{labelOf(SALES_ORDER_STATUSES, o.status)}</Table.Cell>
                <Table.Cell data-label="Delivery">{o.expected_delivery_date ? formatDisplayDate(o.expected_delivery_date) : ''}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Value (₹)">
                  {formatIndian(o.total_order_value)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={list.results.length} count={list.count} what="first" to={to} />
    </Stack>
  );
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
            <QuotationTable list={data.quotations_awaiting} owners={owners} />
          </DashboardSection>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <DashboardSection title="Open orders">
              <OrderTable label="Open orders" list={data.open_orders} to={pathOf('sales-orders')} />
            </DashboardSection>
            <DashboardSection title="Advances pending">
              <OrderTable label="Advances pending" list={data.pending_advance} to={`${pathOf('sales-orders')}?advance_pending=true`} />
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
