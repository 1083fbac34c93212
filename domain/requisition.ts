import { z } from 'zod';
import { flagParam, idParam, pageParams, periodInOrder } from './query-params';
import { compare, sign } from './decimal';
import { valuesOf } from './options';
import { decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, trackedFields, updateSchemaOf } from './entity';
import { stockTransactionSchema, whenValid } from './stock';

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

export const REQUISITION_JOB_ORDER_REQUIRED = 'A job order is required unless the requisition is for consumables.';
export const REQUISITION_MATERIALS_REQUIRED = 'Add at least one material.';

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
  quantity: positiveQuantityInput(),
};

/**
 * Requesting a material again against a job order and type while an earlier requisition for it
 * is still pending is refused unless the requester confirms it (the spec's pre-check call lets
 * a screen ask first; an offline tablet learns it from the refusal in its Sync screen).
 */
const confirmRepeatField = { confirm_repeat: z.boolean().default(false) };

/** POST requisition_details/: a material added to an existing requisition. */
export const requisitionDetailCreateSchema = z.object({ requisition: refSchema, ...requisitionItemFields, ...confirmRepeatField });
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
    ...confirmRepeatField,
    requisition_items: z
      .array(z.object(requisitionItemFields))
      .min(1, REQUISITION_MATERIALS_REQUIRED)
      .refine((items) => new Set(items.map((i) => i.material)).size === items.length, 'Each material may appear only once on a requisition.'),
  })
  .refine((r) => r.job_order != null || !requisitionNeedsJobOrder(r.requisition_type), {
    path: ['job_order'],
    message: REQUISITION_JOB_ORDER_REQUIRED,
    // Shown beside a bad quantity, not after it is fixed.
    ...whenValid('requisition_type', 'job_order'),
  });
export type RequisitionCreate = z.input<typeof requisitionCreateSchema>;
/** PATCH requisitions/{id}/: the requisition's own fields; materials change through requisition_details. */
export const requisitionUpdateSchema = updateSchemaOf(z.object({ ...requisitionFields, ...confirmRepeatField }));
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

/** What a state is read from: the row, and whether material was issued against it, some or all. */
export type RequisitionStateFacts = Pick<Requisition, 'deleted_at' | 'closed_at' | 'is_approved'> & { has_issues: boolean; issued_in_full: boolean };

export function stateOfFacts(facts: RequisitionStateFacts): RequisitionState {
  if (facts.deleted_at) return 'cancelled';
  if (facts.closed_at) return 'closed';
  if (facts.issued_in_full) return 'issued';
  if (facts.has_issues) return 'partly-issued';
  return facts.is_approved ? 'approved' : 'open';
}

type LineFacts = Pick<RequisitionDetail, 'quantity' | 'quantity_issued'> & { deleted_at?: string | null };

/**
 * The state of a requisition from its row and the lines the caller holds: a screen passes the
 * lines it shows, unsent issues included, so its badge moves with them. A requisition keeps at
 * least one material, so with no live line at hand (not yet on the device) the row's
 * `is_completed`, the server's word, says whether it is issued.
 */
