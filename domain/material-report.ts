import { z } from 'zod';
import { flagParam, idParam, pageParams, periodInOrder } from './query-params';
import { decimalSchema, idSchema, isoDateSchema } from './entity';
import { jobOrderStatusSchema } from './job-order';
import { materialSchema, materialUnitSchema } from './material';
import { valuesOf } from './options';
import { stockTransactionStatusSchema, stockTransactionTypeSchema } from './stock';

/**
 * The material and stock reports (business-areas.md §7 "Materials and stock"): the materials
 * list with stock, its spreadsheet, and the issue, consumption, log, movement, price-variance,
 * issued-today, reorder, ageing and job-order consumption reports. Quantities and money are
 * exact decimals as strings; every report shows only the materials its user may see (§6).
 */

/** Page size of every material report (business-areas.md §9: materials and stock, 15). */
export const MATERIAL_REPORT_PAGE_SIZE = 15;

/* Query parameters (strings on the wire). Unknown parameters are 400s, as on every list. */

/** A period of business days, both bounds optional and inclusive (the names are the spec's). */
const periodFields = { startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional() };

/** Narrowing a report to some materials. */
const materialFilterFields = {
  category: idParam.optional(),
  subcategory: idParam.optional(),
  search: z.string().trim().max(200).optional(),
};

/** How the materials list with stock may be ordered; `-` for descending. */
export const MATERIAL_STOCK_ORDERINGS = ['name', 'quantity', 'available', 'reorder_level', 'stock_value'] as const;
const materialStockOrderingSchema = z.enum([...MATERIAL_STOCK_ORDERINGS, ...MATERIAL_STOCK_ORDERINGS.map((o) => `-${o}` as const)]);

/**
 * filter_materials/ and export_to_excel/: the materials list narrowed by category, subcategory,
 * unit and a search of name, brand, size and colour; `below_reorder` keeps the materials whose
 * free stock is at or below a reorder level above zero (false: the others); `in_stock` keeps
 * those with stock on hand (false: those without).
 */
const materialStockFilterFields = {
  ...materialFilterFields,
  unit: materialUnitSchema.optional(),
  below_reorder: flagParam.optional(),
  in_stock: flagParam.optional(),
  ordering: materialStockOrderingSchema.optional(),
};
export const filterMaterialsQuerySchema = z.object({ ...materialStockFilterFields, ...pageParams }).strict();
export type FilterMaterialsQuery = z.output<typeof filterMaterialsQuerySchema>;
export const exportMaterialsQuerySchema = z.object(materialStockFilterFields).strict();
export type MaterialStockFilters = z.output<typeof exportMaterialsQuerySchema>;

