import type { ColumnDef } from '@tanstack/react-table';
import { Badge } from '@chakra-ui/react';
import { labelOf, type Option } from '../../domain/options';

/**
 * A list column of an enumeration (a status, a state) shown as a coloured badge: it sorts, searches
 * and filters by the label the user sees, and its filter offers every value of the enumeration.
 */
export function badgeColumn<T, V extends string>({
  id,
  header,
  allLabel,
  options,
  palette,
  value,
}: {
  id: string;
  header: string;
  allLabel: string;
  options: readonly Option<V>[];
  palette: Readonly<Record<V, string>>;
  value: (row: T) => V;
}): ColumnDef<T, unknown> {
  return {
    id,
    header,
    accessorFn: (row) => labelOf(options, value(row)),
    cell: ({ row }) => <Badge colorPalette={palette[value(row.original)]}>{labelOf(options, value(row.original))}</Badge>,
    meta: { filter: { label: header, allLabel, options: options.map((o) => ({ value: o.label, label: o.label })) } },
  };
}
