import { z } from 'zod';
import { compare, sub, toMoney } from './decimal';
import { decimalSchema, idSchema } from './entity';
import { QUOTATION_SNAPSHOT_FIELDS, quotationLineSnapshotSchema, type QuotationLineSnapshot, type QuotationSnapshot } from './quotation';

/**
 * What changed between two revisions of a quotation, line by line: the header fields that
 * differ, the lines added and removed, and the lines changed with their fields. A pure function,
 * so the API's compare call and the screen's side-by-side view agree.
 */

/** Fields whose values are decimals: "10.000" and "10" are the same quantity. */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['quantity', 'unit_price', 'discount', 'gross_price', 'tax_rate', 'subtotal', 'discount_total', 'tax_amount', 'total_amount']);
/** What a line change compares (its id is how lines are matched, not a change). */
const LINE_FIELDS = ['code', 'description', 'quantity', 'unit', 'unit_price', 'discount', 'gross_price', 'image_path'] as const satisfies readonly (keyof QuotationLineSnapshot)[];

const valueSchema = z.union([z.string(), z.number(), z.null()]);
export const fieldChangeSchema = z.object({ field: z.string(), from: valueSchema, to: valueSchema });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const quotationDiffSchema = z.object({
  from: z.number().int().positive(),
  to: z.number().int().positive(),
  header: z.array(fieldChangeSchema),
  added: z.array(quotationLineSnapshotSchema),
  removed: z.array(quotationLineSnapshotSchema),
  changed: z.array(z.object({ id: idSchema.nullable(), from: quotationLineSnapshotSchema, to: quotationLineSnapshotSchema, fields: z.array(fieldChangeSchema) })),
  total_change: decimalSchema,
});
export type QuotationDiff = z.infer<typeof quotationDiffSchema>;

function same(field: string, a: string | number | null, b: string | number | null): boolean {
  if (a === null || b === null || !DECIMAL_FIELDS.has(field)) return a === b;
  return compare(String(a), String(b)) === 0;
}

type Scalars = Readonly<Record<string, unknown>>;
const scalar = (row: Scalars, field: string) => row[field] as string | number | null;

function changes(a: Scalars, b: Scalars, fields: readonly string[]): FieldChange[] {
  return fields.filter((field) => !same(field, scalar(a, field), scalar(b, field))).map((field) => ({ field, from: scalar(a, field), to: scalar(b, field) }));
}

/**
 * Lines are matched by their id; lines kept without one (revisions written before lines carried
 * ids) are matched by their place among such lines.
 */
function lineKeys(lines: readonly QuotationLineSnapshot[]): string[] {
  let anonymous = 0;
  return lines.map((line) => (line.id === null ? `#${anonymous++}` : String(line.id)));
}

/** The difference from revision `a` to revision `b` (either may be the older). */
export function quotationDiff(a: QuotationSnapshot, b: QuotationSnapshot): QuotationDiff {
  const before = new Map(lineKeys(a.items).map((key, i) => [key, a.items[i]!]));
  const after = new Map(lineKeys(b.items).map((key, i) => [key, b.items[i]!]));
  const changed: QuotationDiff['changed'] = [];
  for (const [key, line] of after) {
    const old = before.get(key);
    if (!old) continue;
    const fields = changes(old, line, LINE_FIELDS);
    if (fields.length) changed.push({ id: line.id, from: old, to: line, fields });
  }
  return {
    from: a.revision,
    to: b.revision,
    header: changes(a, b, QUOTATION_SNAPSHOT_FIELDS),
    added: [...after].filter(([key]) => !before.has(key)).map(([, line]) => line),
    removed: [...before].filter(([key]) => !after.has(key)).map(([, line]) => line),
    changed,
    total_change: toMoney(sub(b.total_amount, a.total_amount)),
  };
}

/** Whether two revisions say the same thing to the customer. */
export function sameQuotation(a: QuotationSnapshot, b: QuotationSnapshot): boolean {
  const diff = quotationDiff(a, b);
  return !diff.header.length && !diff.added.length && !diff.removed.length && !diff.changed.length;
}
