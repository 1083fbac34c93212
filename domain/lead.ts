import { z } from 'zod';
import { phoneInput } from './customer';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { valuesOf } from './options';
import { toIsoDate } from './rules/dates';

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
 * Whether a lead shows under a display filter on `today` (YYYY-MM-DD): Todays = follow-up today
 * and open; Missed = follow-up passed and open; Open = open stage; Not Actioned = created before
 * today and no remarks. The created day is the local calendar day of created_at.
 */
export function matchesLeadFilter(
  lead: Pick<Lead, 'stage' | 'followup_date' | 'created_at'>,
  filter: LeadFilter,
  today: string,
  hasRemarks: boolean,
): boolean {
  const open = isOpenLeadStage(lead.stage);
  switch (filter) {
    case 'todays':
      return open && lead.followup_date === today;
    case 'missed':
      return open && lead.followup_date !== null && lead.followup_date < today;
    case 'open':
      return open;
    case 'not_actioned':
      return !hasRemarks && toIsoDate(new Date(lead.created_at)) < today;
  }
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
