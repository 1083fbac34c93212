import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { materialUnitSchema } from './material';
import { idParam, pageParams, periodInOrder } from './query-params';
import { quotationViewSchema } from './quotation';

/**
 * Estimation statuses (decision 345): in costing (draft), submitted for a costing manager's
 * approval, approved (or rejected back to costing), then quoted once its products became a
 * quotation's lines. Only draft and submitted estimations are open: re-pricing never touches the
 * others, so nothing sent to a customer changes behind their back.
 */
export const ESTIMATION_STATUSES = [
  { value: 'draft', label: 'In costing' },
  { value: 'submitted', label: 'Waiting for approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'quoted', label: 'Quoted' },
] as const;
/** The statuses whose products and costing lines may be changed (a rejected one goes back to costing). */
export const EDITABLE_ESTIMATION_STATUSES = ['draft', 'rejected'] as const satisfies readonly EstimationStatusValue[];
export const OPEN_ESTIMATION_STATUSES = ['draft', 'submitted'] as const satisfies readonly EstimationStatusValue[];
type EstimationStatusValue = (typeof ESTIMATION_STATUSES)[number]['value'];
export const estimationStatusSchema = z.enum(valuesOf(ESTIMATION_STATUSES));
export type EstimationStatus = z.infer<typeof estimationStatusSchema>;

/** A product dimension in millimetres, optional. */
const dimensionInput = decimalInput({ digits: 14, scale: 3, min: 0 }).nullable().optional();
/** A percentage added on top (wastage, overhead, margin): 0 to 999.99, two places. */
const percentOnTop = () => decimalInput({ digits: 5, scale: 2, min: 0 });

/**
 * Estimation (business-areas.md §3): the costing of a lead's or a customer's requirement; a
 * deleted estimation is a cancelled one. `costing_version` counts the costings kept in its history
 * (each submission, approval and re-pricing keeps one).
 */
export const estimationSchema = z.object({
  id: idSchema,
  customer: idSchema.nullable(),
  lead: idSchema.nullable(),
  title: z.string(),
  requirement: z.string(),
  estimation_date: isoDateSchema,
  status: estimationStatusSchema,
  total_cost: decimalSchema,
  costing_version: z.number().int().nonnegative(),
  submitted_at: isoDateTimeSchema.nullable(),
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  rejection_reason: z.string(),
  quotation: idSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Estimation = z.infer<typeof estimationSchema>;

export const ESTIMATION_MESSAGES = {
  party: 'Choose the customer or the lead the estimation is for.',
  loadFailed: 'Failed to load estimations',
  detailFailed: 'Failed to load estimation details',
  noneCancelled: 'Cancelled estimations not found',
} as const;

/**
 * A new estimation, for a customer or a lead (at least one); the server keeps `total_cost` equal
 * to its products' quantity × unit price. The status moves only through submit/approve/reject.
 */
const estimationFields = z.object({
  customer: refSchema.nullable().default(null),
  lead: refSchema.nullable().default(null),
  title: requiredText(200),
  requirement: textInput(4000).default(''),
  estimation_date: isoDateSchema,
});
export const estimationCreateSchema = estimationFields.refine((e) => e.customer !== null || e.lead !== null, { path: ['customer'], message: ESTIMATION_MESSAGES.party });
export type EstimationCreate = z.input<typeof estimationCreateSchema>;
export const estimationUpdateSchema = updateSchemaOf(estimationFields);
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
  overhead_percent: decimalSchema,
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
  overhead_percent: percentOnTop().default('0'),
});
export type EstimationProductCreate = z.input<typeof estimationProductCreateSchema>;
export const estimationProductUpdateSchema = updateSchemaOf(estimationProductCreateSchema);
export type EstimationProductUpdate = z.input<typeof estimationProductUpdateSchema>;

/**
 * A costing line of one unit of a product (estimation product detail), costed by
 * domain/estimation-costing.ts: `measured` lines worked their quantity out of the part's sizes
 * (`pieces` of `length` × `width` mm, or the product's face) and the material's unit; wastage is
 * on top; amount = quantity × rate.
 */
export const estimationProductDetailSchema = z.object({
  id: idSchema,
  product: idSchema,
  estimation_material: idSchema,
  description: z.string(),
  pieces: decimalSchema,
  length: decimalSchema.nullable(),
  width: decimalSchema.nullable(),
  wastage_percent: decimalSchema,
  measured: z.boolean(),
  quantity: decimalSchema,
  rate: decimalSchema,
  amount: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type EstimationProductDetail = z.infer<typeof estimationProductDetailSchema>;
/**
 * A new costing line. Without a quantity it is measured (the unit must allow it); without a rate
 * the material's current rate is used.
 */
export const estimationProductDetailCreateSchema = z.object({
  product: refSchema,
  estimation_material: refSchema,
  description: textInput(500).default(''),
  pieces: positiveQuantityInput().default('1'),
  length: dimensionInput,
  width: dimensionInput,
  wastage_percent: percentOnTop().default('0'),
  quantity: positiveQuantityInput().nullable().default(null),
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
/**
 * `GET boq-drafts/?product=` (one product's live drafts) or `?estimation=` (those of every live
 * product of the estimation, in one read for its detail: decision 369), oldest first; one of
 * them is required.
 */
export const boqDraftQuerySchema = z
  .object({ product: idParam.optional(), estimation: idParam.optional() })
  .refine((q) => q.product !== undefined || q.estimation !== undefined, { path: ['product'], message: 'This field is required.' });
export type BoqDraftQuery = z.output<typeof boqDraftQuerySchema>;

/** Approval and rejection (a costing manager, never the estimation's author); a rejection says why. */
export const estimationRejectSchema = z.object({ reason: requiredText(1000) });
export type EstimationReject = z.input<typeof estimationRejectSchema>;

/** The hand-over of an approved estimation to a draft quotation: each product a line at unit price + margin. */
export const estimationQuotationSchema = z.object({ margin_percent: percentOnTop(), subject: textInput(200).optional(), monarch_entity: textInput(100).optional() });
export type EstimationQuotation = z.input<typeof estimationQuotationSchema>;

/** `PATCH bulk-update-costs/`: new rates of estimation materials; open estimations using them are re-priced. */
export const bulkUpdateCostsSchema = z.object({
  updates: z
    .array(z.object({ estimation_material: refSchema, rate: decimalInput({ min: 0 }) }))
    .min(1, 'Give at least one material and its new rate.')
    .max(500),
});
export type BulkUpdateCosts = z.input<typeof bulkUpdateCostsSchema>;

/** One costing line a re-pricing changed, and what it did to its estimation. */
export const costUpdateSchema = z.object({
  estimation: idSchema,
  product: idSchema,
  detail: idSchema,
  estimation_material: idSchema,
  old_rate: decimalSchema,
  new_rate: decimalSchema,
  old_amount: decimalSchema,
  new_amount: decimalSchema,
});
export type CostUpdate = z.infer<typeof costUpdateSchema>;

/** A product's cost by estimation material category (`{id}/cost-breakdown/`). */
export const costBreakdownRowSchema = z.object({ category: idSchema, category_name: z.string(), amount: decimalSchema });
export type CostBreakdownRow = z.infer<typeof costBreakdownRowSchema>;

/** A kept costing of an estimation: its products and lines as they were. */
export const estimationVersionSchema = z.object({
  id: idSchema,
  estimation: idSchema,
  /** The costing's number (1, 2, …); `version` is the row's own, as on every table. */
  costing_version: z.number().int().positive(),
  reason: z.enum(['submitted', 'approved', 'repriced']),
  total_cost: decimalSchema,
  products: z.array(z.unknown()),
  ...trackedFields,
});
export type EstimationVersion = z.infer<typeof estimationVersionSchema>;

/** A drawing or image of an estimation, sent with it (multipart) and kept in the file storage. */
export const ESTIMATION_FILE_KINDS = ['drawing', 'image'] as const;
export const estimationFileSchema = z.object({
  id: idSchema,
  estimation: idSchema,
  kind: z.enum(ESTIMATION_FILE_KINDS),
  /** The stored file (files module); null once the file itself was removed. */
  file: idSchema.nullable(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  ...trackedFields,
  ...softDeleteFields,
});
export type EstimationFile = z.infer<typeof estimationFileSchema>;

/* ------------------------------------------------------------------------------------------ */
/* The costing sheet's API (server/modules/estimation-products, decisions 350–352)              */
/* ------------------------------------------------------------------------------------------ */

export const ESTIMATION_COSTING_MESSAGES = {
  cancelled: 'This estimation was cancelled: its products and costing lines cannot be changed.',
  notEditable: (status: EstimationStatus) =>
    `This estimation is ${ESTIMATION_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status}: its products and costing lines can be changed only while it is in costing or rejected.`,
  productMoves: 'A product cannot move to another estimation.',
  lineMoves: 'A costing line cannot move to another product.',
  draftMoves: 'A bill-of-quantities draft cannot move to another product.',
  unknownLine: (id: number) => `The product has no costing line ${id}.`,
  repeatedLine: (id: number) => `The costing line ${id} is given twice.`,
  repeatedMaterial: (id: number) => `The material ${id} is given twice.`,
} as const;

/** One line of the costing sheet as sent: a costing line without its product (the path names it). */
export const estimationCostingLineInputSchema = estimationProductDetailCreateSchema.omit({ product: true });
export type EstimationCostingLineInput = z.input<typeof estimationCostingLineInputSchema>;
/** `POST {id}/details/`: one line, or several as `{ details: [...] }`. */
export const estimationCostingLinesSchema = z.object({ details: z.array(estimationCostingLineInputSchema).min(1, 'Give at least one costing line.').max(500) });
export type EstimationCostingLines = z.input<typeof estimationCostingLinesSchema>;

/**
 * `POST {id}/details-with-cost-update/`: the costing sheet's one save (and one outbox entry).
 * Lines with an `id` are changed, lines without are added, the product's live lines left out are
 * removed; `expected_version` is the product's.
 */
export const estimationCostingSaveSchema = z
  .object({ details: z.array(estimationCostingLineInputSchema.extend({ id: refSchema.optional() })).max(500) })
  .extend(expectedVersionFields);
export type EstimationCostingSave = z.input<typeof estimationCostingSaveSchema>;

/** A costing line with its material's name and unit and the material's category. */
export const estimationCostingLineSchema = estimationProductDetailSchema.extend({
  material_name: z.string(),
  material_unit: z.string(),
  category: idSchema,
  category_name: z.string(),
});
export type EstimationCostingLine = z.infer<typeof estimationCostingLineSchema>;

/** A product as the costing sheet shows it: its live lines and their sum before overhead. */
export const estimationProductViewSchema = estimationProductSchema.extend({ details: z.array(estimationCostingLineSchema), direct_cost: decimalSchema });
export type EstimationProductView = z.infer<typeof estimationProductViewSchema>;

/** `{id}/total-cost/`: one unit's direct cost and unit price, and the product's quantity × unit price. */
export const estimationProductTotalSchema = z.object({
  product: idSchema,
  quantity: decimalSchema,
  direct_cost: decimalSchema,
  overhead_percent: decimalSchema,
  unit_price: decimalSchema,
  total_cost: decimalSchema,
});
export type EstimationProductTotal = z.infer<typeof estimationProductTotalSchema>;

/** `{id}/material-count/`. */
export const materialCountSchema = z.object({ count: z.number().int().nonnegative() });

/** What `bulk-update-costs/` changed: each costing line, and each estimation's total before and after. */
export const bulkUpdateCostsResultSchema = z.object({
  updates: z.array(costUpdateSchema),
  estimations: z.array(z.object({ estimation: idSchema, old_total: decimalSchema, new_total: decimalSchema })),
});
export type BulkUpdateCostsResult = z.infer<typeof bulkUpdateCostsResultSchema>;
/* The estimations API's answers and steps (issue 21 §1; decisions 346-349)                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * A row of estimations/ (and of cancelled_estimations/ and filter_estimations/), as the device
 * mirrors it: the names of its customer, lead and author, and how many live products it has.
 * A name is null when the estimation has no such party.
 */
export const estimationListRowSchema = estimationSchema.extend({
  customer_name: z.string().nullable(),
  lead_company: z.string().nullable(),
  product_count: z.number().int().nonnegative(),
  created_by_name: z.string().nullable(),
});
export type EstimationListRow = z.infer<typeof estimationListRowSchema>;

/** A costing line as the estimation's detail shows it: with its material's name, unit and category. */
export const estimationViewDetailSchema = estimationProductDetailSchema.extend({
  material_name: z.string(),
  material_unit: materialUnitSchema,
  category: idSchema,
  category_name: z.string(),
});
export type EstimationViewDetail = z.infer<typeof estimationViewDetailSchema>;
/** A live product with its live costing lines, oldest first. */
export const estimationViewProductSchema = estimationProductSchema.extend({ details: z.array(estimationViewDetailSchema) });
export type EstimationViewProduct = z.infer<typeof estimationViewProductSchema>;
/** A drawing or image with where its bytes are read (GET files/{id}/content/, the files module's permissions). */
export const estimationViewFileSchema = estimationFileSchema.extend({ url: z.string() });
export type EstimationViewFile = z.infer<typeof estimationViewFileSchema>;

/** GET estimations/{id}/ and every write's answer: the row, its names, its products with their lines, its files. */
export const estimationViewSchema = estimationListRowSchema.extend({
  approved_by_name: z.string().nullable(),
  products: z.array(estimationViewProductSchema),
  files: z.array(estimationViewFileSchema),
});
export type EstimationView = z.infer<typeof estimationViewSchema>;

/**
 * A create or change as multipart/form-data: the fields as JSON in the part `data` (or each as a
 * form field of its own), drawings (PDF or pictures) as files named `drawings`, pictures as files
 * named `images`; each part may repeat.
 */
export const ESTIMATION_DATA_PART = 'data';
export const ESTIMATION_FILE_PARTS = { drawing: 'drawings', image: 'images' } as const satisfies Record<EstimationFile['kind'], string>;

/** What each kind of file may be, by the type its bytes show (never the declared one). */
export const ESTIMATION_FILE_TYPES: Readonly<Record<EstimationFile['kind'], readonly string[]>> = {
  drawing: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
};

/** The refusals of the estimation's steps, in the API's words. */
export const ESTIMATION_STEP_MESSAGES = {
  notEditable: (status: string) => `This estimation is ${status.toLowerCase()}: only an estimation in costing or rejected can be changed.`,
  quotedCancel: 'A quoted estimation cannot be cancelled: its products are a quotation now.',
  submitFrom: 'Only an estimation in costing or rejected can be submitted for approval.',
  nothingCosted: 'Add at least one product with a costing line before submitting the estimation.',
  decideFrom: 'Only an estimation waiting for approval can be approved or rejected.',
  quoteFrom: 'Only an approved estimation can become a quotation.',
  leadWithoutCustomer: 'This estimation is for a lead: convert the lead to a customer before making a quotation.',
  drawingType: 'A drawing must be a PDF or a picture (JPEG, PNG, WebP or GIF).',
  imageType: 'An image must be a picture (JPEG, PNG, WebP or GIF).',
  filePart: (field: string) => `Send files in the parts "${ESTIMATION_FILE_PARTS.drawing}" or "${ESTIMATION_FILE_PARTS.image}", not "${field}".`,
} as const;

/** cancelled_estimations/: only the page (an empty page when there are none; the screen then says ESTIMATION_MESSAGES.noneCancelled). */
export const estimationPageQuerySchema = z.object(pageParams).strict();

/** filter_estimations/ (business-areas.md §7, the spec's names): estimation dates from startDate to endDate, either open. */
export const filterEstimationsQuerySchema = z
  .object({ startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type FilterEstimationsQuery = z.output<typeof filterEstimationsQuerySchema>;

/** submit/ and approve/: nothing but the version the step expects (or If-Match). */
export const estimationStepSchema = z.object(expectedVersionFields);
export const estimationRejectStepSchema = estimationRejectSchema.extend(expectedVersionFields);
/**
 * quotation/: the margin, the subject (blank: the estimation's title) and, where the company named
 * its issuing entities, which one issues the quotation (quotations/ checks it as it checks its own).
 */
export const estimationQuotationStepSchema = estimationQuotationSchema.extend(expectedVersionFields);
export type EstimationQuotationStep = z.input<typeof estimationQuotationStepSchema>;

/** quotation/'s answer: the estimation, now quoted, and the draft quotation its products became. */
export const estimationHandOverSchema = z.object({ estimation: estimationViewSchema, quotation: quotationViewSchema });
export type EstimationHandOver = z.infer<typeof estimationHandOverSchema>;

/** A kept costing as `{id}/versions/` lists it. */
export type EstimationVersionRow = Pick<EstimationVersion, 'costing_version' | 'reason' | 'total_cost' | 'created_at' | 'created_by' | 'products'>;

/** One line of the costing sheet's save (estimationCostingSaveSchema's): with its id when it is a line the product has. */
export const costingSaveLineSchema = estimationCostingSaveSchema.shape.details.element;
export type CostingSaveLine = z.input<typeof costingSaveLineSchema>;
