import { z } from 'zod';
import { emailAddressesInput } from './customer';
import { compare, formatIndian, mul } from './decimal';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { materialUnitSchema } from './material';
import { whenValid } from './stock';
import { labelOf, valuesOf } from './options';
import { flagParam, idParam, integerParam, pageParams, periodInOrder } from './query-params';

export const QUOTATION_MESSAGES = {
  discount: 'Discount cannot exceed the line amount (quantity × unit price).',
  taxRate: 'Ensure this value is less than or equal to 100.',
  accepted: 'An accepted quotation cannot be changed: the customer accepted it as it stands.',
  lastItem: 'A quotation needs at least one item: add another before removing this one.',
  unknownLine: (id: number) => `Item ${id} is not a line of this quotation.`,
  repeatedLine: (id: number) => `Item ${id} is listed twice.`,
  monarchEntityRequired: "Choose one of the company's entities.",
  monarchEntityUnknown: (value: string, entities: readonly string[]) => `"${value}" is not one of the company's entities: ${entities.join(', ')}.`,
  imageType: 'An item image must be a JPEG or PNG picture (the PDF shows only these).',
  imageLine: (field: string) => `There is no item for the image "${field}".`,
  unknownVersion: (revision: number) => `This quotation has no revision ${revision}.`,
  branchOfOtherCustomer: 'This branch belongs to another customer.',
  repeatedEntity: 'Each entity may be listed once.',
  noAddress: 'Add at least one e-mail address.',
} as const;

/**
 * Where a quotation stands with the customer. A draft is edited in place; once sent, every saved
 * change is a new revision (quotation_versions keeps each). Cancelling is a delete (deleted_at).
 */
export const QUOTATION_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export const quotationStatusSchema = z.enum(valuesOf(QUOTATION_STATUSES));
export type QuotationStatus = z.infer<typeof quotationStatusSchema>;

/**
 * The steps a quotation may take (POST {id}/send/ goes to `sent`, PATCH {id}/status/ to
 * accepted or rejected). A sent quotation may be sent again (a revision, another address); a
 * rejected one may be revised and sent again; an accepted one is final.
 */
export const QUOTATION_STEPS: Readonly<Record<QuotationStatus, readonly QuotationStatus[]>> = {
  draft: ['sent'],
  sent: ['sent', 'accepted', 'rejected'],
  accepted: [],
  rejected: ['sent'],
};

/** Why a quotation cannot go from `from` to `to`, or null when the step is allowed. */
export function quotationStepRefusal(from: QuotationStatus, to: QuotationStatus): string | null {
  const allowed = QUOTATION_STEPS[from];
  if (allowed.includes(to)) return null;
  const next = allowed.map((s) => labelOf(QUOTATION_STATUSES, s));
  const fromLabel = labelOf(QUOTATION_STATUSES, from);
  return `A quotation that is ${fromLabel} cannot become ${labelOf(QUOTATION_STATUSES, to)}: ${next.length ? `it can become ${next.join(' or ')}` : 'it is final'}.`;
}

/** The steps PATCH {id}/status/ takes; sending has its own call, which mails the customer. */
export const QUOTATION_DECISIONS = ['accepted', 'rejected'] as const;
export type QuotationDecision = (typeof QUOTATION_DECISIONS)[number];
export const quotationStatusUpdateSchema = z.object({ status: z.enum(QUOTATION_DECISIONS, { error: 'Choose accepted or rejected; a quotation is sent with send/.' }) });
export type QuotationStatusUpdate = z.infer<typeof quotationStatusUpdateSchema>;

/** POST {id}/send/: the customer's addresses and a note above the standard text; the PDF is attached. */
export const quotationSendSchema = z
  .object({
    email_addresses: emailAddressesInput(QUOTATION_MESSAGES.noAddress),
    notes: textInput(5000).default(''),
  });
export type QuotationSend = z.input<typeof quotationSendSchema>;

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
  status: quotationStatusSchema,
  sent_at: isoDateTimeSchema.nullable(),
  lead: idSchema.nullable(),
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
  unit: materialUnitSchema,
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
  quantity: positiveQuantityInput(),
  unit: materialUnitSchema.default('PCS'),
  unit_price: decimalInput({ min: 0 }),
  discount: decimalInput({ min: 0 }).default('0'),
});

/** The discount of a line may not exceed its amount (a check only; totals are computed exactly). */
function discountWithinLine(item: { quantity: string; unit_price: string; discount: string }, ctx: z.RefinementCtx) {
  if (compare(item.discount, mul(item.quantity, item.unit_price)) > 0) {
    ctx.addIssue({ code: 'custom', path: ['discount'], message: QUOTATION_MESSAGES.discount });
  }
}

