import { z } from 'zod';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';

export const QUOTATION_MESSAGES = {
  discount: 'Discount cannot exceed the line amount (quantity × unit price).',
  taxRate: 'Ensure this value is less than or equal to 100.',
} as const;

/** Quotation (business-areas.md §3): a numbered price offer; the server assigns `number`. */
export const quotationSchema = z.object({
  id: idSchema,
  number: z.number().int().positive(),
  customer: idSchema,
  branch: idSchema.nullable(),
  sales_exec: idSchema,
  monarch_entity: z.string(),
  quotation_date: isoDateSchema,
  subject: z.string(),
  terms: z.string(),
  subtotal: decimalSchema,
  discount_total: decimalSchema,
  tax_rate: decimalSchema,
  tax_amount: decimalSchema,
  total_amount: decimalSchema,
  revision: z.number().int().positive(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Quotation = z.infer<typeof quotationSchema>;

/** A quotation line; gross_price = quantity × unit_price − discount (an amount). */
export const quotationItemSchema = z.object({
  id: idSchema,
  quotation: idSchema,
  code: z.string(),
  description: z.string(),
  quantity: decimalSchema,
  unit_price: decimalSchema,
  discount: decimalSchema,
  gross_price: decimalSchema,
  image_path: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type QuotationItem = z.infer<typeof quotationItemSchema>;

/**
 * A line as a client sends it; the server computes gross_price, and the image arrives as an
 * uploaded file (multipart), never as a path.
 */
const quotationItemFields = z.object({
  code: textInput(100).default(''),
  description: requiredText(2000),
  quantity: decimalInput({ digits: 14, scale: 3, min: 0.001 }),
  unit_price: decimalInput({ min: 0 }),
  discount: decimalInput({ min: 0 }).default('0'),
});

/** The discount of a line may not exceed its amount (a check only; totals are computed exactly). */
function discountWithinLine(item: { quantity: string; unit_price: string; discount: string }, ctx: z.RefinementCtx) {
  if (Number(item.discount) > Number(item.quantity) * Number(item.unit_price)) {
    ctx.addIssue({ code: 'custom', path: ['discount'], message: QUOTATION_MESSAGES.discount });
  }
}

/** A line inside a quotation's create or update body. */
export const quotationLineInputSchema = quotationItemFields.superRefine(discountWithinLine);
/** POST quote_items/ */
export const quotationItemCreateSchema = quotationItemFields.extend({ quotation: refSchema }).superRefine(discountWithinLine);
export type QuotationItemCreate = z.input<typeof quotationItemCreateSchema>;
/** PATCH quote_items/{itemId}/ */
export const quotationItemUpdateSchema = updateSchemaOf(quotationItemCreateSchema);
export type QuotationItemUpdate = z.input<typeof quotationItemUpdateSchema>;

/**
 * POST quotations/: header and lines; the server assigns the number and computes the line and
 * header totals. A PATCH that carries `items` replaces the lines and starts a new revision.
 */
export const quotationCreateSchema = z.object({
  customer: refSchema,
  branch: refSchema.nullable().default(null),
  sales_exec: refSchema,
  monarch_entity: textInput(100).default(''),
  quotation_date: isoDateSchema,
  subject: textInput(500).default(''),
  terms: textInput(5000).default(''),
  tax_rate: decimalInput({ digits: 5, scale: 2, min: 0 })
    .refine((v) => Number(v) <= 100, QUOTATION_MESSAGES.taxRate)
    .default('0'),
  items: z.array(quotationLineInputSchema).min(1).max(500),
});
export type QuotationCreate = z.input<typeof quotationCreateSchema>;
export const quotationUpdateSchema = updateSchemaOf(quotationCreateSchema);
export type QuotationUpdate = z.input<typeof quotationUpdateSchema>;

/** A quotation as it stood at one revision (GET {id}/version/{v}); written by the server only. */
export const quotationVersionSchema = z.object({
  id: idSchema,
  quotation: idSchema,
  revision: z.number().int().positive(),
  snapshot: z.record(z.string(), z.unknown()),
  ...trackedFields,
});
export type QuotationVersion = z.infer<typeof quotationVersionSchema>;
