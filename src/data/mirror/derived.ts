import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { DATA_TYPE_NAMES, localQueryOf, sortField, WORDS_FIELD, type DataType, type SortKind } from '../../../domain/data-types';
import { searchWords } from '../../../domain/rules/search';
import type { MirrorRow } from './db';

/** The key a sort index holds for a value: text ignoring case, a decimal string as a number. */
function sortKey(kind: SortKind, value: unknown): unknown {
  if (kind === 'text') return String(value ?? '').toLowerCase();
  // Rows without a number sort first (NaN is no index key and would drop the row from the order).
  if (kind === 'number') return value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? -Infinity : Number(value);
  return value;
}

/** The local-only fields a row of `type` carries for its words and sort indexes (none for most types). */
export function derivedFields(type: DataType, row: MirrorRow): Record<string, unknown> {
  const query = localQueryOf(type);
  if (!query) return {};
  const fields: Record<string, unknown> = {};
  if (query.search) fields[WORDS_FIELD] = searchWords(...query.search.map((field) => row[field]));
  for (const [field, kind] of Object.entries(query.sorts)) if (kind !== 'value') fields[sortField(field, kind)] = sortKey(kind, row[field]);
  return fields;
}

const withDerived = (type: DataType, row: MirrorRow): MirrorRow => ({ ...row, ...derivedFields(type, row) });

/**
 * Every row written to a table with a local query gets its derived fields on the way in, whoever
 * writes it (a sync, an optimistic change, a reconcile, the service worker), so the indexes never
 * miss a row. It sits above Dexie's own middlewares, so live queries see the derived indexes change.
 */
export const derivedFieldsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'FabOpsDerivedFields',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      const type = name as DataType;
      // Tables that are not a data type (the meta) carry nothing derived.
      if (!DATA_TYPE_NAMES.includes(type) || !localQueryOf(type)) return table;
      return {
        ...table,
        mutate(request: DBCoreMutateRequest) {
          if (request.type !== 'add' && request.type !== 'put') return table.mutate(request);
          return table.mutate({ ...request, values: request.values.map((row) => withDerived(type, row as MirrorRow)) });
        },
      };
    },
  }),
};
