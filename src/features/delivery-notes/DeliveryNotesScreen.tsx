import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { DELIVERY_NOTE_STATUSES, type DeliveryNoteStatus } from '../../../domain/delivery-note';
import { JOB_ORDER_STATUSES } from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { useCurrentRoute } from '../../ui/route';
import { NOTE_STATUS_PALETTE, useNoteRows } from './data';
import { noteScreensOf } from './routes';
import { badgeColumn } from '../../ui/badge-column';
import { RowLink } from '../../ui/RowLink';

/** business-areas.md §9: delivery notes show 15 rows a page. */
const PAGE_SIZE = 15;
const NEWEST_FIRST = [{ id: 'id', desc: true }];
const DATA: readonly DataType[] = ['deliveryNotes', 'deliveryNoteItems', 'jobOrderItems', 'jobOrders', 'customers'];

interface Row {
  id: number;
  date: string;
  jobOrder: string;
  jobStatus: string;
  customer: string;
  location: string;
  products: number;
  status: DeliveryNoteStatus;
}

/** dnote-home and prod-dnote-home: every live delivery note, read from the device. */
export default function DeliveryNotesScreen() {
  const route = useCurrentRoute();
  const screens = noteScreensOf(route?.name);
  const { user } = useSession();
  const notes = useNoteRows();
  const pending = usePendingIds('deliveryNotes');

  const rows = useMemo<Row[] | undefined>(
    () =>
      notes?.map(({ note, jobOrderLabel, jobOrderStatus, customer, products }) => ({
        id: note.id,
        date: formatDisplayDate(note.delivery_date),
        jobOrder: jobOrderLabel,
        jobStatus: labelOf(JOB_ORDER_STATUSES, jobOrderStatus),
        customer,
        location: note.delivery_location,
        products,
        status: note.status,
      })),
    [notes],
  );

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'No.',
        accessorKey: 'id',
        sortingFn: byAge,
        cell: ({ row }) => (
          <RowLink to={pathOf(screens.detail, { id: row.original.id })}>{row.original.id > 0 ? row.original.id : 'New'}</RowLink>
        ),
      },
      { id: 'date', header: 'Delivery date', accessorKey: 'date' },
      { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
      {
        id: 'jobStatus',
        header: 'Job status',
        accessorKey: 'jobStatus',
        meta: { filter: { label: 'Job status', allLabel: 'All job statuses', options: JOB_ORDER_STATUSES.map((s) => ({ value: s.label, label: s.label })) } },
      },
      { id: 'customer', header: 'Customer', accessorKey: 'customer' },
      { id: 'location', header: 'Delivery location', accessorKey: 'location', meta: { secondary: true } },
      { id: 'products', header: 'Products', accessorKey: 'products', meta: { numeric: true, secondary: true } },
      badgeColumn({ id: 'status', header: 'Status', allLabel: 'All statuses', options: DELIVERY_NOTE_STATUSES, palette: NOTE_STATUS_PALETTE, value: (r) => r.status }),
    ],
    [screens.detail],
  );

  return (
    <LocalListScreen
      title={route?.title ?? 'Delivery notes'}
      actions={
        <>
          <Button asChild size="lg" variant="outline">
            <RouterLink to={pathOf('dnotes-cancelled')}>Cancelled delivery notes</RouterLink>
          </Button>
          {can(user, 'delivery-notes.write') && (
            <Button asChild size="lg">
              <RouterLink to={pathOf(screens.create)}>New delivery note</RouterLink>
            </Button>
          )}
        </>
      }
      data={DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.id}
      search="Search delivery notes"
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty="No delivery notes."
    />
  );
}
