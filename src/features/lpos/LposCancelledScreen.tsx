import type { ColumnDef } from '@tanstack/react-table';
import { formatIndian } from '../../../domain/decimal';
import { LPO_MESSAGES, type LpoView } from '../../../domain/lpo';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { secondary, useListPage } from '../../ui/DataTable';
import { ServerListScreen } from '../../ui/ServerListScreen';
import { LPO_PAGE_SIZE, useCancelledLpos } from './api';

const COLUMNS: ColumnDef<LpoView, unknown>[] = [
  { id: 'number', header: 'LPO No.', cell: ({ row }) => row.original.id },
  { id: 'lpo_date', header: 'Date', cell: ({ row }) => formatDisplayDate(row.original.lpo_date) },
  { id: 'vendor', header: 'Vendor', cell: ({ row }) => row.original.vendor_name },
  { id: 'total_amount', header: 'Total (₹)', meta: { numeric: true }, cell: ({ row }) => formatIndian(row.original.total_amount) },
  { id: 'cancelled_at', header: 'Cancelled on', cell: ({ row }) => formatDisplayDate(row.original.cancelled_at) },
  secondary({ id: 'cancellation_remarks', header: 'Why', cell: ({ row }) => row.original.cancellation_remarks ?? '' }),
];

/** lpos-cancelled: the cancelled LPOs, read from the server page by page. */
export default function LposCancelledScreen() {
  const [page, setPage] = useListPage();
  return (
    <ServerListScreen<LpoView>
      title="Cancelled LPO's"
      back={{ label: 'All LPOs', route: 'lpos-home' }}
      result={useCancelledLpos(page)}
      columns={COLUMNS}
      page={page}
      pageSize={LPO_PAGE_SIZE}
      onPageChange={setPage}
      empty="No cancelled LPOs."
      emptyNotice={LPO_MESSAGES.cancelledNotFound}
      rowKey={(row) => row.id}
    />
  );
}
