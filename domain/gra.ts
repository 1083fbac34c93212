import { z } from 'zod';
import { idParam, pageParams, periodInOrder } from './query-params';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { compare } from './decimal';
import { quantityInput, whenFieldsValid } from './stock';

export const GRA_MESSAGES = {
  acceptedOverReceived: 'The accepted quantity cannot be more than the received quantity.',
  duplicateLpoItem: 'This LPO item is already on the GRA.',
} as const;

/** A line of a GRA: what arrived against one LPO item and how much of it was accepted into stock. */
export const graItemSchema = z.object({
  id: idSchema,
  gra: idSchema,
  lpo_item: idSchema,
  material: idSchema,
  quantity_received: decimalSchema,
  quantity_accepted: decimalSchema,
  rate: decimalSchema,
  remarks: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type GraItem = z.infer<typeof graItemSchema>;

/**
 * A GRA line as sent inside its GRA. The material comes from the LPO item; the rate too, unless
 * the vendor billed another one.
 */
export const graItemCreateSchema = z
  .object({
    lpo_item: refSchema,
    quantity_received: positiveQuantityInput(),
    quantity_accepted: quantityInput(0),
    rate: decimalInput({ min: 0 }).optional(),
    remarks: textInput(1000).default(''),
  })
  .superRefine((item, ctx) => {
    if (compare(item.quantity_accepted, item.quantity_received) > 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity_accepted'], message: GRA_MESSAGES.acceptedOverReceived });
    }
  }, whenFieldsValid);
export type GraItemCreate = z.input<typeof graItemCreateSchema>;
/** PATCH gra/gra_items/{id}/ */
export const graItemUpdateSchema = updateSchemaOf(graItemCreateSchema);
export type GraItemUpdate = z.input<typeof graItemUpdateSchema>;

/** Goods received advice (business-areas.md §3): goods received against an LPO. */
export const graSchema = z.object({
  id: idSchema,
  lpo: idSchema,
  vendor: idSchema,
  gra_date: isoDateSchema,
  invoice_number: z.string(),
  challan_number: z.string(),
  remarks: z.string(),
  cancelled_at: isoDateTimeSchema.nullable(),
  cancellation_remarks: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Gra = z.infer<typeof graSchema>;

/** POST gra/gras/: the LPO, the GRA date and at least one item; the vendor is the LPO's. */
export const graCreateSchema = z
  .object({
    lpo: refSchema,
    gra_date: isoDateSchema,
    invoice_number: textInput(100).default(''),
    challan_number: textInput(100).default(''),
    remarks: textInput(2000).default(''),
    gra_items: z.array(graItemCreateSchema).min(1).max(500),
  })
  .superRefine((gra, ctx) => {
    const seen = new Set<number>();
    gra.gra_items.forEach((item, i) => {
      if (seen.has(item.lpo_item)) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'lpo_item'], message: GRA_MESSAGES.duplicateLpoItem });
      seen.add(item.lpo_item);
    });
  }, whenFieldsValid);
export type GraCreate = z.input<typeof graCreateSchema>;
/** PATCH gra/gras/{id}/ */
export const graUpdateSchema = updateSchemaOf(graCreateSchema);
export type GraUpdate = z.input<typeof graUpdateSchema>;

/** DELETE gra/gras/{id}/: cancelling a GRA (its receipts leave stock again) needs remarks. */
export const graCancelSchema = z.object({ cancellation_remarks: requiredText(1000) });
export type GraCancel = z.input<typeof graCancelSchema>;

/* ------------------------------------------------------------------------------------------
 * What the GRA API answers: the rows with the names the screens show, and the list queries.
 * ---------------------------------------------------------------------------------------- */

/**
 * A GRA as the lists (and the device's mirror) hold it: the vendor's name rides along, because
 * the workshops that follow their goods do not read the vendor list.
 */
export const graListRowSchema = graSchema.extend({ vendor_name: z.string() });
export type GraListRow = z.infer<typeof graListRowSchema>;

/** A GRA line with its material's name and unit; `amount` is the accepted quantity × rate, to the paisa. */
export const graLineSchema = graItemSchema.extend({ material_name: z.string(), material_unit: z.string(), amount: decimalSchema });
export type GraLine = z.infer<typeof graLineSchema>;

/** GET gra/gras/{id}/ (and the cancelled and filtered lists): the GRA, its LPO's date and its lines. */
export const graViewSchema = graListRowSchema.extend({ lpo_date: isoDateSchema, gra_items: z.array(graLineSchema) });
export type GraView = z.infer<typeof graViewSchema>;


/** cancelled_gras/: only the page. */
export const graPageQuerySchema = z.object(pageParams).strict();

/** filter_gras/ (business-areas.md §7; the names are the spec's): a period of GRA dates, a vendor, a material. */
export const filterGrasQuerySchema = z
  .object({ startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional(), vendor: idParam.optional(), material: idParam.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type FilterGrasQuery = z.output<typeof filterGrasQuerySchema>;
