import { z } from 'zod';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, percentInput, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { idParam, pageParams, periodInOrder } from './query-params';
import { valuesOf } from './options';
import { formatDisplayDate, isValidDateRange } from './rules/dates';
import { emailAddressesInput } from './customer';
import { formatIndian } from './decimal';
import { actionRefusal, type ActionTable } from './state-machine';
import { whenFieldsValid } from './stock';

/** An LPO is mailed to the vendor: without an address it cannot be sent. */
const LPO_MESSAGES_NO_ADDRESS = 'The vendor has no e-mail address: give the address to send the LPO to.';

/**
 * LPO statuses (issue 19 §2): a draft is approved (by a purchase manager who is not its author
 * above the approval threshold, domain/system.ts), sent to the vendor, then receives goods
 * through GRAs: partially received, received in full; closed when the rest will not come
 * (short-closed); cancelled, with cancellation remarks, only before any goods arrived.
 */
export const LPO_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'approved', label: 'Approved' },
  { value: 'sent', label: 'Sent' },
  { value: 'partially_received', label: 'Partially Received' },
  { value: 'received', label: 'Received' },
  { value: 'closed', label: 'Closed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export const lpoStatusSchema = z.enum(valuesOf(LPO_STATUSES));
export type LpoStatus = z.infer<typeof lpoStatusSchema>;

/** What can be done to an LPO; LPO_TRANSITIONS lists the statuses each may start from. */
export type LpoAction = 'edit' | 'approve' | 'send' | 'cancel' | 'close' | 'receive';

export const LPO_TRANSITIONS: Readonly<Record<LpoAction, readonly LpoStatus[]>> = {
  // Header and lines change only before approval: an approved LPO is what was agreed.
  edit: ['draft'],
  approve: ['draft'],
  // Sending again (a lost mail) keeps it sent.
  send: ['approved', 'sent'],
  // Goods received stay in stock: such an LPO is closed short, never cancelled.
  cancel: ['draft', 'approved', 'sent'],
  close: ['partially_received'],
  receive: ['approved', 'sent', 'partially_received'],
};

/** Statuses a GRA may receive goods against (the GRA side reads this). */
export const LPO_RECEIVING_STATUSES: readonly LpoStatus[] = LPO_TRANSITIONS.receive;

/** Statuses of LPOs still awaiting goods (the pending-receipt list, the stores dashboard). */
export const LPO_OPEN_STATUSES: readonly LpoStatus[] = ['approved', 'sent', 'partially_received'];

const LPO_ACTIONS: ActionTable<LpoAction, LpoStatus> = {
  noun: 'LPO',
  statuses: LPO_STATUSES,
  transitions: LPO_TRANSITIONS,
  words: {
    edit: 'changed',
    approve: 'approved',
    send: 'sent to the vendor',
    cancel: 'cancelled',
    close: 'closed short',
    receive: 'received against',
  },
  hints: {
    edit: { approved: 'only a draft LPO can be changed', sent: 'only a draft LPO can be changed' },
    approve: { approved: 'it is already approved', sent: 'it is already approved and sent' },
    send: { draft: 'approve it first' },
    cancel: { partially_received: 'close it short instead', received: 'its goods have all arrived' },
    close: { draft: 'nothing has been received against it; cancel it instead', approved: 'nothing has been received against it; cancel it instead', sent: 'nothing has been received against it; cancel it instead' },
    receive: { draft: 'approve it first' },
  },
};

/**
 * Why `action` may not be done to an LPO in `status` (a 400's message: "A received LPO cannot be
 * cancelled: its goods have all arrived."), or null when it may.
 */
export const lpoActionRefusal = (action: LpoAction, status: LpoStatus): string | null => actionRefusal(LPO_ACTIONS, action, status);

export const LPO_MESSAGES = {
  /** business-areas.md §8: the info notice of an empty cancelled list. */
  cancelledNotFound: "Cancelled Lpo's not found",
  expectedDate: 'The expected date cannot be before the LPO date.',
  duplicateMaterial: 'This material is already on the LPO.',
} as const;

/**
 * A line of an LPO: a material ordered at a rate, with the GST rate the vendor charges on it;
 * `amount` is quantity × rate before tax. `expected_date` is when this line's goods are due
 * (null: the LPO's expected date applies).
 */
export const lpoItemSchema = z.object({
  id: idSchema,
  lpo: idSchema,
  material: idSchema,
  quantity: decimalSchema,
  rate: decimalSchema,
  amount: decimalSchema,
  tax_rate: decimalSchema,
  expected_date: isoDateSchema.nullable(),
  quantity_received: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type LpoItem = z.infer<typeof lpoItemSchema>;

/** An LPO line as sent inside its LPO; the server computes the amount and tax. */
export const lpoItemCreateSchema = z.object({
  material: refSchema,
  quantity: positiveQuantityInput(),
  rate: decimalInput({ min: 0 }),
  tax_rate: percentInput().default('0'),
  expected_date: isoDateSchema.nullable().optional(),
});
export type LpoItemCreate = z.input<typeof lpoItemCreateSchema>;
/** PUT lpo/item-details/{id}/ (a line's expected date not before its LPO's date is checked against the LPO) */
export const lpoItemUpdateSchema = updateSchemaOf(lpoItemCreateSchema);
export type LpoItemUpdate = z.input<typeof lpoItemUpdateSchema>;

/**
 * Local purchase order (business-areas.md §3); `subtotal`, `tax_amount` and `total_amount` are
 * domain/totals.ts's lpoTotals of its live items.
 */
export const lpoSchema = z.object({
  id: idSchema,
  vendor: idSchema,
  lpo_date: isoDateSchema,
  expected_date: isoDateSchema.nullable(),
  subtotal: decimalSchema,
  tax_amount: decimalSchema,
  total_amount: decimalSchema,
  status: lpoStatusSchema,
  requisition: idSchema.nullable(),
  remarks: z.string(),
  /** Who approved it and when (maker-checker above the approval threshold). */
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  /** When it was last sent to the vendor. */
  sent_at: isoDateTimeSchema.nullable(),
  /** When it was closed short, and why. */
  closed_at: isoDateTimeSchema.nullable(),
  close_remarks: z.string().nullable(),
  cancelled_at: isoDateTimeSchema.nullable(),
  cancellation_remarks: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Lpo = z.infer<typeof lpoSchema>;

const lpoFields = z.object({
  vendor: refSchema,
  lpo_date: isoDateSchema,
  expected_date: isoDateSchema.nullable().optional(),
  requisition: refSchema.nullable().optional(),
  remarks: textInput(2000).default(''),
  lpo_items: z.array(lpoItemCreateSchema).min(1).max(500),
});
type LpoFields = z.output<typeof lpoFields>;

/** The expected dates (the LPO's and its lines') not before the LPO date, and each material once. */
function checkLpo(lpo: LpoFields, ctx: z.RefinementCtx): void {
  if (!isValidDateRange(lpo.lpo_date, lpo.expected_date)) ctx.addIssue({ code: 'custom', path: ['expected_date'], message: LPO_MESSAGES.expectedDate });
  const seen = new Set<number>();
  lpo.lpo_items.forEach((item, i) => {
    if (!isValidDateRange(lpo.lpo_date, item.expected_date)) ctx.addIssue({ code: 'custom', path: ['lpo_items', i, 'expected_date'], message: LPO_MESSAGES.expectedDate });
    if (seen.has(item.material)) ctx.addIssue({ code: 'custom', path: ['lpo_items', i, 'material'], message: LPO_MESSAGES.duplicateMaterial });
    seen.add(item.material);
  });
}

/** POST lpo/lpos/: a vendor, the LPO date and at least one item; it starts as a draft. */
export const lpoCreateSchema = lpoFields.superRefine(checkLpo, whenFieldsValid);
export type LpoCreate = z.input<typeof lpoCreateSchema>;
/** PUT lpo/lpos/{id}/: a draft's header and lines replaced as a whole (lines matched by material keep their ids). */
export const lpoUpdateSchema = lpoFields.extend(expectedVersionFields).superRefine(checkLpo, whenFieldsValid);
export type LpoUpdate = z.input<typeof lpoUpdateSchema>;

/** DELETE lpo/lpos/{id}/: cancelling an LPO needs cancellation remarks. */
export const lpoCancelSchema = z.object({ cancellation_remarks: requiredText(1000) }).extend(expectedVersionFields);
export type LpoCancel = z.input<typeof lpoCancelSchema>;

/** POST lpo/lpos/{id}/approve/: only the version the client saw. */
export const lpoStepSchema = z.object(expectedVersionFields).default({});
/**
 * POST lpo/lpos/{id}/send/: the LPO mailed to the vendor as a PDF, to the addresses given, else to
 * the vendor's e-mail address, with a note; at the version the client saw.
 */
export const lpoSendSchema = z
  .object({ email_addresses: emailAddressesInput(LPO_MESSAGES_NO_ADDRESS).optional(), notes: textInput(5000).default(''), ...expectedVersionFields })
  .default({ notes: '' });
export type LpoSend = z.input<typeof lpoSendSchema>;

/** The mail an LPO goes to the vendor with: its subject, text and the PDF's file name. */
export function lpoMail(lpo: { id: number; lpo_date: string; expected_date: string | null; total_amount: string }, companyName: string, notes: string) {
  const delivery = lpo.expected_date ? ` Kindly deliver by ${formatDisplayDate(lpo.expected_date)}.` : '';
  return {
    subject: `LPO ${lpo.id}${companyName ? ` from ${companyName}` : ''}`,
    text: [notes.trim(), `Please find attached our local purchase order No. ${lpo.id} of ${formatDisplayDate(lpo.lpo_date)}, total ₹${formatIndian(lpo.total_amount)}.${delivery}`].filter(Boolean).join('\n\n'),
    filename: `LPO-${lpo.id}.pdf`,
  };
}
/** POST lpo/lpos/{id}/close/: short-closing says why the rest will not come. */
export const lpoCloseSchema = z.object({ remarks: requiredText(1000) }).extend(expectedVersionFields);
export type LpoClose = z.input<typeof lpoCloseSchema>;

/** Server refusals of the LPO calls (400s naming their field, or non_field_errors; 403 for the checker rule). */
export const LPO_REFUSALS = {
  lastLine: 'An LPO needs at least one material: cancel the LPO instead.',
  otherLpo: 'A line cannot move to another LPO.',
  managerOnly: (threshold: string) => `This LPO is above ${threshold}: only a purchase manager may approve it.`,
  nothingToOrder: 'This material is not below its reorder level: give the quantity to order.',
  duplicateProposalMaterial: 'This material is already in the list.',
  noVendorEmail: LPO_MESSAGES_NO_ADDRESS,
} as const;

/** A line of an LPO as the API shows it, with its material's name and unit. */
export const lpoLineSchema = lpoItemSchema.omit({ deleted_at: true }).extend({ material_name: z.string(), material_unit: z.string() });
export type LpoLine = z.infer<typeof lpoLineSchema>;

/** lpos/ rows: the LPO with its vendor's name. */
export const lpoListRowSchema = lpoSchema.extend({ vendor_name: z.string() });
export type LpoListRow = z.infer<typeof lpoListRowSchema>;

/** GET lpo/lpos/{id}/ (and the cancelled and filtered lists): the LPO, its approver's and author's names and its live lines. */
export const lpoViewSchema = lpoListRowSchema.extend({ created_by_name: z.string(), approved_by_name: z.string(), lpo_items: z.array(lpoLineSchema) });
export type LpoView = z.infer<typeof lpoViewSchema>;

/**
 * pending_receipt/: a line still to come, on an LPO awaiting goods (LPO_OPEN_STATUSES), with the
 * quantity outstanding; `expected_date` is when it is due: the line's own, else its LPO's. The
 * earliest due first (the late ones lead), undated last.
 */
export const lpoPendingLineSchema = lpoLineSchema
  .pick({ id: true, lpo: true, material: true, material_name: true, material_unit: true, quantity: true, quantity_received: true })
  .extend({ lpo_date: isoDateSchema, expected_date: isoDateSchema.nullable(), vendor: idSchema, vendor_name: z.string(), status: lpoStatusSchema, outstanding: decimalSchema });
export type LpoPendingLine = z.infer<typeof lpoPendingLineSchema>;

/** cancelled_lpos/: only the page. */
export const lpoPageQuerySchema = z.object(pageParams).strict();

/** lpos/filter_lpos/ (named as filter_gras): a period of LPO dates, a vendor, a status, a material. */
export const filterLposQuerySchema = z
  .object({ startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional(), vendor: idParam.optional(), status: lpoStatusSchema.optional(), material: idParam.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type FilterLposQuery = z.output<typeof filterLposQuerySchema>;

/** consolidated/: what was ordered of each material on live LPOs dated in a period (of one vendor if asked). */
export const consolidatedPurchasesQuerySchema = z
  .object({ start_date: isoDateSchema.optional(), end_date: isoDateSchema.optional(), vendor: idParam.optional() })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));
export type ConsolidatedPurchasesQuery = z.output<typeof consolidatedPurchasesQuerySchema>;
/** A material's orders in the period: how much, at what value and average rate, how much has come and is still to come. */
export const consolidatedPurchaseSchema = z.object({
  material: idSchema,
  material_name: z.string(),
  material_unit: z.string(),
  lpo_count: z.number().int(),
  ordered: decimalSchema,
  received: decimalSchema,
  pending: decimalSchema,
  value: decimalSchema,
  average_rate: decimalSchema,
});
export type ConsolidatedPurchase = z.infer<typeof consolidatedPurchaseSchema>;
export const consolidatedPurchasesSchema = z.object({ count: z.number().int(), value: decimalSchema, results: z.array(consolidatedPurchaseSchema) });

/* ---------------------------------------------------------------------------------------------
 * Proposals (issue 19 §2): draft LPOs worked out from the reorder list or a requisition's
 * shortfall. Nothing is saved: the client posts a proposal, as edited, to lpos/.
 * ------------------------------------------------------------------------------------------- */

/** POST lpo/proposals/reorder/: the materials to order, each with a quantity or the short-by quantity. */
export const reorderProposalRequestSchema = z
  .object({ materials: z.array(z.object({ material: refSchema, quantity: positiveQuantityInput().optional() })).min(1).max(500) })
  .superRefine((request, ctx) => {
    const seen = new Set<number>();
    request.materials.forEach((line, i) => {
      if (seen.has(line.material)) ctx.addIssue({ code: 'custom', path: ['materials', i, 'material'], message: LPO_REFUSALS.duplicateProposalMaterial });
      seen.add(line.material);
    });
  }, whenFieldsValid);
export type ReorderProposalRequest = z.input<typeof reorderProposalRequestSchema>;

/**
 * A proposed line: the material, the quantity to order, its last rate (0 when never bought) and
 * the GST rate of its last LPO line with the proposal's vendor (0 when none, decision 296).
 */
export const lpoProposalLineSchema = z.object({ material: idSchema, material_name: z.string(), material_unit: z.string(), quantity: decimalSchema, rate: decimalSchema, tax_rate: decimalSchema });
export type LpoProposalLine = z.infer<typeof lpoProposalLineSchema>;

/** A proposed LPO: the materials last bought from one vendor (null: never bought, the buyer picks one). */
export const lpoProposalSchema = z.object({
  vendor: idSchema.nullable(),
  vendor_name: z.string().nullable(),
  requisition: idSchema.nullable(),
  lpo_items: z.array(lpoProposalLineSchema),
});
export type LpoProposal = z.infer<typeof lpoProposalSchema>;
export const lpoProposalsSchema = z.object({ proposals: z.array(lpoProposalSchema) });
export type LpoProposals = z.infer<typeof lpoProposalsSchema>;
