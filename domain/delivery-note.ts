import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';

/** Delivery note statuses (business-areas.md §4): approved, then ready to dispatch, then dispatched. */
export const DELIVERY_NOTE_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'approved', label: 'Approved' },
  { value: 'ready-to-dispatch', label: 'Ready To Dispatch' },
  { value: 'dispatched', label: 'Dispatched' },
] as const;
export const deliveryNoteStatusSchema = z.enum(valuesOf(DELIVERY_NOTE_STATUSES));
export type DeliveryNoteStatus = z.infer<typeof deliveryNoteStatusSchema>;

/** Delivery note (delivery challan, business-areas.md §3); a deleted note is a cancelled one. */
export const deliveryNoteSchema = z.object({
  id: idSchema,
  job_order: idSchema,
  delivery_date: isoDateSchema,
  delivery_location: z.string(),
  remarks: z.string(),
  status: deliveryNoteStatusSchema,
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type DeliveryNote = z.infer<typeof deliveryNoteSchema>;

/** A job order product on a delivery note, with the quantity delivered. */
export const deliveryNoteItemSchema = z.object({
  id: idSchema,
  delivery_note: idSchema,
  job_order_item: idSchema,
  quantity: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type DeliveryNoteItem = z.infer<typeof deliveryNoteItemSchema>;

/** A line of a new note; the server checks the quantity against the job order's still undelivered quantity. */
export const deliveryNoteItemCreateSchema = z.object({
  job_order_item: refSchema,
  quantity: decimalInput({ digits: 14, scale: 3, min: 0.001 }),
});
export type DeliveryNoteItemCreate = z.input<typeof deliveryNoteItemCreateSchema>;
/** PUT item/qty/update/{itemId}/ */
export const deliveryNoteItemQuantitySchema = deliveryNoteItemCreateSchema.pick({ quantity: true });

const deliveryNoteFields = {
  delivery_date: isoDateSchema.optional(),
  delivery_location: requiredText(255),
  remarks: textInput(1000).default(''),
};

/** A new delivery note (draft) for one job order, with its products; the date defaults to today. */
export const deliveryNoteCreateSchema = z.object({
  job_order: refSchema,
  ...deliveryNoteFields,
  items: z
    .array(deliveryNoteItemCreateSchema)
    .min(1)
    .refine((items) => new Set(items.map((i) => i.job_order_item)).size === items.length, 'Each product may appear only once on a delivery note.'),
});
export type DeliveryNoteCreate = z.input<typeof deliveryNoteCreateSchema>;
/** PATCH update/{id}/: the note's own fields; lines change through the item calls. */
export const deliveryNoteUpdateSchema = updateSchemaOf(z.object(deliveryNoteFields));
export type DeliveryNoteUpdate = z.input<typeof deliveryNoteUpdateSchema>;
