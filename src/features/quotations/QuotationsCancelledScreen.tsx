import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import { quotationReference, type QuotationView } from '../../../domain/quotation';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure } from '../../ui/connection';
import { DataTable, secondary, useListPage } from '../../ui/DataTable';
import { Failure } from '../../ui/detail';
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
  const navigate = useNavigate();
  const [page, setPage] = useListPage();
  const result = useCancelledQuotations(page);
  const failure = readFailure(result);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          Cancelled quotations
        </Heading>
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('quotations-home'))}>
          All quotations
        </Button>
      </Flex>
      {failure && <Failure text={failure} />}
      <DataTable<QuotationView>
        columns={COLUMNS}
        rows={result.data?.results ?? []}
        count={result.data?.count ?? 0}
        page={page}
        pageSize={QUOTATION_PAGE_SIZE}
        onPageChange={setPage}
        empty={result.isPending && !failure ? 'Loading…' : 'No cancelled quotations.'}
        rowKey={(row) => row.id}
      />
    </Stack>
  );
}
