import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ColumnFiltersState,
  type Row,
  type RowData,
  type SortingState,
  type Table as TableModel,
} from '@tanstack/react-table';
import { Box, Button, HStack, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import type { Option } from '../../domain/options';
import { formatCount } from '../../domain/rules/numbers';
import { SelectOptions } from './form';
import { FOLDING_TABLE } from './table-layout';
import { PendingBadge } from './PendingBadge';

declare module '@tanstack/react-table' {
  // The library declares both parameters; the merged interface must repeat them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A dropdown above the table keeping the rows whose value in this column is the chosen one. */
    filter?: { label: string; allLabel: string; options: readonly Option[] };
    /** Numbers sit on the right. */
    numeric?: boolean;
    /** A detail the row can do without on a tablet: shown from xl up only (ui/table-layout.ts). */
    secondary?: boolean;
  }
}

/** Marks a column as a detail the row can do without on a tablet. */
export const secondary = <T,>(column: ColumnDef<T, unknown>): ColumnDef<T, unknown> => ({ ...column, meta: { ...column.meta, secondary: true } });

const SORT_MARK = { asc: ' ▲', desc: ' ▼' } as const;

const NOTHING_PENDING: ReadonlySet<string> = new Set();

/**
 * Chakra's "native" table: the table's styles reach its rows and cells through selectors, so they
 * are plain elements. A page of 15 rows is 75 cells, and a styled component per cell cost a
 * tablet tens of milliseconds on every render.
 */
const NATIVE_TABLE_EXTRAS = {
  ...FOLDING_TABLE,
  '& [data-numeric]': { textAlign: 'end' },
  '& th[data-sortable]': { cursor: 'pointer', userSelect: 'none' },
} as const;

/** What a column's cells carry for the folded (card) layout and for hiding on tablets. */
function columnData<T>(column: Column<T>) {
  const { header, meta } = column.columnDef;
  return {
    'data-numeric': meta?.numeric || undefined,
    'data-secondary': meta?.secondary || undefined,
    'data-label': typeof header === 'string' && header ? header : undefined,
  };
}

