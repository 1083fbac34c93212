import { z } from 'zod';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, refSchema, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { valuesOf } from './options';

/** How a customer paid. */
export const RECEIPT_MODES = [
  { value: 'cash', label: 'Cash' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'upi', label: 'UPI' },
] as const;
export const receiptModeSchema = z.enum(valuesOf(RECEIPT_MODES));
export type ReceiptMode = z.infer<typeof receiptModeSchema>;

export const RECEIPT_MESSAGES = {
  reference: 'A reference (cheque number or transaction id) is required for this mode.',
} as const;

/** Receipt: money received from a customer, against a sales order and/or job order, or on account. */
export const receiptSchema = z.object({
  id: idSchema,
  sales_order: idSchema.nullable(),
  job_order: idSchema.nullable(),
  customer: idSchema,
  receipt_date: isoDateSchema,
  amount: decimalSchema,
  mode: receiptModeSchema,
  reference: z.string(),
  remarks: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Receipt = z.infer<typeof receiptSchema>;

const receiptFields = z.object({
  sales_order: refSchema.nullable().default(null),
  job_order: refSchema.nullable().default(null),
  customer: refSchema,
  receipt_date: isoDateSchema,
  amount: decimalInput({ min: 0.01 }),
  mode: receiptModeSchema,
  reference: textInput(100).default(''),
  remarks: textInput(1000).default(''),
});

/** A new receipt; anything but cash needs its cheque number or transaction reference. */
export const receiptCreateSchema = receiptFields.superRefine((receipt, ctx) => {
  if (receipt.mode !== 'cash' && receipt.reference === '') {
    ctx.addIssue({ code: 'custom', path: ['reference'], message: RECEIPT_MESSAGES.reference });
  }
});
export type ReceiptCreate = z.input<typeof receiptCreateSchema>;
export const receiptUpdateSchema = updateSchemaOf(receiptFields);
export type ReceiptUpdate = z.input<typeof receiptUpdateSchema>;
