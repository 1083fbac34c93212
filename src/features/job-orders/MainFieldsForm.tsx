import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { displayDateInput } from '../../../domain/entity';
import { jobOrderCreateSchema, PRODUCTION_DEPARTMENTS, productionDepartmentSchema } from '../../../domain/job-order';
import type { Option } from '../../../domain/options';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { compare, orZero } from '../../../domain/decimal';
import { enqueue } from '../../data/outbox';
import { FormStack, SelectField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { optionalChoice } from '../../ui/choices';
import { useBranchChoices, type LocalJobOrder } from './data';
import { CHANGE_SAVED, versionOf } from './writes';
import { updateJobOrder } from '../../data/operations';

export const NOTHING_CHANGED = 'Nothing has changed.';

/** The main fields as typed: branch and department from dropdowns, the PO date as DD-MM-YYYY (empty clears it). */
const formSchema = jobOrderCreateSchema.pick({ contact_person: true, contact_number: true, purchase_order: true, billing_account: true, billing_percentage: true }).extend({
  branch: optionalChoice,
  purchase_order_date: displayDateInput.transform((iso) => iso ?? null),
  production_department: z
    .string()
    .transform((v) => v || null)
    .pipe(productionDepartmentSchema.nullable()),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const formValuesOf = (jobOrder: LocalJobOrder): FormInput => ({
  contact_person: jobOrder.contact_person,
  contact_number: jobOrder.contact_number,
  purchase_order: jobOrder.purchase_order,
  purchase_order_date: formatDisplayDate(jobOrder.purchase_order_date),
  billing_account: jobOrder.billing_account,
  billing_percentage: jobOrder.billing_percentage,
  production_department: jobOrder.production_department ?? '',
  branch: jobOrder.branch === null ? '' : String(jobOrder.branch),
});

/** The fields whose value differs from the job order as the user saw it: only these are sent ("100" is the same percentage as "100.00"). */
function changesOf(seen: LocalJobOrder, values: FormValues): Partial<FormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(([field, value]) => {
      const before = seen[field as keyof FormValues];
      return field === 'billing_percentage' ? compare(orZero(value), orZero(before)) !== 0 : value !== before;
    }),
  );
}

/** The form, on the job order as it was when the user opened it: its version goes with the change, so a change made meanwhile elsewhere is a conflict the user settles. */
function MainFieldsEdit({ seen, branches, onDone }: { seen: LocalJobOrder; branches: Option[]; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: formValuesOf(seen) });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const changes = changesOf(seen, values);
    if (!Object.keys(changes).length) {
      notify({ type: 'info', message: NOTHING_CHANGED });
      return onDone();
    }
    await enqueue(updateJobOrder, { id: seen.id, ...changes, ...versionOf(seen) });
    notify({ type: 'positive', message: CHANGE_SAVED });
    onDone();
  });
  return (
    <FormStack onSubmit={onSubmit} aria-label="Edit the main fields">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Contact person" size="lg" registration={register('contact_person')} error={errors.contact_person} />
        <TextField label="Contact number" size="lg" type="tel" registration={register('contact_number')} error={errors.contact_number} />
        <TextField label="PO number" size="lg" registration={register('purchase_order')} error={errors.purchase_order} />
        <TextField label="PO date" size="lg" placeholder="DD-MM-YYYY" inputMode="numeric" registration={register('purchase_order_date')} error={errors.purchase_order_date} />
        <TextField label="Billing account" size="lg" registration={register('billing_account')} error={errors.billing_account} />
        <TextField label="Billing percentage" size="lg" inputMode="decimal" registration={register('billing_percentage')} error={errors.billing_percentage} />
        <SelectField label="Production department" options={PRODUCTION_DEPARTMENTS} placeholder="Not set" registration={register('production_department')} error={errors.production_department} />
        <SelectField label="Branch" options={branches} placeholder="No branch" registration={register('branch')} error={errors.branch} />
      </SimpleGrid>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="xl" minH="14" loading={formState.isSubmitting}>
          Save changes
        </Button>
        <Button size="xl" minH="14" variant="outline" onClick={onDone}>
          Back
        </Button>
      </HStack>
    </FormStack>
  );
}

/**
 * The main fields (contact, purchase order, billing, production department, branch), edited
 * through the outbox: office staff and production managers on flaky Wi-Fi see the change at once
 * with the pending badge, and it is sent when the server can be reached.
 */
export function MainFieldsForm({ jobOrder }: { jobOrder: LocalJobOrder }) {
  const [seen, setSeen] = useState<LocalJobOrder | null>(null);
  // The dropdown's choices are there before the form opens, so it shows the job order's branch.
  const branches = useBranchChoices(jobOrder.customer, jobOrder.branch);
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Heading size="lg">Main fields</Heading>
          {seen && branches ? (
            <MainFieldsEdit seen={seen} branches={branches} onDone={() => setSeen(null)} />
          ) : (
            <HStack gap="3" wrap="wrap">
              <Button size="xl" minH="14" variant="outline" onClick={() => setSeen(jobOrder)}>
                Edit main fields
              </Button>
              <Text color="fg.muted">Contact, purchase order, billing, production department and branch; works offline too.</Text>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
