import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { jobOrderAdvanceSchema } from '../../../domain/job-order';
import { formatIndian } from '../../../domain/decimal';
import { api } from '../../data/api';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import type { LocalJobOrder } from './data';
import { RefusalAlert, sendOnline, type Refusal } from './writes';
import { API } from '../../../domain/api-paths';

export const ADVANCE_SAVED = 'Advance amount saved.';

const advanceFormSchema = jobOrderAdvanceSchema.pick({ amount: true });
type AdvanceInput = z.input<typeof advanceFormSchema>;
type AdvanceValues = z.output<typeof advanceFormSchema>;

/**
 * The advance the customer has paid so far (PATCH advance-amount/{id}/): the amount replaces the
 * recorded one, so a correction is the same form. Online, at the version the user saw.
 */
export function AdvanceAmountForm({ jobOrder, blocked }: { jobOrder: LocalJobOrder; blocked: string | null }) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<AdvanceInput, unknown, AdvanceValues>({ resolver: zodResolver(advanceFormSchema), defaultValues: { amount: '' } });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const onSubmit = handleSubmit(async ({ amount }) => {
    const result = await sendOnline(() => api.patch(API.jobOrders.advanceAmount(jobOrder.id), { job_order_id: jobOrder.id, amount, expected_version: jobOrder.version }));
    setRefusal(result);
    if (result) return;
    notify({ type: 'positive', message: ADVANCE_SAVED });
    reset({ amount: '' });
  });
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Heading size="lg">Advance received</Heading>
          <Text>
            Recorded so far: <strong>{formatIndian(jobOrder.advance_amount)}</strong>
          </Text>
          {refusal && <RefusalAlert refusal={refusal} />}
          <FormStack onSubmit={onSubmit} aria-label="Record the advance amount">
            <HStack gap="3" align="end" wrap="wrap">
              <TextField label="Advance amount" required size="lg" inputMode="decimal" maxW="xs" registration={register('amount')} error={formState.errors.amount} />
              <Button type="submit" size="xl" minH="14" loading={formState.isSubmitting} disabled={!!blocked}>
                Record advance
              </Button>
            </HStack>
          </FormStack>
          {blocked && <Text color="fg.muted">{blocked}</Text>}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
