import { z } from 'zod';
import { emailInput, gstNumberInput, phoneInput } from './customer';
import { decimalSchema, idSchema, isoDateSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { indianStateSchema } from './india';
import { lpoStatusSchema } from './lpo';
import { idParam, pageParams, periodInOrder } from './query-params';

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
  payment_terms: z.string(),
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
  payment_terms: textInput(500).default(''),
});
export type VendorCreate = z.input<typeof vendorCreateSchema>;
/** PATCH vendors/vendors/{id}/ */
export const vendorUpdateSchema = updateSchemaOf(vendorCreateSchema);
export type VendorUpdate = z.input<typeof vendorUpdateSchema>;

/* ---------------------------------------------------------------------------------------------
 * What the company buys from a vendor (issue 19 §1): the vendor's open LPOs, its GRAs, the price
 * history of what it supplies and how often it delivers on time; and every vendor's purchases in
 * a period (vendor-wise purchases). Reports of the server, read online.
 * ------------------------------------------------------------------------------------------- */

/** ?vendor= of a vendor's reports. */
export const vendorReportQuerySchema = z.object({ vendor: idParam }).strict();
export const vendorGrasQuerySchema = z.object({ vendor: idParam, ...pageParams }).strict();

/** An LPO of the vendor still awaiting goods: what is still to come at the ordered rates, and whether it is past its expected date. */
export const vendorOpenLpoSchema = z.object({
  id: idSchema,
  lpo_date: isoDateSchema,
  expected_date: isoDateSchema.nullable(),
  status: lpoStatusSchema,
  total_amount: decimalSchema,
  pending_value: decimalSchema,
  late: z.boolean(),
});
export type VendorOpenLpo = z.infer<typeof vendorOpenLpoSchema>;
export const vendorOpenLposSchema = z.object({ count: z.number().int(), pending_value: decimalSchema, results: z.array(vendorOpenLpoSchema) });

/** A GRA of the vendor in force: its value is the accepted quantities at their rates. */
export const vendorGraSchema = z.object({ id: idSchema, gra_date: isoDateSchema, lpo: idSchema.nullable(), invoice_number: z.string(), challan_number: z.string(), value: decimalSchema });
export type VendorGra = z.infer<typeof vendorGraSchema>;

/** A material the vendor supplied: its rates over the GRAs in force, the latest first. */
export const vendorPriceSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  material_unit: z.string(),
  receipts: z.number().int(),
  last_rate: decimalSchema,
  last_date: isoDateSchema,
  lowest_rate: decimalSchema,
  highest_rate: decimalSchema,
});
export type VendorPrice = z.infer<typeof vendorPriceSchema>;

/**
 * The price history, and the vendor's deliveries (decision 290): of its LPOs with an expected date
 * whose goods have all come, those whose last GRA was on or before that date are on time.
 */
export const vendorPriceHistorySchema = z.object({
  count: z.number().int(),
  results: z.array(vendorPriceSchema),
  deliveries: z.object({ on_time: z.number().int(), late: z.number().int(), on_time_percent: decimalSchema.nullable() }),
});
export type VendorPriceHistory = z.infer<typeof vendorPriceHistorySchema>;

/** vendor_wise/: every vendor bought from in a period, the largest orders first. */
export const vendorWiseQuerySchema = z
  .object({ start_date: isoDateSchema.optional(), end_date: isoDateSchema.optional() })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));
export const vendorWiseRowSchema = z.object({
  vendor: idSchema,
  vendor_name: z.string(),
  lpo_count: z.number().int(),
  ordered_value: decimalSchema,
  gra_count: z.number().int(),
  received_value: decimalSchema,
});
export type VendorWiseRow = z.infer<typeof vendorWiseRowSchema>;
export const vendorWiseReportSchema = z.object({ count: z.number().int(), ordered_value: decimalSchema, received_value: decimalSchema, results: z.array(vendorWiseRowSchema) });
