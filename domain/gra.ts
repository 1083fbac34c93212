import { z } from 'zod';
import { idParam, pageParams, periodInOrder } from './query-params';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, softDeleteFields, textInput, trackedFields } from './entity';
import { add, compare, div, max, mul, sign, sub, type Decimal } from './decimal';
import { LPO_RECEIVING_STATUSES, type LpoStatus } from './lpo';
import { quantityInput, whenFieldsValid } from './stock';

export const GRA_MESSAGES = {
  /** business-areas.md §8: the info notice of an empty cancelled list. */
  cancelledNotFound: "Cancelled GRA's not found",
  acceptedOverReceived: 'The accepted quantity cannot be more than the received quantity.',
  duplicateLpoItem: 'This LPO item is already on the GRA.',
  duplicateMaterial: 'This material is already on the GRA.',
  vendorRequired: 'Name the vendor the goods came from: the GRA has no LPO.',
  reasonRequired: 'Say why the goods came without an LPO.',
  vendorNotLpos: 'This is not the LPO’s vendor.',
  reasonWithLpo: 'A GRA against an LPO needs no reason for being without one.',
  lpoItemRequired: 'Name the LPO item received.',
  materialRequired: 'Name the material received: the GRA has no LPO.',
  rateRequired: 'Give the rate billed: the GRA has no LPO to take it from.',
  lpoItemWithoutLpo: 'This GRA has no LPO: name the material, not an LPO item.',
  lpoItemOfOtherLpo: 'This item is not on the GRA’s LPO.',
  materialNotLpoItems: 'This is not the LPO item’s material.',
  lineChangeFixed: 'A line’s LPO item and material cannot change: remove the line and add another.',
  cancelled: 'This GRA is cancelled: it cannot change.',
  lastLine: 'A GRA keeps at least one line: cancel the GRA instead.',
  cancellationReason: 'Say why the GRA is cancelled.',
} as const;

/** Why goods cannot be received against an LPO in `status`, or null when they can. */
export function graReceivingRefusal(status: string): string | null {
  if ((LPO_RECEIVING_STATUSES as readonly string[]).includes(status)) return null;
  switch (status) {
    case 'received':
      return 'This LPO has been received in full: no more goods can be received against it.';
    case 'closed':
      return 'This LPO is closed: no more goods can be received against it.';
    case 'cancelled':
      return 'This LPO is cancelled: goods cannot be received against it.';
    case 'draft':
      return 'This LPO is still a draft: goods can be received only once it is issued.';
    default:
      return `Goods cannot be received against an LPO that is ${status.replace(/_/g, ' ')}.`;
  }
}

/**
 * An LPO's status as its lines' receipts leave it: received when every live line has come in
 * full, partially received when some goods have come; when none have (every GRA cancelled), the
 * status it was issued in: sent if it was mailed to the vendor, else approved.
 */
export function lpoStatusAfterReceipts(lines: readonly { quantity: string; quantity_received: string }[], lpo: { sent_at: string | null }): LpoStatus {
  if (lines.length && lines.every((line) => compare(line.quantity_received, line.quantity) >= 0)) return 'received';
  if (lines.some((line) => sign(line.quantity_received) > 0)) return 'partially_received';
  return lpo.sent_at ? 'sent' : 'approved';
}

/**
 * How much more of an LPO line a GRA may accept: what was ordered, plus the over-receipt
 * tolerance (percent of the order), less what was already accepted; never below zero.
 */
export function stillReceivable(ordered: Decimal, received: Decimal, tolerancePercent: Decimal): Decimal {
  const allowed = add(ordered, div(mul(ordered, tolerancePercent), '100', 3));
  return max(sub(allowed, received), '0');
}

/** The 400 of accepting more of an LPO line than is still to come (and within the tolerance). */
export function overReceiptMessage(material: string, line: { ordered: string; received: string; receivable: string; tolerancePercent: string }): string {
  const tolerance = sign(line.tolerancePercent) > 0 ? `, with the over-receipt tolerance of ${line.tolerancePercent}%` : '';
  return `Only ${line.receivable} of ${material} can still be received against this LPO${tolerance}: ${line.ordered} ordered, ${line.received} received.`;
}

/** The 409 of cancelling receipts whose goods stores has already issued onward. */
export const issuedOnwardMessage = (material: string, asked: string, available: string) =>
  `${asked} of ${material} cannot be taken back out of stock: only ${available} is left in stores unissued and unreserved. The goods were issued onward; return them to stores first.`;

