import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { workshopDashboardSchema, type DashboardJobOrder, type WorkshopDashboard } from '../../../domain/dashboard';
import { PRODUCTION_DEPARTMENTS, type ProductionDepartment } from '../../../domain/job-order';
import { REQUISITION_PENDING_STATES, REQUISITION_STATES } from '../../../domain/requisition';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatCount, formatIndian } from '../../../domain/rules/numbers';
import { api } from '../../data/api';
import { useSession } from '../../data/session';
import { useCurrentRoute } from '../../ui/route';
import { BarChart, DashboardAlert, FigureTile, useDashboardData } from '../../ui/dashboard';
import { DASHBOARDS, TILES, type ChartKey, type DashboardDefinition, type ListKey, type Tile } from './definitions';
import { useDeviceFigures } from './device';

const WEEK = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });

const CHARTS: Record<ChartKey, { title: string; render: (d: WorkshopDashboard) => React.ReactNode }> = {
  // Where the work sits: a pile-up in one status shows at a glance, as a list of numbers does not.
  status: {
    title: 'Job orders by status',
    render: (d) => <BarChart label="Job orders by status" color="teal.solid" bars={d.status_counts.map((s) => ({ key: s.status, label: s.label, value: s.count, text: formatCount(s.count) }))} />,
  },
  // Whether work is coming in faster than it leaves: the trend of eight weeks.
  weekly: {
    title: 'Job orders made per week',
    render: (d) => (
      <BarChart
        label="Job orders made per week, last 8 weeks"
        color="blue.solid"
        bars={d.weekly_created.map((w) => ({ key: w.week_start, label: WEEK.format(new Date(`${w.week_start}T00:00:00Z`)), value: w.count, text: formatCount(w.count) }))}
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

function JobOrdersTable({ label, list, definition }: { label: string; list: { count: number; results: DashboardJobOrder[] }; definition: DashboardDefinition }) {
  if (!list.results.length) return <Text color="fg.muted">Nothing here.</Text>;
  return (
    <Stack gap="2">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label={label}>
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
            {list.results.map((job) => (
              <Table.Row key={job.id}>
                <Table.Cell>{job.label}</Table.Cell>
                <Table.Cell>{job.customer_name}</Table.Cell>
                <Table.Cell>{job.production_department ?? ''}</Table.Cell>
                <Table.Cell>
                  <Badge size="lg" colorPalette={job.days_open >= 30 ? 'red' : job.days_open >= 14 ? 'orange' : 'gray'}>
                    {job.days_open} day{job.days_open === 1 ? '' : 's'}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(job.total_value)}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2" wrap="wrap" justify="flex-end">
                    <Button asChild size="lg" variant="outline">
                      <RouterLink to={pathOf(definition.jobDetailRoute, { id: job.id })}>Open</RouterLink>
                    </Button>
                    <Button asChild size="lg">
                      <RouterLink to={`${pathOf(definition.requisitionCreateRoute)}?job_order=${job.id}`}>Raise requisition</RouterLink>
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {list.count > list.results.length && (
        <Text color="fg.muted">
          The oldest {formatCount(list.results.length)} of {formatCount(list.count)}.
        </Text>
      )}
    </Stack>
  );
}

function SimpleTable({ label, headers, rows }: { label: string; headers: readonly string[]; rows: readonly (readonly string[])[] }) {
  if (!rows.length) return <Text color="fg.muted">Nothing here.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label={label}>
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
                <Table.Cell key={j}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

const LISTS: Record<ListKey, { title: string; render: (d: WorkshopDashboard, definition: DashboardDefinition) => React.ReactNode }> = {
  inProcess: { title: 'Job orders in process', render: (d, def) => <JobOrdersTable label="Job orders in process" list={d.in_process} definition={def} /> },
  ageing: { title: 'Late job orders (30 days or more, not dispatched)', render: (d, def) => <JobOrdersTable label="Late job orders" list={d.ageing} definition={def} /> },
  issuedToday: {
    title: 'Issued today',
    render: (d) => (
      <SimpleTable
        label="Issued today"
        headers={['Material', 'Quantity', 'Requisition', 'Customer']}
        rows={d.issued_today.results.map((i) => [i.material_name, `${formatIndian(i.quantity)} ${i.unit}`, i.requisition ? String(i.requisition) : '', i.customer_name ?? ''])}
      />
    ),
  },
  lowStock: {
    title: 'Materials low on stock',
    render: (d) => (
      <SimpleTable
        label="Materials low on stock"
        headers={['Material', 'Category', 'Available', 'Reorder level', 'Short by']}
        rows={d.low_stock.results.map((m) => [m.name, m.category_name, `${formatIndian(m.available)} ${m.unit}`, formatIndian(m.reorder_level), formatIndian(m.shortfall)])}
      />
    ),
  },
};

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
  const { url } = definition;
  const load = useCallback(
    async () => workshopDashboardSchema.parse((await api.get(url, { params: department ? { production_department: department } : undefined })).data),
    [url, department],
  );
  const { data, error, loading, reload, unreachable } = useDashboardData(load);

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
      {definition.deviceFigures && <DeviceFiguresCard userId={user?.id} />}
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
            <Card.Root key={key}>
              <Card.Body>
                <Stack gap="3">
                  <Heading size="md">{LISTS[key].title}</Heading>
                  {LISTS[key].render(data, definition)}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </>
      )}
    </Stack>
  );
}
