import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, idSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, trackedFields, updateSchemaOf } from './entity';

/** Requisition types (business-areas.md §9), values exactly as the spec lists them. */
export const REQUISITION_TYPES = [
  { value: 'standard', label: 'Standard' },
  { value: 'installation', label: 'Installation' },
  { value: 're-work', label: 'Re-work' },
  { value: 'shortfall', label: 'Shortfall' },
  { value: 'consumables', label: 'Consumables' },
] as const;
export const requisitionTypeSchema = z.enum(valuesOf(REQUISITION_TYPES));
export type RequisitionType = z.infer<typeof requisitionTypeSchema>;

/** Re-work and shortfall requisitions wait for approval (the not-approved list, business-areas.md §4). */
export const REQUISITION_TYPES_NEEDING_APPROVAL: readonly RequisitionType[] = ['re-work', 'shortfall'];
/** Only consumables may be requested without a job order. */
export const requisitionNeedsJobOrder = (type: RequisitionType) => type !== 'consumables';

/** Requisition (business-areas.md §3); a deleted requisition is a cancelled one. */
export const requisitionSchema = z.object({
  id: idSchema,
  job_order: idSchema.nullable(),
  requisition_type: requisitionTypeSchema,
  requested_by: idSchema,
  is_approved: z.boolean(),
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  is_completed: z.boolean(),
  closed_at: isoDateTimeSchema.nullable(),
  close_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Requisition = z.infer<typeof requisitionSchema>;

/** A material line of a requisition; issued and reserved quantities follow the stock ledger. */
export const requisitionDetailSchema = z.object({
  id: idSchema,
  requisition: idSchema,
  material: idSchema,
  job_order: idSchema.nullable(),
  quantity: decimalSchema,
  quantity_issued: decimalSchema,
  quantity_reserved: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type RequisitionDetail = z.infer<typeof requisitionDetailSchema>;

const requisitionItemFields = {
  material: refSchema,
  /** Defaults to the requisition's job order. */
  job_order: refSchema.nullable().optional(),
  quantity: decimalInput({ digits: 14, scale: 3, min: 0.001 }),
};

/** POST requisition_details/: a material added to an existing requisition. */
export const requisitionDetailCreateSchema = z.object({ requisition: refSchema, ...requisitionItemFields });
export type RequisitionDetailCreate = z.input<typeof requisitionDetailCreateSchema>;
export const requisitionDetailUpdateSchema = updateSchemaOf(requisitionDetailCreateSchema);
export type RequisitionDetailUpdate = z.input<typeof requisitionDetailUpdateSchema>;

const requisitionFields = {
  job_order: refSchema.nullable().optional(),
  requisition_type: requisitionTypeSchema,
};

/** A new requisition with its materials; the requester is the signed-in user. */
export const requisitionCreateSchema = z
  .object({
    ...requisitionFields,
    requisition_items: z
      .array(z.object(requisitionItemFields))
      .min(1)
      .refine((items) => new Set(items.map((i) => i.material)).size === items.length, 'Each material may appear only once on a requisition.'),
  })
  .refine((r) => r.job_order != null || !requisitionNeedsJobOrder(r.requisition_type), {
    path: ['job_order'],
    message: 'A job order is required unless the requisition is for consumables.',
  });
export type RequisitionCreate = z.input<typeof requisitionCreateSchema>;
/** PATCH requisitions/{id}/: the requisition's own fields; materials change through requisition_details. */
export const requisitionUpdateSchema = updateSchemaOf(z.object(requisitionFields));
export type RequisitionUpdate = z.input<typeof requisitionUpdateSchema>;

/** DELETE requisitions/{id}/ (cancel) and PATCH {id}/close/ both take a reason. */
export const requisitionReasonSchema = z.object({ reason: requiredText(1000) });

/**
 * Where a requisition stands. It is derived from the row and its lines, never stored:
 * cancelled (deleted with a reason), closed (with a reason), issued (every line issued in full:
 * `is_completed`), partly issued (some material issued), approved (a re-work or shortfall
 * requisition a manager approved), open.
 */
export const REQUISITION_STATES = [
  { value: 'open', label: 'Open' },
  { value: 'approved', label: 'Approved' },
  { value: 'partly-issued', label: 'Partly issued' },
  { value: 'issued', label: 'Issued' },
  { value: 'closed', label: 'Closed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export const requisitionStateSchema = z.enum(valuesOf(REQUISITION_STATES));
export type RequisitionState = z.infer<typeof requisitionStateSchema>;

type StateFacts = Pick<Requisition, 'deleted_at' | 'closed_at' | 'is_completed' | 'is_approved'>;
type LineFacts = Pick<RequisitionDetail, 'quantity_issued'> & { deleted_at?: string | null };

export function requisitionState(requisition: StateFacts, lines: readonly LineFacts[]): RequisitionState {
  if (requisition.deleted_at) return 'cancelled';
  if (requisition.closed_at) return 'closed';
  if (requisition.is_completed) return 'issued';
  if (lines.some((line) => !line.deleted_at && Number(line.quantity_issued) > 0)) return 'partly-issued';
  return requisition.is_approved ? 'approved' : 'open';
}

/** What can be done to a requisition; each action lists the states it may start from. */
export type RequisitionAction = 'approve' | 'issue' | 'reserve' | 'change-items' | 'close' | 'cancel';

export const REQUISITION_TRANSITIONS: Readonly<Record<RequisitionAction, readonly RequisitionState[]>> = {
  approve: ['open'],
  // Stores issue and reserve once a requisition may be served: re-work and shortfall only once
  // approved (requisitionActionRefusal checks that on top of the states).
  issue: ['open', 'approved', 'partly-issued'],
  reserve: ['open', 'approved', 'partly-issued'],
  // Lines may be added or changed while material is still to be served.
  'change-items': ['open', 'approved', 'partly-issued'],
  close: ['open', 'approved', 'partly-issued', 'issued'],
  // Material already issued stays on the job: such a requisition is closed, not cancelled.
  cancel: ['open', 'approved'],
};

const ACTION_NAMES: Readonly<Record<RequisitionAction, string>> = {
  approve: 'approved',
  issue: 'issued against',
  reserve: 'reserved against',
  'change-items': 'changed',
  close: 'closed',
  cancel: 'cancelled',
};

export const REQUISITION_MESSAGES = {
  approvalNotNeeded: 'Only re-work and shortfall requisitions need approval.',
  approvalFirst: 'This requisition must be approved before stores can issue or reserve material against it.',
  cancelIssued: 'Material has been issued against this requisition: close it instead of cancelling it.',
  jobOrderClosed: 'A requisition cannot be raised against a closed or cancelled job order.',
  duplicateMaterial: 'This material is already on this requisition.',
  repeatedRequest: 'This material has already been requested against this job order with this requisition type.',
  lineIssued: 'Material has been issued against this line: it cannot be removed.',
  belowIssued: 'The quantity cannot be less than what has already been issued.',
} as const;

/**
 * Why `action` may not be done to a requisition in `state` (a 400's message), or null when it
 * may. The message says what the requisition is and what would make the action possible.
 */
export function requisitionActionRefusal(action: RequisitionAction, state: RequisitionState, type: RequisitionType): string | null {
  if (action === 'approve' && !REQUISITION_TYPES_NEEDING_APPROVAL.includes(type)) return REQUISITION_MESSAGES.approvalNotNeeded;
  if ((action === 'issue' || action === 'reserve') && state === 'open' && REQUISITION_TYPES_NEEDING_APPROVAL.includes(type)) return REQUISITION_MESSAGES.approvalFirst;
  if (action === 'cancel' && (state === 'partly-issued' || state === 'issued')) return REQUISITION_MESSAGES.cancelIssued;
  if (REQUISITION_TRANSITIONS[action].includes(state)) return null;
  const label = REQUISITION_STATES.find((s) => s.value === state)!.label.toLowerCase();
  return `This requisition is ${label}: it cannot be ${ACTION_NAMES[action]}.`;
}
