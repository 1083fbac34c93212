import { useMemo, useState, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { Box, HStack } from '@chakra-ui/react';
import type { IndexableType } from 'dexie';
import { localQueryOf } from '../../domain/data-types';
import { useMirrorQuery, type MirrorList, type MirrorQuery } from '../data/mirror/query';
import { Empty, FilterSelect, Pager, SearchBox, TableView } from './DataTable';

/** A dropdown above the table keeping the rows whose `field` (an indexed field) is the chosen value. */
export interface MirrorFilter {
  field: string;
  label: string;
  allLabel: string;
  options: readonly { value: IndexableType; label: string }[];
}

export interface MirrorDataTableProps<T> {
  /** The list's type, opening order, page size and row lookups: a module constant of its screen. */
  list: MirrorList<T>;
  /** A column whose id is one of the type's sorts (domain/data-types.ts) sorts on a header click. */
  columns: ColumnDef<T, unknown>[];
  rowKey: (row: T) => string | number;
  /** Label of the search box; no search box without it. */
  search?: string;
  filters?: readonly MirrorFilter[];
  /** Shown beside the search and filters: how fresh the rows are. */
  note?: ReactNode;
  empty?: string;
  /** Keys (as rowKey gives them) of the rows with a change waiting to be sent: they get a badge. */
  pending?: ReadonlySet<string | number>;
  /** Controls beside the filters that act on the rows the list shows now (e.g. print their labels). */
  actions?: (shown: ShownRows) => ReactNode;
}

/** What the list shows now: its query without the page, and how many rows match it (undefined while counting). */
export interface ShownRows {
  query: Omit<MirrorQuery, 'offset' | 'limit'>;
  count: number | undefined;
}

/**
 * The app's table over a big type held on the device (materials, the stock ledger): only the page
 * shown is read, through the type's indexes, so the first rows of 100,000 show at once and a sync
 * writing pages underneath costs a page's read, not the whole list's.
 */
export function MirrorDataTable<T>({ list, columns, rowKey, search, filters = [], note, empty = 'Nothing to show.', pending, actions }: MirrorDataTableProps<T>) {
  const { type, select, pageSize } = list;
  const [sorting, setSorting] = useState<SortingState>([{ id: list.sort.field, desc: list.sort.desc }]);
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<Readonly<Record<string, number>>>({});
  const [page, setPage] = useState(1);
  const sort = sorting[0] ? { field: sorting[0].id, desc: sorting[0].desc } : list.sort;
  // Filters by the position of the chosen option, so ids and codes keep their own type.
  const where = useMemo(
    () =>
      Object.fromEntries(
        filters.flatMap((f) => {
          const option = f.options[chosen[f.field] ?? -1];
          return option ? [[f.field, option.value]] : [];
        }),
      ),
    [filters, chosen],
  );
  const found = useMirrorQuery(type, { sort, where, search: term, offset: (page - 1) * pageSize, limit: pageSize }, select);

  const sortable = useMemo(() => {
    const sorts = localQueryOf(type)?.sorts ?? {};
    return columns.map((c) => ({ ...c, enableSorting: c.id !== undefined && c.id in sorts }));
  }, [type, columns]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is not memo-safe; this component owns it.
  const table = useReactTable({
    data: found?.rows ?? [],
    columns: sortable,
    state: { sorting },
    onSortingChange: (change) => {
      setSorting(change);
      setPage(1);
    },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
  });
  // Until the rows are counted, a full page means there may be another.
  const count = found?.count ?? (found ? (page - 1) * pageSize + found.rows.length + (found.rows.length === pageSize ? 1 : 0) : 0);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  // A sync that removed rows may leave the page past the end: go to the last page there is.
  if (found?.count !== undefined && page > pages) setPage(pages);
  const pendingKeys = useMemo(() => (pending ? new Set([...pending].map(String)) : undefined), [pending]);
  const choose = (field: string, position: string) => {
    setChosen(({ [field]: _, ...others }) => (position === '' ? others : { ...others, [field]: Number(position) }));
    setPage(1);
  };
  return (
    <Box>
      <HStack gap="3" wrap="wrap" mb="3">
        {search && (
          <SearchBox
            label={search}
            value={term}
            onChange={(value) => {
              setTerm(value);
              setPage(1);
            }}
          />
        )}
        {filters.map((filter) => (
          <FilterSelect
            key={filter.field}
            label={filter.label}
            allLabel={filter.allLabel}
            value={String(chosen[filter.field] ?? '')}
            options={filter.options.map((o, position) => ({ value: String(position), label: o.label }))}
            onChange={(position) => choose(filter.field, position)}
          />
        ))}
        {note && <Box ms="auto">{note}</Box>}
        {actions?.({ query: { sort, where, search: term }, count: found?.count })}
      </HStack>
      <TableView table={table} rows={table.getRowModel().rows} pending={pendingKeys} />
      {found === undefined ? <Empty text="Loading…" /> : found.rows.length === 0 && page === 1 && <Empty text={empty} />}
      <Pager count={found?.count} page={Math.min(page, pages)} pages={pages} onPageChange={setPage} />
    </Box>
  );
}
