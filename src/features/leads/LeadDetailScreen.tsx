import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PendingBadge } from '../../ui/PendingBadge';
import { DetailTitle } from '../../ui/detail';
import { Alert, Button, Card, DataList, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { formatIndian } from '../../../domain/decimal';
import { isoDateSchema, requiredText } from '../../../domain/entity';
import { LEAD_REQUIREMENTS, LEAD_STAGES, LEAD_STATUSES, LEAD_TYPES, leadStageSchema, leadStatusSchema, type Lead } from '../../../domain/lead';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { enqueue, serverIdOf, usePendingIds } from '../../data/outbox';
import { addLeadRemark, updateLead } from '../../data/operations';
import { useSession } from '../../data/session';
import { FormStack, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { mayEdit } from '../../../domain/row-rules';
import { CarryOn, ConvertLead, DeleteLead } from './LeadActions';
import { SAVED, useLead, versionOf } from './data';
import { WORKING_STAGES } from './LeadFields';


const remarkSchema = z.object({ remark: requiredText(2000) });
type RemarkInput = z.input<typeof remarkSchema>;

/** "Add remark": queued through the outbox; on a lead made offline it waits for the lead. */
function AddRemark({ lead }: { lead: number }) {
  const { register, handleSubmit, reset, formState } = useForm<RemarkInput>({ resolver: zodResolver(remarkSchema), defaultValues: { remark: '' } });
  useUnsavedChanges(formState.isDirty);
  const onSubmit = handleSubmit(async ({ remark }) => {
    await enqueue(addLeadRemark, { lead, remark });
    notify({ type: 'positive', message: SAVED });
    reset({ remark: '' });
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label="Add remark">
      <TextAreaField label="Remark" required rows={2} registration={register('remark')} error={formState.errors.remark} />
      <Button type="submit" alignSelf="start" minH="11" loading={formState.isSubmitting}>
        Add remark
      </Button>
    </FormStack>
  );
}

const workSchema = z.object({
  followup_date: z
    .string()
    .transform((v) => v || null)
    .pipe(isoDateSchema.nullable()),
  stage: leadStageSchema.exclude(['converted']),
  status: leadStatusSchema,
});
type WorkInput = z.input<typeof workSchema>;
type WorkValues = z.output<typeof workSchema>;
const workValuesOf = (lead: Lead): WorkInput => ({ followup_date: lead.followup_date ?? '', stage: lead.stage === 'converted' ? 'new' : lead.stage, status: lead.status });

/** Follow-up date, stage and status: one lead.update with the version the user saw, offline too. */
function WorkLead({ lead }: { lead: Lead }) {
  const { register, handleSubmit, reset, formState } = useForm<WorkInput, unknown, WorkValues>({ resolver: zodResolver(workSchema), values: workValuesOf(lead) });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (changes) => {
    await enqueue(updateLead, { id: lead.id, ...changes, ...versionOf(lead) });
    notify({ type: 'positive', message: SAVED });
    reset({ ...changes, followup_date: changes.followup_date ?? '' });
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label="Follow-up">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField label="Follow-up date" type="date" registration={register('followup_date')} error={errors.followup_date} />
        <SelectField label="Stage" options={WORKING_STAGES} placeholder={null} registration={register('stage')} error={errors.stage} />
        <SelectField label="Status" options={LEAD_STATUSES} placeholder={null} registration={register('status')} error={errors.status} />
      </SimpleGrid>
      <Button type="submit" alignSelf="start" minH="11" disabled={!formState.isDirty} loading={formState.isSubmitting}>
        Save follow-up
      </Button>
    </FormStack>
  );
}

/**
 * lead-detail and lead-detail-direct: the lead from the device, its remarks newest first, and the
 * work done on it (a remark; follow-up date, stage and status), all offline through the outbox.
 */
export default function LeadDetailScreen() {
  const id = Number(useParams().lead);
  const navigate = useNavigate();
  const direct = useLocation().pathname.startsWith('/lead/');
  const { user } = useSession();
  const found = useLead(id);
  const pendingLeads = usePendingIds('leads');
  const pendingRemarks = usePendingIds('leadRemarks');

  // A lead made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (found?.lead || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(direct ? 'lead-detail-direct' : 'lead-detail', { lead: serverId }), { replace: true }));
  }, [found, id, direct, navigate]);

  if (!found) return <Text>Loading…</Text>;
  const { lead, remarks } = found;
  if (!lead) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Lead {id} is not on this device. It may have been deleted, or the list has not loaded yet.</Alert.Title>
      </Alert.Root>
    );
  }
  const writable = can(user, 'leads.write');
  const fields: [string, string][] = [
    ['Contact person', lead.contact_person || '—'],
    ['Contact number', lead.contact_number || '—'],
    ['Location', lead.location || '—'],
    ['Stage', labelOf(LEAD_STAGES, lead.stage)],
    ['Status', labelOf(LEAD_STATUSES, lead.status)],
    ['Follow-up date', lead.followup_date ? formatDisplayDate(lead.followup_date) : '—'],
    ['Source', lead.source],
    ['Requirement', labelOf(LEAD_REQUIREMENTS, lead.requirement)],
    ['Lead type', labelOf(LEAD_TYPES, lead.lead_type)],
    ['Potential', formatIndian(lead.potential)],
  ];

  return (
    <Stack gap="5" maxW="5xl">
      <DetailTitle title={lead.company} pending={pendingLeads.has(lead.id)}>
        {writable && lead.stage !== 'converted' && (
          <Button asChild size="lg">
            <RouterLink to={pathOf('lead-edit', { lead: lead.id })}>Edit lead</RouterLink>
          </Button>
        )}
        {writable && user && mayEdit('lead', user, lead) && <DeleteLead lead={lead} />}
      </DetailTitle>
      <DataList.Root orientation="horizontal">
        {fields.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {lead.customer !== null && <CarryOn customer={lead.customer} />}
      {writable && lead.stage !== 'converted' && (
        <Card.Root>
          <Card.Body gap="6">
            <WorkLead lead={lead} />
            {lead.id > 0 && <ConvertLead lead={lead} />}
          </Card.Body>
        </Card.Root>
      )}
      <Card.Root>
        <Card.Body gap="4">
          <Heading size="md">Remarks</Heading>
          {writable && <AddRemark lead={lead.id} />}
          {remarks.length === 0 ? (
            <Text color="fg.muted">No remarks yet.</Text>
          ) : (
            <Stack as="ol" aria-label="Remarks" gap="3" listStyleType="none">
              {remarks.map((remark) => (
                <li key={remark.id}>
                  <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {remark.remark}
                  </Text>
                  <Flex gap="2" align="center">
                    <Text textStyle="sm" color="fg.muted">
                      {formatDisplayDate(remark.created_at)}
                    </Text>
                    {pendingRemarks.has(remark.id) && <PendingBadge />}
                  </Flex>
                </li>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
