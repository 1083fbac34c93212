import type { ColumnDef } from '@tanstack/react-table';
import { GRA_MESSAGES, type GraView } from '../../../domain/gra';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { secondary, useListPage } from '../../ui/DataTable';
import { RowLink } from '../../ui/RowLink';
import { ServerListScreen } from '../../ui/ServerListScreen';
import { GRA_PAGE_SIZE, useCancelledGras } from './api';
import { graTitle, lpoTitle } from './data';

const COLUMNS: ColumnDef<GraView, unknown>[] = [
  { id: 'number', header: 'GRA', cell: ({ row }) => <RowLink to={pathOf('gra-detail', { id: row.original.id })}>{graTitle(row.original.id)}</RowLink> },
  { id: 'gra_date', header: 'Date', cell: ({ row }) => formatDisplayDate(row.original.gra_date) },
  { id: 'vendor', header: 'Vendor', cell: ({ row }) => row.original.vendor_name },
  { id: 'lpo', header: 'LPO', cell: ({ row }) => (row.original.lpo !== null ? lpoTitle(row.original.lpo) : 'Without LPO') },
  secondary({ id: 'invoice_number', header: 'Invoice no.', cell: ({ row }) => row.original.invoice_number }),
  { id: 'cancelled_at', header: 'Cancelled on', cell: ({ row }) => (row.original.cancelled_at ? formatDisplayDate(row.original.cancelled_at) : '') },
  { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.cancellation_remarks },
];

/** gras-cancelled: the cancelled GRAs (cancelled_gras/), read from the server page by page, the latest cancelled first, with why; each opens its GRA, read-only. */
export default function GrasCancelledScreen() {
  const [page, setPage] = useListPage();
  return (
    <ServerListScreen<GraView>
      title="Cancelled GRA's"
      back={{ label: 'All GRAs', route: 'gra-home' }}
      result={useCancelledGras(page)}
      columns={COLUMNS}
      page={page}
      pageSize={GRA_PAGE_SIZE}
      onPageChange={setPage}
      empty="No cancelled GRAs."
      emptyNotice={GRA_MESSAGES.cancelledNotFound}
      rowKey={(row) => row.id}
    />
  );
}
