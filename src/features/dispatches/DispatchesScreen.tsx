import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { DISPATCH_STATUSES, dispatchDay, type DispatchStatus } from '../../../domain/dispatch';
import { pathOf } from '../../../domain/routes';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { DISPATCH_STATUS_PALETTE, useDispatchRows, type DispatchRow } from './data';
import { badgeColumn } from '../../ui/badge-column';
import { RowLink } from '../../ui/RowLink';

const PAGE_SIZE = 15;
const NEWEST_FIRST = [{ id: 'date', desc: true }];
const DATA: readonly DataType[] = ['dispatches', 'deliveryNotes', 'jobOrders', 'customers'];

interface Row {
  id: number;
  date: string;
  iso: string;
  today: boolean;
  note: number;
  jobOrder: string;
  customer: string;
  location: string;
  vehicle: string;
  status: DispatchStatus;
}

/** Vehicles booked for a later day, soonest first: planned, so kept apart from what has moved. */
function ScheduledAhead({ rows }: { rows: readonly DispatchRow[] }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="2" role="region" aria-label="Scheduled ahead">
          <Heading size="md">Scheduled ahead · {rows.length}</Heading>
          {rows.length === 0 && <Text color="fg.muted">No vehicle is booked for a later day.</Text>}
          {rows.map(({ dispatch, jobOrderLabel, customer, location }) => (
            <Flex key={dispatch.id} gap="3" wrap="wrap" align="center" minH="11" data-testid="scheduled-dispatch">
              <Text fontWeight="semibold">{formatDisplayDate(dispatch.dispatch_date)}</Text>
              <Link asChild colorPalette="teal">
                <RouterLink to={pathOf('dispatch-detail', { id: dispatch.id })}>Dispatch {dispatch.id}</RouterLink>
              </Link>
              <Text>
                Note {dispatch.delivery_note} · {jobOrderLabel} · {customer} · {location}
              </Text>
              {dispatch.vehicle_number && <Badge size="lg">{dispatch.vehicle_number}</Badge>}
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** dispatches-home: today's dispatches first, then the earlier ones, the latest first; vehicles booked for later days apart. */
export default function DispatchesScreen() {
  const found = useDispatchRows();
  const today = businessToday();
  const ahead = useMemo(
    () => found?.filter(({ dispatch }) => dispatchDay(dispatch, today) === 'ahead').sort((a, b) => a.dispatch.dispatch_date.localeCompare(b.dispatch.dispatch_date) || a.dispatch.id - b.dispatch.id),
    [found, today],
  );
  const rows = useMemo<Row[] | undefined>(
    () =>
      found
        ?.filter(({ dispatch }) => dispatchDay(dispatch, today) !== 'ahead')
        .map(({ dispatch, jobOrderLabel, customer, location }) => ({
          id: dispatch.id,
          date: formatDisplayDate(dispatch.dispatch_date),
          iso: dispatch.dispatch_date,
          today: dispatchDay(dispatch, today) === 'today',
          note: dispatch.delivery_note,
          jobOrder: jobOrderLabel,
          customer,
          location,
          vehicle: dispatch.vehicle_number,
          status: dispatch.status,
        })),
    [found, today],
  );
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'No.',
        accessorKey: 'id',
        cell: ({ row }) => (
          <RowLink to={pathOf('dispatch-detail', { id: row.original.id })}>{row.original.id}</RowLink>
        ),
      },
      {
        id: 'date',
        header: 'Date',
        accessorKey: 'date',
        // Today's rows rank above every other day, so the latest first opens on them.
        sortingFn: (a, b) => Number(a.original.today) - Number(b.original.today) || a.original.iso.localeCompare(b.original.iso) || a.original.id - b.original.id,
        cell: ({ row }) => (row.original.today ? `Today · ${row.original.date}` : row.original.date),
      },
      { id: 'note', header: 'Delivery note', accessorKey: 'note' },
      { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
      { id: 'customer', header: 'Customer', accessorKey: 'customer' },
      { id: 'location', header: 'Delivery location', accessorKey: 'location', meta: { secondary: true } },
      { id: 'vehicle', header: 'Vehicle', accessorKey: 'vehicle' },
      badgeColumn({ id: 'status', header: 'Status', allLabel: 'All statuses', options: DISPATCH_STATUSES, palette: DISPATCH_STATUS_PALETTE, value: (r) => r.status }),
    ],
    [],
  );
  return (
    <LocalListScreen
      title="Dispatches"
      actions={
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('packing-dispatch-dashboard')}>Packing & dispatch dashboard</RouterLink>
        </Button>
      }
      data={DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.id}
      search="Search dispatches"
      initialSorting={NEWEST_FIRST}
      empty="No dispatches."
    >
      {ahead && <ScheduledAhead rows={ahead} />}
    </LocalListScreen>
  );
}
