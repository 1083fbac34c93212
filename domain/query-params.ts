import { z } from 'zod';
import { isValidDateRange } from './rules/dates';

/**
 * Query parameters as the API reads them (strings on the wire), with DRF's messages: the lists,
 * the reports and the client's forms build on these, so a parameter means the same everywhere.
 */

const INTEGER = 'A valid integer is required.';
const MAX_INT = 2_147_483_647;

/** DRF's message for a number below its minimum. */
export const atLeast = (min: number) => `Ensure this value is greater than or equal to ${min}.`;

/** The largest page a client may ask for. */
export const MAX_PAGE_SIZE = 1000;

/** `?x=<integer>` within PostgreSQL's integer. */
export const integerParam = z.coerce.number({ error: INTEGER }).int(INTEGER).min(-MAX_INT - 1).max(MAX_INT);

/** `?x=<id>` of a row; DRF's answer for an id no row can have. */
export const idParam = z.coerce.number({ error: INTEGER }).int(INTEGER).min(1, 'Invalid pk - object does not exist.').max(MAX_INT);

/** A required query parameter naming a row: missing is "This field is required.", as DRF says. */
export const requiredIdParam = z.string({ error: 'This field is required.' }).transform((v): unknown => v).pipe(idParam);

/** `?x=true|false` (and True/False/1/0, as DRF reads a boolean). */
export const flagParam = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { error: 'Must be a valid boolean.' })
  .transform((v) => v === 'true' || v === 'True' || v === '1');

/** `?page_size=` (and `limit`): at least 1, at most `max`. */
export const pageSizeParam = (max = MAX_PAGE_SIZE) =>
  z.coerce
    .number({ error: INTEGER })
    .int(INTEGER)
    .min(1, atLeast(1))
    .max(max, `Ensure this value is less than or equal to ${max}.`);

/** A page's number, counted from 1. */
export const pageNumberParam = z.coerce.number({ error: INTEGER }).int(INTEGER).min(1, 'Invalid page.').max(1_000_000);

/** `?page=&page_size=` of a page-number list; the page counts from 1. */
export const pageParams = {
  page: pageNumberParam.default(1),
  page_size: pageSizeParam().optional(),
};

export const PERIOD_OUT_OF_ORDER = 'The end date cannot be before the start date.';

/**
 * A report period's rule, as `.refine(...periodInOrder('start_date', 'end_date'))`: the end day
 * is not before the start day (an open end passes); the message sits at the end field.
 */
export function periodInOrder<K extends string>(from: K, to: K): [(query: Partial<Record<K, string>>) => boolean, { path: string[]; message: string }] {
  return [(query) => isValidDateRange(query[from], query[to]), { path: [to], message: PERIOD_OUT_OF_ORDER }];
}

/** A month as a report's row key names it (YYYY-MM): the rows behind a month's figure. */
export const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.');

/** A sync cursor (`updated_since`, `cursor`): a transaction id. */
export const cursorParam = z.string().regex(/^\d{1,18}$/, 'Invalid cursor.');
