import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { DISPATCH_STATUSES, type DispatchStatus } from '../../../domain/dispatch';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { DISPATCH_STATUS_PALETTE, useDispatchRows } from './data';
import { badgeColumn } from '../../ui/badge-column';

const PAGE_SIZE = 15;
const NEWEST_FIRST = [{ id: 'date', desc: true }];
const DATA: readonly DataType[] = ['dispatches', 'deliveryNotes', 'jobOrders', 'customers'];

interface Row {
  id: number;
  date: string;
  iso: string;
  note: number;
  jobOrder: string;
  customer: string;
  location: string;
  vehicle: string;
  status: DispatchStatus;
}

/** dispatches-home: every dispatch on the device, the latest first. */
export default function DispatchesScreen() {
  const found = useDispatchRows();
  const rows = useMemo<Row[] | undefined>(
    () =>
      found?.map(({ dispatch, jobOrderLabel, customer, location }) => ({
        id: dispatch.id,
        date: formatDisplayDate(dispatch.dispatch_date),
        iso: dispatch.dispatch_date,
        note: dispatch.delivery_note,
        jobOrder: jobOrderLabel,
        customer,
        location,
        vehicle: dispatch.vehicle_number,
        status: dispatch.status,
      })),
    [found],
  );
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'No.',
        accessorKey: 'id',
        cell: ({ row }) => (
          <Link asChild colorPalette="teal" minH="11" display="inline-flex" alignItems="center">
            <RouterLink to={pathOf('dispatch-detail', { id: row.original.id })}>{row.original.id}</RouterLink>
          </Link>
        ),
      },
      { id: 'date', header: 'Date', accessorKey: 'date', sortingFn: (a, b) => a.original.iso.localeCompare(b.original.iso) || a.original.id - b.original.id },
      { id: 'note', header: 'Delivery note', accessorKey: 'note' },
      { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
      { id: 'customer', header: 'Customer', accessorKey: 'customer' },
      { id: 'location', header: 'Delivery location', accessorKey: 'location' },
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
    />
  );
}