/** A line of a GRA: what arrived against one LPO item (or, without an LPO, of a material) and how much of it was accepted into stock. */
export const graItemSchema = z.object({
  id: idSchema,
  gra: idSchema,
  lpo_item: idSchema.nullable(),
  material: idSchema,
  quantity_received: decimalSchema,
  quantity_accepted: decimalSchema,
  rate: decimalSchema,
  remarks: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type GraItem = z.infer<typeof graItemSchema>;

const acceptedWithinReceived = (item: { quantity_received?: string; quantity_accepted?: string }, ctx: z.RefinementCtx) => {
  if (item.quantity_received !== undefined && item.quantity_accepted !== undefined && compare(item.quantity_accepted, item.quantity_received) > 0) {
    ctx.addIssue({ code: 'custom', path: ['quantity_accepted'], message: GRA_MESSAGES.acceptedOverReceived });
  }
};

const graItemFields = {
  lpo_item: refSchema.optional(),
  material: refSchema.optional(),
  quantity_received: positiveQuantityInput(),
  quantity_accepted: quantityInput(0),
  rate: decimalInput({ min: 0 }).optional(),
  remarks: textInput(1000).default(''),
};

/**
 * A GRA line as sent inside its GRA: against an LPO it names the LPO item (the material and the
 * rate come from it, unless the vendor billed another rate); without an LPO it names the
 * material and the rate. Only the accepted quantity enters stock.
 */
export const graItemCreateSchema = z.object(graItemFields).superRefine(acceptedWithinReceived, whenFieldsValid);
export type GraItemCreate = z.input<typeof graItemCreateSchema>;
/**
 * PATCH gra/gra_items/{id}/: the quantities, the rate and the remarks (the LPO item and material
 * stay; the server checks the accepted quantity against the received one as they end up).
 */
export const graItemUpdateSchema = z
  .object({
    quantity_received: positiveQuantityInput().optional(),
    quantity_accepted: quantityInput(0).optional(),
    rate: decimalInput({ min: 0 }).optional(),
    remarks: textInput(1000).optional(),
    ...expectedVersionFields,
  })
  .superRefine(acceptedWithinReceived, whenFieldsValid);
export type GraItemUpdate = z.input<typeof graItemUpdateSchema>;

/** Goods received advice (business-areas.md §3): goods received against an LPO, or without one for a reason. */
export const graSchema = z.object({
  id: idSchema,
  lpo: idSchema.nullable(),
  vendor: idSchema,
  gra_date: isoDateSchema,
  invoice_number: z.string(),
  challan_number: z.string(),
  remarks: z.string(),
  without_lpo_reason: z.string().nullable(),
  cancelled_at: isoDateTimeSchema.nullable(),
  cancellation_remarks: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Gra = z.infer<typeof graSchema>;

/** Two lines of one GRA may not receive the same LPO item (or, without an LPO, the same material). */
const distinctLines = (gra: { gra_items?: readonly { lpo_item?: number; material?: number }[] }, ctx: z.RefinementCtx) => {
  const items = new Set<number>();
  const materials = new Set<number>();
  gra.gra_items?.forEach((item, i) => {
    if (item.lpo_item !== undefined) {
      if (items.has(item.lpo_item)) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'lpo_item'], message: GRA_MESSAGES.duplicateLpoItem });
      items.add(item.lpo_item);
    } else if (item.material !== undefined) {
      if (materials.has(item.material)) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'material'], message: GRA_MESSAGES.duplicateMaterial });
      materials.add(item.material);
    }
  });
};

/**
 * POST gra/gras/: the LPO (its vendor is the GRA's), the GRA date and at least one item. Without
 * an LPO, the vendor and the reason are required and each line names its material and rate.
 */
export const graCreateSchema = z
  .object({
    lpo: refSchema.nullable().optional(),
    vendor: refSchema.optional(),
    without_lpo_reason: textInput(1000).optional(),
    gra_date: isoDateSchema,
    invoice_number: textInput(100).default(''),
    challan_number: textInput(100).default(''),
    remarks: textInput(2000).default(''),
    gra_items: z.array(graItemCreateSchema).min(1).max(500),
  })
  .superRefine((gra, ctx) => {
    distinctLines(gra, ctx);
    const withLpo = gra.lpo != null;
    if (withLpo && gra.without_lpo_reason) ctx.addIssue({ code: 'custom', path: ['without_lpo_reason'], message: GRA_MESSAGES.reasonWithLpo });
    if (!withLpo && gra.vendor === undefined) ctx.addIssue({ code: 'custom', path: ['vendor'], message: GRA_MESSAGES.vendorRequired });
    if (!withLpo && !gra.without_lpo_reason) ctx.addIssue({ code: 'custom', path: ['without_lpo_reason'], message: GRA_MESSAGES.reasonRequired });
    gra.gra_items.forEach((item, i) => {
      if (withLpo && item.lpo_item === undefined) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'lpo_item'], message: GRA_MESSAGES.lpoItemRequired });
      if (!withLpo && item.lpo_item !== undefined) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'lpo_item'], message: GRA_MESSAGES.lpoItemWithoutLpo });
      if (!withLpo && item.material === undefined) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'material'], message: GRA_MESSAGES.materialRequired });
      if (!withLpo && item.rate === undefined) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'rate'], message: GRA_MESSAGES.rateRequired });
    });
  }, whenFieldsValid);
