import { z } from 'zod';
import { CONTACT_MESSAGES, phoneInput } from './customer';
import { div, mul } from './decimal';
import {
  decimalInput,
  decimalSchema,
  expectedVersionFields,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  refSchema,
  requiredText,
  softDeleteFields,
  textInput,
  trackedFields,
  updateSchemaOf,
} from './entity';
import { valuesOf } from './options';
import { periodInOrder, requiredIdParam } from './query-params';
import { isValidPhone } from './rules/contact';
import { businessDayOf } from './rules/dates';

/** What a lead wants made (business-areas.md §9). */
export const LEAD_REQUIREMENTS = [
  { value: 'Acrylic', label: 'Acrylic' },
  { value: 'Bags', label: 'Bags' },
  { value: 'Displays', label: 'Displays' },
  { value: 'Mirrors', label: 'Mirrors' },
  { value: 'Modular', label: 'Modular' },
  { value: 'Rods', label: 'Rods' },
  { value: 'Rv/NRV-Stands', label: 'Rv/NRV-Stands' },
  { value: 'Trays', label: 'Trays' },
  { value: 'Trolleys', label: 'Trolleys' },
  { value: 'Others', label: 'Others' },
  { value: 'Optical-Designing', label: 'Optical-Designing' },
  { value: 'Non-Optical-Designing', label: 'Non-Optical-Designing' },
] as const;
export const leadRequirementSchema = z.enum(valuesOf(LEAD_REQUIREMENTS));
export type LeadRequirement = z.infer<typeof leadRequirementSchema>;

/** Kind of buyer (business-areas.md §9). */
export const LEAD_TYPES = [
  { value: 'Retail', label: 'Retail' },
  { value: 'Wholesale', label: 'Wholesale' },
  { value: 'Corporate', label: 'Corporate' },
] as const;
export const leadTypeSchema = z.enum(valuesOf(LEAD_TYPES));
export type LeadType = z.infer<typeof leadTypeSchema>;

/** Where leads come from (business-areas.md §9); 'All' is the filter's "any source". */
export const LEAD_SOURCES = [
  { value: 'All', label: 'All' },
  { value: 'Linkedin', label: 'Linkedin' },
  { value: 'Facebook', label: 'Facebook' },
  { value: 'Whatsapp', label: 'Whatsapp' },
  { value: 'Google-Ads', label: 'Google-Ads' },
  { value: 'Indiamart', label: 'Indiamart' },
  { value: 'Instagram', label: 'Instagram' },
  { value: 'Self', label: 'Self' },
  { value: 'Other', label: 'Other' },
  { value: 'Developer-Center', label: 'Developer-Center' },
  { value: 'Exhibitions', label: 'Exhibitions' },
] as const;
/** The source a lead is recorded with: any listed source except the filter's 'All'. */
export const leadSourceSchema = z.enum(valuesOf(LEAD_SOURCES)).exclude(['All']);
export type LeadSource = z.infer<typeof leadSourceSchema>;

/**
 * Lead stages (business-areas.md §4): new, followup and negotiation are open; a lead closes as
 * converted (became business) or lost.
 */
export const LEAD_STAGES = [
  { value: 'new', label: 'New' },
  { value: 'followup', label: 'Follow Up' },
  { value: 'negotiation', label: 'Negotiation' },
  { value: 'converted', label: 'Converted' },
  { value: 'lost', label: 'Lost' },
] as const;
export const leadStageSchema = z.enum(valuesOf(LEAD_STAGES));
export type LeadStage = z.infer<typeof leadStageSchema>;
/** Stages in which a lead is still being worked. */
export const OPEN_LEAD_STAGES = ['new', 'followup', 'negotiation'] as const satisfies readonly LeadStage[];
export const isOpenLeadStage = (stage: string): boolean => (OPEN_LEAD_STAGES as readonly string[]).includes(stage);

