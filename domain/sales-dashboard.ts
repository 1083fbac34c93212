import { z } from 'zod';
import { decimalSchema, idSchema, isoDateSchema } from './entity';
import { leadRequirementSchema, leadSourceSchema, leadStageSchema } from './lead';
import { valuesOf } from './options';
import { idParam, pageParams, periodInOrder } from './query-params';
import { quotationStatusSchema } from './quotation';
import { leadScopeOf } from './row-rules';
import { salesOrderStatusSchema } from './sales-order';
import type { UserRole } from './user';

/* ------------------------------------------------------------------------------------------
 * Sales figures (issue 18 §5): sales-dash (`/sales/home`), the team's view on the sales manager's
 * landing, missed SRP opportunities and the sales analysis. Whose a figure is: a lead its
 * `assign_to`, a quotation its `sales_exec`, a sales order its quotation's `sales_exec`, else
 * whoever took it (`created_by`), as the job order draft names the order's sales executive.
 * A sales executive's figures are their own only; everyone else who may read them sees all.
 * ---------------------------------------------------------------------------------------- */

/** Whose sales figures a user reads: a sales executive their own (the leads' row rule names the same users), others everyone's. */
export type SalesFiguresScope = 'own' | 'all';
export const salesFiguresScopeOf = (user: UserRole): SalesFiguresScope => (leadScopeOf(user) === 'assigned-to-me' ? 'own' : 'all');

/** Rows of each short list of sales-dash: the screens they link to hold the rest. */
export const SALES_DASH_LIST_LIMIT = 5;
/**
 * An open lead whose follow-up day passed this many days ago with no remark written since has
 * gone stale: a missed SRP opportunity. A week is one missed weekly call.
 */
export const STALE_FOLLOWUP_DAYS = 7;
/** A quotation sent this many days ago and still neither accepted nor rejected is slipping away. */
export const UNANSWERED_QUOTATION_DAYS = 15;
/** Customers listed in the analysis by customer, largest order value first. */
export const ANALYSIS_CUSTOMER_LIMIT = 20;
/** Without a period the analysis covers this many calendar months, the current one last. */
export const ANALYSIS_DEFAULT_MONTHS = 12;

const money = decimalSchema;
const count = z.number().int();
const countedList = <T extends z.ZodType>(row: T) => z.object({ count, results: z.array(row) });
const valuedList = <T extends z.ZodType>(row: T) => countedList(row).extend({ value: money });

/** One executive's (or the whole scope's) figures on sales-dash. */
export const salesFiguresSchema = z.object({
  /** Leads under the display filters of business-areas.md §4 (`matchesLeadFilter`). */
  followups_today: count,
  followups_missed: count,
  not_actioned: count,
  /** Sent quotations, neither accepted nor rejected yet, and their value. */
  quotations_awaiting: z.object({ count, value: money }),
  /** Live orders not completed or cancelled. */
  open_orders: z.object({ count, value: money }),
  /** §4's pending advance: accepted orders still awaiting their advance. */
  pending_advance: z.object({ count, value: money }),
  /** Orders (not cancelled) by order date and quotations (not cancelled) by quotation date, in the calendar month. */
  this_month: z.object({ orders_count: count, orders_value: money, quotations_count: count }),
  last_month: z.object({ orders_count: count, orders_value: money, quotations_count: count }),
  /** This month's order value less last month's. */
  orders_value_change: money,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/** A lead on a sales-dash list. */
export const salesDashLeadSchema = z.object({
  id: idSchema,
  company: z.string(),
  contact_person: z.string(),
  contact_number: z.string(),
  stage: leadStageSchema,
  followup_date: isoDateSchema.nullable(),
  assign_to_name: z.string(),
});
export type SalesDashLead = z.infer<typeof salesDashLeadSchema>;

/** A quotation awaiting the customer's answer. */
export const salesDashQuotationSchema = z.object({
  id: idSchema,
  number: z.number().int(),
  customer_name: z.string(),
  total_amount: money,
  sent_on: isoDateSchema.nullable(),
  days_waiting: count.nullable(),
  sales_exec_name: z.string(),
});
export type SalesDashQuotation = z.infer<typeof salesDashQuotationSchema>;

/** A sales order on a sales-dash list. */
export const salesDashOrderSchema = z.object({
  id: idSchema,
  customer_name: z.string(),
  order_date: isoDateSchema,
  expected_delivery_date: isoDateSchema.nullable(),
  status: salesOrderStatusSchema,
  total_order_value: money,
  advance_amount: money,
});
export type SalesDashOrder = z.infer<typeof salesDashOrderSchema>;

/** The team's view: one row per sales executive, their own figures. */
export const salesTeamRowSchema = z.object({ id: idSchema, name: z.string() }).extend(salesFiguresSchema.shape);
export type SalesTeamRow = z.infer<typeof salesTeamRowSchema>;

/** GET /dashboard/sales/. */
export const salesDashboardSchema = z.object({
  today: isoDateSchema,
  month_start: isoDateSchema,
  last_month_start: isoDateSchema,
  /** `own`: a sales executive's figures; `all`: everyone's, with the team's rows. */
  scope: z.enum(['own', 'all'] satisfies SalesFiguresScope[]),
  figures: salesFiguresSchema,
  followups_today: countedList(salesDashLeadSchema),
  followups_missed: countedList(salesDashLeadSchema),
  not_actioned: countedList(salesDashLeadSchema),
  quotations_awaiting: valuedList(salesDashQuotationSchema),
  open_orders: valuedList(salesDashOrderSchema),
  pending_advance: valuedList(salesDashOrderSchema),
  /** Per sales executive, by name; null for a sales executive, who sees only their own. */
  team: z.array(salesTeamRowSchema).nullable(),
});
export type SalesDashboard = z.infer<typeof salesDashboardSchema>;

/* ------------------------------------------------------------------------------------------
 * Missed SRP opportunities (docs/decisions.md, SD): business that was within reach and is
 * slipping or slipped: leads lost or gone stale, quotations rejected or never answered.
 * ---------------------------------------------------------------------------------------- */

export const MISSED_OPPORTUNITY_KINDS = [
  { value: 'stale_lead', label: 'Follow-up missed' },
  { value: 'lost_lead', label: 'Lead lost' },
  { value: 'unanswered_quotation', label: 'Quotation unanswered' },
  { value: 'rejected_quotation', label: 'Quotation rejected' },
] as const;
export const missedOpportunityKindSchema = z.enum(valuesOf(MISSED_OPPORTUNITY_KINDS));
export type MissedOpportunityKind = z.infer<typeof missedOpportunityKindSchema>;

/** What the sales reports are narrowed by: one executive and a period, both ends inclusive (held in order by `periodInOrder`). */
const salesReportFields = { sales_exec: idParam.optional(), start_date: isoDateSchema.optional(), end_date: isoDateSchema.optional() };

/** GET missed_srp_opportunities/: the period is the day each opportunity slipped (`since`). */
export const missedOpportunityQuerySchema = z
  .object({ ...salesReportFields, kind: missedOpportunityKindSchema.optional(), ...pageParams })
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));
export type MissedOpportunityQuery = z.infer<typeof missedOpportunityQuerySchema>;