export function requisitionState(requisition: Pick<Requisition, 'deleted_at' | 'closed_at' | 'is_completed' | 'is_approved'>, lines: readonly LineFacts[]): RequisitionState {
  const live = lines.filter((line) => !line.deleted_at);
  return stateOfFacts({
    ...requisition,
    has_issues: live.some((line) => sign(line.quantity_issued) > 0),
    issued_in_full: live.length ? requisitionIssuedInFull(live) : requisition.is_completed,
  });
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
  lineReserved: 'Material is reserved against this line: release the reservation before removing it.',
  lineMaterialIssued: 'Material has been issued against this line: its material cannot change.',
  lastLine: 'A requisition needs at least one material: cancel the requisition instead.',
  otherRequisition: 'A line cannot move to another requisition.',
  headerFixed: 'Once a requisition is approved or material is issued against it, its type and job order cannot change.',
  confirmRepeat: 'Send confirm_repeat: true to request it again.',
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

/**
 * Stores' queue (list_stores_requisitions/): a requisition stores may issue against now, on a
 * job order still open (a consumables requisition has none). Requisitions of a closed job order
 * wait to be closed instead (requisitions_for_closed_job_orders/).
 */
export function inStoresQueue(state: RequisitionState, type: RequisitionType, jobOrderOpen: boolean): boolean {
  return jobOrderOpen && requisitionActionRefusal('issue', state, type) === null;
}

/** States in which material is still to be served: the requisition is pending with stores. */
export const REQUISITION_PENDING_STATES: readonly RequisitionState[] = ['open', 'approved', 'partly-issued'];

type CompletionFacts = Pick<RequisitionDetail, 'quantity' | 'quantity_issued'> & { deleted_at?: string | null };

/** A requisition is issued in full (`is_completed`) once every live line has had its whole quantity issued. */
export function requisitionIssuedInFull(lines: readonly CompletionFacts[]): boolean {
  const live = lines.filter((line) => !line.deleted_at);
  return live.length > 0 && live.every((line) => compare(line.quantity_issued, line.quantity) >= 0);
}

/* ------------------------------------------------------------------------------------------
 * What the requisitions API answers: rows with their derived state and the labels the screens
 * show, and the report rows.
 * ---------------------------------------------------------------------------------------- */

/** A requisition as the lists show it: its state, job order and customer labels, requester, lines. */
export const requisitionListRowSchema = requisitionSchema.extend({
  state: requisitionStateSchema,
  /** The job order dropdown label (id and created date, business-areas.md §9). */
  job_order_label: z.string().nullable(),
  customer: idSchema.nullable(),
  customer_name: z.string().nullable(),
  requested_by_name: z.string(),
  requested_by_department: z.string().nullable(),
  requested_by_designation: z.string().nullable(),
  line_count: z.number().int(),
  has_issues: z.boolean(),
  has_reservations: z.boolean(),
});
export type RequisitionListRow = z.infer<typeof requisitionListRowSchema>;

/** A line with the material's name and unit. */
export const requisitionLineSchema = requisitionDetailSchema.extend({ material_name: z.string(), material_unit: z.string() });
export type RequisitionLine = z.infer<typeof requisitionLineSchema>;

/** GET requisitions/{id}/ and the answer to every write of a requisition: the row with its lines. */
export const requisitionViewSchema = requisitionListRowSchema.extend({ requisition_items: z.array(requisitionLineSchema) });
export type RequisitionView = z.infer<typeof requisitionViewSchema>;

/** Why reserved material is redundant (get_redundant_reserved_materials/). */
export const REDUNDANT_RESERVATION_REASONS = [
  { value: 'requisition-cancelled', label: 'Requisition cancelled' },
  { value: 'requisition-closed', label: 'Requisition closed' },
  { value: 'requisition-issued', label: 'Requisition issued in full' },
  { value: 'job-order-closed', label: 'Job order closed or cancelled' },
] as const;
export const redundantReservationReasonSchema = z.enum(valuesOf(REDUNDANT_RESERVATION_REASONS));

/** A line in the line reports (reservations, foreman and consumables reports). */
export const requisitionLineReportRowSchema = requisitionLineSchema.extend({
  requisition_type: requisitionTypeSchema,
  state: requisitionStateSchema,
  job_order_label: z.string().nullable(),
  customer_name: z.string().nullable(),
  requested_by: idSchema,
  requested_by_name: z.string(),
  requested_by_department: z.string().nullable(),
  requested_by_designation: z.string().nullable(),
  category_name: z.string(),
  requisition_created_at: isoDateTimeSchema,
});
export type RequisitionLineReportRow = z.infer<typeof requisitionLineReportRowSchema>;
export const redundantReservationRowSchema = requisitionLineReportRowSchema.extend({ redundant_because: redundantReservationReasonSchema });

/** rework_requisitions_value/: each re-work requisition's issues valued at the ledger's rates. */
export const reworkValueRowSchema = z.object({
  requisition: idSchema,
  job_order: idSchema.nullable(),
  job_order_label: z.string().nullable(),
  customer_name: z.string().nullable(),
  state: requisitionStateSchema,
  created_at: isoDateTimeSchema,
  issue_count: z.number().int(),
  value: decimalSchema,
});
export const reworkValueReportSchema = z.object({ total_value: decimalSchema, results: z.array(reworkValueRowSchema) });

/** requisitions/{id}/in_transit_transactions/: issues still on their way to the floor. */
export const inTransitTransactionSchema = stockTransactionSchema.extend({ material_name: z.string(), material_unit: z.string() });

/** The duplicate checks: whether pending requisitions already ask for the material, and which. */
export const requisitionRequestVerdictSchema = z.object({
  exists: z.boolean(),
  requisitions: z.array(
    z.object({ id: idSchema, requisition_type: requisitionTypeSchema, state: requisitionStateSchema, quantity: decimalSchema, created_at: isoDateTimeSchema }),
  ),
});

/* Query parameters (strings on the wire). Unknown parameters are 400s, as on every list. */


/** A report with no filters: only the page. */
export const requisitionPageQuerySchema = z.object(pageParams).strict();

/** A report over a period of business days (both bounds optional and inclusive), paged. */
export const requisitionPeriodQuerySchema = z
  .object({ start_date: isoDateSchema.optional(), end_date: isoDateSchema.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));

/** filter_requisitions/ (business-areas.md §7): the names are the spec's. */
export const filterRequisitionsQuerySchema = z
  .object({
    startDate: isoDateSchema.optional(),
    endDate: isoDateSchema.optional(),
    fromReq: idParam.optional(),
    toReq: idParam.optional(),
    typ: requisitionTypeSchema.optional(),
    job: idParam.optional(),
    material: idParam.optional(),
    is_completed: flagParam.optional(),
    ...pageParams,
  })
  .strict()
  .refine(...periodInOrder('startDate', 'endDate'))
  .refine((q) => q.fromReq === undefined || q.toReq === undefined || q.toReq >= q.fromReq, { path: ['toReq'], message: 'The last requisition number cannot be before the first.' });
export type FilterRequisitionsQuery = z.output<typeof filterRequisitionsQuerySchema>;

/** non_standard_requisitions/: every type but standard. */
export const nonStandardRequisitionsQuerySchema = z
  .object({
    requisition_type: requisitionTypeSchema.exclude(['standard'], { error: 'Choose a type other than standard.' }).optional(),
    job_order: idParam.optional(),
    customer: idParam.optional(),
    start_date: isoDateSchema.optional(),
    end_date: isoDateSchema.optional(),
    only_pending_reqs: flagParam.optional(),
    ...pageParams,
  })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));
