import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Box, Card, Field, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { isJobOrderOpen, jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { materialUnitLabel, type MaterialName } from '../../../domain/material';
import { REQUISITION_TYPES, requisitionCreateSchema } from '../../../domain/requisition';
import { REQUISITION_CREATES } from '../../../domain/requisition-screens';
import { materialNamesTypeOf } from '../../../domain/row-rules';
import { pathOf } from '../../../domain/routes';
import type { Customer } from '../../../domain/customer';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { useSession } from '../../data/session';
import { FormStack, SelectField, SelectOptions, ScreenFormActions } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { createRequisition } from '../../data/operations';

type RequisitionInput = z.input<typeof requisitionCreateSchema>;
type RequisitionValues = z.output<typeof requisitionCreateSchema>;

export const REQUISITION_SAVED = 'Requisition saved.';
export const REQUISITION_SAVED_OFFLINE = 'Requisition saved on this device. It is sent to stores when the connection is back.';

/** The open job orders on the device, newest first, labelled as the spec's dropdowns label them. */
function useJobOrderOptions() {
  return useLiveQuery(async () => {
    const jobs = (await mirror.rowsOf<JobOrder>('jobOrders').toArray()).filter(isJobOrderOpen).sort((a, b) => b.id - a.id);
    const customers = new Map(((await mirror.rowsOf<Customer>('customers').bulkGet(jobs.map((j) => j.customer))) as (Customer | undefined)[]).filter((c): c is Customer => !!c).map((c) => [c.id, c.name]));
    return jobs.map((j) => ({ value: String(j.id), label: [jobOrderLabel(j), customers.get(j.customer)].filter(Boolean).join(' · ') }));
  }, []);
}

/** One material of the requisition: its name and unit, the quantity asked, and a way to take it off. */
function LineInput({ name, unit, registration, error, onRemove }: { name: string; unit: string; registration: UseFormRegisterReturn; error: string | undefined; onRemove: () => void }) {
  return (
    <HStack gap="3" align="flex-end" data-testid="requisition-line">
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" truncate>
          {name}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {materialUnitLabel(unit)}
        </Text>
      </Box>
      <Field.Root w="40" invalid={!!error}>
        <Field.Label>Quantity</Field.Label>
        <Input size="lg" inputMode="decimal" aria-label={`Quantity of ${name}`} {...registration} />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <IconButton size="lg" variant="outline" colorPalette="red" aria-label={`Remove ${name}`} onClick={onRemove}>
        ✕
      </IconButton>
    </HStack>
  );
}

/**
 * New requisition (and its foreman and metal variants): type, job order and the materials with
 * their quantities. Saved through the outbox, so it works the same on the shop floor's Wi-Fi
 * or with none; large controls for a tablet held in one hand.
 */
export default function RequisitionCreateScreen() {
  const route = useCurrentRoute();
  const variant = REQUISITION_CREATES[route?.name ?? 'requisition-create'] ?? REQUISITION_CREATES['requisition-create']!;
  const navigate = useNavigate();
  const { user } = useSession();
  const jobOrders = useJobOrderOptions();
  // `?job_order=` comes from a dashboard's "Raise requisition" on a job order row.
  const [search] = useSearchParams();
  const askedJobOrder = Number(search.get('job_order')) || null;
  const { register, handleSubmit, control, formState, setValue } = useForm<RequisitionInput, unknown, RequisitionValues>({
    resolver: zodResolver(requisitionCreateSchema),
    defaultValues: { requisition_type: 'standard', job_order: askedJobOrder, requisition_items: [] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'requisition_items' });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  // The picked materials, for their names and units beside the quantities.
  const [shown, setShown] = useState<ReadonlyMap<number, MaterialName>>(new Map());
  const picked = useMemo(() => new Set(fields.map((f) => f.material)), [fields]);
  const jobOrder = useWatch({ control, name: 'job_order' });

  const onSubmit = handleSubmit(async (requisition) => {
    const { tempId } = await enqueue(createRequisition, requisition);
    notify({ type: 'positive', message: navigator.onLine ? REQUISITION_SAVED : REQUISITION_SAVED_OFFLINE });
    navigate(tempId === null ? pathOf(variant.back) : pathOf(variant.detail, { id: tempId }));
  });

  return (
    <FormStack maxW="4xl" onSubmit={onSubmit} aria-label="New requisition">
      <Heading size="2xl">{route?.title ?? 'New requisition'}</Heading>
      <SelectField label="Requisition type" required placeholder={null} options={REQUISITION_TYPES} registration={register('requisition_type')} error={errors.requisition_type} />
      <Field.Root invalid={!!errors.job_order}>
        <Field.Label>Job order</Field.Label>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field
            aria-label="Job order"
            value={jobOrder == null ? '' : String(jobOrder)}
            onChange={(e) => setValue('job_order', e.target.value ? Number(e.target.value) : null, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            <SelectOptions blank="No job order (consumables only)" options={jobOrders ?? []} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.job_order?.message && <Field.ErrorText>{errors.job_order.message}</Field.ErrorText>}
      </Field.Root>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Materials</Heading>
            {fields.length === 0 && <Text color="fg.muted">Add the materials this job needs.</Text>}
            {fields.map((field, index) => {
              const material = shown.get(field.material);
              return (
                <LineInput
                  key={field.id}
                  name={material?.name ?? `Material ${field.material}`}
                  unit={material?.unit ?? ''}
                  registration={register(`requisition_items.${index}.quantity`)}
                  error={errors.requisition_items?.[index]?.quantity?.message}
                  onRemove={() => remove(index)}
                />
              );
            })}
            <MaterialPicker
              // Every material's name: a foreman requests non-consumables for a job too (row-rules.ts).
              type={user ? materialNamesTypeOf(user) : 'materials'}
              exclude={picked}
              onPick={(m) => {
                setShown((current) => new Map(current).set(m.id, m));
                append({ material: m.id, quantity: '' });
              }}
            />
            {(errors.requisition_items?.message || errors.requisition_items?.root?.message) && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errors.requisition_items.message ?? errors.requisition_items.root?.message}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <ScreenFormActions save="Save requisition" saving={formState.isSubmitting} onCancel={() => navigate(pathOf(variant.back))} />
    </FormStack>
  );
}