/** issue_report/: the issues of a period, narrowed by material, category, job order or requisition. */
export const issueReportQuerySchema = z
  .object({ ...periodFields, material: idParam.optional(), category: idParam.optional(), job_order: idParam.optional(), requisition: idParam.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type IssueReportQuery = z.output<typeof issueReportQuerySchema>;

/** issued_today/: today's issues, narrowed by material or category. */
export const issuedTodayQuerySchema = z.object({ material: idParam.optional(), category: idParam.optional(), ...pageParams }).strict();
export type IssuedTodayQuery = z.output<typeof issuedTodayQuerySchema>;

/** How the consumption report groups: one row per material, or per job order and material. */
export const CONSUMPTION_GROUPINGS = [
  { value: 'material', label: 'Material' },
  { value: 'job_order', label: 'Job order and material' },
] as const;
export const consumptionGroupingSchema = z.enum(valuesOf(CONSUMPTION_GROUPINGS));
export type ConsumptionGrouping = z.infer<typeof consumptionGroupingSchema>;

/** consumption_report/: what was issued less what came back, over a period. */
export const consumptionReportQuerySchema = z
  .object({
    ...periodFields,
    material: idParam.optional(),
    category: idParam.optional(),
    job_order: idParam.optional(),
    group_by: consumptionGroupingSchema.default('material'),
    ...pageParams,
  })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type ConsumptionReportQuery = z.output<typeof consumptionReportQuerySchema>;

/** log_report/: the ledger of one material over a period, with the running balance. */
export const logReportQuerySchema = z
  .object({ material: idParam, ...periodFields, ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type LogReportQuery = z.output<typeof logReportQuerySchema>;

/** movement_report/: opening, in, out and closing per material over a period. */
export const movementReportQuerySchema = z
  .object({ ...periodFields, material: idParam.optional(), ...materialFilterFields, ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type MovementReportQuery = z.output<typeof movementReportQuerySchema>;

/** {id}/price-variance-report/: a material's GRA prices over a period. */
export const priceVarianceQuerySchema = z
  .object({ ...periodFields, ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type PriceVarianceQuery = z.output<typeof priceVarianceQuerySchema>;

/** reorder/ and ageing/: materials narrowed by category, subcategory or search. */
export const materialReportQuerySchema = z.object({ ...materialFilterFields, ...pageParams }).strict();
export type MaterialReportQuery = z.output<typeof materialReportQuerySchema>;

/* Rows and reports. */

const pageShape = { count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable() };

/** A material with where its stock stands: on hand, reserved for requisitions, free, and its value. */
export const materialStockRowSchema = materialSchema.extend({
  category_name: z.string(),
  subcategory_name: z.string().nullable(),
  reserved: decimalSchema,
  available: decimalSchema,
  stock_value: decimalSchema,
});
export type MaterialStockRow = z.infer<typeof materialStockRowSchema>;
/** filter_materials/: a page of the materials with stock, and the stock value of every material the filters match. */
export const materialStockReportSchema = z.object({ ...pageShape, total_value: decimalSchema, results: z.array(materialStockRowSchema) });

/** The columns of the materials spreadsheet (export_to_excel/), in order. */
export const MATERIAL_EXPORT_COLUMNS = [
  { key: 'name', header: 'Name' },
  { key: 'category_name', header: 'Category' },
  { key: 'subcategory_name', header: 'Subcategory' },
  { key: 'unit', header: 'Unit' },
  { key: 'quantity', header: 'On hand' },
  { key: 'reserved', header: 'Reserved' },
  { key: 'available', header: 'Available' },
  { key: 'reorder_level', header: 'Reorder level' },
  { key: 'average_cost', header: 'Average cost' },
  { key: 'stock_value', header: 'Stock value' },
] as const satisfies readonly { key: keyof MaterialStockRow; header: string }[];

/** One issue of material (a live issue that was not reversed), with its value at the rate it went out at. */
export const issueRowSchema = z.object({
  id: idSchema,
  transaction_date: isoDateSchema,
  material: idSchema,
  material_name: z.string(),
  unit: z.string(),
  quantity: decimalSchema,
  rate: decimalSchema.nullable(),
  value: decimalSchema,
  requisition: idSchema.nullable(),
  job_order: idSchema.nullable(),
  customer_name: z.string().nullable(),
  status: stockTransactionStatusSchema,
  remarks: z.string(),
});
export type IssueRow = z.infer<typeof issueRowSchema>;
export const issueReportSchema = z.object({ ...pageShape, total_value: decimalSchema, results: z.array(issueRowSchema) });

/** Consumption of a material (for a job order, when grouped so): issued less returned, net of reversals. */
export const consumptionRowSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  unit: z.string(),
  /** Null when grouped by material, or for issues against no job order. */
  job_order: idSchema.nullable(),
  customer_name: z.string().nullable(),
  issued: decimalSchema,
  returned: decimalSchema,
  consumed: decimalSchema,
  value: decimalSchema,
});
export type ConsumptionRow = z.infer<typeof consumptionRowSchema>;
export const consumptionReportSchema = z.object({ ...pageShape, total_value: decimalSchema, results: z.array(consumptionRowSchema) });

/** GET stores/joborder/{id}/material-consumption/: every material consumed on a job order. */
export const jobOrderConsumptionSchema = z.object({
  job_order: idSchema,
  customer_name: z.string(),
  status: jobOrderStatusSchema,
  total_value: decimalSchema,
  results: z.array(consumptionRowSchema),
});

/** One ledger row of a material, with the balance after it. */
export const logRowSchema = z.object({
  id: idSchema,
  transaction_date: isoDateSchema,
  transaction_type: stockTransactionTypeSchema,
  quantity: decimalSchema,
  rate: decimalSchema.nullable(),
  value: decimalSchema,
  requisition: idSchema.nullable(),
  job_order: idSchema.nullable(),
  gra_item: idSchema.nullable(),
  stock_adjustment: idSchema.nullable(),
  reverses: idSchema.nullable(),
  reversed_by: idSchema.nullable(),
  status: stockTransactionStatusSchema,
  remarks: z.string(),
  balance: decimalSchema,
});
export type LogRow = z.infer<typeof logRowSchema>;
export const logReportSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  unit: z.string(),
  opening_balance: decimalSchema,
  closing_balance: decimalSchema,
  ...pageShape,
  results: z.array(logRowSchema),
});

/** A material's movement over a period: closing = opening + inward - outward. */
export const movementRowSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  unit: z.string(),
  category_name: z.string(),
  opening_quantity: decimalSchema,
  inward: decimalSchema,
  outward: decimalSchema,
  closing_quantity: decimalSchema,
});
export type MovementRow = z.infer<typeof movementRowSchema>;
export const movementReportSchema = z.object({ ...pageShape, results: z.array(movementRowSchema) });

/** One GRA line of the material: the rate billed on a date, and its change from the line before. */
export const priceRowSchema = z.object({
  gra: idSchema,
  gra_item: idSchema,
  gra_date: isoDateSchema,
  vendor: idSchema,
  vendor_name: z.string(),
  quantity_received: decimalSchema,
  quantity_accepted: decimalSchema,
  rate: decimalSchema,
  /** rate less the previous GRA line's rate (before the period too); null on the first. */
  change: decimalSchema.nullable(),
  /** The change in percent of the previous rate, 2 decimals; null on the first or after a zero rate. */
  change_percent: decimalSchema.nullable(),
  /** The LPO the goods came against and the rate it ordered at; null without an LPO. */
  lpo: idSchema.nullable(),
  lpo_rate: decimalSchema.nullable(),
  /** rate less the LPO's rate: what the vendor billed above (or below) the order. */
  lpo_variance: decimalSchema.nullable(),
});
export type PriceRow = z.infer<typeof priceRowSchema>;
export const priceSummarySchema = z.object({
  count: z.number().int(),
  min_rate: decimalSchema.nullable(),
  max_rate: decimalSchema.nullable(),
  /** Mean of the lines' rates. */
  average_rate: decimalSchema.nullable(),
  /** Rates weighted by the accepted quantity (what stock was actually bought at). */
  weighted_average_rate: decimalSchema.nullable(),
  first_rate: decimalSchema.nullable(),
  latest_rate: decimalSchema.nullable(),
});
export const priceVarianceReportSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  unit: z.string(),
  summary: priceSummarySchema,
  ...pageShape,
  results: z.array(priceRowSchema),
});

