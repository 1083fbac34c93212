import { z } from 'zod';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { sign } from './decimal';
import { valuesOf } from './options';

/**
 * Options for an object-level check that runs only once every field is valid (DRF's
 * `validate()`), so a bad field never also yields a misleading cross-field message.
 */
export const whenFieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * Options for a cross-field check that runs once the fields it reads are valid, whatever the
 * others: a form then shows every error it has at once, and none of them misleading.
 */
export const whenValid = (...fields: string[]) => ({
  // An issue without a path is the body itself (null, an array, a string): nothing to check across.
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
});

/** A quantity in a request: up to 3 decimals (kilos, metres, sheets); signed unless `min` is given. */
export const quantityInput = (min?: number) => decimalInput({ digits: 14, scale: 3, ...(min === undefined ? {} : { min }) });

/** Stock ledger row types; receipts and returns come in (positive), issues go out (negative). */
export const STOCK_TRANSACTION_TYPES = [
  { value: 'receipt', label: 'Receipt' },
  { value: 'issue', label: 'Issue' },
  { value: 'return', label: 'Return' },
  { value: 'adjustment', label: 'Adjustment' },
] as const;
export const stockTransactionTypeSchema = z.enum(valuesOf(STOCK_TRANSACTION_TYPES));
export type StockTransactionType = z.infer<typeof stockTransactionTypeSchema>;

/** How stock may enter the ledger (DESIGN.md): the refusals of the other ways. */
export const STOCK_ENTRY_MESSAGES = {
  receipt: 'Stock is received through a GRA against its LPO. To correct the stock of a material, request a stock adjustment.',
  adjustment: 'Adjustments are made by requesting a stock adjustment; a stores manager approves it.',
} as const;

/**
 * Types stores records directly: issues, and returns against an earlier issue. Stock enters the
 * ledger otherwise only through a GRA (its receipts) or an approved stock adjustment.
 */
export const RECORDED_STOCK_TRANSACTION_TYPES = STOCK_TRANSACTION_TYPES.filter((t) => t.value === 'issue' || t.value === 'return');
export const recordedStockTransactionTypeSchema = stockTransactionTypeSchema.exclude(['receipt', 'adjustment'], {
  error: (issue) => (issue.input === 'receipt' ? STOCK_ENTRY_MESSAGES.receipt : issue.input === 'adjustment' ? STOCK_ENTRY_MESSAGES.adjustment : undefined),
});

/** Whether an issued material is still on its way to the floor or has arrived. */
export const STOCK_TRANSACTION_STATUSES = [
  { value: 'in-transit', label: 'In Transit' },
  { value: 'completed', label: 'Completed' },
] as const;
export const stockTransactionStatusSchema = z.enum(valuesOf(STOCK_TRANSACTION_STATUSES));
export type StockTransactionStatus = z.infer<typeof stockTransactionStatusSchema>;

export const STOCK_ADJUSTMENT_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export const stockAdjustmentStatusSchema = z.enum(valuesOf(STOCK_ADJUSTMENT_STATUSES));
export type StockAdjustmentStatus = z.infer<typeof stockAdjustmentStatusSchema>;

export const STOCK_MESSAGES = {
  incoming: 'A receipt or return must have a positive quantity.',
  outgoing: 'An issue must have a negative quantity.',
  nonZero: 'The quantity may not be zero.',
  issueTarget: 'An issue must be against a requisition or a job order.',
  returnTarget: 'A return must be against the requisition or job order the material was issued to.',
  returnBeyondJobOrder: 'More cannot be returned against this job order than was issued to it.',
  futureDate: 'A stock transaction may not be dated in the future.',
  backdated: (days: number) => `Only a stores manager may date a stock transaction more than ${days} ${days === 1 ? 'day' : 'days'} back.`,
  inTransit: 'Only issues can be in transit.',
  alreadyReversed: 'This transaction has already been reversed.',
  reversalOfReversal: 'This is a reversing entry: it cannot be reversed. Record a new transaction instead.',
  notOnRequisition: 'This material is not on this requisition.',
  lineOfOtherRequisition: 'This requisition line belongs to another requisition.',
  lineOfOtherMaterial: 'This requisition line is for another material.',
  returnBeyondIssued: 'More cannot be returned against this requisition line than was issued on it.',
  reserveBeyondLine: 'More cannot be reserved than the line still needs.',
  reverseRequisitionLine: 'Reversing this transaction would take the requisition line below nothing issued or beyond what it asks for.',
  reverseJobOrderIssue: 'Reversing this issue would leave more returned from the job order than was issued to it.',
  adjustmentDecided: (status: string) => `This adjustment has already been ${status}.`,
  materialDeleted: 'This material has been deleted.',
} as const;

