import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Lead } from '../../../domain/lead';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { enqueue } from '../../data/outbox';
import { updateLead } from '../../data/operations';
import { useSession } from '../../data/session';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { SAVED, useLead, versionOf } from './data';
import { goesOnDespiteDuplicates } from './duplicates';
import { LeadFields, leadFormSchema, type LeadFormInput, type LeadFormValues } from './LeadFields';
import { Notice, notOnDevice } from '../../ui/detail';

const formValuesOf = (lead: Lead): LeadFormInput => ({
  assign_to: String(lead.assign_to),
  stage: lead.stage,
  source: lead.source,
  requirement: lead.requirement,
  lead_type: lead.lead_type,
  company: lead.company,
  contact_person: lead.contact_person,
  contact_number: lead.contact_number,
  location: lead.location,
  followup_date: lead.followup_date ?? '',
  status: lead.status,
  potential: lead.potential,
});

/** The fields the user changed, as lead.update sends them (an untouched field is not sent). */
const changesOf = (lead: Lead, values: LeadFormValues) => Object.fromEntries(Object.entries(values).filter(([field, value]) => lead[field as keyof Lead] !== value)) as Partial<LeadFormValues>;

function EditLead({ lead }: { lead: Lead }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const { register, handleSubmit, formState } = useForm<LeadFormInput, unknown, LeadFormValues>({ resolver: zodResolver(leadFormSchema), defaultValues: formValuesOf(lead) });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;
  // Moving a lead to someone else needs leads.reassign (decision 198); the lead's assignee stays offered offline.
  const current = useMemo(() => ({ id: lead.assign_to, label: lead.assign_to === user?.id ? user.username : `User ${lead.assign_to}` }), [lead.assign_to, user]);
  const detail = pathOf('lead-detail', { lead: lead.id });

  const onSubmit = handleSubmit(async (values) => {
    const changes = changesOf(lead, values);
    // The check runs when what it compares changed: the lead always matches itself.
    if ((changes.company !== undefined || changes.contact_number !== undefined) && !(await goesOnDespiteDuplicates(values, lead.id))) return;
    await enqueue(updateLead, { id: lead.id, ...changes, ...versionOf(lead) });
    notify({ type: 'positive', message: SAVED });
    navigate(detail);
  });

  return (
    <FormStack onSubmit={onSubmit} aria-label="Edit lead">
      <TextField label="Company" required registration={register('company')} error={errors.company} />
      <LeadFields register={register} errors={errors} withStage executive={can(user, 'leads.reassign') && { current }} />
      <HStack>
        <Button type="submit" minH="11" disabled={!formState.isDirty} loading={formState.isSubmitting}>
          Save lead
        </Button>
        <Button asChild variant="outline" minH="11">
          <RouterLink to={detail}>Cancel</RouterLink>
        </Button>
      </HStack>
    </FormStack>
  );
}

/**
 * lead-edit: every field of a lead from the device, saved through the outbox as one lead.update
 * with the version the user saw, offline too; checked against the existing leads when online.
 */
export default function LeadEditScreen() {
  const id = Number(useParams().lead);
  const found = useLead(id);
  if (!found) return <Text>Loading…</Text>;
  const { lead } = found;
  if (!lead || lead.stage === 'converted') {
    return (
      <Notice text={lead ? 'This lead is converted: it is no longer edited.' : notOnDevice(`Lead ${id}`)} />
    );
  }
  return (
    <Stack gap="5" maxW="5xl">
      <Heading size="2xl" overflowWrap="anywhere">
        Edit lead: {lead.company}
      </Heading>
      <Card.Root>
        <Card.Body>
          <EditLead key={lead.id} lead={lead} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
