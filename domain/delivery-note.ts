import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';

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

/**
 * What the delivery-note calls answer and refuse (business-areas.md §8: the server's `message`
 * is shown as a positive notice). The quantity rule: over all live notes of a job order, a
 * product never goes out more often than it was ordered.
 */
export const DELIVERY_NOTE_MESSAGES = {
  created: 'Delivery note created successfully',
  updated: 'Delivery note updated successfully',
  approved: 'Delivery note approved successfully',
  readyToDispatch: 'Delivery note marked ready to dispatch',
  quantityUpdated: 'Delivered quantity updated successfully',
  itemDeleted: 'Product deleted from the delivery note',
  deleted: 'Delivery note deleted successfully',
  cancelledNotFound: 'Cancelled Delivery Notes not found',
  withinOrder: 'All quantities are within the ordered quantities.',
  jobOrderClosed: 'Delivery notes cannot be raised against a closed or cancelled job order.',
  otherJobOrder: 'This product is not on the job order of the delivery note.',
  notEditable: 'Only a draft delivery note can be changed; approve it only when it is final.',
  notDraft: 'Only a draft delivery note can be approved.',
  notApproved: 'Only an approved delivery note can be marked ready to dispatch.',
  dispatched: 'A dispatched delivery note cannot be deleted.',
  lastItem: 'A delivery note keeps at least one product; delete the note instead.',
  itemOfOtherNote: 'This product line is not on this delivery note.',
  notReady: 'Only a delivery note marked ready to dispatch can be dispatched.',
  alreadyDispatched: 'This delivery note already has a dispatch.',
  noteOfOtherJobOrder: 'The delivery note is of another job order.',
} as const;

/** The refusal of a quantity beyond what is still undelivered of a product. */
export function exceedsOrderMessage(product: string, ordered: string, elsewhere: string, most: string): string {
  return `${product}: ordered ${ordered}, already on other delivery notes ${elsewhere}; at most ${most} can go on this one.`;
}

/** Exact 3-decimal arithmetic on quantity strings (thousandths as BigInt): the client never adds in floating point. */
export function toThousandths(value: string): bigint {
  const negative = value.trim().startsWith('-');
  const [whole = '0', fraction = ''] = value.trim().replace(/^[-+]/, '').split('.');
  const units = BigInt(whole || '0') * 1000n + BigInt((fraction + '000').slice(0, 3));
  return negative ? -units : units;
}
export function fromThousandths(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return `${negative ? '-' : ''}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}

/** A delivery note's product as the screens show it: the job order product's name and ordered quantity. */
export const deliveryNoteLineSchema = deliveryNoteItemSchema.extend({
  product: z.string(),
  description: z.string(),
  ordered_quantity: decimalSchema,
});
export type DeliveryNoteLine = z.infer<typeof deliveryNoteLineSchema>;

/** A delivery note with its job order's label and customer and its live products. */
export const deliveryNoteViewSchema = deliveryNoteSchema.extend({
  job_order_label: z.string(),
  job_order_status: z.string(),
  customer: idSchema,
  customer_name: z.string(),
  items: z.array(deliveryNoteLineSchema),
});
export type DeliveryNoteView = z.infer<typeof deliveryNoteViewSchema>;

/** The answer of a delivery-note action: the note and the message to show. */
export const deliveryNoteActionSchema = deliveryNoteViewSchema.extend({ message: z.string() });
/** The answer of an item quantity change: the line and the message to show. */
export const deliveryNoteItemActionSchema = deliveryNoteItemSchema.extend({ message: z.string() });

/** POST validate-delivery-note-constraints: the products and quantities a note would carry (`delivery_note`: the note being changed, whose own lines do not count). */
export const deliveryNoteConstraintsSchema = z.object({
  job_order: refSchema,
  delivery_note: refSchema.optional(),
  items: z.array(deliveryNoteItemCreateSchema).min(1),
});
export type DeliveryNoteConstraints = z.input<typeof deliveryNoteConstraintsSchema>;

/** One product of the verdict: ordered, on other live notes, asked for now, and what may still go. */
export const deliveryNoteConstraintLineSchema = z.object({
  job_order_item: idSchema,
  product: z.string(),
  ordered: decimalSchema,
  delivered_elsewhere: decimalSchema,
  requested: decimalSchema,
  remaining: decimalSchema,
  ok: z.boolean(),
  message: z.string().nullable(),
});
export const deliveryNoteConstraintVerdictSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  items: z.array(deliveryNoteConstraintLineSchema),
});
export type DeliveryNoteConstraintVerdict = z.infer<typeof deliveryNoteConstraintVerdictSchema>;

/** PUT {id}/delete/item/: the line to take off, at the version the user saw. */
export const deliveryNoteItemDeleteSchema = z.object({ item: refSchema, ...expectedVersionFields });
/** PUT item/qty/update/{itemId}/ with the version the user saw. */
export const deliveryNoteItemQuantityUpdateSchema = deliveryNoteItemQuantitySchema.extend(expectedVersionFields);
/** A state action (approval, ready to dispatch, delete) at the version the user saw. */
export const deliveryNoteVersionSchema = z.object(expectedVersionFields);

/** The job statuses whose delivery notes have a list of their own (list/{status}/). */
export const DELIVERY_NOTE_JOB_STATUS_LISTS = ['in-process', 'handover-to-dispatch', 'ready-to-dispatch', 'dispatched'] as const;
export type DeliveryNoteJobStatusList = (typeof DELIVERY_NOTE_JOB_STATUS_LISTS)[number];

/** filter_dnotes/ (set 2): a period of delivery dates, a job order, and a product name (`material`). */
export const filterDeliveryNotesQuerySchema = z
  .object({
    startDate: isoDateSchema.optional(),
    endDate: isoDateSchema.optional(),
    job: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(2_147_483_647).optional(),
    material: z.string().trim().max(200).optional(),
    page: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1, 'Invalid page.').max(1_000_000).default(1),
    page_size: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(1000).optional(),
  })
  .strict();
export type FilterDeliveryNotesQuery = z.infer<typeof filterDeliveryNotesQuerySchema>;

/** The states a note may be changed, approved, made ready or deleted in. */
export const deliveryNoteEditable = (note: Pick<DeliveryNote, 'status' | 'deleted_at'>) => note.status === 'draft' && !note.deleted_at;
