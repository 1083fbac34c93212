import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';

/** Estimation statuses: being costed, sent to the customer, then won or lost. */
export const ESTIMATION_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export const estimationStatusSchema = z.enum(valuesOf(ESTIMATION_STATUSES));
export type EstimationStatus = z.infer<typeof estimationStatusSchema>;

/** A product dimension in millimetres, optional. */
const dimensionInput = decimalInput({ digits: 14, scale: 3, min: 0 }).nullable().optional();
/** A count or measure that must be more than zero. */

/** Estimation (business-areas.md §3); a deleted estimation is a cancelled one. */
export const estimationSchema = z.object({
  id: idSchema,
  customer: idSchema,
  title: z.string(),
  estimation_date: isoDateSchema,
  status: estimationStatusSchema,
  total_cost: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type Estimation = z.infer<typeof estimationSchema>;

/** A new estimation; the server keeps `total_cost` equal to its products' quantity × unit price. */
export const estimationCreateSchema = z.object({
  customer: refSchema,
  title: requiredText(200),
  estimation_date: isoDateSchema,
  status: estimationStatusSchema.default('draft'),
});
export type EstimationCreate = z.input<typeof estimationCreateSchema>;
export const estimationUpdateSchema = updateSchemaOf(estimationCreateSchema);
export type EstimationUpdate = z.input<typeof estimationUpdateSchema>;

/** A product of an estimation; `unit_price` is the sum of its costing lines. */
export const estimationProductSchema = z.object({
  id: idSchema,
  estimation: idSchema,
  name: z.string(),
  description: z.string(),
  quantity: decimalSchema,
  unit_price: decimalSchema,
  width: decimalSchema.nullable(),
  depth: decimalSchema.nullable(),
  height: decimalSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type EstimationProduct = z.infer<typeof estimationProductSchema>;
export const estimationProductCreateSchema = z.object({
  estimation: refSchema,
  name: requiredText(200),
  description: textInput(1000).default(''),
  quantity: positiveQuantityInput().default('1'),
  width: dimensionInput,
  depth: dimensionInput,
  height: dimensionInput,
});
export type EstimationProductCreate = z.input<typeof estimationProductCreateSchema>;
export const estimationProductUpdateSchema = updateSchemaOf(estimationProductCreateSchema);
export type EstimationProductUpdate = z.input<typeof estimationProductUpdateSchema>;

/** A costing line of one unit of a product (estimation product detail). */
export const estimationProductDetailSchema = z.object({
  id: idSchema,
  product: idSchema,
  estimation_material: idSchema,
  description: z.string(),
  quantity: decimalSchema,
  rate: decimalSchema,
  amount: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type EstimationProductDetail = z.infer<typeof estimationProductDetailSchema>;
/** A new costing line; without a rate the material's current rate is used; amount = quantity × rate. */
export const estimationProductDetailCreateSchema = z.object({
  product: refSchema,
  estimation_material: refSchema,
  description: textInput(500).default(''),
  quantity: positiveQuantityInput(),
  rate: decimalInput({ min: 0 }).optional(),
});
export type EstimationProductDetailCreate = z.input<typeof estimationProductDetailCreateSchema>;
export const estimationProductDetailUpdateSchema = updateSchemaOf(estimationProductDetailCreateSchema);
export type EstimationProductDetailUpdate = z.input<typeof estimationProductDetailUpdateSchema>;

/** Bill-of-quantities draft (business-areas.md §3): sizes and quantity of a product being worked out. */
export const boqDraftSchema = z.object({
  id: idSchema,
  product: idSchema,
  width: decimalSchema.nullable(),
  depth: decimalSchema.nullable(),
  height: decimalSchema.nullable(),
  quantity: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type BoqDraft = z.infer<typeof boqDraftSchema>;
export const boqDraftCreateSchema = z.object({
  product: refSchema,
  width: dimensionInput,
  depth: dimensionInput,
  height: dimensionInput,
  quantity: positiveQuantityInput(),
});
export type BoqDraftCreate = z.input<typeof boqDraftCreateSchema>;
export const boqDraftUpdateSchema = updateSchemaOf(boqDraftCreateSchema);
export type BoqDraftUpdate = z.input<typeof boqDraftUpdateSchema>;
