import { useCallback, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { AGEING_BUCKETS, type AgeingRow, type IssueRow } from '../../../domain/material-report';
import { MATERIAL_UNITS } from '../../../domain/material';
import { labelOf } from '../../../domain/options';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { formatIndian } from '../../../domain/rules/numbers';
import { api } from '../../data/api';
import { DataTable } from '../../ui/DataTable';
import { useCurrentRoute } from '../../ui/route';
import { useApiData } from '../../ui/useApiData';

/** business-areas.md §9: 15 rows a page for materials and stock. */
const PAGE_SIZE = 15;

type Row = Record<string, unknown>;
interface ReportPage {
  count: number;
  results: Row[];
  total_value?: string;
}

const number = (key: string, header: string): ColumnDef<Row, unknown> => ({ id: key, header, cell: ({ row }) => formatIndian(row.original[key] as string), meta: { numeric: true } });
const text = (key: string, header: string): ColumnDef<Row, unknown> => ({ id: key, header, accessorKey: key });
const unit = (key: string): ColumnDef<Row, unknown> => ({ id: key, header: 'Unit', cell: ({ row }) => labelOf(MATERIAL_UNITS, row.original[key] as string) });

/**
 * The stores' material reports that need the server's ledger arithmetic (they are read online,
 * each on entry): what each route calls, and how its rows show.
 */
const REPORTS: Readonly<Record<string, { path: string; note: string; columns: ColumnDef<Row, unknown>[] }>> = {
  'material-reorder': {
    path: '/materials/materials/reorder/',
    note: 'Materials whose free stock (on hand less reservations) is at or below their reorder level.',
    columns: [text('name', 'Material'), text('category_name', 'Category'), unit('unit'), number('quantity', 'On hand'), number('reserved', 'Reserved'), number('available', 'Available'), number('reorder_level', 'Reorder level'), number('shortfall', 'Shortfall')],
  },
  'material-issued-today': {
    path: '/materials/materials/issued_today/',
    note: 'Material issued today, with the job order and the value at the rate it went out at.',
    columns: [
      text('material_name', 'Material'),
      unit('unit'),
      number('quantity', 'Quantity'),
      text('requisition', 'Requisition'),
      text('job_order', 'Job order'),
      text('customer_name', 'Customer'),
      number('value', 'Value'),
      { id: 'date', header: 'Date', cell: ({ row }) => formatDisplayDate((row.original as unknown as IssueRow).transaction_date) },
    ],
  },
  'material-ageing': {
    path: '/materials/materials/ageing/',
    note: 'Stock on hand by how long ago it came in (first in, first out), valued at the average cost.',
    columns: [
      text('material_name', 'Material'),
      unit('unit'),
      number('quantity', 'On hand'),
      ...AGEING_BUCKETS.map(
        (bucket): ColumnDef<Row, unknown> => ({
          id: bucket.value,
          header: bucket.label,
          cell: ({ row }) => formatIndian((row.original as unknown as AgeingRow).buckets.find((b) => b.bucket === bucket.value)?.quantity ?? '0'),
          meta: { numeric: true },
        }),
      ),
      number('stock_value', 'Value'),
    ],
  },
};

/** One of the material reports, by the route it is shown under. */
export default function MaterialReportScreen() {
  const route = useCurrentRoute();
  const report = REPORTS[route?.name ?? ''] ?? REPORTS['material-reorder']!;
  const [page, setPage] = useState(1);
  const load = useCallback(async () => (await api.get<ReportPage>(report.path, { params: { page, page_size: PAGE_SIZE } })).data, [report.path, page]);
  const { data, error, loading } = useApiData(load);
  return (
    <Stack gap="4">
      <Heading size="xl">{route?.title ?? 'Material report'}</Heading>
      <Text color="fg.muted">{report.note}</Text>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {data?.total_value !== undefined && <Text fontWeight="semibold">Total value: {formatIndian(data.total_value)}</Text>}
      <DataTable<Row>
        columns={report.columns}
        rows={data?.results ?? []}
        count={data?.count ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        empty={loading ? 'Loading…' : 'Nothing to show.'}
        rowKey={(row) => String(row.id ?? row.material)}
      />
    </Stack>
  );
}
