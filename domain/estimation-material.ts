import { z } from 'zod';
import { materialUnitSchema } from './material';
import { decimalInput, decimalSchema, idSchema, refSchema, requiredText, softDeleteFields, trackedFields, updateSchemaOf } from './entity';

/**
 * The estimation material categories of business-areas.md §9, in the spec's order; value and
 * label are the spec's text. The design department starts with these and may add more.
 */
export const ESTIMATION_MATERIAL_CATEGORIES = [
  { value: 'MS', label: 'MS' },
  { value: 'SS square and round pipe', label: 'SS square and round pipe' },
  { value: 'sheet and rod', label: 'sheet and rod' },
  { value: 'aluminium sheet', label: 'aluminium sheet' },
  { value: 'toughened glass', label: 'toughened glass' },
  { value: 'acrylic', label: 'acrylic' },
  { value: 'wooden', label: 'wooden' },
  { value: 'solid wood', label: 'solid wood' },
  { value: 'laminate', label: 'laminate' },
  { value: 'MS and SS laser cutting', label: 'MS and SS laser cutting' },
  { value: 'hardware', label: 'hardware' },
  { value: 'painting/polish', label: 'painting/polish' },
  { value: 'powder coating', label: 'powder coating' },
  { value: 'service rate', label: 'service rate' },
  { value: 'finishing rate', label: 'finishing rate' },
  { value: 'miscellaneous', label: 'miscellaneous' },
] as const;

/** Estimation material category (a row of estimation_material_categories). */
export const estimationMaterialCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type EstimationMaterialCategory = z.infer<typeof estimationMaterialCategorySchema>;
export const estimationMaterialCategoryCreateSchema = z.object({ name: requiredText(100) });
export type EstimationMaterialCategoryCreate = z.input<typeof estimationMaterialCategoryCreateSchema>;
export const estimationMaterialCategoryUpdateSchema = updateSchemaOf(estimationMaterialCategoryCreateSchema);
export type EstimationMaterialCategoryUpdate = z.input<typeof estimationMaterialCategoryUpdateSchema>;

const sizeInput = decimalInput({ digits: 14, scale: 3, min: 0 }).nullable().optional();

/** Estimation material: a costing material with its unit (the material units) and current rate per unit. */
export const estimationMaterialSchema = z.object({
  id: idSchema,
  category: idSchema,
  name: z.string(),
  unit: materialUnitSchema,
  rate: decimalSchema,
  sheet_length: decimalSchema.nullable(),
  sheet_width: decimalSchema.nullable(),
  kg_per_metre: decimalSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type EstimationMaterial = z.infer<typeof estimationMaterialSchema>;
export const estimationMaterialCreateSchema = z.object({
  category: refSchema,
  name: requiredText(200),
  unit: materialUnitSchema,
  rate: decimalInput({ min: 0 }).default('0'),
  /** Costing (domain/estimation-costing.ts): the sheet of a SHEET material, mm; kilos per metre of a KG material. */
  sheet_length: sizeInput,
  sheet_width: sizeInput,
  kg_per_metre: sizeInput,
});
export type EstimationMaterialCreate = z.input<typeof estimationMaterialCreateSchema>;
export const estimationMaterialUpdateSchema = updateSchemaOf(estimationMaterialCreateSchema);
export type EstimationMaterialUpdate = z.input<typeof estimationMaterialUpdateSchema>;