/** A material at or below its reorder level: shortfall = reorder level - available. */
export const reorderRowSchema = materialStockRowSchema.extend({ shortfall: decimalSchema });
export const reorderReportSchema = z.object({ ...pageShape, results: z.array(reorderRowSchema) });

/** Ageing buckets, in days since the stock came into stores. */
export const AGEING_BUCKETS = [
  { value: '0-30', label: '0-30 days', upTo: 30 },
  { value: '31-60', label: '31-60 days', upTo: 60 },
  { value: '61-90', label: '61-90 days', upTo: 90 },
  { value: 'over-90', label: 'Over 90 days', upTo: null },
] as const;
export const ageingBucketSchema = z.enum(AGEING_BUCKETS.map((b) => b.value) as ['0-30', '31-60', '61-90', 'over-90']);
export type AgeingBucket = z.infer<typeof ageingBucketSchema>;

/** The bucket of stock that came in `days` days ago (stock dated ahead counts as new). */
export function ageingBucketOf(days: number): AgeingBucket {
  return AGEING_BUCKETS.find((b) => b.upTo === null || days <= b.upTo)!.value;
}

export const ageingShareSchema = z.object({ bucket: ageingBucketSchema, quantity: decimalSchema, value: decimalSchema });
export const ageingRowSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  unit: z.string(),
  quantity: decimalSchema,
  average_cost: decimalSchema,
  stock_value: decimalSchema,
  /** Every bucket, in order, zero where no stock is that old. */
  buckets: z.array(ageingShareSchema),
});
export type AgeingRow = z.infer<typeof ageingRowSchema>;
export const ageingReportSchema = z.object({
  ...pageShape,
  /** Value per bucket over every material of the report, not only this page. */
  totals: z.array(z.object({ bucket: ageingBucketSchema, value: decimalSchema })),
  total_value: decimalSchema,
  results: z.array(ageingRowSchema),
});
