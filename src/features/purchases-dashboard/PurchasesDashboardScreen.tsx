import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Flex, Heading, Link, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import type { PurchasesDashboard } from '../../../domain/dashboard';
import { materialUnitLabel } from '../../../domain/material';
import { labelOf } from '../../../domain/options';
import { REQUISITION_TYPES } from '../../../domain/requisition';
import { REQUISITION_LISTS } from '../../../domain/requisition-screens';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import { formatIndian } from '../../../domain/decimal';
import { useMirrorStatus } from '../../data/mirror/status';
import { useSession } from '../../data/session';
import { DashboardAlert, DashboardSection, FigureTile, ListMore, useDashboardView } from '../../ui/dashboard';
import { BarChart } from '../../ui/charts';
import { Freshness } from '../../ui/Freshness';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { PURCHASES_TILES } from './definitions';
import { useStoresDeviceFigures } from './device';
import { usePurchasesFigures } from './api';
import { RowLink } from '../../ui/RowLink';

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** Where a requisition of stores' queue opens. */
const REQUISITION_DETAIL = REQUISITION_LISTS['stores-requisitions']!.detail;
/** A requisition waiting this many days or more is flagged red, from half of it orange. */
const LATE_DAYS = 4;


function QueueTable({ queue }: { queue: PurchasesDashboard['stores_queue'] }) {
  if (!queue.results.length) return <Text color="fg.muted">Nothing waiting for stores.</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label="Stores queue" css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>No.</Table.ColumnHeader>
              <Table.ColumnHeader>Type</Table.ColumnHeader>
              <Table.ColumnHeader>Job order</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Requested by</Table.ColumnHeader>
              <Table.ColumnHeader>Waiting</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {queue.results.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell>
                  <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center" fontWeight="semibold">
                    <RouterLink to={pathOf(REQUISITION_DETAIL, { id: r.id })}>{r.id}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell data-label="Type">{labelOf(REQUISITION_TYPES, r.requisition_type)}</Table.Cell>
                <Table.Cell data-label="Job order">{r.job_order_label ?? ''}</Table.Cell>
                <Table.Cell data-label="Customer">{r.customer_name ?? ''}</Table.Cell>
                <Table.Cell data-label="Requested by">{r.requested_by_name}</Table.Cell>
                <Table.Cell data-label="Waiting">
                  <Badge size="lg" colorPalette={r.days_waiting >= LATE_DAYS ? 'red' : r.days_waiting >= LATE_DAYS / 2 ? 'orange' : 'gray'} title={formatDisplayDate(r.created)}>
                    {r.days_waiting === 0 ? 'Today' : `${formatCount(r.days_waiting)} day${r.days_waiting === 1 ? '' : 's'}`}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={queue.results.length} count={queue.count} what="oldest" />
    </Stack>
  );
}