/** How promising a lead is, next to its stage. */
export const LEAD_STATUSES = [
  { value: 'hot', label: 'Hot' },
  { value: 'warm', label: 'Warm' },
  { value: 'cold', label: 'Cold' },
] as const;
export const leadStatusSchema = z.enum(valuesOf(LEAD_STATUSES));
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** Display filters of the leads list (business-areas.md §4, §9). */
export const LEAD_FILTERS = [
  { value: 'todays', label: 'Todays' },
  { value: 'missed', label: 'Missed' },
  { value: 'open', label: 'Open' },
  { value: 'not_actioned', label: 'Not Actioned' },
] as const;
export const leadFilterSchema = z.enum(valuesOf(LEAD_FILTERS));
export type LeadFilter = z.infer<typeof leadFilterSchema>;
export const DEFAULT_LEAD_FILTER: LeadFilter = 'open';


/**
 * What each display filter asks of a lead (business-areas.md §4), as data: the server builds its
 * SQL from these and `matchesLeadFilter` reads them, so the list and the device agree.
 */
export interface LeadFilterRule {
  /** The stage is one of OPEN_LEAD_STAGES. */
  readonly openStage?: true;
  /** The follow-up date is today, or a day before today. */
  readonly followup?: 'today' | 'before-today';
  /** The lead was created on a day before today. */
  readonly createdBeforeToday?: true;
  /** No remark was written on the lead. */
  readonly withoutRemarks?: true;
}
export const LEAD_FILTER_RULES: Readonly<Record<LeadFilter, LeadFilterRule>> = {
  todays: { openStage: true, followup: 'today' },
  missed: { openStage: true, followup: 'before-today' },
  open: { openStage: true },
  not_actioned: { createdBeforeToday: true, withoutRemarks: true },
};

/**
 * Whether a lead shows under a display filter on `today` (YYYY-MM-DD): Todays = follow-up today
 * and open; Missed = follow-up passed and open; Open = open stage; Not Actioned = created before
 * today and no remarks. The created day is the business day of created_at (`businessDayOf`).
 */
export function matchesLeadFilter(
  lead: Pick<Lead, 'stage' | 'followup_date' | 'created_at'>,
  filter: LeadFilter,
  today: string,
  hasRemarks: boolean,
): boolean {
  const rule = LEAD_FILTER_RULES[filter];
  if (rule.openStage && !isOpenLeadStage(lead.stage)) return false;
  if (rule.followup === 'today' && lead.followup_date !== today) return false;
  if (rule.followup === 'before-today' && !(lead.followup_date !== null && lead.followup_date < today)) return false;
  if (rule.createdBeforeToday && !(businessDayOf(lead.created_at) < today)) return false;
  if (rule.withoutRemarks && hasRemarks) return false;
  return true;
}

