import { useCallback, useMemo, useState } from 'react';
import type { ColumnDef, Table } from '@tanstack/react-table';
import { Checkbox } from '@chakra-ui/react';
import { pageSlice, useListPage } from './DataTable';

/** Rows chosen on a list for an action on many (by key), and the ways to change the choice. */
export function useSelection() {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (keys: readonly number[], on: boolean) =>
      setChosen((current) => {
        const next = new Set(current);
        for (const key of keys) {
          if (on) next.add(key);
          else next.delete(key);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Set()), []);
  return useMemo(() => ({ chosen, toggle, clear }), [chosen, toggle, clear]);
}
export type Selection = ReturnType<typeof useSelection>;

function Box({ label, checked, onChange }: { label: string; checked: boolean | 'indeterminate'; onChange: (on: boolean) => void }) {
  return (
    <Checkbox.Root size="lg" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The header's box: every row of the page shown (after search, filters and sorting) chosen or none. */
function PageBox<T>({ table, pageSize, selection, keyOf }: { table: Table<T>; pageSize: number; selection: Selection; keyOf: (row: T) => number }) {
  const [page] = useListPage();
  const keys = pageSlice(table.getRowModel().rows, page, pageSize).onPage.map((row) => keyOf(row.original));
  const count = keys.filter((key) => selection.chosen.has(key)).length;
  const checked = count > 0 && count === keys.length ? true : count > 0 ? 'indeterminate' : false;
  return <Box label="Select all on this page" checked={checked} onChange={(on) => selection.toggle(keys, on)} />;
}

/**
 * A first column of boxes to choose rows of a LocalDataTable paged by `pageSize`, its header box
 * choosing the whole page shown; `label` names a row for screen readers ("Select INV-26-27/00001").
 */
export function selectionColumn<T>(selection: Selection, pageSize: number, keyOf: (row: T) => number, label: (row: T) => string): ColumnDef<T, unknown> {
  return {
    id: 'select',
    enableSorting: false,
    enableGlobalFilter: false,
    header: ({ table }) => <PageBox table={table} pageSize={pageSize} selection={selection} keyOf={keyOf} />,
    cell: ({ row }) => <Box label={`Select ${label(row.original)}`} checked={selection.chosen.has(keyOf(row.original))} onChange={(on) => selection.toggle([keyOf(row.original)], on)} />,
  };
}
