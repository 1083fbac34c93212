import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { formatIndian } from '../../../domain/decimal';
import type { LpoView } from '../../../domain/lpo';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure } from '../../ui/connection';
import { DataTable, secondary, useListPage } from '../../ui/DataTable';
import { Failure } from '../../ui/detail';
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
  const navigate = useNavigate();
  const [page, setPage] = useListPage();
  const result = useCancelledLpos(page);
  const failure = readFailure(result);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          Cancelled LPO&apos;s
        </Heading>
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('lpos-home'))}>
          All LPOs
        </Button>
      </Flex>
      {failure && <Failure text={failure} />}
      <DataTable<LpoView>
        columns={COLUMNS}
        rows={result.data?.results ?? []}
        count={result.data?.count ?? 0}
        page={page}
        pageSize={LPO_PAGE_SIZE}
        onPageChange={setPage}
        empty={result.isPending && !failure ? 'Loading…' : 'No cancelled LPOs.'}
        rowKey={(row) => row.id}
      />
    </Stack>
  );
}
