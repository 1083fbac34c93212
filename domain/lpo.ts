import { z } from 'zod';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { valuesOf } from './options';
import { isValidDateRange } from './rules/dates';
import { whenFieldsValid } from './stock';

/**
 * LPO statuses: pending until goods arrive, partially received, received in full; closed when
 * the rest will not come (short-closed); cancelled with cancellation remarks.
 */
export const LPO_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'partially_received', label: 'Partially Received' },
  { value: 'received', label: 'Received' },
  { value: 'closed', label: 'Closed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export const lpoStatusSchema = z.enum(valuesOf(LPO_STATUSES));
export type LpoStatus = z.infer<typeof lpoStatusSchema>;

/** Statuses of LPOs still awaiting goods (the pending-receipt list). */
export const LPO_OPEN_STATUSES: readonly LpoStatus[] = ['pending', 'partially_received'];

export const LPO_MESSAGES = {
  expectedDate: 'The expected date cannot be before the LPO date.',
  duplicateMaterial: 'This material is already on the LPO.',
} as const;

/** A line of an LPO: a material ordered at a rate; `amount` is quantity × rate. */
export const lpoItemSchema = z.object({
  id: idSchema,
  lpo: idSchema,
  material: idSchema,
  quantity: decimalSchema,
  rate: decimalSchema,
  amount: decimalSchema,
  quantity_received: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type LpoItem = z.infer<typeof lpoItemSchema>;

/** An LPO line as sent inside its LPO; the server computes the amount. */
export const lpoItemCreateSchema = z.object({
  material: refSchema,
  quantity: positiveQuantityInput(),
  rate: decimalInput({ min: 0 }),
});
export type LpoItemCreate = z.input<typeof lpoItemCreateSchema>;
/** PUT lpo/item-details/{id}/ */
export const lpoItemUpdateSchema = updateSchemaOf(lpoItemCreateSchema);
export type LpoItemUpdate = z.input<typeof lpoItemUpdateSchema>;

/** Local purchase order (business-areas.md §3); `total_amount` equals the sum of its live items' amounts. */
export const lpoSchema = z.object({
  id: idSchema,
  vendor: idSchema,
  lpo_date: isoDateSchema,
  expected_date: isoDateSchema.nullable(),
  total_amount: decimalSchema,
  status: lpoStatusSchema,
  requisition: idSchema.nullable(),
  remarks: z.string(),
  cancelled_at: isoDateTimeSchema.nullable(),
  cancellation_remarks: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Lpo = z.infer<typeof lpoSchema>;

/** POST lpo/lpos/: a vendor, the LPO date and at least one item. */
export const lpoCreateSchema = z
  .object({
    vendor: refSchema,
    lpo_date: isoDateSchema,
    expected_date: isoDateSchema.nullable().optional(),
    requisition: refSchema.nullable().optional(),
    remarks: textInput(2000).default(''),
    lpo_items: z.array(lpoItemCreateSchema).min(1).max(500),
  })
  .superRefine((lpo, ctx) => {
    if (!isValidDateRange(lpo.lpo_date, lpo.expected_date)) ctx.addIssue({ code: 'custom', path: ['expected_date'], message: LPO_MESSAGES.expectedDate });
    const seen = new Set<number>();
    lpo.lpo_items.forEach((item, i) => {
      if (seen.has(item.material)) ctx.addIssue({ code: 'custom', path: ['lpo_items', i, 'material'], message: LPO_MESSAGES.duplicateMaterial });
      seen.add(item.material);
    });
  }, whenFieldsValid);
export type LpoCreate = z.input<typeof lpoCreateSchema>;
/** PUT lpo/lpos/{id}/ */
export const lpoUpdateSchema = updateSchemaOf(lpoCreateSchema);
export type LpoUpdate = z.input<typeof lpoUpdateSchema>;

/** DELETE lpo/lpos/{id}/: cancelling an LPO needs cancellation remarks. */
export const lpoCancelSchema = z.object({ cancellation_remarks: requiredText(1000) });
export type LpoCancel = z.input<typeof lpoCancelSchema>;
