import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Heading } from '@chakra-ui/react';
import type { User } from '../../../domain/user';
import { enqueue } from '../../data/outbox';
import { createLead } from '../../data/operations';
import { useSession } from '../../data/session';
import { FormActions, FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { goesOnDespiteDuplicates } from './duplicates';
import { assignsToSelf, LeadFields, leadFormSchema, type LeadFormInput, type LeadFormValues } from './LeadFields';

export const LEAD_SAVED = 'Lead saved.';
export const LEAD_SAVED_OFFLINE = 'Lead saved on this device. It is sent to the server when the connection is back.';

const emptyFor = (user: User | null): LeadFormInput => ({
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

/**
 * "New lead" on the leads list: checked against the existing leads when online, then saved
 * through the outbox, so it works the same with or without a connection; the row shows at once
 * with a pending badge until the server has it.
 */
export function NewLeadForm({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  const self = assignsToSelf(user);
  const empty = useMemo(() => emptyFor(user), [user]);
  const { register, handleSubmit, reset, formState } = useForm<LeadFormInput, unknown, LeadFormValues>({ resolver: zodResolver(leadFormSchema), defaultValues: empty });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (lead) => {
    if (!(await goesOnDespiteDuplicates(lead))) return;
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
          <LeadFields register={register} errors={errors} executive={!self && {}} />
          <FormActions
            save="Save lead"
            saving={formState.isSubmitting}
            onCancel={() => {
              reset(empty);
              onDone();
            }}
          />
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
