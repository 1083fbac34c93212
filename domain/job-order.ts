import { z } from 'zod';
import { idParam, periodInOrder } from './query-params';
import { compare } from './decimal';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { isValidPhone } from './rules/contact';
import { formatDisplayDate } from './rules/dates';

/** Job order statuses (business-areas.md §4); the landing page counts job orders by them. */
export const JOB_ORDER_STATUSES = [
  { value: 'Created', label: 'Created' },
  { value: 'in-process', label: 'In Process' },
  { value: 'handover-to-dispatch', label: 'Handover To Dispatch' },
  { value: 'ready-to-dispatch', label: 'Ready To Dispatch' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'closed', label: 'Closed' },
] as const;
export type JobOrderStatus = (typeof JOB_ORDER_STATUSES)[number]['value'];
export const JOB_ORDER_STATUS_VALUES = valuesOf(JOB_ORDER_STATUSES);
export const jobOrderStatusSchema = z.enum(JOB_ORDER_STATUS_VALUES);

/** The department desk a job order currently sits with; a bucket change carries a remark. */
export const JOB_ORDER_BUCKETS = [
  { value: 'Sales', label: 'Sales' },
  { value: 'Design', label: 'Design' },
  { value: 'Production', label: 'Production' },
  { value: 'Stores', label: 'Stores' },
  { value: 'Dispatch', label: 'Dispatch' },
  { value: 'Accounts', label: 'Accounts' },
] as const;
export const jobOrderBucketSchema = z.enum(valuesOf(JOB_ORDER_BUCKETS));
export type JobOrderBucket = z.infer<typeof jobOrderBucketSchema>;

/** New job orders start with status Created and bucket Sales. */
export const JOB_ORDER_DEFAULTS = { status: 'Created', bucket: 'Sales' } as const satisfies { status: JobOrderStatus; bucket: JobOrderBucket };

/** Production departments (business-areas.md §9): the shop that makes a job order. */
export const PRODUCTION_DEPARTMENTS = [
  { value: 'Tray', label: 'Tray' },
  { value: 'Acrylic', label: 'Acrylic' },
  { value: 'Showroom', label: 'Showroom' },
  { value: 'Warehouse', label: 'Warehouse' },
] as const;
export const productionDepartmentSchema = z.enum(valuesOf(PRODUCTION_DEPARTMENTS));
export type ProductionDepartment = z.infer<typeof productionDepartmentSchema>;

/**
 * The job order dropdown label (business-areas.md §9): the id with the created date as
 * DD-MM-YYYY, e.g. "1024 - 05-03-2026". The date is the viewer's local calendar day.
 */
export function jobOrderLabel(jobOrder: { id: number; created_at: string | null | undefined }): string {
  const created = jobOrder.created_at ? formatDisplayDate(new Date(jobOrder.created_at)) : '';
  return created ? `${jobOrder.id} - ${created}` : String(jobOrder.id);
}

/** A phone number in a request: empty, or 10 to 13 digits, plus signs and spaces. */
const optionalPhoneInput = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidPhone(v), 'Enter a valid phone number.');

