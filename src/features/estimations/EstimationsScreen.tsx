import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Link } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { compare, formatIndian } from '../../../domain/decimal';
import { ESTIMATION_MESSAGES, ESTIMATION_STATUSES } from '../../../domain/estimation';
import type { EstimationListRow } from '../../../domain/estimation';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { Failure } from '../../ui/detail';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { ESTIMATION_PAGE_SIZE, useEstimationsOnDevice } from './api';
import { EstimationStatusBadge, partyOf } from './parts';

const DATA: readonly DataType[] = ['estimations', 'customers'];
const OWN: readonly DataType[] = ['estimations'];
const NEWEST_FIRST = [{ id: 'id', desc: true }];

const COLUMNS: ColumnDef<EstimationListRow, unknown>[] = [
  {
    id: 'id',
    header: 'No.',
    accessorFn: (e) => e.id,
    sortingFn: byAge,
    cell: ({ row }) => (
      <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center" fontWeight="semibold">
        <RouterLink to={pathOf('estimation-detail', { id: row.original.id })}>{row.original.id > 0 ? `EST-${row.original.id}` : 'New'}</RouterLink>
      </Link>
    ),
  },
  { id: 'estimation_date', header: 'Date', accessorKey: 'estimation_date', cell: ({ row }) => formatDisplayDate(row.original.estimation_date) },
  { id: 'title', header: 'Title', accessorKey: 'title' },
  { id: 'party', header: 'Customer or lead', accessorFn: (e) => partyOf(e) },
  // The product count gives way on a tablet on its side: the other columns fill its width.
  { id: 'products', header: 'Products', meta: { numeric: true, secondary: true }, accessorFn: (e) => e.product_count ?? 0 },
  { id: 'total_cost', header: 'Cost', meta: { numeric: true }, accessorKey: 'total_cost', sortingFn: (a, b) => compare(a.original.total_cost, b.original.total_cost), cell: ({ row }) => formatIndian(row.original.total_cost) },
  {
    id: 'status',
    header: 'Status',
    accessorKey: 'status',
    meta: { filter: { label: 'Status', allLabel: 'All statuses', options: ESTIMATION_STATUSES } },
    cell: ({ row }) => <EstimationStatusBadge status={row.original.status} />,
  },
];

/**
 * The estimations (estimations-home), read from the device so the list answers offline: newest
 * first, 15 a page, searched and narrowed by status on the device. One made on the device and not
 * yet on the server comes first with the pending badge.
 */
export default function EstimationsScreen() {
  const navigate = useNavigate();
  const { user } = useSession();
  const all = useEstimationsOnDevice();
  const pending = usePendingIds('estimations');
  // The estimations never reached the device: say so (a failed refresh of rows it holds is the freshness note's).
  const failed = !!useMirrorStatus(OWN).error && !all?.length;
  return (
    <LocalListScreen
      title="Estimations"
      data={DATA}
      actions={
        <>
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('estimations-cancelled'))}>
            Cancelled estimations
          </Button>
          {can(user, 'estimations.request') && (
            <Button size="lg" minH="11" colorPalette="teal" onClick={() => navigate(pathOf('estimation-add'))}>
              New estimation
            </Button>
          )}
        </>
      }
      columns={COLUMNS}
      rows={all}
      search="Search estimations"
      pageSize={ESTIMATION_PAGE_SIZE}
      rowKey={(e) => e.id}
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty={all?.length ? 'No estimations match.' : 'No estimations.'}
    >
      {failed && <Failure text={ESTIMATION_MESSAGES.loadFailed} />}
    </LocalListScreen>
  );
}
