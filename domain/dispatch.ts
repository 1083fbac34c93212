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
