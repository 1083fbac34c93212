import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Heading, HStack, SimpleGrid } from '@chakra-ui/react';
import { z } from 'zod';
import { refSchema, isoDateSchema } from '../../../domain/entity';
import { LEAD_REQUIREMENTS, LEAD_SOURCES, LEAD_STATUSES, LEAD_MESSAGES, LEAD_PLACEHOLDER_CONTACT_NUMBER, LEAD_TYPES, leadCreateSchema } from '../../../domain/lead';
import { can } from '../../../domain/permissions';
import type { User } from '../../../domain/user';
import { enqueue } from '../../data/outbox';
import { createLead } from '../../data/operations';
import { useSession } from '../../data/session';
import { FormStack, SelectField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { useSalesExecutiveChoices } from '../../ui/sales-executives';

export const LEAD_SAVED = 'Lead saved.';
export const LEAD_SAVED_OFFLINE = 'Lead saved on this device. It is sent to the server when the connection is back.';
const CHOOSE_EXECUTIVE = 'Choose the sales executive.';

/** The form's fields are text; the sales executive a dropdown's id, the follow-up date empty for none. */
const formSchema = leadCreateSchema.extend({
  assign_to: z.string().min(1, CHOOSE_EXECUTIVE).transform(Number).pipe(refSchema),
  followup_date: z
    .string()
    .transform((v) => v || null)
    .pipe(isoDateSchema.nullable()),
}).refine((lead) => lead.contact_number !== LEAD_PLACEHOLDER_CONTACT_NUMBER, { path: ['contact_number'], message: LEAD_MESSAGES.placeholderNumber });
type LeadInput = z.input<typeof formSchema>;
type LeadValues = z.output<typeof formSchema>;

/** A sales executive's leads are their own (decision 198); who may reassign, or brings leads in from outside sales, chooses. */
export const assignsToSelf = (user: User | null): boolean => user?.department === 'sales' && !can(user, 'leads.reassign');

const emptyFor = (user: User | null): LeadInput => ({
  assign_to: assignsToSelf(user) && user ? String(user.id) : '',
  source: 'Self',
  requirement: 'Acrylic',
  lead_type: 'Retail',
  company: '',
  contact_person: '',
  contact_number: '',
  location: '',
  followup_date: '',
  status: 'warm',
  potential: '0',
});

const SOURCES = LEAD_SOURCES.filter((s) => s.value !== 'All');

/**
 * "New lead" on the leads list: saved through the outbox, so it works the same with or without a
 * connection; the row shows at once with a pending badge until the server has it.
 */
export function NewLeadForm({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  const self = assignsToSelf(user);
  const empty = useMemo(() => emptyFor(user), [user]);
  const { register, handleSubmit, reset, formState } = useForm<LeadInput, unknown, LeadValues>({ resolver: zodResolver(formSchema), defaultValues: empty });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;

  // The user list is the server's; offline a sales user is still offered themself.
  const executives = useSalesExecutiveChoices(!self);

  const onSubmit = handleSubmit(async (lead) => {
    await enqueue(createLead, lead);
    notify({ type: 'positive', message: navigator.onLine ? LEAD_SAVED : LEAD_SAVED_OFFLINE });
    reset(empty);
    onDone();
  });

  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label="New lead">
          <Heading size="md">New lead</Heading>
          <TextField label="Company" required autoFocus registration={register('company')} error={errors.company} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField label="Contact person" registration={register('contact_person')} error={errors.contact_person} />
            <TextField label="Contact number" type="tel" registration={register('contact_number')} error={errors.contact_number} />
            <TextField label="Location" registration={register('location')} error={errors.location} />
            <SelectField label="Source" required options={SOURCES} placeholder={null} registration={register('source')} error={errors.source} />
            <SelectField label="Requirement" required options={LEAD_REQUIREMENTS} placeholder={null} registration={register('requirement')} error={errors.requirement} />
            <SelectField label="Lead type" required options={LEAD_TYPES} placeholder={null} registration={register('lead_type')} error={errors.lead_type} />
            <SelectField label="Status" options={LEAD_STATUSES} placeholder={null} registration={register('status')} error={errors.status} />
            <TextField label="Follow-up date" type="date" registration={register('followup_date')} error={errors.followup_date} />
            <TextField label="Potential" inputMode="decimal" registration={register('potential')} error={errors.potential} />
          </SimpleGrid>
          {!self && <SelectField label="Sales executive" required options={executives} registration={register('assign_to')} error={errors.assign_to} />}
          <HStack>
            <Button type="submit" loading={formState.isSubmitting}>
              Save lead
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                reset(empty);
                onDone();
              }}
            >
              Cancel
            </Button>
          </HStack>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
