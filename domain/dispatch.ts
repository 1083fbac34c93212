import { z } from 'zod';
import { valuesOf } from './options';
import { idSchema, isoDateSchema, refSchema, textInput, trackedFields, updateSchemaOf } from './entity';
import { isValidPhone } from './rules/contact';
import type { DeliveryNote } from './delivery-note';

/** Dispatch statuses: planned, on the road, handed over to the customer, or called off. */
export const DISPATCH_STATUSES = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export const dispatchStatusSchema = z.enum(valuesOf(DISPATCH_STATUSES));
export type DispatchStatus = z.infer<typeof dispatchStatusSchema>;

/** A dispatch in these statuses has taken the goods: its note is dispatched. */
export const DISPATCH_STATUSES_GONE: readonly DispatchStatus[] = ['dispatched', 'delivered'];

/**
 * Ready to dispatch, the one definition the packing dashboard, the ready-to-dispatch list and the
 * dispatch action share: a live note marked ready whose goods have left on no dispatch. A vehicle
 * booked for it (a scheduled dispatch) leaves it ready: dispatching the note sends that booking.
 */
export function isReadyToDispatch(note: Pick<DeliveryNote, 'status' | 'deleted_at'>, dispatchesOfNote: readonly Pick<Dispatch, 'status'>[]): boolean {
  return note.status === 'ready-to-dispatch' && !note.deleted_at && !dispatchesOfNote.some((d) => DISPATCH_STATUSES_GONE.includes(d.status));
}

/**
 * Where a dispatch stands on the dispatches list: on `today` (ISO), scheduled for a later day (a
 * booking, kept apart from what has moved), or before.
 */
export function dispatchDay(dispatch: Pick<Dispatch, 'status' | 'dispatch_date'>, today: string): 'today' | 'ahead' | 'past' {
  if (dispatch.dispatch_date === today) return 'today';
  return dispatch.dispatch_date > today && dispatch.status === 'scheduled' ? 'ahead' : 'past';
}

/** The vehicle booked for a note and not gone yet (its scheduled dispatch), if any. */
export const bookedDispatch = <D extends Pick<Dispatch, 'status'>>(dispatchesOfNote: readonly D[]): D | undefined => dispatchesOfNote.find((d) => d.status === 'scheduled');

/** Dispatch: a delivery note of a job order leaving on a vehicle (packing and dispatch). */
export const dispatchSchema = z.object({
  id: idSchema,
  delivery_note: idSchema,
  job_order: idSchema,
  dispatch_date: isoDateSchema,
  vehicle_number: z.string(),
  driver_name: z.string(),
  driver_phone: z.string(),
  status: dispatchStatusSchema,
  remarks: z.string(),
  ...trackedFields,
});
export type Dispatch = z.infer<typeof dispatchSchema>;

/** A new dispatch; the job order must be the delivery note's. */
export const dispatchCreateSchema = z.object({
  delivery_note: refSchema,
  job_order: refSchema,
  dispatch_date: isoDateSchema,
  vehicle_number: textInput(20)
    .transform((v) => v.toUpperCase())
    .default(''),
  driver_name: textInput(100).default(''),
  driver_phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), 'Enter a valid phone number.')
    .default(''),
  status: dispatchStatusSchema.default('scheduled'),
  remarks: textInput(1000).default(''),
});
export type DispatchCreate = z.input<typeof dispatchCreateSchema>;
export const dispatchUpdateSchema = updateSchemaOf(dispatchCreateSchema);
export type DispatchUpdate = z.input<typeof dispatchUpdateSchema>;

/** A dispatch with what the screens show beside it: its job order, customer and where the note goes. */
export const dispatchViewSchema = dispatchSchema.extend({
  job_order_label: z.string(),
  customer_name: z.string(),
  delivery_location: z.string(),
  delivery_note_status: z.string(),
});
export type DispatchView = z.infer<typeof dispatchViewSchema>;

/** The vehicle booked for a note: the scheduled dispatch that sends it. */
export const dispatchBookingSchema = z.object({ id: idSchema, dispatch_date: isoDateSchema, vehicle_number: z.string() });

/** A delivery note on the packing and dispatch dashboard, with how many days it has waited and its booked vehicle. */
export const dashboardNoteSchema = z.object({
  id: idSchema,
  job_order: idSchema,
  job_order_label: z.string(),
  customer_name: z.string(),
  delivery_location: z.string(),
  delivery_date: isoDateSchema,
  status: z.string(),
  since: z.string(),
  days_waiting: z.number().int(),
  booking: dispatchBookingSchema.nullable(),
});
export type DashboardNote = z.infer<typeof dashboardNoteSchema>;

/**
 * GET dispatches/dashboard/ (the packing and dispatch dashboard, docs/decisions.md 114): packed
 * notes with no vehicle yet, approved notes still to pack, what left today, and dispatches per
 * day for the last 14 days (the chart).
 */
export const packingDispatchDashboardSchema = z.object({
  today: isoDateSchema,
  ready_to_dispatch: z.array(dashboardNoteSchema),
  waiting: z.array(dashboardNoteSchema),
  dispatched_today: z.array(dispatchViewSchema),
  daily: z.array(z.object({ date: isoDateSchema, count: z.number().int() })),
});
export type PackingDispatchDashboard = z.infer<typeof packingDispatchDashboardSchema>;

/** How many days the dashboard's chart covers. */
export const DASHBOARD_DAYS = 14;
