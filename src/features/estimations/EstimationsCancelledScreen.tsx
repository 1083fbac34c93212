import type { ColumnDef } from '@tanstack/react-table';
import { formatIndian } from '../../../domain/decimal';
import { ESTIMATION_MESSAGES } from '../../../domain/estimation';
import type { EstimationListRow } from '../../../domain/estimation';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useListPage } from '../../ui/DataTable';
import { ServerListScreen } from '../../ui/ServerListScreen';
import { ESTIMATION_PAGE_SIZE, useCancelledEstimations } from './api';
import { EstimationStatusBadge, partyOf } from './parts';

const COLUMNS: ColumnDef<EstimationListRow, unknown>[] = [
  { id: 'id', header: 'No.', cell: ({ row }) => `EST-${row.original.id}` },
  { id: 'estimation_date', header: 'Date', cell: ({ row }) => formatDisplayDate(row.original.estimation_date) },
  { id: 'title', header: 'Title', cell: ({ row }) => row.original.title },
  { id: 'party', header: 'Customer or lead', cell: ({ row }) => partyOf(row.original) },
  { id: 'total_cost', header: 'Cost', meta: { numeric: true }, cell: ({ row }) => formatIndian(row.original.total_cost) },
  { id: 'status', header: 'Status when cancelled', cell: ({ row }) => <EstimationStatusBadge status={row.original.status} /> },
  { id: 'deleted_at', header: 'Cancelled on', cell: ({ row }) => (row.original.deleted_at ? formatDisplayDate(row.original.deleted_at) : '') },
];

/** The cancelled estimations (estimations-cancelled), read from the server page by page; none at all says so. */
export default function EstimationsCancelledScreen() {
  const [page, setPage] = useListPage();
  return (
    <ServerListScreen<EstimationListRow>
      title="Cancelled estimations"
      back={{ label: 'All estimations', route: 'estimations-home' }}
      result={useCancelledEstimations(page)}
      columns={COLUMNS}
      page={page}
      pageSize={ESTIMATION_PAGE_SIZE}
      onPageChange={setPage}
      empty={ESTIMATION_MESSAGES.noneCancelled}
      emptyNotice={ESTIMATION_MESSAGES.noneCancelled}
      rowKey={(row) => row.id}
    />
  );
}
