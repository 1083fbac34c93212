import { z } from 'zod';
import { compare, sum } from './decimal';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { whenFieldsValid } from './stock';
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
  overAllocated: 'The allocations add up to more than the receipt: allocate at most its amount.',
  invoiceTwice: 'This invoice is already allocated on this receipt.',
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

/** A receipt's money applied to an invoice (server/db/schema/accounts.ts receipt_allocations). */
export const receiptAllocationSchema = z.object({
  id: idSchema,
  receipt: idSchema,
  invoice: idSchema,
  amount: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type ReceiptAllocation = z.infer<typeof receiptAllocationSchema>;

/** An allocation as a request sends it: how much of the receipt goes to which invoice. */
export const allocationInputSchema = z.object({ invoice: refSchema, amount: decimalInput({ min: 0.01 }) });
export type AllocationInput = z.input<typeof allocationInputSchema>;

/** Allocations name each invoice once and add up to no more than `amount`. */
function checkAllocations(receipt: { amount?: string; allocations?: readonly { invoice: number; amount: string }[] }, ctx: z.RefinementCtx): void {
  const allocations = receipt.allocations ?? [];
  allocations.forEach((a, i) => {
    if (allocations.findIndex((b) => b.invoice === a.invoice) < i) ctx.addIssue({ code: 'custom', path: ['allocations', i, 'invoice'], message: RECEIPT_MESSAGES.invoiceTwice });
  });
  if (receipt.amount !== undefined && compare(sum(allocations.map((a) => a.amount)), receipt.amount) > 0) {
    ctx.addIssue({ code: 'custom', path: ['allocations'], message: RECEIPT_MESSAGES.overAllocated });
  }
}

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

/**
 * A new receipt; anything but cash needs its cheque number or transaction reference. Its
 * allocations apply it to invoices; the rest is an advance (decision 311).
 */
export const receiptCreateSchema = receiptFields
  .extend({ allocations: z.array(allocationInputSchema).max(200).default([]) })
  .superRefine((receipt, ctx) => {
    if (receipt.mode !== 'cash' && receipt.reference === '') {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: RECEIPT_MESSAGES.reference });
    }
    checkAllocations(receipt, ctx);
  }, whenFieldsValid);
export type ReceiptCreate = z.input<typeof receiptCreateSchema>;
export const receiptUpdateSchema = updateSchemaOf(receiptFields);
export type ReceiptUpdate = z.input<typeof receiptUpdateSchema>;

/** POST receipts/{id}/allocate/: more of a receipt's unallocated money applied to invoices. */
export const receiptAllocateSchema = z.object({ allocations: z.array(allocationInputSchema).min(1).max(200) }).superRefine(checkAllocations, whenFieldsValid);
export type ReceiptAllocate = z.input<typeof receiptAllocateSchema>;

/** DELETE receipts/{id}/: a receipt recorded in error is removed with a reason; its allocations go with it. */
export const receiptDeleteSchema = z.object({ reason: requiredText(1000) });

/** GET receipts/{id}/ and the list rows: names, and what is allocated and still unallocated (the advance). */
export const receiptViewSchema = receiptSchema.extend({
  customer_name: z.string(),
  created_by_name: z.string(),
  allocated_amount: decimalSchema,
  unallocated_amount: decimalSchema,
  allocations: z.array(receiptAllocationSchema.extend({ invoice_number: z.string().nullable() })),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

export const RECEIPT_REFUSALS = {
  otherCustomer: "This invoice is another customer's.",
  moreThanOutstanding: (outstanding: string) => `More than the invoice's outstanding amount (${outstanding}).`,
  moreThanUnallocated: (unallocated: string) => `The allocations add up to more than what is unallocated on this receipt (${unallocated}).`,
} as const;

/** POST invoices/{id}/mark_paid/: how the rest was received; the server records it as a receipt allocated to the invoice. */
export const invoiceMarkPaidSchema = receiptFields
  .pick({ receipt_date: true, mode: true, reference: true, remarks: true })
  .superRefine((payment, ctx) => {
    if (payment.mode !== 'cash' && payment.reference === '') ctx.addIssue({ code: 'custom', path: ['reference'], message: RECEIPT_MESSAGES.reference });
  });
export type InvoiceMarkPaid = z.input<typeof invoiceMarkPaidSchema>;
