import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { JOB_ORDER_BUCKETS, JOB_ORDER_STATUSES, jobOrderLabel, type JobOrderStatus } from '../../../domain/job-order';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { compare, formatIndian } from '../../../domain/decimal';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { useCurrentRoute } from '../../ui/route';
import { detailRouteOf, STATUS_PALETTE, useJobOrderRows } from './data';
import { badgeColumn } from '../../ui/badge-column';
import { RowLink } from '../../ui/RowLink';

/** business-areas.md §9: jobs show 15 rows a page. */
const PAGE_SIZE = 15;
const NEWEST_FIRST = [{ id: 'id', desc: true }];
const DATA: readonly DataType[] = ['jobOrders', 'customers'];

interface Row {
  id: number;
  label: string;
  customer: string;
  status: JobOrderStatus;
  bucket: string;
  value: string;
  created: string;
}

/** jobs-home, prod-jobs and metal-jobs: every live job order, read from the device. */
export default function JobOrdersScreen() {
  const route = useCurrentRoute();
  const detail = detailRouteOf(route?.name);
  const jobOrders = useJobOrderRows();
  const pending = usePendingIds('jobOrders');
  const { user } = useSession();
  // The office list leads on to the closed and cancelled lists and to a new job order; the shop floor's lists are for working.
  const office = route?.name === 'jobs-home';

  const rows = useMemo<Row[] | undefined>(
    () =>
      jobOrders
        ?.filter(({ jobOrder }) => !jobOrder.cancelled_at)
        .map(({ jobOrder, customer }) => ({
          id: jobOrder.id,
          label: jobOrder.id > 0 ? jobOrderLabel(jobOrder) : 'New',
          customer,
          status: jobOrder.status,
          bucket: jobOrder.bucket,
          value: jobOrder.total_value,
          created: formatDisplayDate(jobOrder.created_at),
        })),
    [jobOrders],
  );
  const customers = useMemo(() => [...new Set((rows ?? []).map((r) => r.customer).filter(Boolean))].sort().map((name) => ({ value: name, label: name })), [rows]);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'Job order',
        accessorKey: 'label',
        sortingFn: byAge,
        cell: ({ row }) => (
          <RowLink to={pathOf(detail, { id: row.original.id })}>{row.original.label}</RowLink>
        ),
      },
      { id: 'customer', header: 'Customer', accessorKey: 'customer', meta: { filter: { label: 'Customer', allLabel: 'All customers', options: customers } } },
      badgeColumn({ id: 'status', header: 'Status', allLabel: 'All statuses', options: JOB_ORDER_STATUSES, palette: STATUS_PALETTE, value: (r) => r.status }),
      { id: 'bucket', header: 'Bucket', accessorKey: 'bucket', meta: { filter: { label: 'Bucket', allLabel: 'All buckets', options: JOB_ORDER_BUCKETS } } },
      { id: 'value', header: 'Value', accessorKey: 'value', cell: ({ row }) => formatIndian(row.original.value), sortingFn: (a, b) => compare(a.original.value, b.original.value), meta: { numeric: true } },
      { id: 'created', header: 'Created', accessorKey: 'created', enableGlobalFilter: false },
    ],
    [detail, customers],
  );

  return (
    <LocalListScreen
      title={route?.title ?? 'Job orders'}
      actions={
        office && (
          <>
            <Button asChild size="lg" variant="outline">
              <RouterLink to={pathOf('jobs-closed')}>Closed job orders</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <RouterLink to={pathOf('jobs-cancelled')}>Cancelled job orders</RouterLink>
            </Button>
            {can(user, 'job-orders.write') && (
              <Button asChild size="lg">
                <RouterLink to={pathOf('job-order-create')}>New job order</RouterLink>
              </Button>
            )}
          </>
        )
      }
      data={DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.id}
      search="Search job orders"
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty="No job orders."
    />
  );
}
