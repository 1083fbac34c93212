import { z } from 'zod';
import { compare } from './decimal';
import { parseDisplayDate } from './rules/dates';

/**
 * Building blocks of the entity schemas. Every entity has one module in domain/ with a read
 * schema (the row as the API returns it and the local mirror stores it), a create schema and an
 * update schema; tests/domain/entity-schemas.test.ts holds each read schema to its table.
 */

export const idSchema = z.number().int().positive();

/** A reference to another row in a request body (an unknown id is the server's 400). */
export const refSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Incorrect type. Expected pk value.') })
  .int('Incorrect type. Expected pk value.')
  .min(1, 'Invalid pk - object does not exist.')
  // Ids are PostgreSQL integers: a larger one names no row (and would fail the query).
  .max(2_147_483_647, 'Invalid pk - object does not exist.');

/** Timestamps on the wire: ISO-8601 in UTC. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** Business dates on the wire: YYYY-MM-DD. */
export const isoDateSchema = z.iso
  .date({
    error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'),
  })
  // Year 0 fits the pattern but is no day of the calendar (PostgreSQL refuses it).
  .refine((v) => !v.startsWith('0000-'), 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');

/**
 * A business date as people type it (DD-MM-YYYY, business-areas.md §5) read into its wire form
 * YYYY-MM-DD, or undefined when nothing (or only part of the mask) was typed.
 */
export const displayDateInput = z.string().transform((value, ctx) => {
  const parsed = parseDisplayDate(value);
  if (parsed.ok) return parsed.iso ?? undefined;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/** An exact decimal as the API returns it ("1234.50"). */
export const decimalSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

const DECIMAL = /^-?\d*\.?\d+$|^-?\d+\.$/;
const NOT_A_NUMBER = 'A valid number is required.';

/**
 * An exact decimal in a request: a string or a number, at most `scale` decimals and `digits`
 * digits in all (DRF's DecimalField messages); normalised to a string so it never passes
 * through floating point on its way to the database.
 */
export function decimalInput({ digits = 14, scale = 2, min, minMessage = belowMinimum(min, scale) }: { digits?: number; scale?: number; min?: number; minMessage?: string } = {}) {
  // A string that is not a number fails the union, not a check: its issue then holds back only
  // the object's checks that read it (whenValid), not every other field's message.
  return z
    .union([z.string().trim().regex(DECIMAL, { abort: true }), z.number()], { error: NOT_A_NUMBER })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(DECIMAL, { error: NOT_A_NUMBER, abort: true })
        .refine((v) => (v.split('.')[1] ?? '').length <= scale, `Ensure that there are no more than ${scale} decimal places.`)
        .refine((v) => v.replace(/[-.]/g, '').replace(/^0+(?=\d)/, '').length <= digits, `Ensure that there are no more than ${digits} digits in total.`)
        .refine((v) => min === undefined || compare(v, String(min)) >= 0, minMessage),
    );
}

/** What a number below its minimum is told, in plain words: the smallest step above zero is "above zero". */
function belowMinimum(min: number | undefined, scale: number): string {
  if (min === 0) return 'Enter zero or more.';
  return min === 10 ** -scale ? 'Enter a value above zero.' : `Enter ${min} or more.`;
}

export const QUANTITY_ABOVE_ZERO = 'Enter a quantity above zero.';

/** A quantity that must be more than zero (asked, ordered, received, delivered): up to 3 decimals. */
export const positiveQuantityInput = () => decimalInput({ digits: 14, scale: 3, min: 0.001, minMessage: QUANTITY_ABOVE_ZERO });

/** A tax rate in percent in a request: 0 to 100, two decimals. */
export const percentInput = () => decimalInput({ digits: 5, scale: 2, min: 0 }).refine((v) => compare(v, '100') <= 0, 'Ensure this value is less than or equal to 100.');

/** Free text in a request: trimmed, bounded. */
export const textInput = (max = 255) => z.string().trim().max(max);
export const requiredText = (max = 255) => z.string().trim().min(1).max(max);

/** Read fields of every tracked row (server/db/schema/columns.ts `tracked`, minus the sync id). */
export const trackedFields = {
  created_by: idSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  version: z.number().int().positive(),
};

/** Read field of soft-deletable rows. */
export const softDeleteFields = { deleted_at: isoDateTimeSchema.nullable() };

/** Optimistic concurrency in a body, for clients that cannot send If-Match. */
export const expectedVersionFields = { expected_version: z.number().int().positive().optional() };

type WithoutDefault<F> = F extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : F;
type UpdateShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>> };

/**
 * The update (PATCH) schema of a create schema: every field optional and no defaults, so an
 * omitted field is left as it is rather than reset; plus `expected_version`.
 */
export function updateSchemaOf<T extends z.ZodRawShape>(create: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional()]),
  ) as UpdateShape<T>;
  return z.object(shape).extend(expectedVersionFields);
}