export type NonStandardRequisitionsQuery = z.output<typeof nonStandardRequisitionsQuerySchema>;

/** requisitions_for_closed_job_orders/: optionally only requisitions still pending. */
export const closedJobOrderRequisitionsQuerySchema = z.object({ only_pending_reqs: flagParam.optional(), ...pageParams }).strict();

/** rework_requisitions_value/: issues in a period, optionally of one job order. */
export const reworkValueQuerySchema = z
  .object({ start_date: isoDateSchema.optional(), end_date: isoDateSchema.optional(), job_order: idParam.optional() })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));

/** requisition_details/check_duplicate_material/ (material, job_order). */
export const checkDuplicateMaterialQuerySchema = z.object({ material: idParam, job_order: idParam }).strict();
/** check_req_for_material_against_job_order_exists/ (material, job, requisition_type). */
export const checkRepeatRequestQuerySchema = z.object({ material: idParam, job: idParam, requisition_type: requisitionTypeSchema }).strict();

/**
 * Requisition discrepancies (prod-req-discrepancies): lines where what production asked for and
 * what stores gave part ways, so the foreman and the production manager can follow them up.
 * Worked out on the device from the mirrored requisitions, lines and job orders.
 */
export const REQUISITION_DISCREPANCIES = [
  { value: 'closed-short', label: 'Closed short', note: 'The requisition was closed before stores issued all that was asked.' },
  { value: 'job-order-ended', label: 'Job order ended', note: 'Material is still asked for, but the job order is closed or cancelled.' },
  { value: 'reserved-not-issued', label: 'Reserved, not issued', note: 'Stores holds material for the line on a requisition that no longer takes issues.' },
] as const;
export type RequisitionDiscrepancy = (typeof REQUISITION_DISCREPANCIES)[number]['value'];

/** What is off about a live line of a requisition in `state`, or null when nothing is. */
export function lineDiscrepancy(state: RequisitionState, line: Pick<RequisitionDetail, 'quantity' | 'quantity_issued' | 'quantity_reserved'>, jobOrderOpen: boolean): RequisitionDiscrepancy | null {
  const short = compare(line.quantity_issued, line.quantity) < 0;
  if (state === 'cancelled') return null;
  if (state === 'closed') {
    if (sign(line.quantity_reserved) > 0) return 'reserved-not-issued';
    return short ? 'closed-short' : null;
  }
  if (!jobOrderOpen && REQUISITION_PENDING_STATES.includes(state) && short) return 'job-order-ended';
  return null;
}