export function TableView<T>({ table, rows, pending = NOTHING_PENDING, label }: { table: TableModel<T>; rows: Row<T>[]; pending?: ReadonlySet<string>; label?: string | undefined }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" striped native css={NATIVE_TABLE_EXTRAS} aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    {...columnData(header.column)}
                    data-sortable={header.column.getCanSort() || undefined}
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    {sorted ? SORT_MARK[sorted] : null}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => {
            const isPending = pending.has(row.id);
            return (
              <tr key={row.id} data-pending={isPending || undefined}>
                {row.getVisibleCells().map((cell, index) => (
                  <td key={cell.id} {...columnData(cell.column)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    {isPending && index === 0 && <PendingBadge />}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The search box above a table; typing goes back to the first page (the caller's `onChange`). */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <Input maxW="xs" placeholder={label} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** A dropdown above a table keeping the rows of one value; "" is the `allLabel` choice. */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect.Root maxW="xs">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <SelectOptions blank={allLabel} options={options} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The page line and buttons; `count` undefined while the rows are still being counted. */
export function Pager({ count, page, pages, onPageChange }: { count: number | undefined; page: number; pages: number; onPageChange: (page: number) => void }) {
  return (
    <HStack justify="space-between" mt="3">
      <Text fontSize="sm" color="fg.muted">
        {count === undefined ? `counting… · page ${page}` : `${formatCount(count)} in all · page ${Math.min(page, pages)} of ${pages}`}
      </Text>
      <HStack>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </HStack>
    </HStack>
  );
}

/**
 * The page a list shows, kept in the address (`?page=`, replacing the entry): Back from a row's
 * detail returns to it, and a new page starts at the top (the shell scrolls on every address change).
 */
export function useListPage(): [number, (page: number) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const setPage = useCallback(
    (next: number) =>
      setSearch(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next > 1) changed.set('page', String(next));
          else changed.delete('page');
          return changed;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [page, setPage];
}

/**
 * The list filters kept in the address (`?name=value`, replacing the entry, so Back from a row
 * returns to them): their values ('' when not chosen), and a chooser that starts again at page 1.
 */
export function useAddressFilters<N extends string>(names: readonly N[]): [Readonly<Record<N, string>>, (name: N, value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(names.map((name) => [name, search.get(name) ?? ''])) as Record<N, string>, [names, search]);
  const choose = useCallback(
    (name: N, value: string) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [values, choose];
}

export function Empty({ text }: { text: string }) {
  return (
    <Text p="4" color="fg.muted">
      {text}
    </Text>
  );
}

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  /** Total rows on the server, for page counts. */
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  empty?: string;
  rowKey: (row: T) => string | number;
  /** The table's name for screen readers (a report's title): a chart's data table beside it has its own. */
  label?: string | undefined;
}

/** The app's table over server pages: the server sorts, filters and pages; rows go through TanStack Table. */
export function DataTable<T>({ columns, rows, count, page, pageSize, onPageChange, empty = 'Nothing to show.', rowKey, label }: DataTableProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is not memo-safe; this component owns it.
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, manualSorting: true, enableSorting: false, getRowId: (row) => String(rowKey(row)) });
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Box>
      <TableView table={table} rows={table.getRowModel().rows} label={label} />
      {rows.length === 0 && <Empty text={empty} />}
      <Pager count={count} page={page} pages={pages} onPageChange={onPageChange} />
    </Box>
  );
}

export interface LocalDataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  /** Every row, read from the device (undefined while the local store answers). */
  rows: T[] | undefined;
  pageSize: number;
  rowKey: (row: T) => string | number;
  /** Label of the text search over every column; no search box without it. */
  search?: string;
  /** Shown beside the search and filters: how fresh the rows are. */
  note?: ReactNode;
  initialSorting?: SortingState;
  empty?: string;
  /** Keys (as rowKey gives them) of the rows with a change waiting to be sent: they get a badge. */
  pending?: ReadonlySet<string | number>;
  /** The device is still loading the rows' type: no rows yet means "not here yet", not "none". */
  loading?: boolean;
}

const NO_ROWS: never[] = [];

/** The rows of page `page` (the last page there is when the rows shrank under the reader: a sync removed some). */
export function pageSlice<R>(rows: readonly R[], page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = Math.min(page, pages);
  return { pages, shown, onPage: rows.slice((shown - 1) * pageSize, shown * pageSize) };
}

/**
 * The app's table over rows held on the device: sorting (click a header), text search over every
 * column, dropdown filters on the columns whose meta declares one, and paging, all in memory. For
 * the small types; a type that grows without bound pages through its indexes (MirrorDataTable).
 */
export function LocalDataTable<T>({ columns, rows, pageSize, rowKey, search, note, initialSorting = [], empty = 'Nothing to show.', pending, loading = false }: LocalDataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  // A link may open the list narrowed (`?status=draft` from a dashboard's tile): its dropdowns start there.
  const [address] = useSearchParams();
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>(() =>
    columns.flatMap((c) => (c.meta?.filter && c.id && address.get(c.id) ? [{ id: c.id, value: address.get(c.id) }] : [])),
  );
  const [page, setPage] = useListPage();
  // A dropdown filter keeps exact matches ('auto' would also keep "Steel" for "Stainless Steel").
  const withFilters = useMemo(() => columns.map((c) => (c.meta?.filter ? { filterFn: 'equals' as const, ...c } : c)), [columns]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is not memo-safe; this component owns it.
  const table = useReactTable({
    data: rows ?? NO_ROWS,
    columns: withFilters,
    state: { sorting, globalFilter, columnFilters },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(rowKey(row)),
  });
  const matching = table.getRowModel().rows;
  const total = matching.length;
  const { pages, shown, onPage } = pageSlice(matching, page, pageSize);
  const setFilter = (id: string, value: string) => {
    setColumnFilters((filters) => [...filters.filter((f) => f.id !== id), ...(value ? [{ id, value }] : [])]);
    setPage(1);
  };
  const pendingKeys = useMemo(() => (pending ? new Set([...pending].map(String)) : undefined), [pending]);
  const filterColumns = table.getAllLeafColumns().filter((c) => c.columnDef.meta?.filter);
  return (
    <Box>
      <HStack gap="3" wrap="wrap" mb="3">
        {search && (
          <SearchBox
            label={search}
            value={globalFilter}
            onChange={(value) => {
              setGlobalFilter(value);
              setPage(1);
            }}
          />
        )}
        {filterColumns.map((column) => {
          const filter = column.columnDef.meta!.filter!;
          return (
            <FilterSelect
              key={column.id}
              label={filter.label}
              allLabel={filter.allLabel}
              value={String(column.getFilterValue() ?? '')}
              options={filter.options}
              onChange={(value) => setFilter(column.id, value)}
            />
          );
        })}
        {note && <Box ms="auto">{note}</Box>}
      </HStack>
      <TableView table={table} rows={onPage} pending={pendingKeys} />
      {rows === undefined || (loading && total === 0) ? <Empty text="Loading…" /> : total === 0 && <Empty text={empty} />}
      <Pager count={rows === undefined || (loading && total === 0) ? undefined : total} page={shown} pages={pages} onPageChange={setPage} />
    </Box>
  );
}
