import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import type { DashboardJobOrder, WorkshopDashboard } from '../../../domain/dashboard';
import { PRODUCTION_DEPARTMENTS, type ProductionDepartment } from '../../../domain/job-order';
import { mayOpen } from '../../../domain/menus';
import { materialUnitLabel } from '../../../domain/material';
import { REQUISITION_PENDING_STATES, REQUISITION_STATES } from '../../../domain/requisition';
import { pathOf, routeByName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount } from '../../../domain/rules/numbers';
import { formatIndian } from '../../../domain/decimal';
import { useSession } from '../../data/session';
import { useCurrentRoute } from '../../ui/route';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { DashboardAlert, FigureTile, ListMore, useDashboardView } from '../../ui/dashboard';
import { BarChart } from '../../ui/charts';
import { DASHBOARDS, LIST_SCREENS, TILES, type ChartKey, type DashboardDefinition, type ListKey, type Tile } from './definitions';
import { useDeviceFigures } from './device';
import { useWorkshopFigures } from './api';
import { RowLink } from '../../ui/RowLink';

const WEEK = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });

const CHARTS: Record<ChartKey, { title: string; render: (d: WorkshopDashboard) => React.ReactNode }> = {
  // Where the work sits: a pile-up in one status shows at a glance, as a list of numbers does not.
  status: {
    title: 'Job orders by status',
    render: (d) => <BarChart label="Job orders by status" series={[{ key: 'count', label: 'Job orders', color: 'teal.solid' }]} data={d.status_counts.map((s) => ({ label: s.label, count: s.count }))} />,
  },
  // Whether work is coming in faster than it leaves: the trend of eight weeks.
  weekly: {
    title: 'Job orders made per week',
    render: (d) => (
      <BarChart
        label="Job orders made per week, last 8 weeks"
        series={[{ key: 'count', label: 'Job orders made', color: 'blue.solid' }]}
        data={d.weekly_created.map((w) => ({ label: WEEK.format(new Date(`${w.week_start}T00:00:00Z`)), count: w.count }))}
      />
    ),
  },
};

function Figures({ definition, data }: { definition: DashboardDefinition; data: WorkshopDashboard }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: definition.tiles.length > 4 ? 3 : 4 }} gap="4">
      {definition.tiles.map((key) => {
        const tile: Tile = TILES[key];
        return <FigureTile key={key} label={tile.label} value={tile.value(data)} help={tile.help(data)} alert={tile.alert?.(data)} testId={`tile-${key}`} />;
      })}
    </SimpleGrid>
  );
}

