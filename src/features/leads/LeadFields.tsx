import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SimpleGrid } from '@chakra-ui/react';
import { z } from 'zod';
import { refSchema, isoDateSchema } from '../../../domain/entity';
import { LEAD_MESSAGES, LEAD_PLACEHOLDER_CONTACT_NUMBER, LEAD_REQUIREMENTS, LEAD_SOURCES, LEAD_STAGES, LEAD_STATUSES, LEAD_TYPES, leadCreateSchema } from '../../../domain/lead';
import { can } from '../../../domain/permissions';
import type { User } from '../../../domain/user';
import { useSalesExecutiveChoices } from '../../ui/sales-executives';
import { SelectField, TextField } from '../../ui/form';

const CHOOSE_EXECUTIVE = 'Choose the sales executive.';

/** A lead's form: its fields are text; the sales executive a dropdown's id, the follow-up date empty for none. */
export const leadFormSchema = leadCreateSchema
  .extend({
    assign_to: z.string().min(1, CHOOSE_EXECUTIVE).transform(Number).pipe(refSchema),
    followup_date: z
      .string()
      .transform((v) => v || null)
      .pipe(isoDateSchema.nullable()),
  })
  .refine((lead) => lead.contact_number !== LEAD_PLACEHOLDER_CONTACT_NUMBER, { path: ['contact_number'], message: LEAD_MESSAGES.placeholderNumber });
export type LeadFormInput = z.input<typeof leadFormSchema>;
export type LeadFormValues = z.output<typeof leadFormSchema>;

/** A sales executive's leads are their own (decision 198); who may reassign, or brings leads in from outside sales, chooses. */
export const assignsToSelf = (user: User | null): boolean => user?.department === 'sales' && !can(user, 'leads.reassign');

const SOURCES = LEAD_SOURCES.filter((s) => s.value !== 'All');
/** An update may not set converted: converting is its own call (decision 198). */
export const WORKING_STAGES = LEAD_STAGES.filter((s) => s.value !== 'converted');

/** The active sales users of the user list (loaded when online), the signed-in sales user first if missing; `also` keeps a current assignee. */
function useExecutiveOptions(wanted: boolean, also?: { id: number; label: string }) {
  // The user list is the server's; offline a sales user is still offered themself.
  const options = useSalesExecutiveChoices(wanted);
  return useMemo(
    () => (also && !options.some((o) => o.value === String(also.id)) ? [{ value: String(also.id), label: also.label }, ...options] : options),
    [options, also],
  );
}

/**
 * The fields of a lead, for the New lead form and the lead edit screen: the stage only when
 * editing (a new lead starts new), the sales executive only for who may choose one.
 */
export function LeadFields({
  register,
  errors,
  withStage = false,
  executive,
}: {
  register: UseFormRegister<LeadFormInput>;
  errors: FieldErrors<LeadFormInput>;
  withStage?: boolean;
  /** Offer the sales executive dropdown; `current` keeps the lead's assignee offered when the user list is not loaded. */
  executive: false | { current?: { id: number; label: string } };
}) {
  const executives = useExecutiveOptions(executive !== false, executive ? executive.current : undefined);
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField label="Contact person" registration={register('contact_person')} error={errors.contact_person} />
        <TextField label="Contact number" type="tel" registration={register('contact_number')} error={errors.contact_number} />
        <TextField label="Location" registration={register('location')} error={errors.location} />
        <SelectField label="Source" required options={SOURCES} placeholder={null} registration={register('source')} error={errors.source} />
        <SelectField label="Requirement" required options={LEAD_REQUIREMENTS} placeholder={null} registration={register('requirement')} error={errors.requirement} />
        <SelectField label="Lead type" required options={LEAD_TYPES} placeholder={null} registration={register('lead_type')} error={errors.lead_type} />
        {withStage && <SelectField label="Stage" options={WORKING_STAGES} placeholder={null} registration={register('stage')} error={errors.stage} />}
        <SelectField label="Status" options={LEAD_STATUSES} placeholder={null} registration={register('status')} error={errors.status} />
        <TextField label="Follow-up date" type="date" registration={register('followup_date')} error={errors.followup_date} />
        <TextField label="Potential" inputMode="decimal" registration={register('potential')} error={errors.potential} />
      </SimpleGrid>
      {executive && <SelectField label="Sales executive" required options={executives} registration={register('assign_to')} error={errors.assign_to} />}
    </>
  );
}
