import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { labelOf } from '../../domain/options';
import type { Option } from '../../domain/options';
import { pathOf, type RouteName } from '../../domain/routes';
import { formatDisplayDate } from '../../domain/rules/dates';
import { formatIndian } from '../../domain/decimal';
import { api } from '../data/api';
import { useOnline } from '../data/online';
import { DataTable } from './DataTable';
import { notify } from './notify';
import { chosenFilters, ReportFilters, type ReportFilter } from './ReportFilters';
import { readFailure } from './connection';

/** A report row as the API sends it; columns pick their fields by name. */
export type ReportRow = Record<string, unknown>;

/** How a field shows: as sent, an exact decimal in Indian grouping, a DD-MM-YYYY date, or its option's label; empty when the API sends none. */
export type FieldFormat = 'text' | 'number' | 'date' | readonly Option[];

/** A figure of the whole report above its table (a total, a summary); `key` may name a nested field (`summary.min_rate`). */
export interface ReportFigure {
  key: string;
  label: string;
  format: FieldFormat;
}

/** What a report screen shows: where its pages come from, what it is, its columns and figures, and its filters. */
export interface ReportDef {
  /** The API path; `:name` segments take the screen's route parameters. */
  path: string;
  note: string;
  columns: ColumnDef<ReportRow, unknown>[];
  figures?: readonly ReportFigure[];
  /** The filters and the report's query schema from domain/, which checks what the user chose. */
  filter?: { fields: readonly ReportFilter[]; query: z.ZodType };
  /** The answer holds every row at once (no pages). */
  unpaged?: boolean;
  /** The fields that tell rows apart; the row's id, else its material, without them. */
  rowKey?: readonly string[];
  /** An info notice when the report has no rows (business-areas.md §8). */
  emptyNotice?: string;
}

interface ReportPage {
  count?: number;
  results: ReportRow[];
  [field: string]: unknown;
}

function shown(value: unknown, format: FieldFormat): string {
  if (value == null) return '';
  if (format === 'number') return formatIndian(value as string);
  if (format === 'date') return formatDisplayDate(value as string);
  if (format === 'text') return String(value);
  return labelOf(format, value as string);
}

const column = (key: string, header: string, format: FieldFormat): ColumnDef<ReportRow, unknown> => ({
  id: key,
  header,
  cell: ({ row }) => shown(row.original[key], format),
  ...(format === 'number' ? { meta: { numeric: true } } : {}),
});

// Column and figure makers, so a report is declared as data.
export const textColumn = (key: string, header: string) => column(key, header, 'text');
export const numberColumn = (key: string, header: string) => column(key, header, 'number');
export const dateColumn = (key: string, header: string) => column(key, header, 'date');
export const optionColumn = (key: string, header: string, options: readonly Option[]) => column(key, header, options);
/** The field's value as a link to `route` for the row's `idKey` (the field itself unless given) as the route's `param`; none when it is empty. */
export const linkColumn = (key: string, header: string, route: RouteName, idKey = key, param = 'id'): ColumnDef<ReportRow, unknown> => ({
  id: key,
  header,
  cell: ({ row }) =>
    row.original[idKey] == null ? (
      shown(row.original[key], 'text')
    ) : (
      <Link asChild colorPalette="teal">
        <RouterLink to={pathOf(route, { [param]: row.original[idKey] as number })}>{shown(row.original[key], 'text')}</RouterLink>
      </Link>
    ),
});
export const figure = (key: string, label: string, format: FieldFormat = 'number'): ReportFigure => ({ key, label, format });

const PAGE_SIZE = 15;

function valueAt(page: ReportPage, key: string): unknown {
  return key.split('.').reduce<unknown>((value, part) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), page);
}

function ReportBody({ report, query, pageSize }: { report: ReportDef; query: Record<string, string | number>; pageSize: number }) {
  const routeParams = useParams();
  const path = report.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(routeParams[name] ?? ''));
  const [page, setPage] = useState(1);
  const params = report.unpaged ? query : { ...query, page, page_size: pageSize };
  const result = useQuery({
    queryKey: ['report', path, params],
    queryFn: async (): Promise<ReportPage> => {
      const { data } = await api.get<ReportPage | ReportRow[]>(path, { params });
      // An unpaged report may answer with its rows alone.
      return Array.isArray(data) ? { results: data } : data;
    },
    // The page on screen stays until the next one arrives.
    placeholderData: keepPreviousData,
  });
  const { data, isFetching: loading } = result;
  const error = readFailure(result);
  useEffect(() => {
    if (report.emptyNotice && data?.results.length === 0) notify({ type: 'info', message: report.emptyNotice });
  }, [data, report.emptyNotice]);
  const keys = report.rowKey;
  const figures = data ? (report.figures ?? []).filter((f) => valueAt(data, f.key) != null) : [];
  return (
    <>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {figures.length > 0 && (
        <HStack gap="6" wrap="wrap">
          {figures.map((f) => (
            <Text key={f.key} fontWeight="semibold">
              {f.label}: {shown(valueAt(data!, f.key), f.format)}
            </Text>
          ))}
        </HStack>
      )}
      <DataTable<ReportRow>
        columns={report.columns}
        rows={data?.results ?? []}
        count={data?.count ?? data?.results.length ?? 0}
        page={page}
        pageSize={report.unpaged ? Math.max(1, data?.results.length ?? 1) : pageSize}
        onPageChange={setPage}
        empty={loading ? 'Loading…' : 'Nothing to show.'}
        rowKey={(row) => (keys ? keys.map((k) => String(row[k])).join('/') : String(row.id ?? row.material))}
      />
    </>
  );
}

const NO_PARAMS: Record<string, string | number> = {};

/**
 * A report the server works out (ledger arithmetic, joins over the whole company): read online,
 * page by page, on entry and whenever its filters change; offline it says it needs the server.
 * `params` are fixed query parameters of the screen (the material of a material's ledger).
 */
export function ServerReport({
  title,
  report,
  pageSize = PAGE_SIZE,
  params = NO_PARAMS,
  level = 'screen',
  actions,
}: {
  title: string;
  report: ReportDef;
  pageSize?: number;
  params?: Record<string, string | number>;
  level?: 'screen' | 'section';
  /** Beside the title: where the report leads (the reorder report's Raise LPOs). */
  actions?: ReactNode;
}) {
  const online = useOnline();
  const [search, setSearch] = useSearchParams();
  const fields = report.filter?.fields;
  const chosen = useMemo(() => (fields ? chosenFilters(fields, search) : {}), [fields, search]);
  const queryKey = JSON.stringify([params, chosen]);
  const query = useMemo(() => ({ ...params, ...Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== '')) }), [params, chosen]);
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size={level === 'screen' ? 'xl' : 'lg'} flex="1">
          {title}
        </Heading>
        {actions}
      </Flex>
      <Text color="fg.muted">{report.note}</Text>
      {report.filter && (
        <ReportFilters key={search.toString()} fields={report.filter.fields} query={report.filter.query} fixed={params} chosen={chosen} onChoose={(values) => setSearch((s) => new URLSearchParams({ ...Object.fromEntries(s), ...values }))} />
      )}
      {online ? (
        <ReportBody key={queryKey} report={report} query={query} pageSize={pageSize} />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{title} is worked out by the server: it shows here once this device is back online.</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
