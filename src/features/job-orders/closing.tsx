import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Heading, HStack, SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod';
import { displayDateInput, isoDateSchema } from '../../../domain/entity';
import { jobOrderCloseSchema, type JobOrder } from '../../../domain/job-order';
import { api } from '../../data/api';
import { openDialog } from '../../ui/dialog';
import { FormStack, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { sendOnline, type Refusal } from './writes';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { API } from '../../../domain/api-paths';

export const JOB_ORDER_CANCELLED = 'Job order cancelled.';
export const JOB_ORDER_CLOSED = 'Job order closed.';

/**
 * PUT cancel/{id}/ with the closure remarks at the version the user saw. Online only: whether the job order may still be
 * cancelled (its requisitions, its goods) is the server's to say at that moment.
 */
export async function cancelJobOrder(jobOrder: JobOrder): Promise<Refusal | null> {
  const remarks = await openDialog({
    title: 'Cancel this job order?',
    message: 'It moves to the cancelled job orders and takes no more work.',
    okLabel: 'Cancel job order',
    cancelLabel: 'Back',
    type: 'negative',
    prompt: { label: 'Closure remarks', validate: (v) => (v.trim() ? true : 'Enter why the job order is cancelled.') },
  });
  if (remarks === false) return null;
  const refusal = await sendOnline(() => api.put(API.jobOrders.cancel(jobOrder.id), { closure_remarks: remarks.trim(), expected_version: jobOrder.version }));
  if (!refusal) notify({ type: 'positive', message: JOB_ORDER_CANCELLED });
  return refusal;
}

/** The close form: invoice dates are typed DD-MM-YYYY and sent as ISO. */
const closeFormSchema = jobOrderCloseSchema.extend({ invoice_date: displayDateInput.pipe(isoDateSchema) });
type CloseInput = z.input<typeof closeFormSchema>;
type CloseValues = z.output<typeof closeFormSchema>;

/** PUT close/{id}/ with the invoice and closure remarks at the version the user saw; online only, the server's refusal shown by the caller. */
export function CloseJobOrderForm({ jobOrder, onDone, onBack }: { jobOrder: JobOrder; onDone: (refusal: Refusal | null) => void; onBack: () => void }) {
  const { register, handleSubmit, formState } = useForm<CloseInput, unknown, CloseValues>({
    resolver: zodResolver(closeFormSchema),
    defaultValues: { invoice: '', invoice_date: '', invoice_amount: '', closure_remarks: '' },
  });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const refusal = await sendOnline(() => api.put(API.jobOrders.close(jobOrder.id), { ...values, expected_version: jobOrder.version }));
    if (!refusal) notify({ type: 'positive', message: JOB_ORDER_CLOSED });
    onDone(refusal);
  });
  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label="Close the job order">
          <Heading size="lg">Close the job order</Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField label="Invoice" required size="lg" registration={register('invoice')} error={errors.invoice} />
            <TextField label="Invoice date" required size="lg" placeholder="DD-MM-YYYY" inputMode="numeric" registration={register('invoice_date')} error={errors.invoice_date} />
            <TextField label="Invoice amount" required size="lg" inputMode="decimal" registration={register('invoice_amount')} error={errors.invoice_amount} />
          </SimpleGrid>
          <TextAreaField label="Closure remarks" size="lg" registration={register('closure_remarks')} error={errors.closure_remarks} />
          <HStack gap="3">
            <Button type="submit" size="xl" minH="14" colorPalette="green" loading={formState.isSubmitting}>
              Close job order
            </Button>
            <Button size="xl" minH="14" variant="outline" onClick={onBack}>
              Back
            </Button>
          </HStack>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
