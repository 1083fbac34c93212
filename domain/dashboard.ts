import { z } from 'zod';
import { idSchema, isoDateSchema, decimalSchema } from './entity';
import { jobOrderStatusSchema, productionDepartmentSchema } from './job-order';
import { issueRowSchema } from './material-report';
import { requisitionStateSchema, requisitionTypeSchema } from './requisition';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
/** A month's purchases: the value of the live LPOs dated in it. */
const monthlyPurchaseSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), total: money });

/** GET /dashboard/landing/: the landing page's figures. */
export const landingFiguresSchema = z.object({
  /** Sum of the value of job orders that are not cancelled. */
  job_order_value: money,
  job_order_count: z.number().int(),
  status_counts: z.array(z.object({ status: z.string(), label: z.string(), count: z.number().int() })),
  /** The last 12 calendar months, oldest first, months without purchases included as 0. */
  monthly_purchases: z.array(monthlyPurchaseSchema),
});
export type LandingFigures = z.infer<typeof landingFiguresSchema>;

/* ------------------------------------------------------------------------------------------
 * The workshop dashboards (issue 6 §4, docs/decisions.md 118-122): production-home, the
 * foreman's, metal-home and the acrylic and trays dashboard. One answer shape; each workshop
 * scopes it (which job orders, requisitions and notes are its own) and each screen shows the
 * parts its users act on.
 * ---------------------------------------------------------------------------------------- */

export const WORKSHOPS = ['production', 'foreman', 'metal', 'acrylic'] as const;
export const workshopSchema = z.enum(WORKSHOPS);
export type Workshop = z.infer<typeof workshopSchema>;

/** A job order not yet dispatched this many days after it was made is late (the ageing list). */
export const AGEING_DAYS = 30;
/** Weeks of the "job orders made per week" chart, the current week last. */
export const CREATED_WEEKS = 8;
/**
 * A dashboard list shows at most this many rows (oldest first); its count says how many there are
 * and "View all" opens the whole list. Ten fit a tablet's screen under the figures: a dashboard
 * says what needs doing first, its list screen pages, filters and searches the rest.
 */
export const DASHBOARD_LIST_LIMIT = 10;
/** A workshop's materials are those its requisitions asked for in this many days (the low-stock list). */
export const WORKSHOP_MATERIAL_DAYS = 90;

/** GET /dashboard/production/: the whole floor, or one production department's job orders. */
export const productionDashboardQuerySchema = z.object({ production_department: productionDepartmentSchema.optional() }).strict();

/** A job order on a dashboard list: who it is for, how long it has been open, its value. */
export const dashboardJobOrderSchema = z.object({
  id: idSchema,
  label: z.string(),
  customer_name: z.string(),
  production_department: productionDepartmentSchema.nullable(),
  status: jobOrderStatusSchema,
  total_value: money,
  created: isoDateSchema,
  days_open: z.number().int(),
});
export type DashboardJobOrder = z.infer<typeof dashboardJobOrderSchema>;

const countedList = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int(), results: z.array(row) });

/** Requisitions still to be served (REQUISITION_PENDING_STATES), by state, and who they wait for. */
export const pendingRequisitionFiguresSchema = z.object({
  by_state: z.array(z.object({ state: requisitionStateSchema, label: z.string(), count: z.number().int() })),
  /** Re-work and shortfall requisitions a manager has still to approve. */
  awaiting_approval: z.number().int(),
  /** In stores' queue: stores may issue against them now. */
  in_stores_queue: z.number().int(),
});
export type PendingRequisitionFigures = z.infer<typeof pendingRequisitionFiguresSchema>;

/** A material of the workshop at or below its reorder level (free stock: on hand less reserved). */
export const lowStockRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  unit: z.string(),
  category_name: z.string(),
  available: decimalSchema,
  reorder_level: decimalSchema,
  shortfall: decimalSchema,
});

