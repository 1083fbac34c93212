import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import type { GraView } from '../../../domain/gra';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure } from '../../ui/connection';
import { DataTable, secondary, useListPage } from '../../ui/DataTable';
import { Failure } from '../../ui/detail';
import { GRA_PAGE_SIZE, useCancelledGras } from './api';
import { graTitle, lpoTitle } from './data';

const COLUMNS: ColumnDef<GraView, unknown>[] = [
  { id: 'number', header: 'GRA', cell: ({ row }) => graTitle(row.original.id) },
  { id: 'gra_date', header: 'Date', cell: ({ row }) => formatDisplayDate(row.original.gra_date) },
  { id: 'vendor', header: 'Vendor', cell: ({ row }) => row.original.vendor_name },
  { id: 'lpo', header: 'LPO', cell: ({ row }) => (row.original.lpo !== null ? lpoTitle(row.original.lpo) : 'Without LPO') },
  secondary({ id: 'invoice_number', header: 'Invoice no.', cell: ({ row }) => row.original.invoice_number }),
  { id: 'cancelled_at', header: 'Cancelled on', cell: ({ row }) => (row.original.cancelled_at ? formatDisplayDate(row.original.cancelled_at) : '') },
  { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.cancellation_remarks },
];

/** gras-cancelled: the cancelled GRAs (cancelled_gras/), read from the server page by page, the latest cancelled first, with why. */
export default function GrasCancelledScreen() {
  const navigate = useNavigate();
  const [page, setPage] = useListPage();
  const result = useCancelledGras(page);
  const failure = readFailure(result);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          Cancelled GRA's
        </Heading>
        <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('gra-home'))}>
          All GRAs
        </Button>
      </Flex>
      {failure && <Failure text={failure} />}
      <DataTable<GraView>
        columns={COLUMNS}
        rows={result.data?.results ?? []}
        count={result.data?.count ?? 0}
        page={page}
        pageSize={GRA_PAGE_SIZE}
        onPageChange={setPage}
        empty={result.isPending && !failure ? 'Loading…' : 'No cancelled GRAs.'}
        rowKey={(row) => row.id}
      />
    </Stack>
  );
}
