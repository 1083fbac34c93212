import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
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
  quantity: decimalInput({ digits: 14, scale: 3, min: 0.001 }),
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
    .refine((v) => Number(v) <= 100, 'Ensure this value is less than or equal to 100.')
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

/** POST update/bucket/{id}/ */
export const jobOrderBucketChangeSchema = z.object({ new_bucket: jobOrderBucketSchema, reject_remark: textInput(1000).default('') });
/** POST update/status/{id}/ */
export const jobOrderStatusChangeSchema = z.object({ new_status: jobOrderStatusSchema });
/** PUT cancel/{id}/ */
export const jobOrderCancelSchema = z.object({ closure_remarks: requiredText(1000) });
/** PATCH update/main/invoice-details/{id}/: the company's invoice for the job order. */
export const jobOrderInvoiceDetailsSchema = z.object({
  invoice: requiredText(50),
  invoice_date: isoDateSchema,
  invoice_amount: decimalInput({ min: 0 }),
});
/** PUT close/{id}/: the invoice details and closure remarks. */
export const jobOrderCloseSchema = jobOrderInvoiceDetailsSchema.extend({ closure_remarks: textInput(1000).default('') });
/** PATCH advance-amount/{id}/ */
export const jobOrderAdvanceSchema = z.object({ job_order_id: refSchema.optional(), amount: decimalInput({ min: 0 }) });

/** A job order that is closed or cancelled takes no new requisitions (issue 5); the server's query says the same. */
export function isJobOrderOpen(jobOrder: Pick<JobOrder, 'status' | 'closed_at' | 'cancelled_at' | 'deleted_at'>): boolean {
  return jobOrder.status !== 'closed' && !jobOrder.closed_at && !jobOrder.cancelled_at && !jobOrder.deleted_at;
}