export const missedOpportunitySchema = z.object({
  kind: missedOpportunityKindSchema,
  /** The lead's or the quotation's id (`kind` says which). */
  id: idSchema,
  /** The lead's company, or the quotation's customer. */
  company: z.string(),
  /** The quotation's number; null for a lead. */
  number: z.number().int().nullable(),
  requirement: leadRequirementSchema.nullable(),
  sales_exec: idSchema,
  sales_exec_name: z.string(),
  /** The lead's potential, or the quotation's total. */
  value: money,
  /** The day it slipped: the missed follow-up, the last change of a lost lead or rejected quotation, the first sending. */
  since: isoDateSchema,
  days: count,
});
export type MissedOpportunity = z.infer<typeof missedOpportunitySchema>;

export const missedOpportunityPageSchema = z.object({
  count,
  next: z.string().nullable(),
  previous: z.string().nullable(),
  /** Of every matching row, not only this page. */
  value: money,
  by_kind: z.array(z.object({ kind: missedOpportunityKindSchema, label: z.string(), count, value: money })),
  results: z.array(missedOpportunitySchema),
});
export type MissedOpportunityPage = z.infer<typeof missedOpportunityPageSchema>;

/* ------------------------------------------------------------------------------------------
 * The sales analysis: by executive, customer, requirement, source and month, and the funnel
 * lead → quotation → order with its conversion rates (exact, domain/decimal.ts).
 * ---------------------------------------------------------------------------------------- */

/** GET sales_analysis/: leads by created day, quotations by quotation date, orders by order date. */
export const salesAnalysisQuerySchema = z
  .object(salesReportFields)
  .strict()
  .refine(...periodInOrder('start_date', 'end_date'));
export type SalesAnalysisQuery = z.infer<typeof salesAnalysisQuerySchema>;

const rate = decimalSchema.nullable();

/**
 * The funnel of the leads created in the period: how many got a quotation (a live one answering
 * the lead), and how many of those an order (a live order, not cancelled, from such a quotation).
 */
export const salesFunnelSchema = z.object({
  leads: count,
  quoted: count,
  ordered: count,
  /** quoted ÷ leads, ordered ÷ quoted, ordered ÷ leads, in percent to 2 decimals; null with nothing to divide by. */
  lead_to_quotation: rate,
  quotation_to_order: rate,
  lead_to_order: rate,
});
export type SalesFunnel = z.infer<typeof salesFunnelSchema>;

const businessFigures = { quotations: count, quotations_value: money, orders: count, orders_value: money };
const leadFigures = { leads: count, converted: count, potential: money };

export const salesAnalysisSchema = z.object({
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  funnel: salesFunnelSchema,
  /** Quotations sent on (any but drafts) that became an order, of those sent: quotation_to_order by quotation. */
  quotations_sent: count,
  quotations_ordered: count,
  quotation_success_rate: rate,
  by_executive: z.array(z.object({ id: idSchema, name: z.string(), ...leadFigures, ...businessFigures, lead_to_order: rate })),
  by_customer: z.array(z.object({ id: idSchema, name: z.string(), ...businessFigures })),
  by_requirement: z.array(z.object({ requirement: leadRequirementSchema, ...leadFigures })),
  by_source: z.array(z.object({ source: leadSourceSchema, ...leadFigures })),
  by_month: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), leads: count, ...businessFigures })),
});
export type SalesAnalysis = z.infer<typeof salesAnalysisSchema>;

/** The quotation statuses a sent quotation may stand at (every one but draft). */
export const SENT_QUOTATION_STATUSES = quotationStatusSchema.exclude(['draft']).options;