/** Lead (business-areas.md §3). */
export const leadSchema = z.object({
  id: idSchema,
  assign_to: idSchema,
  stage: leadStageSchema,
  followup_date: isoDateSchema.nullable(),
  source: leadSourceSchema,
  requirement: leadRequirementSchema,
  lead_type: leadTypeSchema,
  company: z.string(),
  contact_person: z.string(),
  contact_number: z.string(),
  location: z.string(),
  status: leadStatusSchema,
  potential: decimalSchema,
  /** The customer the lead became, once converted. */
  customer: idSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Lead = z.infer<typeof leadSchema>;

export const leadCreateSchema = z.object({
  assign_to: refSchema,
  stage: leadStageSchema.default('new'),
  followup_date: isoDateSchema.nullable().default(null),
  source: leadSourceSchema,
  requirement: leadRequirementSchema,
  lead_type: leadTypeSchema,
  company: requiredText(200),
  contact_person: textInput(200).default(''),
  contact_number: phoneInput(),
  location: textInput(200).default(''),
  status: leadStatusSchema.default('warm'),
  potential: decimalInput({ min: 0 }).default('0'),
});
export type LeadCreate = z.input<typeof leadCreateSchema>;
/** PATCH leads/leads/{id}/update/ */
export const leadUpdateSchema = updateSchemaOf(leadCreateSchema);
export type LeadUpdate = z.input<typeof leadUpdateSchema>;

/** A follow-up remark on a lead. */
export const leadRemarkSchema = z.object({
  id: idSchema,
  lead: idSchema,
  remark: z.string(),
  ...trackedFields,
});
export type LeadRemark = z.infer<typeof leadRemarkSchema>;
export const leadRemarkCreateSchema = z.object({ lead: refSchema, remark: requiredText(2000) });
export type LeadRemarkCreate = z.input<typeof leadRemarkCreateSchema>;
export const leadRemarkUpdateSchema = updateSchemaOf(leadRemarkCreateSchema);
export type LeadRemarkUpdate = z.input<typeof leadRemarkUpdateSchema>;

/* ---------------------------------------------------------------------------------------------
 * The leads API's requests and answers (business-areas.md §7 "Leads", docs/decisions.md 196-204).
 * ------------------------------------------------------------------------------------------- */

/**
 * The contact number the lead check is sent when a lead has none (business-areas.md §5). It
 * stands for "no number": it never matches a lead, and a lead is never saved with it.
 */
export const LEAD_PLACEHOLDER_CONTACT_NUMBER = '0000000000';

export const LEAD_MESSAGES = {
  assignToSelf: 'A sales executive assigns leads only to themself.',
  notSalesExecutive: 'Choose an active sales executive.',
  placeholderNumber: 'Enter the real contact number, or leave it empty.',
  chooseLeads: 'Choose at least one lead.',
  repeatedLead: 'A lead is listed twice.',
  alreadyConverted: 'This lead is already converted.',
} as const;

/** POST leads/leads/ and PATCH leads/leads/{id}/update/ refuse the placeholder as a real number. */
const notPlaceholder = <T extends z.ZodType<{ contact_number?: string }>>(schema: T) =>
  schema.refine((lead) => lead.contact_number !== LEAD_PLACEHOLDER_CONTACT_NUMBER, { path: ['contact_number'], message: LEAD_MESSAGES.placeholderNumber });
export const leadCreateBodySchema = notPlaceholder(leadCreateSchema);
export const leadUpdateBodySchema = notPlaceholder(leadUpdateSchema);

/** GET leads/remarks/?lead_id= */
export const leadRemarksQuerySchema = z.object({ lead_id: requiredIdParam });

/** Every lead report's period: created between the two days, both optional and inclusive. */
export const leadReportQuerySchema = z
  .object({ start_date: isoDateSchema.optional(), end_date: isoDateSchema.optional() })
  .refine(...periodInOrder('start_date', 'end_date'));
export type LeadReportQuery = z.infer<typeof leadReportQuerySchema>;

/** POST leads/exists/{contact_number}/{company}/ */
export const leadExistsParamsSchema = z.object({
  contact_number: z
    .string()
    .trim()
    .refine((v) => v === LEAD_PLACEHOLDER_CONTACT_NUMBER || isValidPhone(v), CONTACT_MESSAGES.phone),
  company: requiredText(200),
});
/** The lead check's verdict: the live leads with that number or company, with whose they are. */
export const leadExistsVerdictSchema = z.object({
  exists: z.boolean(),
  leads: z.array(z.object({ id: idSchema, company: z.string(), stage: leadStageSchema, assign_to: idSchema, assign_to_name: z.string() })),
});
export type LeadExistsVerdict = z.infer<typeof leadExistsVerdictSchema>;

/** POST leads/leads/reassign_leads/ */
export const leadReassignSchema = z.object({
  lead_ids: z
    .array(refSchema)
    .min(1, LEAD_MESSAGES.chooseLeads)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, LEAD_MESSAGES.repeatedLead),
  assign_to: refSchema,
});
export type LeadReassign = z.input<typeof leadReassignSchema>;
export const leadReassignResultSchema = z.object({ assign_to: idSchema, leads: z.array(leadSchema) });
export type LeadReassignResult = z.infer<typeof leadReassignResultSchema>;

/** POST leads/leads/{id}/convert/: link a customer, or (none given) make one from the lead. */
export const leadConvertSchema = z.object({ customer: refSchema.optional(), ...expectedVersionFields });
export type LeadConvert = z.input<typeof leadConvertSchema>;
export const leadConvertResultSchema = z.object({
  lead: leadSchema,
  customer: z.object({ id: idSchema, name: z.string() }),
  /** Whether the conversion made the customer (false: an existing one was linked). */
  customer_created: z.boolean(),
});
export type LeadConvertResult = z.infer<typeof leadConvertResultSchema>;

const countSchema = z.number().int();
const stageCountsSchema = z.object(Object.fromEntries(LEAD_STAGES.map((s) => [s.value, countSchema])) as Record<LeadStage, typeof countSchema>);
export type LeadStageCounts = z.infer<typeof stageCountsSchema>;

/** requirement_summary/: every requirement, its leads and their potential. */
export const leadRequirementSummaryRowSchema = z.object({ requirement: leadRequirementSchema, count: countSchema, potential: decimalSchema });
/** requirements_based_leads_breakup/: every requirement, its leads per stage. */
export const leadRequirementBreakupRowSchema = z.object({ requirement: leadRequirementSchema, stages: stageCountsSchema, total: countSchema });
/** lead_status_consolidated_report/: every status (hot, warm, cold), its leads per stage and potential. */
export const leadStatusConsolidatedRowSchema = z.object({ status: leadStatusSchema, label: z.string(), stages: stageCountsSchema, total: countSchema, potential: decimalSchema });
/** stagewise_report/: per sales executive, their leads per stage and potential. */
export const leadStagewiseRowSchema = z.object({ assign_to: idSchema, assign_to_name: z.string(), stages: stageCountsSchema, total: countSchema, potential: decimalSchema });
/**
 * sr_lead_quality_report/: per sales executive. A follow-up is due once its day has come
 * (followup_date ≤ today); it was kept when a remark was written on or after that day, missed
 * when none was.
 */
export const leadQualityRowSchema = z.object({
  assign_to: idSchema,
  assign_to_name: z.string(),
  leads: countSchema,
  with_remarks: countSchema,
  followups_kept: countSchema,
  followups_missed: countSchema,
  converted: countSchema,
  lost: countSchema,
});
/** converted_lead_report/: the converted leads created in the period, newest first, with their customer. */
export const convertedLeadRowSchema = z.object({
  id: idSchema,
  company: z.string(),
  requirement: leadRequirementSchema,
  potential: decimalSchema,
  assign_to: idSchema,
  assign_to_name: z.string(),
  created_at: isoDateTimeSchema,
  customer: idSchema.nullable(),
  customer_name: z.string().nullable(),
});
/** lead_success_ratio_report/: per sales executive, converted ÷ closed (converted + lost) in percent; null with nothing closed. */
export const leadSuccessRatioRowSchema = z.object({
  assign_to: idSchema,
  assign_to_name: z.string(),
  converted: countSchema,
  lost: countSchema,
  closed: countSchema,
  success_ratio: decimalSchema.nullable(),
});
/** conversion_stats/: totals; the conversion rate is converted ÷ all leads in percent ('0.00' with none). */
export const leadConversionStatsSchema = z.object({ leads: countSchema, open: countSchema, converted: countSchema, lost: countSchema, conversion_rate: decimalSchema });

/** A percentage of two counts, exact to 2 decimals (domain/decimal.ts); null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): string | null {
  return whole === 0 ? null : div(mul(String(part), '100'), String(whole), 2);
}

/** The sales executive dropdown (product-frame.md §3): 'Select' with no value first, then username → id. */
export const SALES_EXECUTIVE_PROMPT = { label: 'Select', value: null } as const;
export const salesExecutiveOptionSchema = z.object({ label: z.string(), value: idSchema.nullable() });
export type SalesExecutiveOption = z.infer<typeof salesExecutiveOptionSchema>;
export const salesExecutiveOptions = (users: readonly { id: number; username: string }[]): SalesExecutiveOption[] => [
  SALES_EXECUTIVE_PROMPT,
  ...users.map((user) => ({ label: user.username, value: user.id })),
];