/** The discount is checked once the figures it is compared with are numbers. */
const lineFiguresValid = whenValid('quantity', 'unit_price', 'discount');

/** A line inside a quotation's create or update body. */
export const quotationLineInputSchema = quotationItemFields.superRefine(discountWithinLine, lineFiguresValid);
/** A line inside an update body: with the `id` of a line it changes, without one a new line. */
export const quotationLineUpdateSchema = quotationItemFields.extend({ id: refSchema.optional() }).superRefine(discountWithinLine, lineFiguresValid);
export type QuotationLineUpdate = z.output<typeof quotationLineUpdateSchema>;
/** POST quote_items/ */
export const quotationItemCreateSchema = quotationItemFields.extend({ quotation: refSchema }).superRefine(discountWithinLine, lineFiguresValid);
export type QuotationItemCreate = z.input<typeof quotationItemCreateSchema>;
/** PATCH quote_items/{itemId}/ */
export const quotationItemUpdateSchema = updateSchemaOf(quotationItemCreateSchema);
export type QuotationItemUpdate = z.input<typeof quotationItemUpdateSchema>;

/**
 * POST quotations/: header and lines; the server assigns the number and computes the line and
 * header totals. A PATCH that carries `items` sets the lines: those named by `id` change, those
 * without one are added, those left out are removed. Once sent, each saved change is a revision.
 */
export const quotationCreateSchema = z.object({
  customer: refSchema,
  branch: refSchema.nullable().default(null),
  sales_exec: refSchema,
  lead: refSchema.nullable().default(null),
  monarch_entity: textInput(100).default(''),
  quotation_date: isoDateSchema,
  subject: textInput(500).default(''),
  terms: textInput(5000).default(''),
  tax_rate: decimalInput({ digits: 5, scale: 2, min: 0 })
    .refine((v) => compare(v, '100') <= 0, QUOTATION_MESSAGES.taxRate)
    .default('0'),
  items: z.array(quotationLineInputSchema).min(1).max(500),
});
export type QuotationCreate = z.input<typeof quotationCreateSchema>;
export const quotationUpdateSchema = updateSchemaOf(quotationCreateSchema)
  .extend({ items: z.array(quotationLineUpdateSchema).min(1).max(500).optional() });
export type QuotationUpdate = z.input<typeof quotationUpdateSchema>;

/**
 * A quotation write as multipart/form-data (decision 212): the fields as JSON in the part `data`,
 * each line's image as a file part named where it goes.
 */
export const QUOTATION_DATA_PART = 'data';
export const quotationImagePart = (line: number) => `items.${line}.image`;

/** A quotation as it stood at one revision (GET {id}/version/{v}); written by the server only. */
export const quotationVersionSchema = z.object({
  id: idSchema,
  quotation: idSchema,
  revision: z.number().int().positive(),
  snapshot: z.record(z.string(), z.unknown()),
  ...trackedFields,
});
export type QuotationVersion = z.infer<typeof quotationVersionSchema>;

/** A line as a revision keeps it: what the customer was offered, with the line's id so revisions compare line by line. */
export const quotationLineSnapshotSchema = quotationItemSchema
  .pick({ code: true, description: true, quantity: true, unit: true, unit_price: true, discount: true, gross_price: true, image_path: true })
  .extend({ id: idSchema.nullable() });
export type QuotationLineSnapshot = z.infer<typeof quotationLineSnapshotSchema>;

/** The header fields a revision keeps (what the customer reads; the status is where it stands, not what it says). */
export const QUOTATION_SNAPSHOT_FIELDS = [
  'customer',
  'branch',
  'sales_exec',
  'lead',
  'monarch_entity',
  'quotation_date',
  'subject',
  'terms',
  'tax_rate',
  'subtotal',
  'discount_total',
  'tax_amount',
  'total_amount',
] as const;
export type QuotationSnapshotField = (typeof QUOTATION_SNAPSHOT_FIELDS)[number];

/** One revision of a quotation: its header and lines as they stood (quotation_versions.snapshot, and the live quotation). */
export const quotationSnapshotSchema = z.object({
  revision: z.number().int().positive(),
  customer: idSchema,
  branch: idSchema.nullable(),
  sales_exec: idSchema,
  lead: idSchema.nullable(),
  monarch_entity: z.string(),
  quotation_date: isoDateSchema,
  subject: z.string(),
  terms: z.string(),
  tax_rate: decimalSchema,
  subtotal: decimalSchema,
  discount_total: decimalSchema,
  tax_amount: decimalSchema,
  total_amount: decimalSchema,
  items: z.array(quotationLineSnapshotSchema),
});
export type QuotationSnapshot = z.infer<typeof quotationSnapshotSchema>;