/** GET /dashboard/{production,foreman,metal,acrylic}/. */
export const workshopDashboardSchema = z.object({
  workshop: workshopSchema,
  today: isoDateSchema,
  /** The production departments whose job orders count; empty: every job order. */
  production_departments: z.array(productionDepartmentSchema),
  /** Live job orders (not cancelled or deleted) by status, every status in order. */
  status_counts: z.array(z.object({ status: jobOrderStatusSchema, label: z.string(), count: z.number().int() })),
  /** Job orders in process on the floor, oldest first, with their total value. */
  in_process: countedList(dashboardJobOrderSchema).extend({ value: money }),
  /** Job orders made per week (weeks start on Monday, India's calendar), oldest first. */
  weekly_created: z.array(z.object({ week_start: isoDateSchema, count: z.number().int() })),
  /** Open job orders made AGEING_DAYS or more days ago and not yet dispatched, oldest first. */
  ageing: countedList(dashboardJobOrderSchema),
  requisitions: pendingRequisitionFiguresSchema,
  /** Material issued today against the workshop's requisitions. */
  issued_today: countedList(issueRowSchema),
  /** Draft delivery notes waiting for a supervisor's approval. */
  delivery_notes_awaiting_approval: z.number().int(),
  low_stock: countedList(lowStockRowSchema),
});
export type WorkshopDashboard = z.infer<typeof workshopDashboardSchema>;

/* ------------------------------------------------------------------------------------------
 * The stores and purchase dashboard (purchases-dash, docs/decisions.md 130): what stores and
 * purchase act on each morning. Counts are of everything; the lists show the few to act on first.
 * ---------------------------------------------------------------------------------------- */

/** Months of the purchases chart, the current month last. */
export const PURCHASE_MONTHS = 6;
/** Vendors in the "top vendors this quarter" list. */
export const TOP_VENDOR_COUNT = 5;
/** Rows of the queue and reorder lists: the screens they link to hold the rest. */
export const PURCHASES_LIST_LIMIT = 5;

/** A requisition waiting in stores' queue, with how long it has waited (whole days in IST). */
export const queuedRequisitionSchema = z.object({
  id: idSchema,
  requisition_type: requisitionTypeSchema,
  job_order_label: z.string().nullable(),
  customer_name: z.string().nullable(),
  requested_by_name: z.string(),
  created: isoDateSchema,
  days_waiting: z.number().int(),
});
export type QueuedRequisition = z.infer<typeof queuedRequisitionSchema>;

/** GET /dashboard/purchases/. */
export const purchasesDashboardSchema = z.object({
  today: isoDateSchema,
  /** Stores' queue (list_stores_requisitions/), oldest first. */
  stores_queue: countedList(queuedRequisitionSchema),
  /** Materials at or below their reorder level (the reorder report), least covered first. */
  reorder: countedList(lowStockRowSchema),
  /** Stock adjustments still pending a decision. */
  adjustments_awaiting_approval: z.number().int(),
  /** Material lines issued today (the issued-today report). */
  issued_today: z.number().int(),
  /** On hand at weighted average cost, over the materials the user sees. */
  stock_value: money,
  /** Stock received this calendar month: ledger receipt lines and their value, and the GRAs dated in it. */
  receipts_this_month: z.object({ lines: z.number().int(), value: money, gras: z.number().int() }),
  /** LPOs still awaiting goods: how many, the value still to come, and how many are past their expected date. */
  lpos_pending_receipt: z.object({ count: z.number().int(), value: money, overdue: z.number().int() }),
  /** The last PURCHASE_MONTHS calendar months, oldest first, months without purchases as 0. */
  monthly_purchases: z.array(monthlyPurchaseSchema),
  /** Since the first day of the current quarter. */
  quarter_start: isoDateSchema,
  /** Vendors by LPO value this quarter, largest first (the top-vendor report). */
  top_vendors: z.array(z.object({ id: idSchema, name: z.string(), lpo_count: z.number().int(), total_value: money })),
});
export type PurchasesDashboard = z.infer<typeof purchasesDashboardSchema>;
