import { z } from 'zod';
import { valuesOf } from './options';
import { idSchema, isoDateSchema, refSchema, textInput, trackedFields, updateSchemaOf } from './entity';
import { isValidPhone } from './rules/contact';

/** Dispatch statuses: planned, on the road, handed over to the customer, or called off. */
export const DISPATCH_STATUSES = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export const dispatchStatusSchema = z.enum(valuesOf(DISPATCH_STATUSES));
export type DispatchStatus = z.infer<typeof dispatchStatusSchema>;

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

/** A delivery note on the packing and dispatch dashboard, with how many days it has waited. */
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
