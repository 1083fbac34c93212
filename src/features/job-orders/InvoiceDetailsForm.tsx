import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { displayDateInput, isoDateSchema } from '../../../domain/entity';
import { jobOrderInvoiceDetailsSchema } from '../../../domain/job-order';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { api } from '../../data/api';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import type { LocalJobOrder } from './data';
import { RefusalAlert, sendOnline, type Refusal } from './writes';
import { API } from '../../../domain/api-paths';

export const INVOICE_DETAILS_SAVED = 'Invoice details saved.';

/** Invoice dates are typed DD-MM-YYYY and sent as ISO. */
const invoiceFormSchema = jobOrderInvoiceDetailsSchema.extend({ invoice_date: displayDateInput.pipe(isoDateSchema) });
type InvoiceInput = z.input<typeof invoiceFormSchema>;
type InvoiceValues = z.output<typeof invoiceFormSchema>;

/** The form on the job order as the user opened it: its version goes with the correction. */
function InvoiceDetailsEdit({ seen, blocked, onDone }: { seen: LocalJobOrder; blocked: string | null; onDone: (refusal: Refusal | null) => void }) {
  const { register, handleSubmit, formState } = useForm<InvoiceInput, unknown, InvoiceValues>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: { invoice: seen.invoice ?? '', invoice_date: formatDisplayDate(seen.invoice_date), invoice_amount: seen.invoice_amount ?? '' },
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const refusal = await sendOnline(() => api.patch(API.jobOrders.invoiceDetails(seen.id), { ...values, expected_version: seen.version }));
    if (!refusal) notify({ type: 'positive', message: INVOICE_DETAILS_SAVED });
    onDone(refusal);
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label="Correct the invoice details">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField label="Invoice" required size="lg" registration={register('invoice')} error={errors.invoice} />
        <TextField label="Invoice date" required size="lg" placeholder="DD-MM-YYYY" inputMode="numeric" registration={register('invoice_date')} error={errors.invoice_date} />
        <TextField label="Invoice amount" required size="lg" inputMode="decimal" registration={register('invoice_amount')} error={errors.invoice_amount} />
      </SimpleGrid>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="xl" minH="14" loading={formState.isSubmitting} disabled={!!blocked}>
          Save invoice details
        </Button>
        <Button size="xl" minH="14" variant="outline" onClick={() => onDone(null)}>
          Back
        </Button>
      </HStack>
    </FormStack>
  );
}

/**
 * Accounts correct the invoice of a closed job order (PATCH update/main/invoice-details/{id}/);
 * online, as closing is, and the server's refusal stays on screen.
 */
export function InvoiceDetailsForm({ jobOrder, blocked }: { jobOrder: LocalJobOrder; blocked: string | null }) {
  const [seen, setSeen] = useState<LocalJobOrder | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Heading size="lg">Invoice details</Heading>
          {refusal && <RefusalAlert refusal={refusal} />}
          {seen ? (
            <InvoiceDetailsEdit
              seen={seen}
              blocked={blocked}
              onDone={(result) => {
                setRefusal(result);
                if (!result) setSeen(null);
              }}
            />
          ) : (
            <Button size="xl" minH="14" variant="outline" alignSelf="flex-start" disabled={!!blocked} onClick={() => setSeen(jobOrder)}>
              Correct invoice details
            </Button>
          )}
          {blocked && <Text color="fg.muted">{blocked}</Text>}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
