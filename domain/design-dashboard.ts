import { z } from 'zod';
import { decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema } from './entity';
import { estimationStatusSchema } from './estimation';
import { jobOrderStatusSchema } from './job-order';

/* ------------------------------------------------------------------------------------------
 * design-home (`/design`, GET /dashboard/design/, issue 21 §2): the estimations waiting for
 * approval and in costing, those approved this week, and the job orders waiting at design's desk
 * with their due dates. Days and weeks are the company's (Asia/Kolkata); a week is the ISO week,
 * Monday to Sunday. A job order's due date is its sales order's expected delivery date.
 * ---------------------------------------------------------------------------------------- */

/** Rows of each estimation list on design-home, newest first: the estimations list holds the rest. */
export const DESIGN_DASH_ESTIMATION_LIMIT = 5;
/** Job orders waiting for design listed on design-home, soonest due first (those with no due date last). */
export const DESIGN_DASH_JOB_LIMIT = 20;

const count = z.number().int();

/** An estimation on a design-home list. */
export const designDashEstimationSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** The customer's name, or the lead's company for an estimation made for a lead. */
  party_name: z.string(),
  status: estimationStatusSchema,
  estimation_date: isoDateSchema,
  total_cost: decimalSchema,
  submitted_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type DesignDashEstimation = z.infer<typeof designDashEstimationSchema>;

/** A job order waiting at design's desk. */
export const designDashJobSchema = z.object({
  id: idSchema,
  label: z.string(),
  customer_name: z.string(),
  status: jobOrderStatusSchema,
  /** Its sales order's expected delivery date; null when it has none. */
  due_date: isoDateSchema.nullable(),
  /** Due before today. */
  overdue: z.boolean(),
});
export type DesignDashJob = z.infer<typeof designDashJobSchema>;

const estimationList = z.object({ count, results: z.array(designDashEstimationSchema) });

export const designDashboardSchema = z.object({
  /** The business day the figures are of, and the Monday of its ISO week. */
  today: isoDateSchema,
  week_start: isoDateSchema,
  /** Submitted, waiting for a costing manager's approval: newest submitted first. */
  awaiting_approval: estimationList,
  /** Drafts still being costed: newest first. */
  in_costing: estimationList,
  /** Approved within the current week (approved_at), whatever happened to them since. */
  approved_this_week: z.object({ count }),
  /** In the Design bucket now, neither closed nor cancelled: soonest due first. */
  jobs_waiting: z.object({ count, overdue: count, results: z.array(designDashJobSchema) }),
});
export type DesignDashboard = z.infer<typeof designDashboardSchema>;

/** Whether a job order at design's desk waits for it: in the Design bucket, not cancelled, not closed, not deleted (the device reads the same rule). */
export const isWaitingForDesign = (jobOrder: { bucket: string; status: string; cancelled_at: string | null; closed_at?: string | null; deleted_at?: string | null }): boolean =>
  jobOrder.bucket === 'Design' && jobOrder.status !== 'closed' && !jobOrder.cancelled_at && !jobOrder.closed_at && !jobOrder.deleted_at;
