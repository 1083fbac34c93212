import { useCallback, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { labelOf } from '../../domain/options';
import type { Option } from '../../domain/options';
import { formatDisplayDate } from '../../domain/rules/dates';
import { formatIndian } from '../../domain/rules/numbers';
import { api } from '../data/api';
import { DataTable } from './DataTable';
import { useApiData } from './useApiData';

/** A report row as the API sends it; columns pick their fields by name. */
export type ReportRow = Record<string, unknown>;

/** What a report screen shows: where its pages come from, what it is, and its columns. */
export interface ReportDef {
  path: string;
  note: string;
  columns: ColumnDef<ReportRow, unknown>[];
}

interface ReportPage {
  count: number;
  results: ReportRow[];
  total_value?: string;
}

// Column makers, so a report is declared as data.
export const textColumn = (key: string, header: string): ColumnDef<ReportRow, unknown> => ({ id: key, header, cell: ({ row }) => String(row.original[key] ?? '') });
export const numberColumn = (key: string, header: string): ColumnDef<ReportRow, unknown> => ({ id: key, header, cell: ({ row }) => formatIndian(row.original[key] as string), meta: { numeric: true } });
export const dateColumn = (key: string, header: string): ColumnDef<ReportRow, unknown> => ({ id: key, header, cell: ({ row }) => formatDisplayDate(row.original[key] as string) });
export const optionColumn = (key: string, header: string, options: readonly Option[]): ColumnDef<ReportRow, unknown> => ({ id: key, header, cell: ({ row }) => labelOf(options, row.original[key] as string) });

const PAGE_SIZE = 15;

/** A report the server works out (ledger arithmetic, joins over the whole company): read online, page by page, on entry. */
export function ServerReport({ title, report, pageSize = PAGE_SIZE }: { title: string; report: ReportDef; pageSize?: number }) {
  const [page, setPage] = useState(1);
  const load = useCallback(async () => (await api.get<ReportPage>(report.path, { params: { page, page_size: pageSize } })).data, [report.path, page, pageSize]);
  const { data, error, loading } = useApiData(load);
  return (
    <Stack gap="4">
      <Heading size="xl">{title}</Heading>
      <Text color="fg.muted">{report.note}</Text>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {data?.total_value !== undefined && <Text fontWeight="semibold">Total value: {formatIndian(data.total_value)}</Text>}
      <DataTable<ReportRow>
        columns={report.columns}
        rows={data?.results ?? []}
        count={data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        empty={loading ? 'Loading…' : 'Nothing to show.'}
        rowKey={(row) => String(row.id ?? row.material)}
      />
    </Stack>
  );
}
