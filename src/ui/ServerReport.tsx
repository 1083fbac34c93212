import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import type { Option } from '../../domain/options';
import { pathOf, type RouteName } from '../../domain/routes';
import { api } from '../data/api';
import { useOnline } from '../data/online';
import { DataTable } from './DataTable';
import { notify } from './notify';
import { MAX_PAGE_SIZE } from '../../domain/query-params';
import { chosenFilters, describeFilters, ReportFilters, type ReportFilter } from './ReportFilters';
import { readFailure } from './connection';
import { shown, type ExportColumn, type FieldFormat, type ReportRow } from './report-export';
import { ReportActions } from './ReportActions';
import type { ReportChartDef } from './ReportChart';

export type { FieldFormat, ReportRow } from './report-export';

declare module '@tanstack/react-table' {
  // The library declares both parameters; the merged interface must repeat them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The row field a report column shows and how: what its exports write. */
    field?: { key: string; format: FieldFormat };
  }
}

/** The chart loads with the first report that draws one (recharts stays out of the others). */
const ReportChart = lazy(() => import('./ReportChart'));

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
  /** A chart of the rows, where a person would rather look than read. */
  chart?: ReportChartDef;
  /** The answer in the frame's shape, when the API answers another (the aging report's customers and buckets). */
  select?: (answer: never) => ReportPage;
  /** The rows behind a figure: opened by a drillColumn's link, which puts `params` in the address (one of several reports by its `name`). */
  drill?: ReportDrill | readonly ReportDrill[];
}

/**
 * A report of the rows behind a figure. `params` name the figure (the address holds them while it
 * is open); `carry` are the report's own filters it needs too (the period); `name`, when a report
 * has several, is the address's `drill` that picks this one.
 */
export interface ReportDrill {
  name?: string;
  title: string;
  params: readonly string[];
  carry?: readonly string[];
  report: ReportDef;
}

/** The address's parameter that picks one of a report's several drills. */
const DRILL = 'drill';
const drillsOf = (report: ReportDef): readonly ReportDrill[] => (report.drill === undefined ? [] : 'report' in report.drill ? [report.drill] : report.drill);
/** Every address parameter a report's drills use, dropped when the report's filters change or "Back to the report" is chosen. */
const drillParams = (drills: readonly ReportDrill[]) => [DRILL, ...drills.flatMap((d) => d.params)];

/** A report's answer: its rows, and (decision 371) a totals row that is their sum, shown last. */
export interface ReportPage {
  count?: number;
  results: ReportRow[];
  totals?: unknown;
  [field: string]: unknown;
}

const column = (key: string, header: string, format: FieldFormat): ColumnDef<ReportRow, unknown> => ({
  id: key,
  header,
  cell: ({ row }) => shown(row.original[key], format),
  meta: { field: { key, format }, ...(format === 'number' || format === 'count' ? { numeric: true } : {}) },
});

/**
 * A figure that opens the rows behind it (the report's `drill`): `paramsOf` names them from the
 * row and the address (an empty value drops one; `drill` picks one of several); none for an empty
 * figure or when `paramsOf` names nothing (a totals row with nothing behind it as one list).
 */
export const drillColumn = (key: string, header: string, format: FieldFormat, paramsOf: (row: ReportRow, search: URLSearchParams) => Record<string, string> | null): ColumnDef<ReportRow, unknown> => ({
  ...column(key, header, format),
  cell: function DrillCell({ row }) {
    const [search] = useSearchParams();
    const text = shown(row.original[key], format);
    const params = Number(row.original[key]) ? paramsOf(row.original, search) : null;
    if (!params) return text;
    const to = `?${new URLSearchParams({ ...Object.fromEntries(search), ...params })}`;
    return (
      <Link asChild colorPalette="teal">
        <RouterLink to={to}>{text}</RouterLink>
      </Link>
    );
  },
});

/** The key of the totals row the server adds (server/lib/report.ts). */
const TOTAL_KEY = 'total';
export const isTotalsRow = (row: ReportRow) => row.key === TOTAL_KEY;

/** The columns a file writes: those declared with their field. */
export const exportColumns = (columns: readonly ColumnDef<ReportRow, unknown>[]): ExportColumn[] =>
  columns.flatMap((c) => (c.meta?.field && typeof c.header === 'string' ? [{ field: c.meta.field.key, header: c.header, format: c.meta.field.format }] : []));

