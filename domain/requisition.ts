import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, idSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, trackedFields, updateSchemaOf } from './entity';

/** Requisition types (business-areas.md §9), values exactly as the spec lists them. */
export const REQUISITION_TYPES = [
  { value: 'standard', label: 'Standard' },
  { value: 'installation', label: 'Installation' },
  { value: 're-work', label: 'Re-work' },
  { value: 'shortfall', label: 'Shortfall' },
  { value: 'consumables', label: 'Consumables' },
] as const;
export const requisitionTypeSchema = z.enum(valuesOf(REQUISITION_TYPES));
export type RequisitionType = z.infer<typeof requisitionTypeSchema>;

/** Re-work and shortfall requisitions wait for approval (the not-approved list, business-areas.md §4). */
export const REQUISITION_TYPES_NEEDING_APPROVAL: readonly RequisitionType[] = ['re-work', 'shortfall'];
/** Only consumables may be requested without a job order. */
export const requisitionNeedsJobOrder = (type: RequisitionType) => type !== 'consumables';

/** Requisition (business-areas.md §3); a deleted requisition is a cancelled one. */
export const requisitionSchema = z.object({
  id: idSchema,
  job_order: idSchema.nullable(),
  requisition_type: requisitionTypeSchema,
  requested_by: idSchema,
  is_approved: z.boolean(),
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  is_completed: z.boolean(),
  closed_at: isoDateTimeSchema.nullable(),
  close_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Requisition = z.infer<typeof requisitionSchema>;

/** A material line of a requisition; issued and reserved quantities follow the stock ledger. */
export const requisitionDetailSchema = z.object({
  id: idSchema,
  requisition: idSchema,
  material: idSchema,
  job_order: idSchema.nullable(),
  quantity: decimalSchema,
  quantity_issued: decimalSchema,
  quantity_reserved: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type RequisitionDetail = z.infer<typeof requisitionDetailSchema>;

const requisitionItemFields = {
  material: refSchema,
  /** Defaults to the requisition's job order. */
  job_order: refSchema.nullable().optional(),
  quantity: decimalInput({ digits: 14, scale: 3, min: 0.001 }),
};

/** POST requisition_details/: a material added to an existing requisition. */
export const requisitionDetailCreateSchema = z.object({ requisition: refSchema, ...requisitionItemFields });
export type RequisitionDetailCreate = z.input<typeof requisitionDetailCreateSchema>;
export const requisitionDetailUpdateSchema = updateSchemaOf(requisitionDetailCreateSchema);
export type RequisitionDetailUpdate = z.input<typeof requisitionDetailUpdateSchema>;

const requisitionFields = {
  job_order: refSchema.nullable().optional(),
  requisition_type: requisitionTypeSchema,
};

/** A new requisition with its materials; the requester is the signed-in user. */
export const requisitionCreateSchema = z
  .object({
    ...requisitionFields,
    requisition_items: z
      .array(z.object(requisitionItemFields))
      .min(1)
      .refine((items) => new Set(items.map((i) => i.material)).size === items.length, 'Each material may appear only once on a requisition.'),
  })
  .refine((r) => r.job_order != null || !requisitionNeedsJobOrder(r.requisition_type), {
    path: ['job_order'],
    message: 'A job order is required unless the requisition is for consumables.',
  });
export type RequisitionCreate = z.input<typeof requisitionCreateSchema>;
/** PATCH requisitions/{id}/: the requisition's own fields; materials change through requisition_details. */
export const requisitionUpdateSchema = updateSchemaOf(z.object(requisitionFields));
export type RequisitionUpdate = z.input<typeof requisitionUpdateSchema>;

/** DELETE requisitions/{id}/ (cancel) and PATCH {id}/close/ both take a reason. */
export const requisitionReasonSchema = z.object({ reason: requiredText(1000) });