/** Job order (business-areas.md §3). */
export const jobOrderSchema = z.object({
  id: idSchema,
  customer: idSchema,
  branch: idSchema.nullable(),
  contact_person: z.string(),
  contact_number: z.string(),
  sales_executive: idSchema,
  purchase_order: z.string(),
  purchase_order_date: isoDateSchema.nullable(),
  billing_account: z.string(),
  billing_percentage: decimalSchema,
  quotation: idSchema.nullable(),
  sales_order: idSchema.nullable(),
  status: jobOrderStatusSchema,
  bucket: jobOrderBucketSchema,
  production_department: productionDepartmentSchema.nullable(),
  total_value: decimalSchema,
  advance_amount: decimalSchema,
  closure_remarks: z.string().nullable(),
  cancelled_at: isoDateTimeSchema.nullable(),
  closed_at: isoDateTimeSchema.nullable(),
  invoice: z.string().nullable(),
  invoice_date: isoDateSchema.nullable(),
  invoice_amount: decimalSchema.nullable(),
  reject_remark: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type JobOrder = z.infer<typeof jobOrderSchema>;

/** A product line of a job order. */
export const jobOrderItemSchema = z.object({
  id: idSchema,
  job_order: idSchema,
  product: z.string(),
  description: z.string(),
  quantity: decimalSchema,
  unit_price: decimalSchema,
  amount: decimalSchema,
  sales_order_item: idSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type JobOrderItem = z.infer<typeof jobOrderItemSchema>;

/** A product as a client sends it; the server computes `amount` (quantity × unit price). */
export const jobOrderItemCreateSchema = z.object({
  product: requiredText(200),
  description: textInput(1000).default(''),
  quantity: positiveQuantityInput(),
  unit_price: decimalInput({ min: 0 }),
  sales_order_item: refSchema.nullable().optional(),
});
export type JobOrderItemCreate = z.input<typeof jobOrderItemCreateSchema>;
export const jobOrderItemUpdateSchema = updateSchemaOf(jobOrderItemCreateSchema);
export type JobOrderItemUpdate = z.input<typeof jobOrderItemUpdateSchema>;

const jobOrderFields = {
  customer: refSchema,
  branch: refSchema.nullable().optional(),
  contact_person: textInput(100).default(''),
  contact_number: optionalPhoneInput.default(''),
  sales_executive: refSchema,
  purchase_order: textInput(100).default(''),
  purchase_order_date: isoDateSchema.nullable().optional(),
  billing_account: textInput(100).default(''),
  billing_percentage: decimalInput({ digits: 5, scale: 2, min: 0 })
    .refine((v) => compare(v, '100') <= 0, 'Ensure this value is less than or equal to 100.')
    .default('100'),
  quotation: refSchema.nullable().optional(),
  sales_order: refSchema.nullable().optional(),
  production_department: productionDepartmentSchema.nullable().optional(),
  advance_amount: decimalInput({ min: 0 }).default('0'),
};

/**
 * A new job order with its products (status Created, bucket Sales); the server stores
 * `total_value` as the sum of the products' amounts.
 */
export const jobOrderCreateSchema = z.object({ ...jobOrderFields, job_order_items: z.array(jobOrderItemCreateSchema).min(1) });
export type JobOrderCreate = z.input<typeof jobOrderCreateSchema>;
/** The main fields (update/main); products change through their own calls. */
export const jobOrderUpdateSchema = updateSchemaOf(z.object(jobOrderFields));
export type JobOrderUpdate = z.input<typeof jobOrderUpdateSchema>;

/** POST update/bucket/{id}/ (expected_version: the version the change was made on, e.g. from the outbox). */
export const jobOrderBucketChangeSchema = z.object({ new_bucket: jobOrderBucketSchema, reject_remark: textInput(1000).default(''), ...expectedVersionFields });
/** POST update/status/{id}/ */
export const jobOrderStatusChangeSchema = z.object({ new_status: jobOrderStatusSchema, ...expectedVersionFields });
/** PUT cancel/{id}/ */
export const jobOrderCancelSchema = z.object({ closure_remarks: requiredText(1000), ...expectedVersionFields });
/** PATCH update/main/invoice-details/{id}/: the company's invoice for the job order. */
export const jobOrderInvoiceDetailsSchema = z.object({
  invoice: requiredText(50),
  invoice_date: isoDateSchema,
  invoice_amount: decimalInput({ min: 0 }),
});
/** PUT close/{id}/: the invoice details and closure remarks. */
export const jobOrderCloseSchema = jobOrderInvoiceDetailsSchema.extend({ closure_remarks: textInput(1000).default(''), ...expectedVersionFields });
/** PATCH advance-amount/{id}/ */
export const jobOrderAdvanceSchema = z.object({ job_order_id: refSchema.optional(), amount: decimalInput({ min: 0 }) });

/** A job order that is closed or cancelled takes no new requisitions (issue 5); the server's query says the same. */
export function isJobOrderOpen(jobOrder: Pick<JobOrder, 'status' | 'closed_at' | 'cancelled_at' | 'deleted_at'>): boolean {
  return jobOrder.status !== 'closed' && !jobOrder.closed_at && !jobOrder.cancelled_at && !jobOrder.deleted_at;
}

/**
 * Where a job order may go next by a status change (POST update/status/{id}/). The work moves
 * forward one step at a time, and one step back to correct a mistake. Closing is not a status
 * change: it needs the invoice details (PUT close/{id}/) and may start from `JOB_ORDER_CLOSABLE`;
 * a cancelled job order (cancelled_at set) and a closed one take no changes.
 */
export const JOB_ORDER_STATUS_FLOW: Readonly<Record<JobOrderStatus, readonly JobOrderStatus[]>> = {
  Created: ['in-process'],
  'in-process': ['handover-to-dispatch', 'Created'],
  'handover-to-dispatch': ['ready-to-dispatch', 'in-process'],
  'ready-to-dispatch': ['dispatched', 'handover-to-dispatch'],
  dispatched: ['ready-to-dispatch'],
  closed: [],
};

/** A job order is closed once what it made has left the factory. */
export const JOB_ORDER_CLOSABLE: readonly JobOrderStatus[] = ['dispatched'];
/** A job order may be cancelled until its goods have left. */
export const JOB_ORDER_CANCELLABLE: readonly JobOrderStatus[] = ['Created', 'in-process', 'handover-to-dispatch', 'ready-to-dispatch'];

/**
 * The desks in the order a job order passes them. Any other desk may be chosen; a move back to an
 * earlier desk is a rejection and needs its remark.
 */
export const JOB_ORDER_BUCKET_ORDER: readonly JobOrderBucket[] = JOB_ORDER_BUCKETS.map((b) => b.value);

export const JOB_ORDER_MESSAGES = {
  cancelled: 'This job order is cancelled: it cannot be changed.',
  closed: 'This job order is closed: it cannot be changed.',
  closeByCall: 'A job order is closed with its invoice details (close), not by a status change.',
  sameStatus: 'The job order already has this status.',
  sameBucket: 'The job order is already in this bucket.',
  rejectRemark: 'Moving a job order back to an earlier bucket needs a reject remark.',
  notClosable: 'Only a dispatched job order can be closed.',
  notCancellable: 'A dispatched job order cannot be cancelled: its goods have left.',
  activeRequisitions: 'This job order has active requisitions: close or cancel them first.',
  deliveredItem: 'A delivery note carries this product: it cannot be removed.',
  lastItem: 'A job order needs at least one product.',
  invoiceOnlyClosed: 'Invoice details are updated on a closed job order; close it with them first.',
  notFound: 'This job order does not exist.',
  otherCustomer: 'This job order belongs to another customer.',
  valid: 'This job order is open and belongs to this customer.',
} as const;

const statusLabel = (status: JobOrderStatus) => JOB_ORDER_STATUSES.find((s) => s.value === status)!.label;

type TransitionFacts = Pick<JobOrder, 'status' | 'cancelled_at'>;

/** Why a job order may not take `next` as its status (a 400's message), or null when it may. */
export function jobOrderStatusRefusal(jobOrder: TransitionFacts, next: JobOrderStatus): string | null {
  if (jobOrder.cancelled_at) return JOB_ORDER_MESSAGES.cancelled;
  if (jobOrder.status === 'closed') return JOB_ORDER_MESSAGES.closed;
  if (next === 'closed') return JOB_ORDER_MESSAGES.closeByCall;
  if (next === jobOrder.status) return JOB_ORDER_MESSAGES.sameStatus;
  const allowed = JOB_ORDER_STATUS_FLOW[jobOrder.status];
  if (allowed.includes(next)) return null;
  return `A job order in ${statusLabel(jobOrder.status)} can move to ${allowed.map(statusLabel).join(' or ')}, not to ${statusLabel(next)}.`;
}

/** Why a job order may not move to the `next` bucket with this remark, or null when it may. */
export function jobOrderBucketRefusal(jobOrder: TransitionFacts & Pick<JobOrder, 'bucket'>, next: JobOrderBucket, rejectRemark: string): string | null {
  if (jobOrder.cancelled_at) return JOB_ORDER_MESSAGES.cancelled;
  if (jobOrder.status === 'closed') return JOB_ORDER_MESSAGES.closed;
  if (next === jobOrder.bucket) return JOB_ORDER_MESSAGES.sameBucket;
  const back = JOB_ORDER_BUCKET_ORDER.indexOf(next) < JOB_ORDER_BUCKET_ORDER.indexOf(jobOrder.bucket);
  if (back && !rejectRemark.trim()) return JOB_ORDER_MESSAGES.rejectRemark;
  return null;
}

/** Why a job order may not be closed (before the requisitions check), or null. */
export function jobOrderCloseRefusal(jobOrder: TransitionFacts): string | null {
  if (jobOrder.cancelled_at) return JOB_ORDER_MESSAGES.cancelled;
  if (jobOrder.status === 'closed') return JOB_ORDER_MESSAGES.closed;
  return JOB_ORDER_CLOSABLE.includes(jobOrder.status) ? null : JOB_ORDER_MESSAGES.notClosable;
}

/** Why a job order may not be cancelled (before the requisitions check), or null. */
export function jobOrderCancelRefusal(jobOrder: TransitionFacts): string | null {
  if (jobOrder.cancelled_at) return JOB_ORDER_MESSAGES.cancelled;
  if (jobOrder.status === 'closed') return JOB_ORDER_MESSAGES.closed;
  return JOB_ORDER_CANCELLABLE.includes(jobOrder.status) ? null : JOB_ORDER_MESSAGES.notCancellable;
}

/* ---------------------------------------------------------------------------------------------
 * What the job orders API answers (business-areas.md §7 "Job orders"). Money is a decimal
 * string, computed by the database.
 * ------------------------------------------------------------------------------------------- */

/** A history step's kind: a status change (create, cancel and close included) or a bucket move. */
export const JOB_ORDER_HISTORY_KINDS = ['status', 'bucket'] as const;
export type JobOrderHistoryKind = (typeof JOB_ORDER_HISTORY_KINDS)[number];
/** The `to` of the history step that cancels a job order: cancelling is not a status (`cancelled_at` says it). */
export const JOB_ORDER_CANCELLED_STEP = 'cancelled';

/** One step of a job order's history (job_order_status_history): who moved it from where to where, and when. `from` is null on create. */
export const jobOrderStatusHistoryRowSchema = z.object({
  id: idSchema,
  job_order: idSchema,
  kind: z.enum(JOB_ORDER_HISTORY_KINDS),
  from: z.string().nullable(),
  to: z.string(),
  remark: z.string(),
  changed_by: idSchema.nullable(),
  changed_at: isoDateTimeSchema,
  ...trackedFields,
});
/** A history step as the detail shows it, with the name of who made it. */
export const jobOrderStatusHistorySchema = jobOrderStatusHistoryRowSchema.extend({ changed_by_name: z.string().nullable() });
export type JobOrderStatusHistory = z.infer<typeof jobOrderStatusHistorySchema>;

/** A job order as lists and the device's mirror hold it: the row with its dropdown label and the names of its customer and sales executive. */
export const jobOrderListRowSchema = jobOrderSchema.extend({ customer_name: z.string(), sales_executive_name: z.string(), label: z.string() });
export type JobOrderListRow = z.infer<typeof jobOrderListRowSchema>;
/** closed/ and list/cancelled/ rows are list rows (invoice and closure fields included). */
export const closedJobOrderRowSchema = jobOrderListRowSchema;

/** GET {id}/: the job order with its live products and its history, newest step first. */
export const jobOrderViewSchema = jobOrderListRowSchema.extend({
  items: z.array(jobOrderItemSchema),
  status_history: z.array(jobOrderStatusHistorySchema),
});
export type JobOrderView = z.infer<typeof jobOrderViewSchema>;


/**
 * filter/ (and the reports): which job orders. Dates bound the created day, inclusive;
 * cancelled job orders are left out unless `cancelled=true` asks for only them.
 */
export const jobOrderFilterQuerySchema = z.object({
  start_date: isoDateSchema.optional(),
  end_date: isoDateSchema.optional(),
  customer: idParam.optional(),
  branch: idParam.optional(),
  sales_executive: idParam.optional(),
  status: jobOrderStatusSchema.optional(),
  bucket: jobOrderBucketSchema.optional(),
  production_department: productionDepartmentSchema.optional(),
  purchase_order: z.string().trim().max(100).optional(),
}).refine(...periodInOrder('start_date', 'end_date'));
export type JobOrderFilterQuery = z.infer<typeof jobOrderFilterQuerySchema>;

/** valuation/sales_executive_wise/: per sales executive, how many live job orders and their value. */
export const jobOrderValuationRowSchema = z.object({
  sales_executive: idSchema,
  sales_executive_name: z.string(),
  job_orders: z.number().int(),
  total_value: decimalSchema,
  /** Value of those not yet closed. */
  open_value: decimalSchema,
  /** Invoice amount of those closed. */
  invoiced_value: decimalSchema,
});
export type JobOrderValuationRow = z.infer<typeof jobOrderValuationRowSchema>;

/** One job order in the status-wise detailed report. */
export const jobOrderStatusWiseLineSchema = z.object({
  id: idSchema,
  label: z.string(),
  customer_name: z.string(),
  sales_executive_name: z.string(),
  bucket: jobOrderBucketSchema,
  total_value: decimalSchema,
  created_at: isoDateTimeSchema,
  /** Whole days since it was created. */
  age_days: z.number().int(),
});
/** statuswise/detailed/: per status (in the order of §4), its job orders. */
export const jobOrderStatusWiseDetailedRowSchema = z.object({
  status: jobOrderStatusSchema,
  status_label: z.string(),
  count: z.number().int(),
  total_value: decimalSchema,
  job_orders: z.array(jobOrderStatusWiseLineSchema),
});
export type JobOrderStatusWiseDetailedRow = z.infer<typeof jobOrderStatusWiseDetailedRowSchema>;

/** Ageing buckets: whole days since the job order was created. */
export const JOB_ORDER_AGEING_BUCKETS = [
  { value: '0-30', label: '0-30 days' },
  { value: '31-60', label: '31-60 days' },
  { value: '61-90', label: '61-90 days' },
  { value: 'over-90', label: 'Over 90 days' },
] as const;
const ageingCellSchema = z.object({ count: z.number().int(), value: decimalSchema });
/** statuswise/ageing/: per status, how many job orders (and their value) fall in each age bucket. */
export const jobOrderStatusWiseAgeingRowSchema = z.object({
  status: jobOrderStatusSchema,
  status_label: z.string(),
  buckets: z.object(Object.fromEntries(JOB_ORDER_AGEING_BUCKETS.map((b) => [b.value, ageingCellSchema])) as Record<(typeof JOB_ORDER_AGEING_BUCKETS)[number]['value'], typeof ageingCellSchema>),
  total: ageingCellSchema,
});
export type JobOrderStatusWiseAgeingRow = z.infer<typeof jobOrderStatusWiseAgeingRowSchema>;

/**
 * Profitability of a job order. Revenue is the invoice amount once closed with an invoice, else
 * the job order's value; cost is the material consumed (issued less returned, at the rate each
 * went out at: the weighted average cost) plus the APPROVED expenses. `margin_percent` is
 * margin / revenue × 100, null when there is no revenue.
 */
export const jobOrderProfitabilityRowSchema = z.object({
  job_order: idSchema,
  label: z.string(),
  customer_name: z.string(),
  status: jobOrderStatusSchema,
  revenue: decimalSchema,
  material_cost: decimalSchema,
  expense_cost: decimalSchema,
  total_cost: decimalSchema,
  margin: decimalSchema,
  margin_percent: decimalSchema.nullable(),
});
export type JobOrderProfitabilityRow = z.infer<typeof jobOrderProfitabilityRowSchema>;
/** profitability/: a page of job orders with their profitability, and the totals over every job order the filters match. */
export const jobOrderProfitabilityReportSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  totals: jobOrderProfitabilityRowSchema.pick({ revenue: true, material_cost: true, expense_cost: true, total_cost: true, margin: true, margin_percent: true }),
  results: z.array(jobOrderProfitabilityRowSchema),
});

/** has-active-requisitions: whether requisitions are still pending (open, approved, partly issued) on the job order, and which. */
export const jobOrderActiveRequisitionsSchema = z.object({ has_active_requisitions: z.boolean(), requisitions: z.array(idSchema) });

/** validate_job_order/{id}?customer=: may this job order be used for that customer? */
export const jobOrderValidationQuerySchema = z.object({ customer: idParam });
export const jobOrderValidationSchema = z.object({ valid: z.boolean(), message: z.string() });

/** exists?customer=&purchase_order=: is there a live job order for this customer's purchase order? */
export const jobOrderExistsQuerySchema = z.object({ customer: idParam, purchase_order: z.string().trim().min(1).max(100) });
export const jobOrderExistsSchema = z.object({ exists: z.boolean(), job_orders: z.array(idSchema) });
