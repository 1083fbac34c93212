import { z } from 'zod';
import { labelOf, valuesOf } from './options';
import { decimalInput, decimalSchema, updateSchemaOf, idSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields } from './entity';

/** Material units (business-areas.md §3), value and label exactly as the spec lists them. */
export const MATERIAL_UNITS = [
  { value: 'PCS', label: 'Pieces' },
  { value: 'KG', label: 'Kilos' },
  { value: 'FT', label: 'Feet' },
  { value: 'MM', label: 'Millimeters' },
  { value: 'SQMM', label: 'Sqr MM' },
  { value: 'CMS', label: 'Centimeters' },
  { value: 'MTRS', label: 'Meters' },
  { value: 'SQMTR', label: 'Sqr Mtrs' },
  { value: 'ROLL', label: 'Rolls' },
  { value: 'SET', label: 'Sets' },
  { value: 'PKT', label: 'Packet' },
  { value: 'FEET', label: 'Feet' },
  { value: 'BOX', label: 'Boxes' },
  { value: 'SHEET', label: 'Sheets' },
  { value: 'GSM', label: 'Gsm' },
  { value: 'LTRS', label: 'Liters' },
  { value: 'ML', label: 'Milliliters' },
  { value: 'MICR', label: 'Micron' },
  { value: 'DAYS', label: 'Days' },
  { value: 'MANPOWER', label: 'Person' },
  { value: 'ADHOC', label: 'Ad Hoc' },
] as const;
export const materialUnitSchema = z.enum(valuesOf(MATERIAL_UNITS));
export type MaterialUnit = z.infer<typeof materialUnitSchema>;

/** A unit as every screen and document writes it: the spec's label ("Sheets"), never its code ("SHEET"). */
export const materialUnitLabel = (unit: string | null | undefined): string => labelOf(MATERIAL_UNITS, unit);

/** The category whose name marks consumables (the foreman's materials; business-areas.md §6). */
export const CONSUMABLES_CATEGORY = 'consumables';

/** The catalogue's refusals, shared by the server and the forms that check before sending. */
export const MATERIAL_MESSAGES = {
  duplicateName: 'A material with this name already exists.',
  duplicateCategory: 'A category with this name already exists.',
  subcategoryOfOtherCategory: 'This subcategory belongs to another category.',
  categoryInUse: 'This category still has materials or subcategories: move or delete them first.',
  subcategoryInUse: 'This subcategory still has materials: move or delete them first.',
  subcategoryMoveInUse: 'This subcategory still has materials: a subcategory with materials stays in its category.',
} as const;

/** Material names (and category names) are unique ignoring case and spaces. */
export const materialNameKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

export const materialCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type MaterialCategory = z.infer<typeof materialCategorySchema>;
export const materialCategoryCreateSchema = z.object({ name: requiredText(100) });
export const materialCategoryUpdateSchema = updateSchemaOf(materialCategoryCreateSchema);

export const materialSubcategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  category: idSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type MaterialSubcategory = z.infer<typeof materialSubcategorySchema>;
export const materialSubcategoryCreateSchema = z.object({ name: requiredText(100), category: refSchema });
export const materialSubcategoryUpdateSchema = updateSchemaOf(materialSubcategoryCreateSchema);

/** Material (business-areas.md §3). `quantity` is on hand: it changes only with the stock ledger. */
export const materialSchema = z.object({
  id: idSchema,
  name: z.string(),
  category: idSchema,
  subcategory: idSchema.nullable(),
  unit: materialUnitSchema,
  brand: z.string(),
  size: z.string(),
  color: z.string(),
  thickness: z.string(),
  quantity: decimalSchema,
  reorder_level: decimalSchema,
  /** Weighted average cost per unit, kept by the stock ledger; stock value is quantity x average_cost. */
  average_cost: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type Material = z.infer<typeof materialSchema>;

/**
 * A material's identity without its stock (GET materials/material-names/): what a requisition's
 * picker and lines show of every material to users whose materials are narrower (row-rules.ts).
 */
export const materialNameSchema = materialSchema.omit({ quantity: true, reorder_level: true, average_cost: true });
export type MaterialName = z.infer<typeof materialNameSchema>;

export const materialCreateSchema = z.object({
  name: requiredText(200),
  category: refSchema,
  subcategory: refSchema.nullable().optional(),
  unit: materialUnitSchema,
  brand: textInput(100).default(''),
  size: textInput(100).default(''),
  color: textInput(100).default(''),
  thickness: textInput(100).default(''),
  reorder_level: decimalInput({ digits: 14, scale: 3, min: 0 }).default('0'),
});
export type MaterialCreate = z.input<typeof materialCreateSchema>;
export const materialUpdateSchema = updateSchemaOf(materialCreateSchema);
export type MaterialUpdate = z.input<typeof materialUpdateSchema>;
