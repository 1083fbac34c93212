import type { ColumnDef } from '@tanstack/react-table';
import { formatIndian } from '../../../domain/decimal';
import { quotationReference, type QuotationView } from '../../../domain/quotation';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { secondary, useListPage } from '../../ui/DataTable';
import { ServerListScreen } from '../../ui/ServerListScreen';
import { QUOTATION_PAGE_SIZE, useCancelledQuotations } from './api';
import { QuotationStatusBadge } from '../../ui/QuotationStatusBadge';

const COLUMNS: ColumnDef<QuotationView, unknown>[] = [
  { id: 'number', header: 'No.', cell: ({ row }) => quotationReference(row.original) },
  { id: 'quotation_date', header: 'Date', cell: ({ row }) => formatDisplayDate(row.original.quotation_date) },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customer_name },
  { id: 'subject', header: 'Subject', cell: ({ row }) => row.original.subject },
  secondary({ id: 'sales_exec', header: 'Sales executive', cell: ({ row }) => row.original.sales_exec_name }),
  { id: 'total_amount', header: 'Total', meta: { numeric: true }, cell: ({ row }) => formatIndian(row.original.total_amount) },
  { id: 'status', header: 'Status when cancelled', cell: ({ row }) => <QuotationStatusBadge status={row.original.status} /> },
  { id: 'deleted_at', header: 'Cancelled on', cell: ({ row }) => (row.original.deleted_at ? formatDisplayDate(row.original.deleted_at) : '') },
];

/**
 * The cancelled quotations (quotations-cancelled, deleted_list/), read from the server page by
 * page, the latest cancelled first (decision 218). A cancelled quotation has no detail to open.
 */
export default function QuotationsCancelledScreen() {
  const [page, setPage] = useListPage();
  return (
    <ServerListScreen<QuotationView>
      title="Cancelled quotations"
      back={{ label: 'All quotations', route: 'quotations-home' }}
      result={useCancelledQuotations(page)}
      columns={COLUMNS}
      page={page}
      pageSize={QUOTATION_PAGE_SIZE}
      onPageChange={setPage}
      empty="No cancelled quotations."
      rowKey={(row) => row.id}
    />
  );
}
