import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Box, Button, Card, Flex, Heading, Link, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { type DashboardNote, type PackingDispatchDashboard as Figures } from '../../../domain/dispatch';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useSession } from '../../data/session';
import { FOLDING_TABLE } from '../../ui/table-layout';
import { useDashboardView } from '../../ui/dashboard';
import { usePackingDispatchFigures } from './api';
import { bookingLabel, recordDispatch } from './record';
import { RowLink } from '../../ui/RowLink';

/** A note that has waited this many days or more is flagged: packing should not sit for longer. */
const LATE_DAYS = 2;
const DAY = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });

/** Dispatches per day, the last 14 days: a glance shows a slow week or a backlog being cleared. */
function DailyChart({ daily }: { daily: Figures['daily'] }) {
  const max = Math.max(1, ...daily.map((d) => d.count));
  return (
    <Flex align="flex-end" gap="1" h="40" role="img" aria-label="Dispatches per day for the last 14 days">
      {daily.map((d) => (
        <Flex key={d.date} direction="column" align="center" flex="1" h="full" justify="flex-end">
          <Text fontSize="xs" fontWeight="semibold">
            {d.count || ''}
          </Text>
          <Box w="full" bg="yellow.solid" rounded="sm" minH="1px" h={`${(d.count / max) * 80}%`} data-date={d.date} data-count={d.count} />
          <Text fontSize="2xs" color="fg.muted" mt="1" whiteSpace="nowrap">
            {DAY.format(new Date(`${d.date}T00:00:00Z`))}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}

function Waited({ days }: { days: number }) {
  return (
    <Badge colorPalette={days >= LATE_DAYS ? 'red' : days > 0 ? 'orange' : 'green'} size="lg">
      {days === 0 ? 'Today' : `${days} day${days === 1 ? '' : 's'}`}
    </Badge>
  );
}

function NotesTable({ label, notes, action }: { label: string; notes: readonly DashboardNote[]; action?: (note: DashboardNote) => React.ReactNode }) {
  if (!notes.length) return <Text color="fg.muted">Nothing here.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="md" aria-label={label} css={FOLDING_TABLE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Note</Table.ColumnHeader>
            <Table.ColumnHeader>Job order</Table.ColumnHeader>
            <Table.ColumnHeader>Customer</Table.ColumnHeader>
            <Table.ColumnHeader data-secondary>Delivery location</Table.ColumnHeader>
            <Table.ColumnHeader>Vehicle</Table.ColumnHeader>
            <Table.ColumnHeader>Waiting</Table.ColumnHeader>
            {action && <Table.ColumnHeader />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {notes.map((note) => (
            <Table.Row key={note.id}>
              <Table.Cell>
                <RowLink to={pathOf('dnote-detail', { id: note.id })}>{note.id}</RowLink>
              </Table.Cell>
              <Table.Cell data-label="Job order">{note.job_order_label}</Table.Cell>
              <Table.Cell data-label="Customer">{note.customer_name}</Table.Cell>
              <Table.Cell data-label="Delivery location" data-secondary>
                {note.delivery_location}
              </Table.Cell>
              <Table.Cell data-label="Vehicle">{note.booking ? bookingLabel(note.booking) : '—'}</Table.Cell>
              <Table.Cell data-label="Waiting">
                <Waited days={note.days_waiting} />
              </Table.Cell>
              {action && <Table.Cell>{action(note)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The packing and dispatch dashboard (/jobs/warehouse, docs/decisions.md 114): what to send now
 * (packed, no vehicle yet), what is still to pack (approved), what left today, and the last two
 * weeks' dispatches as a chart. Fresh from the server on every entry, as every dashboard.
 */
export default function PackingDispatchDashboard() {
  const { user } = useSession();
  const { data, error, loading, reload } = useDashboardView(usePackingDispatchFigures());
  const dispatch = async (note: DashboardNote) => {
    if (await recordDispatch(note, note.booking)) reload();
  };
  const late = data ? [...data.ready_to_dispatch, ...data.waiting].filter((n) => n.days_waiting >= LATE_DAYS).length : 0;

  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="2xl" flex="1">
          Packing & dispatch
        </Heading>
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('dispatches-home')}>All dispatches</RouterLink>
        </Button>
      </Flex>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
          <Button size="sm" ml="auto" onClick={reload}>
            Try again
          </Button>
        </Alert.Root>
      )}
      <Skeleton loading={loading && !data}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {[
            ['Ready to dispatch', data?.ready_to_dispatch.length ?? 0, 'packed, waiting to leave', 'ready-count'],
            ['Waiting to be packed', data?.waiting.length ?? 0, 'approved notes', 'waiting-count'],
            ['Dispatched today', data?.dispatched_today.length ?? 0, data ? formatDisplayDate(data.today) : '', 'today-count'],
          ].map(([label, count, help, testId]) => (
            <Card.Root key={label}>
              <Card.Body>
                <Stat.Root>
                  <Stat.Label>{label}</Stat.Label>
                  <Stat.ValueText data-testid={testId}>{count}</Stat.ValueText>
                  <Stat.HelpText>{help}</Stat.HelpText>
                </Stat.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Skeleton>
      {late > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {late} note{late === 1 ? ' has' : 's have'} waited {LATE_DAYS} days or more.
          </Alert.Title>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Heading size="md">Dispatches, last 14 days</Heading>
            {data && <DailyChart daily={data.daily} />}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Heading size="md">Ready to dispatch</Heading>
            {data && (
              <NotesTable
                label="Ready to dispatch"
                notes={data.ready_to_dispatch}
                action={
                  can(user, 'dispatches.write')
                    ? (note) => (
                        <Button size="lg" onClick={() => void dispatch(note)}>
                          Dispatch
                        </Button>
                      )
                    : undefined
                }
              />
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Heading size="md">Waiting to be packed</Heading>
            {data && <NotesTable label="Waiting to be packed" notes={data.waiting} />}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Heading size="md">Dispatched today</Heading>
            {data?.dispatched_today.length === 0 && <Text color="fg.muted">Nothing has left yet today.</Text>}
            {data?.dispatched_today.map((d) => (
              <Flex key={d.id} gap="3" wrap="wrap" align="center" minH="11">
                <Link asChild colorPalette="teal">
                  <RouterLink to={pathOf('dispatch-detail', { id: d.id })}>Dispatch {d.id}</RouterLink>
                </Link>
                <Text>
                  Note {d.delivery_note} · {d.job_order_label} · {d.customer_name} · {d.delivery_location}
                </Text>
                {d.vehicle_number && <Badge size="lg">{d.vehicle_number}</Badge>}
              </Flex>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