/** Quantities in messages as people write them: "2.5", not "2.500". */
export function plainQuantity(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The 409 of an issue (or of anything else that takes stock out) beyond what is free. */
export const notEnoughStock = (material: string, asked: string, available: string) =>
  `Not enough ${material} in stock: asked ${plainQuantity(asked)}, available ${plainQuantity(available)}.`;
/** The 409 of a reservation beyond what is free. */
export const notEnoughToReserve = (material: string, asked: string, available: string) =>
  `Not enough ${material} in stock to reserve: asked ${plainQuantity(asked)}, available ${plainQuantity(available)}.`;
/** The 400 of an issue beyond what the requisition line still asks for. */
export const issueBeyondLine = (material: string, asked: string, remaining: string) =>
  `Only ${plainQuantity(remaining)} of ${material} remain to be issued on this requisition: asked ${plainQuantity(asked)}.`;

/**
 * Whether a ledger quantity has the sign its type demands (the database checks the same):
 * issues negative, receipts and returns positive, adjustments either but not zero.
 */
export function hasLedgerSign(type: StockTransactionType, quantity: string): boolean {
  const direction = sign(quantity);
  if (type === 'issue') return direction < 0;
  if (type === 'adjustment') return direction !== 0;
  return direction > 0;
}

/**
 * Stock ledger row (business-areas.md §3): a receipt, issue, return or adjustment of one
 * material, signed. A material's quantity is the sum of its live rows.
 */
export const stockTransactionSchema = z.object({
  id: idSchema,
  material: idSchema,
  transaction_type: stockTransactionTypeSchema,
  quantity: decimalSchema,
  transaction_date: isoDateSchema,
  requisition: idSchema.nullable(),
  requisition_detail: idSchema.nullable(),
  job_order: idSchema.nullable(),
  gra_item: idSchema.nullable(),
  stock_adjustment: idSchema.nullable(),
  status: stockTransactionStatusSchema,
  rate: decimalSchema.nullable(),
  /** On a reversing entry: the row it cancels (same type, opposite sign). */
  reverses: idSchema.nullable(),
  /** On a reversed row: the entry that cancelled it. */
  reversed_by: idSchema.nullable(),
  remarks: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type StockTransaction = z.infer<typeof stockTransactionSchema>;

/**
 * POST stocks/stocktransactions/: an issue, or a return against the requisition or job order it
 * was issued to, recorded by stores. The quantity is signed as in the ledger (an issue of 5 is
 * -5). Receipts from GRAs and adjustment rows are written by the server.
 */
export const stockTransactionCreateSchema = z
  .object({
    material: refSchema,
    transaction_type: recordedStockTransactionTypeSchema,
    quantity: quantityInput(),
    transaction_date: isoDateSchema,
    requisition: refSchema.nullable().optional(),
    requisition_detail: refSchema.nullable().optional(),
    job_order: refSchema.nullable().optional(),
    status: stockTransactionStatusSchema.default('completed'),
    rate: decimalInput({ min: 0 }).nullable().optional(),
    remarks: textInput(1000).default(''),
  })
  .superRefine((row, ctx) => {
    if (!hasLedgerSign(row.transaction_type, row.quantity)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: row.transaction_type === 'issue' ? STOCK_MESSAGES.outgoing : STOCK_MESSAGES.incoming });
    }
  }, whenValid('transaction_type', 'quantity'))
  .superRefine((row, ctx) => {
    if (row.requisition == null && row.requisition_detail == null && row.job_order == null) {
      ctx.addIssue({ code: 'custom', path: ['requisition'], message: row.transaction_type === 'issue' ? STOCK_MESSAGES.issueTarget : STOCK_MESSAGES.returnTarget });
    }
  }, whenValid('transaction_type', 'requisition', 'requisition_detail', 'job_order'))
  .superRefine((row, ctx) => {
    if (row.status === 'in-transit' && row.transaction_type !== 'issue') {
      ctx.addIssue({ code: 'custom', path: ['status'], message: STOCK_MESSAGES.inTransit });
    }
  }, whenValid('transaction_type', 'status'));
export type StockTransactionCreate = z.input<typeof stockTransactionCreateSchema>;
/** DELETE stocks/stocktransactions/{id}/: a reversing entry, with the reason it is kept with. */
export const stockTransactionReverseSchema = z.object({ reason: requiredText(500) });
export type StockTransactionReverse = z.input<typeof stockTransactionReverseSchema>;

/** Whole days from one ISO date to a later one. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * Why a ledger row may not carry `date`, or null: never a date after `today` (the business
 * day); more than `backdateDays` back only for those who may back-date (stores managers).
 */
export function transactionDateRefusal(date: string, today: string, backdateDays: number, mayBackdate: boolean): string | null {
  if (date > today) return STOCK_MESSAGES.futureDate;
  if (!mayBackdate && daysBetween(date, today) > backdateDays) return STOCK_MESSAGES.backdated(backdateDays);
  return null;
}

/** PATCH stocks/stocktransactions/{id}/update-status/: a ledger row keeps its quantity; only status and remarks change. */
export const stockTransactionUpdateSchema = updateSchemaOf(z.object({ status: stockTransactionStatusSchema, remarks: textInput(1000) }));
export type StockTransactionUpdate = z.input<typeof stockTransactionUpdateSchema>;

/** POST materials/materials/reserve_material/: the quantity held for a requisition line (0 releases it). */
export const reserveMaterialSchema = z.object({
  requisition_detail: refSchema,
  quantity: quantityInput(0),
});
export type ReserveMaterial = z.input<typeof reserveMaterialSchema>;

/** Where a material stands: on hand, held for requisitions, free to issue, and its value. */
export const stockPositionSchema = z.object({
  material: idSchema,
  name: z.string(),
  unit: z.string(),
  quantity: decimalSchema,
  reserved: decimalSchema,
  available: decimalSchema,
  average_cost: decimalSchema,
  stock_value: decimalSchema,
});
export type StockPosition = z.infer<typeof stockPositionSchema>;

/** Stock adjustment (business-areas.md §4): a signed correction that changes stock once approved. */
export const stockAdjustmentSchema = z.object({
  id: idSchema,
  material: idSchema,
  quantity: decimalSchema,
  reason: z.string(),
  status: stockAdjustmentStatusSchema,
  approved_by: idSchema.nullable(),
  decided_at: isoDateTimeSchema.nullable(),
  remarks: z.string(),
  ...trackedFields,
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** POST stockadjustments/stock-adjustments/: positive adds to stock, negative takes away. */
export const stockAdjustmentCreateSchema = z.object({
  material: refSchema,
  quantity: quantityInput().refine((v) => sign(v) !== 0, STOCK_MESSAGES.nonZero),
  reason: requiredText(500),
  remarks: textInput(1000).default(''),
});
export type StockAdjustmentCreate = z.input<typeof stockAdjustmentCreateSchema>;
/** Changes to an adjustment while it is pending. */
export const stockAdjustmentUpdateSchema = updateSchemaOf(stockAdjustmentCreateSchema);
export type StockAdjustmentUpdate = z.input<typeof stockAdjustmentUpdateSchema>;

/** POST stock-adjustments/{id}/approve/ and {id}/reject/: optional remarks. */
export const stockAdjustmentDecisionSchema = z.object({ remarks: textInput(1000).default('') });
export type StockAdjustmentDecision = z.input<typeof stockAdjustmentDecisionSchema>;