// Column and figure makers, so a report is declared as data.
export const textColumn = (key: string, header: string) => column(key, header, 'text');
export const numberColumn = (key: string, header: string) => column(key, header, 'number');
export const countColumn = (key: string, header: string) => column(key, header, 'count');
export const dateColumn = (key: string, header: string) => column(key, header, 'date');
export const optionColumn = (key: string, header: string, options: readonly Option[]) => column(key, header, options);
/** The field's value as a link to `route` for the row's `idKey` (the field itself unless given) as the route's `param`; none when it is empty. */
export const linkColumn = (key: string, header: string, route: RouteName, idKey = key, param = 'id'): ColumnDef<ReportRow, unknown> => ({
  id: key,
  header,
  meta: { field: { key, format: 'text' } },
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

/** The answer as the frame reads it: rows alone become a page; a report with its own shape says how (`select`). */
function asPage(report: ReportDef, data: unknown): ReportPage {
  if (report.select) return report.select(data as never);
  return Array.isArray(data) ? { results: data as ReportRow[] } : (data as ReportPage);
}

/** The answer's totals row (server/lib/report.ts), if it has one: other reports' `totals` (an array of per-bucket sums) are figures, not a row. */
const totalsRow = (page: ReportPage): ReportRow | undefined => (page.totals && !Array.isArray(page.totals) ? { label: 'Total', ...page.totals, key: TOTAL_KEY } : undefined);

/** Every row of the report for a file: the answer itself when unpaged, else each page of the largest size in turn. */
async function everyRow(report: ReportDef, path: string, query: Record<string, string | number>): Promise<ReportPage> {
  if (report.unpaged) return asPage(report, (await api.get(path, { params: query })).data);
  const rows: ReportRow[] = [];
  for (let page = 1; ; page++) {
    const slice = asPage(report, (await api.get(path, { params: { ...query, page, page_size: MAX_PAGE_SIZE } })).data);
    rows.push(...slice.results);
    if (rows.length >= (slice.count ?? rows.length) || !slice.results.length) return { ...slice, results: rows };
  }
}

function ReportBody({ title, subtitle, report, query, pageSize }: { title: string; subtitle: string; report: ReportDef; query: Record<string, string | number>; pageSize: number }) {
  const routeParams = useParams();
  const path = report.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(routeParams[name] ?? ''));
  const [page, setPage] = useState(1);
  const params = report.unpaged ? query : { ...query, page, page_size: pageSize };
  const result = useQuery({
    queryKey: ['report', path, params],
    queryFn: async (): Promise<ReportPage> => asPage(report, (await api.get<unknown>(path, { params })).data),
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
  // The totals row closes the table, so the last row always reads as the sum of those above it.
  const totals = data && totalsRow(data);
  const rows = data ? (totals ? [...data.results, totals] : data.results) : [];
  const file = async () => {
    const all = await everyRow(report, path, query);
    return { title, subtitle, columns: exportColumns(report.columns), rows: all.results, totals: totalsRow(all) };
  };
  return (
    <>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {data && <ReportActions title={title} file={file} />}
      {figures.length > 0 && (
        <HStack gap="6" wrap="wrap">
          {figures.map((f) => (
            <Text key={f.key} fontWeight="semibold">
              {f.label}: {shown(valueAt(data!, f.key), f.format)}
            </Text>
          ))}
        </HStack>
      )}
      {report.chart && data && data.results.length > 0 && (
        <Suspense fallback={null}>
          <ReportChart chart={report.chart} rows={data.results} />
        </Suspense>
      )}
      <DataTable<ReportRow>
        label={title}
        columns={report.columns}
        rows={rows}
        count={data?.count ?? data?.results.length ?? 0}
        page={page}
        pageSize={report.unpaged ? Math.max(1, rows.length) : pageSize}
        onPageChange={setPage}
        empty={loading ? 'Loading…' : 'Nothing to show.'}
        rowKey={(row) => (row.key === TOTAL_KEY ? TOTAL_KEY : keys ? keys.map((k) => String(row[k])).join('/') : String(row.id ?? row.key ?? row.material))}
      />
    </>
  );
}

/** The rows behind a figure, below the report, while the address names them (with the report's `query` it carries); "Back to the report" drops them. */
function Drill({ drill, all, query }: { drill: ReportDrill; all: readonly ReportDrill[]; query: Record<string, string | number> }) {
  const [search] = useSearchParams();
  const chosen = Object.fromEntries(drill.params.flatMap((name) => (search.get(name) ? [[name, search.get(name)!]] : [])));
  if (!Object.keys(chosen).length || (drill.name !== undefined && search.get(DRILL) !== drill.name)) return null;
  const carried = Object.fromEntries((drill.carry ?? []).flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]]])));
  const back = new URLSearchParams(search);
  for (const name of drillParams(all)) back.delete(name);
  return (
    <ServerReport
      title={drill.title}
      report={drill.report}
      params={{ ...carried, ...chosen }}
      level="section"
      actions={
        <Link asChild colorPalette="teal" _print={{ display: 'none' }}>
          <RouterLink to={`?${back}`}>Back to the report</RouterLink>
        </Link>
      }
    />
  );
}

const NO_PARAMS: Record<string, string | number> = {};

/** The address with newly chosen filters; the rows behind a figure of the old ones close. */
function chooseFilters(search: URLSearchParams, values: Record<string, string>, drills: readonly ReportDrill[]) {
  const next = new URLSearchParams({ ...Object.fromEntries(search), ...values });
  for (const name of drillParams(drills)) next.delete(name);
  return next;
}

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
  const subtitle = fields ? describeFilters(fields, chosen) : '';
  const drills = drillsOf(report);
  return (
    <Stack as="section" aria-label={title} gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size={level === 'screen' ? 'xl' : 'lg'} flex="1">
          {title}
        </Heading>
        {actions}
      </Flex>
      <Text color="fg.muted">{report.note}</Text>
      {subtitle && (
        <Text display="none" _print={{ display: 'block' }}>
          {subtitle}
        </Text>
      )}
      {report.filter && (
        <Box _print={{ display: 'none' }}>
          <ReportFilters key={search.toString()} fields={report.filter.fields} query={report.filter.query} fixed={params} chosen={chosen} onChoose={(values) => setSearch((s) => chooseFilters(s, values, drills))} />
        </Box>
      )}
      {online ? (
        <>
          <ReportBody key={queryKey} title={title} subtitle={subtitle} report={report} query={query} pageSize={pageSize} />
          {drills.map((drill) => (
            <Drill key={drill.name ?? drill.title} drill={drill} all={drills} query={query} />
          ))}
        </>
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{title} is worked out by the server: it shows here once this device is back online.</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