/** Each job order opens from its label; its one button raises a requisition for it. */
function JobOrdersTable({ label, jobs, definition }: { label: string; jobs: readonly DashboardJobOrder[]; definition: DashboardDefinition }) {
  if (!jobs.length) return <Text color="fg.muted">Nothing here.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Job order</Table.ColumnHeader>
            <Table.ColumnHeader>Customer</Table.ColumnHeader>
            <Table.ColumnHeader>Shop</Table.ColumnHeader>
            <Table.ColumnHeader>Open for</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Value (₹)</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobs.map((job) => (
            <Table.Row key={job.id}>
              <Table.Cell>
                <RowLink to={pathOf(definition.jobDetailRoute, { id: job.id })} fontWeight="semibold">{job.label}</RowLink>
              </Table.Cell>
              <Table.Cell data-label="Customer">{job.customer_name}</Table.Cell>
              <Table.Cell data-label="Shop">{job.production_department ?? ''}</Table.Cell>
              <Table.Cell data-label="Open for">
                <Badge size="lg" colorPalette={job.days_open >= 30 ? 'red' : job.days_open >= 14 ? 'orange' : 'gray'}>
                  {job.days_open} day{job.days_open === 1 ? '' : 's'}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end" data-label="Value (₹)">
                {formatIndian(job.total_value)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button asChild size="lg" variant="outline">
                  <RouterLink to={`${pathOf(definition.requisitionCreateRoute)}?job_order=${job.id}`}>Raise requisition</RouterLink>
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function SimpleTable({ label, headers, rows }: { label: string; headers: readonly string[]; rows: readonly (readonly string[])[] }) {
  if (!rows.length) return <Text color="fg.muted">Nothing here.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((cells, i) => (
            <Table.Row key={i}>
              {cells.map((cell, j) => (
                <Table.Cell key={j} data-label={headers[j]}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Each list: its title, its rows as the server cut them (DASHBOARD_LIST_LIMIT, oldest first) and what they are. */
const LISTS: Record<ListKey, { title: string; list: (d: WorkshopDashboard) => { count: number; results: readonly unknown[] }; render: (d: WorkshopDashboard, definition: DashboardDefinition) => React.ReactNode }> = {
  inProcess: { title: 'Job orders in process', list: (d) => d.in_process, render: (d, def) => <JobOrdersTable label="Job orders in process" jobs={d.in_process.results} definition={def} /> },
  ageing: {
    title: 'Late job orders (30 days or more, not dispatched)',
    list: (d) => d.ageing,
    render: (d, def) => <JobOrdersTable label="Late job orders" jobs={d.ageing.results} definition={def} />,
  },
  issuedToday: {
    title: 'Issued today',
    list: (d) => d.issued_today,
    render: (d) => (
      <SimpleTable
        label="Issued today"
        headers={['Material', 'Quantity', 'Requisition', 'Customer']}
        rows={d.issued_today.results.map((i) => [i.material_name, `${formatIndian(i.quantity)} ${materialUnitLabel(i.unit)}`, i.requisition ? String(i.requisition) : '', i.customer_name ?? ''])}
      />
    ),
  },
  lowStock: {
    title: 'Materials low on stock',
    list: (d) => d.low_stock,
    render: (d) => (
      <SimpleTable
        label="Materials low on stock"
        headers={['Material', 'Category', 'Available', 'Reorder level', 'Short by']}
        rows={d.low_stock.results.map((m) => [m.name, m.category_name, `${formatIndian(m.available)} ${materialUnitLabel(m.unit)}`, formatIndian(m.reorder_level), formatIndian(m.shortfall)])}
      />
    ),
  },
};

/** A list's card: its first rows, how many there are, and "View all" where the user may open the list. */
function ListCard({ listKey, data, definition }: { listKey: ListKey; data: WorkshopDashboard; definition: DashboardDefinition }) {
  const { user } = useSession();
  const { title, list, render } = LISTS[listKey];
  const { count, results } = list(data);
  const screen = routeByName(LIST_SCREENS[listKey](definition));
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading size="md">{title}</Heading>
          {render(data, definition)}
          <ListMore shown={results.length} count={count} what={listKey === 'issuedToday' ? 'first' : 'oldest'} to={user && mayOpen(user, screen) ? pathOf(screen.name) : undefined} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The foreman's tablet without the server: the requisitions and job orders it last synced, and what it has still to send. */
function DeviceFiguresCard({ userId }: { userId: number | undefined }) {
  const figures = useDeviceFigures(userId);
  if (!figures) return null;
  const open = [...figures.byState.values()].reduce((n, c) => n + c, 0);
  const items: [label: string, value: number, help: string, testId: string][] = [
    ['My open requisitions', open, REQUISITION_PENDING_STATES.map((s) => `${REQUISITION_STATES.find((x) => x.value === s)!.label}: ${figures.byState.get(s) ?? 0}`).join(' · '), 'device-open'],
    ['Waiting for approval', figures.awaitingApproval, 'Re-work and shortfall', 'device-approval'],
    ['Job orders in process', figures.inProcess, 'As last synced', 'device-in-process'],
    ['Not yet sent', figures.unsent, figures.rejected ? `${figures.rejected} refused: see the Sync screen` : 'Sent when the connection is back', 'device-unsent'],
  ];
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading size="md">On this tablet</Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {items.map(([label, value, help, testId]) => (
              <Stat.Root key={label}>
                <Stat.Label fontSize="md">{label}</Stat.Label>
                <Stat.ValueText fontSize="3xl" data-testid={testId}>
                  {formatCount(value)}
                </Stat.ValueText>
                <Stat.HelpText>{help}</Stat.HelpText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          <Button asChild size="lg" variant="outline" alignSelf="flex-start">
            <RouterLink to={pathOf('sync')}>Sync screen</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The workshop dashboards (production-home, foreman-prod-dashboard, metal-home,
 * acrylic-trays-dashboard; docs/decisions.md 118-122): one screen, each route's definition says
 * what it shows. Fresh from the server on every entry, as every dashboard.
 */
export default function WorkshopDashboardScreen() {
  const route = useCurrentRoute();
  const definition = DASHBOARDS[route?.name ?? 'production-home'] ?? DASHBOARDS['production-home']!;
  const { user } = useSession();
  const [department, setDepartment] = useState<ProductionDepartment | null>(null);
  const { data, error, loading, reload, unreachable } = useDashboardView(useWorkshopFigures(definition.url, department));

  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          {definition.title}
        </Heading>
        {data && <Text color="fg.muted">{formatDisplayDate(data.today)}</Text>}
      </Flex>
      {definition.departmentFilter && (
        <Flex gap="2" wrap="wrap" role="group" aria-label="Production department">
          {[null, ...PRODUCTION_DEPARTMENTS.map((d) => d.value)].map((value) => (
            <Button key={value ?? 'all'} size="lg" variant={department === value ? 'solid' : 'outline'} aria-pressed={department === value} onClick={() => setDepartment(value)}>
              {value ?? 'All departments'}
            </Button>
          ))}
        </Flex>
      )}
      <DashboardAlert unreachable={unreachable} error={error} reload={reload} />
      {/* Online the tiles say the same, fresher: the device's figures stand in only for them. */}
      {definition.deviceFigures && unreachable && <DeviceFiguresCard userId={user?.id} />}
      <Skeleton loading={loading && !data && !unreachable}>{data && <Figures definition={definition} data={data} />}</Skeleton>
      {data && (
        <>
          {definition.charts.length > 0 && (
            <SimpleGrid columns={{ base: 1, lg: definition.charts.length }} gap="4">
              {definition.charts.map((key) => (
                <Card.Root key={key}>
                  <Card.Body>
                    <Stack gap="3">
                      <Heading size="md">{CHARTS[key].title}</Heading>
                      {CHARTS[key].render(data)}
                    </Stack>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
          {definition.lists.map((key) => (
            <ListCard key={key} listKey={key} data={data} definition={definition} />
          ))}
        </>
      )}
    </Stack>
  );
}