export type GraCreate = z.input<typeof graCreateSchema>;

/**
 * A line in PATCH gra/gras/{id}/: with `id`, changes to that line (as PATCH gra_items/{id}/);
 * without, a new line (as in the create). Lines not sent stay; DELETE gra_items/{id}/ removes one.
 */
export const graLineChangeSchema = z
  .object({ id: refSchema.optional(), ...graItemFields, quantity_received: positiveQuantityInput().optional(), quantity_accepted: quantityInput(0).optional(), remarks: textInput(1000).optional() })
  .superRefine((line, ctx) => {
    acceptedWithinReceived(line, ctx);
    if (line.id !== undefined) return;
    if (line.quantity_received === undefined) ctx.addIssue({ code: 'custom', path: ['quantity_received'], message: 'This field is required.' });
    if (line.quantity_accepted === undefined) ctx.addIssue({ code: 'custom', path: ['quantity_accepted'], message: 'This field is required.' });
  }, whenFieldsValid);
export type GraLineChange = z.output<typeof graLineChangeSchema>;

/** PATCH gra/gras/{id}/: the vendor's papers, the date, the remarks, and lines added or changed. The LPO and vendor stay. */
export const graUpdateSchema = z
  .object({
    gra_date: isoDateSchema.optional(),
    invoice_number: textInput(100).optional(),
    challan_number: textInput(100).optional(),
    remarks: textInput(2000).optional(),
    gra_items: z.array(graLineChangeSchema).min(1).max(500).optional(),
    ...expectedVersionFields,
  })
  .strict()
  .superRefine((gra, ctx) => {
    const ids = new Set<number>();
    gra.gra_items?.forEach((line, i) => {
      if (line.id === undefined) return;
      if (ids.has(line.id)) ctx.addIssue({ code: 'custom', path: ['gra_items', i, 'id'], message: 'This line is already changed above.' });
      ids.add(line.id);
    });
    distinctLines({ gra_items: gra.gra_items?.filter((line) => line.id === undefined) }, ctx);
  }, whenFieldsValid);
export type GraUpdate = z.input<typeof graUpdateSchema>;

/**
 * DELETE gra/gras/{id}/: cancelling a GRA (its receipts leave stock again) needs a reason, sent
 * as `cancellation_remarks` (the LPO's word) or `reason` (the ledger's).
 */
export const graCancelSchema = z
  .object({ cancellation_remarks: textInput(1000).optional(), reason: textInput(1000).optional(), ...expectedVersionFields })
  .superRefine((body, ctx) => {
    if (!body.cancellation_remarks && !body.reason) ctx.addIssue({ code: 'custom', path: ['cancellation_remarks'], message: GRA_MESSAGES.cancellationReason });
  }, whenFieldsValid);
export type GraCancel = z.input<typeof graCancelSchema>;

/* ------------------------------------------------------------------------------------------
 * What the GRA API answers: the rows with the names the screens show, and the list queries.
 * ---------------------------------------------------------------------------------------- */

/**
 * A GRA as the lists (and the device's mirror) hold it: the vendor's name rides along, because
 * the workshops that follow their goods do not read the vendor list.
 */
export const graListRowSchema = graSchema.extend({ vendor_name: z.string() });
export type GraListRow = z.infer<typeof graListRowSchema>;

/** A GRA line with its material's name and unit; `amount` is the accepted quantity × rate, to the paisa. */
export const graLineSchema = graItemSchema.extend({ material_name: z.string(), material_unit: z.string(), amount: decimalSchema });
export type GraLine = z.infer<typeof graLineSchema>;

/** GET gra/gras/{id}/ (and the cancelled and filtered lists): the GRA, its LPO's date (null without one) and its lines. */
export const graViewSchema = graListRowSchema.extend({ lpo_date: isoDateSchema.nullable(), gra_items: z.array(graLineSchema) });
export type GraView = z.infer<typeof graViewSchema>;


/** cancelled_gras/: only the page. */
export const graPageQuerySchema = z.object(pageParams).strict();

/** filter_gras/ (business-areas.md §7; the names are the spec's): a period of GRA dates, a vendor, a material. */
export const filterGrasQuerySchema = z
  .object({ startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional(), vendor: idParam.optional(), material: idParam.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'));
export type FilterGrasQuery = z.output<typeof filterGrasQuerySchema>;