function ReorderTable({ reorder }: { reorder: PurchasesDashboard['reorder'] }) {
  if (!reorder.results.length) return <Text color="fg.muted">Nothing at or below its reorder level.</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label="Materials to reorder" css={FOLDING_TABLE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Material</Table.ColumnHeader>
              <Table.ColumnHeader>Category</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Available</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Reorder level</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Short by</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {reorder.results.map((m) => (
              <Table.Row key={m.id}>
                <Table.Cell>
                  <RowLink to={pathOf('material-detail', { id: m.id })}>{m.name}</RowLink>
                </Table.Cell>
                <Table.Cell data-label="Category">{m.category_name}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Available">
                  {formatIndian(m.available)} {materialUnitLabel(m.unit)}
                </Table.Cell>
                <Table.Cell textAlign="end" data-label="Reorder level">{formatIndian(m.reorder_level)}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold" data-label="Short by">
                  {formatIndian(m.shortfall)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ListMore shown={reorder.results.length} count={reorder.count} what="least covered" />
    </Stack>
  );
}

function TopVendors({ vendors }: { vendors: PurchasesDashboard['top_vendors'] }) {
  if (!vendors.length) return <Text color="fg.muted">No LPOs this quarter.</Text>;
  return (
    <Table.Root size="md" aria-label="Top vendors this quarter">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Vendor</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">LPOs</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Value (₹)</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {vendors.map((v) => (
          <Table.Row key={v.id}>
            <Table.Cell>{v.name}</Table.Cell>
            <Table.Cell textAlign="end">{formatCount(v.lpo_count)}</Table.Cell>
            <Table.Cell textAlign="end">{formatIndian(v.total_value)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Without the server: the stores queue as this device last synced it, and what it has still to send. */
function DeviceCard({ userId }: { userId: number | undefined }) {
  const figures = useStoresDeviceFigures(userId);
  const { loadedAt } = useMirrorStatus(['requisitions', 'requisitionDetails', 'jobOrders']);
  if (!figures) return null;
  return (
    <DashboardSection title="On this device">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Stat.Root>
          <Stat.Label fontSize="md">Waiting for stores</Stat.Label>
          <Stat.ValueText fontSize="3xl" data-testid="device-queue">
            {loadedAt === null ? '—' : formatCount(figures.queue)}
          </Stat.ValueText>
          <Stat.HelpText>{loadedAt === null ? 'The queue is not on this device' : 'As last synced'}</Stat.HelpText>
          {loadedAt !== null && <Freshness loadedAt={loadedAt} />}
        </Stat.Root>
        <Stat.Root>
          <Stat.Label fontSize="md">Not yet sent</Stat.Label>
          <Stat.ValueText fontSize="3xl" data-testid="device-unsent">
            {formatCount(figures.unsent)}
          </Stat.ValueText>
          <Stat.HelpText>{figures.rejected ? `${formatCount(figures.rejected)} refused: see the Sync screen` : 'Sent when the connection is back'}</Stat.HelpText>
        </Stat.Root>
      </SimpleGrid>
      <Flex gap="2" wrap="wrap">
        {loadedAt !== null && (
          <Button asChild size="lg">
            <RouterLink to={pathOf('stores-requisitions')}>Stores queue</RouterLink>
          </Button>
        )}
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('sync')}>Sync screen</RouterLink>
        </Button>
      </Flex>
    </DashboardSection>
  );
}

/**
 * purchases-dash (`/purchases`), where stores and purchase land (docs/decisions.md 130): what
 * waits for them, what to reorder, what is coming in and what was bought. Fresh on every entry.
 */
export default function PurchasesDashboardScreen() {
  const { user } = useSession();
  const { data, error, loading, reload, unreachable } = useDashboardView(usePurchasesFigures());

  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          Stores & purchase
        </Heading>
        {data && <Text color="fg.muted">{formatDisplayDate(data.today)}</Text>}
      </Flex>
      <DashboardAlert unreachable={unreachable} error={error} reload={reload} />
      {unreachable && <DeviceCard userId={user?.id} />}
      <Skeleton loading={loading && !data && !unreachable}>
        {data && (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {PURCHASES_TILES.map((tile) => (
              <FigureTile key={tile.key} label={tile.label} value={tile.value(data)} help={tile.help(data)} alert={tile.alert?.(data)} testId={`tile-${tile.key}`} to={tile.to} />
            ))}
          </SimpleGrid>
        )}
      </Skeleton>
      {data && (
        <>
          <DashboardSection
            title="Stores queue"
            action={
              <Button asChild size="lg">
                <RouterLink to={pathOf('stores-requisitions')}>Open the queue</RouterLink>
              </Button>
            }
          >
            <QueueTable queue={data.stores_queue} />
          </DashboardSection>
          <DashboardSection
            title="To reorder"
            action={
              <Button asChild size="lg" variant="outline">
                <RouterLink to={pathOf('material-reorder')}>Reorder report</RouterLink>
              </Button>
            }
          >
            <ReorderTable reorder={data.reorder} />
          </DashboardSection>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <DashboardSection title="Purchases per month (LPOs)">
              <BarChart
                label="Purchases per month, last 6 months"
                series={[{ key: 'total', label: 'Purchases', color: 'blue.solid' }]}
                format={formatIndian}
                data={data.monthly_purchases.map((m) => ({ label: MONTH.format(new Date(`${m.month}-01T00:00:00Z`)), total: m.total }))}
              />
            </DashboardSection>
            <DashboardSection title={`Top vendors since ${formatDisplayDate(data.quarter_start)}`}>
              <TopVendors vendors={data.top_vendors} />
            </DashboardSection>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
