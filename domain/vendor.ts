import { z } from 'zod';
import { emailInput, gstNumberInput, phoneInput } from './customer';
import { idSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { indianStateSchema } from './india';

/** What the server answers for a vendor write it refuses; the forms say the same before sending. */
export const VENDOR_MESSAGES = {
  duplicateName: 'A vendor with this name already exists.',
  endBeforeStart: 'The end date cannot be before the start date.',
} as const;

/** Vendor names (the unique index) compare ignoring case and spaces. */
export const vendorNameKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** Vendor (business-areas.md §3): a supplier the company raises LPOs on. */
export const vendorSchema = z.object({
  id: idSchema,
  name: z.string(),
  contact_person: z.string(),
  phone: z.string(),
  email: z.string(),
  gst_number: z.string(),
  address: z.string(),
  state: indianStateSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type Vendor = z.infer<typeof vendorSchema>;

/** POST vendors/vendors/ */
export const vendorCreateSchema = z.object({
  name: requiredText(200),
  contact_person: textInput(200).default(''),
  phone: phoneInput(),
  email: emailInput(),
  gst_number: gstNumberInput(),
  address: textInput(1000).default(''),
  state: indianStateSchema.default('N/A'),
});
export type VendorCreate = z.input<typeof vendorCreateSchema>;
/** PATCH vendors/vendors/{id}/ */
export const vendorUpdateSchema = updateSchemaOf(vendorCreateSchema);
export type VendorUpdate = z.input<typeof vendorUpdateSchema>;
