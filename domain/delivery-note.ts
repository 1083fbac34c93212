import { z } from 'zod';
import { idParam, pageParams } from './query-params';
import { valuesOf } from './options';
import { decimalSchema, positiveQuantityInput, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import type { Permission } from './permissions';
import type { RoleMatch } from './roles';

/** Delivery note statuses (business-areas.md §4): approved, then ready to dispatch, then dispatched. */
export const DELIVERY_NOTE_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'approved', label: 'Approved' },
  { value: 'ready-to-dispatch', label: 'Ready To Dispatch' },
  { value: 'dispatched', label: 'Dispatched' },
] as const;
export const deliveryNoteStatusSchema = z.enum(valuesOf(DELIVERY_NOTE_STATUSES));
export type DeliveryNoteStatus = z.infer<typeof deliveryNoteStatusSchema>;

/** A step of a note's way out: the status it starts from and leads to, and who takes it. */
export interface DeliveryNoteStep {
  readonly from: DeliveryNoteStatus;
  readonly to: DeliveryNoteStatus;
  /** What the button that takes the step says. */
  readonly action: string;
  /** What the server's guard checks. */
  readonly permission: Permission;
  /** The users whose job the step is; the permission grants them it (tests hold the two together). */
  readonly owner: RoleMatch;
  /** What the note says to everyone else while it waits for the step. */
  readonly waiting: string;
}

/**
 * The delivery note's state machine and who moves it (business-areas.md §4), in order: production
 * approves the final note, packing & dispatch packs it and sends it. A note shows the step it
 * waits for to those who may take it, and who takes it to everyone else.
 */
export const DELIVERY_NOTE_STEPS = [
  {
    from: 'draft',
    to: 'approved',
    action: 'Approve',
    permission: 'delivery-notes.approve',
    owner: { departments: ['production'], designations: ['supervisor', 'manager', 'assistant-manager'] },
    waiting: 'Waiting for a production supervisor to approve it',
  },
  {
    from: 'approved',
    to: 'ready-to-dispatch',
    action: 'Ready to dispatch',
    permission: 'delivery-notes.ready',
    owner: { departments: ['packing-dispatch'] },
    waiting: 'Waiting for packing & dispatch to mark it ready',
  },
  {
    from: 'ready-to-dispatch',
    to: 'dispatched',
    action: 'Dispatch',
    permission: 'dispatches.write',
    owner: { departments: ['packing-dispatch'] },
    waiting: 'Waiting for packing & dispatch to dispatch it',
  },
] as const satisfies readonly DeliveryNoteStep[];

/** The step a live note in `status` waits for, or null once it is dispatched. */
export const nextDeliveryNoteStep = (status: DeliveryNoteStatus): DeliveryNoteStep | null => DELIVERY_NOTE_STEPS.find((step) => step.from === status) ?? null;

/** The step that leads to `to` (the server refuses it from any other status than its `from`). */
export const deliveryNoteStepTo = (to: (typeof DELIVERY_NOTE_STEPS)[number]['to']): DeliveryNoteStep => DELIVERY_NOTE_STEPS.find((step) => step.to === to)!;

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
  quantity: positiveQuantityInput(),
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
  alreadyBooked: 'A vehicle is already booked for this delivery note: dispatch the note to send it.',
  noteOfOtherJobOrder: 'The delivery note is of another job order.',
} as const;

/** The refusal of a quantity beyond what is still undelivered of a product. */
export function exceedsOrderMessage(product: string, ordered: string, elsewhere: string, most: string): string {
  return `${product}: ordered ${ordered}, already on other delivery notes ${elsewhere}; at most ${most} can go on this one.`;
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

export { DELIVERY_NOTE_JOB_STATUS_LISTS, type DeliveryNoteJobStatusList } from './api-paths';

/** filter_dnotes/ (set 2): a period of delivery dates, a job order, and a product name (`material`). */
export const filterDeliveryNotesQuerySchema = z
  .object({
    startDate: isoDateSchema.optional(),
    endDate: isoDateSchema.optional(),
    job: idParam.optional(),
    material: z.string().trim().max(200).optional(),
    ...pageParams,
  })
  .strict();
export type FilterDeliveryNotesQuery = z.infer<typeof filterDeliveryNotesQuerySchema>;

/** The states a note may be changed, approved, made ready or deleted in. */
export const deliveryNoteEditable = (note: Pick<DeliveryNote, 'status' | 'deleted_at'>) => note.status === 'draft' && !note.deleted_at;