/** GET {id}/version/{v}/: one revision; `saved_at` is when it was superseded (null for the current one). */
export const quotationRevisionSchema = quotationSnapshotSchema.extend({ quotation: idSchema, number: z.number().int().positive(), current: z.boolean(), saved_at: isoDateTimeSchema.nullable() });
export type QuotationRevision = z.infer<typeof quotationRevisionSchema>;

/** A revision in the detail's list, so the screen can offer two to compare. */
export const quotationVersionEntrySchema = z.object({ revision: z.number().int().positive(), current: z.boolean(), saved_at: isoDateTimeSchema.nullable(), saved_by: idSchema.nullable() });

/** A quotation as the lists hold it: the names of its customer and sales executive ride along. */
export const quotationListRowSchema = quotationSchema.extend({ customer_name: z.string(), sales_exec_name: z.string() });
export type QuotationListRow = z.infer<typeof quotationListRowSchema>;

/** GET {id}/ (and the filtered and deleted lists): header, live items, and every revision. */
export const quotationViewSchema = quotationListRowSchema.extend({ items: z.array(quotationItemSchema), versions: z.array(quotationVersionEntrySchema) });
export type QuotationView = z.infer<typeof quotationViewSchema>;

/** filter_quotations/ (business-areas.md §7, the spec's names): a range of numbers, a period, a customer, an executive, an entity. */
export const filterQuotationsQuerySchema = z
  .object({
    start_number: integerParam.optional(),
    end_number: integerParam.optional(),
    start_date: isoDateSchema.optional(),
    end_date: isoDateSchema.optional(),
    customer: idParam.optional(),
    sales_exec: idParam.optional(),
    monarch_entity: textInput(100).optional(),
    ...pageParams,
  })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'))
  .refine((q) => q.start_number === undefined || q.end_number === undefined || q.start_number <= q.end_number, {
    path: ['end_number'],
    message: 'The end number cannot be below the start number.',
  });
export type FilterQuotationsQuery = z.output<typeof filterQuotationsQuerySchema>;

/** deleted_list/: only the page. */
export const quotationPageQuerySchema = z.object(pageParams).strict();

/** pdf/{id}/ and {id}/print_pdf/ (business-areas.md §7): a title of the user's, and whether codes, images and discounts show (all do unless told). */
export const quotationPrintQuerySchema = z
  .object({ title: textInput(200).optional(), show_code: flagParam.optional(), show_image: flagParam.optional(), show_discount: flagParam.optional() })
  .strict();
export type QuotationPrintQuery = z.output<typeof quotationPrintQuerySchema>;

/** {id}/compare/?from=&to=: two revisions of the quotation. */
export const quotationCompareQuerySchema = z.object({ from: integerParam.pipe(z.number().min(1, 'Invalid revision.')), to: integerParam.pipe(z.number().min(1, 'Invalid revision.')) }).strict();

/**
 * The company's issuing legal entities (system settings): a quotation's monarch_entity must be
 * one of them; an empty list means the company has not named them, and any text is taken.
 */
export const monarchEntitiesSchema = z.object({
  monarch_entities: z
    .array(requiredText(100))
    .max(50)
    .refine((names) => new Set(names).size === names.length, QUOTATION_MESSAGES.repeatedEntity),
});
export type MonarchEntities = z.infer<typeof monarchEntitiesSchema>;

/** How a quotation is referred to: its number, and its revision after the first ("12 (Rev. 2)"). */
export const quotationReference = (q: { number: number; revision: number }) => `${q.number}${q.revision > 1 ? ` (Rev. ${q.revision})` : ''}`;

/** The file name of a quotation's PDF, downloaded or mailed: "Quotation-12.pdf", "Quotation-12-Rev2.pdf". */
export const quotationFileName = (q: { number: number; revision: number }) => `Quotation-${q.number}${q.revision > 1 ? `-Rev${q.revision}` : ''}.pdf`;

/** The mail that carries a quotation's PDF to the customer (POST {id}/send/): the sender's note first, then the standard line. */
export function quotationMail(q: { number: number; revision: number; subject: string; total_amount: string }, companyName: string, notes: string) {
  const reference = quotationReference(q);
  return {
    subject: `Quotation ${reference}${companyName ? ` from ${companyName}` : ''}`,
    text: [notes.trim(), `Please find attached our quotation No. ${reference}${q.subject ? ` for ${q.subject}` : ''}, total ₹${formatIndian(q.total_amount)}.`].filter(Boolean).join('\n\n'),
    filename: quotationFileName(q),
  };
}
