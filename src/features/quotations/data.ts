import { useLiveQuery } from 'dexie-react-hooks';
import type { Option } from '../../../domain/options';
import type { QuotationListRow } from '../../../domain/quotation';
import { mirror } from '../../data/mirror/db';

/** The filters of filter_quotations/ (business-areas.md §7), kept in the list's address and applied on the device. */
export const QUOTATION_FILTERS = ['start_number', 'end_number', 'start_date', 'end_date', 'customer', 'sales_exec', 'monarch_entity'] as const;
export type QuotationFilterName = (typeof QUOTATION_FILTERS)[number];
export type QuotationFilters = Readonly<Record<QuotationFilterName, string>>;

/** A whole number typed in a number filter, or null when the filter is empty or not a number yet. */
const wholeNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value) : null);

/**
 * Whether a quotation on the device passes the filters as filter_quotations/ would: numbers and
 * dates are inclusive bounds, the others exact. A quotation made on the device has no number yet,
 * so a number bound leaves it out.
 */
export function matchesQuotationFilters(row: QuotationListRow, filters: QuotationFilters): boolean {
  const start = wholeNumber(filters.start_number);
  const end = wholeNumber(filters.end_number);
  const number = typeof row.number === 'number' ? row.number : null;
  if ((start !== null || end !== null) && number === null) return false;
  if (start !== null && number! < start) return false;
  if (end !== null && number! > end) return false;
  if (filters.start_date && row.quotation_date < filters.start_date) return false;
  if (filters.end_date && row.quotation_date > filters.end_date) return false;
  if (filters.customer && String(row.customer) !== filters.customer) return false;
  if (filters.sales_exec && String(row.sales_exec) !== filters.sales_exec) return false;
  if (filters.monarch_entity && row.monarch_entity !== filters.monarch_entity) return false;
  return true;
}

/** The live quotations on the device (a cancelled one stays in the mirror until the list drops it); undefined while it answers. */
export const useQuotationsOnDevice = () => useLiveQuery(async () => (await mirror.rowsOf<QuotationListRow>('quotations').toArray()).filter((q) => !q.deleted_at), []);

/** One quotation as the device holds it: undefined while it answers, null when absent or cancelled. */
export const useQuotationOnDevice = (id: number) =>
  useLiveQuery(async () => {
    if (!Number.isInteger(id)) return null;
    const row = await mirror.rowsOf<QuotationListRow>('quotations').get(id);
    return row && !row.deleted_at ? row : null;
  }, [id]);

/** The distinct values of a field among the rows, as options sorted by label. */
export function optionsAmong<T>(rows: readonly T[], value: (row: T) => string, label: (row: T) => string): Option[] {
  const seen = new Map<string, string>();
  for (const row of rows) if (value(row) && !seen.has(value(row))) seen.set(value(row), label(row));
  return [...seen].map(([v, l]) => ({ value: v, label: l })).sort((a, b) => a.label.localeCompare(b.label));
}
