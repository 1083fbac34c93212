import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Checkbox, Field, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { CUSTOMER_MESSAGES, customerUpdateSchema, type Customer } from '../../../domain/customer';
import { INDIAN_STATES } from '../../../domain/india';
import { pathOf } from '../../../domain/routes';
import { enqueue, serverIdOf } from '../../data/outbox';
import { editCustomer } from '../../data/operations';
import { FormStack, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { CHANGE_SAVED, nameTakenByOther, useCustomer, versionOf } from './data';
import { useCustomerScreens, type CustomerScreens } from './routes';
import { Notice, notOnDevice } from '../../ui/detail';

type EditInput = z.input<typeof customerUpdateSchema>;
type EditValues = z.output<typeof customerUpdateSchema>;
type Field = 'name' | 'phone' | 'email' | 'gst_number' | 'state' | 'address' | 'enable_lpo_codes';
const FIELDS: readonly Field[] = ['name', 'phone', 'email', 'gst_number', 'state', 'address', 'enable_lpo_codes'];

const NOTHING_CHANGED = 'Nothing has changed.';

const valuesOf = (customer: Customer): EditInput => Object.fromEntries(FIELDS.map((field) => [field, customer[field]]));

/** The fields whose value differs from the customer as the user saw it: only these are sent. */
const changesOf = (seen: Customer, values: EditValues): Partial<EditValues> => Object.fromEntries(FIELDS.filter((field) => values[field] !== undefined && values[field] !== seen[field]).map((field) => [field, values[field]]));

/** The form, on the customer as it was when the screen opened: its version goes with the change, so a change made meanwhile elsewhere is a conflict the user settles. */
function EditForm({ customer, screens }: { customer: Customer; screens: CustomerScreens }) {
  const navigate = useNavigate();
  // A sync while the user types must not move the version the change is checked against.
  const [seen] = useState(customer);
  const { register, handleSubmit, setError, control, formState } = useForm<EditInput, unknown, EditValues>({
    resolver: zodResolver(customerUpdateSchema),
    defaultValues: valuesOf(seen),
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const detail = pathOf(screens.detail, { customer: seen.id });

  const onSubmit = handleSubmit(async (values) => {
    const changes = changesOf(seen, values);
    if (!Object.keys(changes).length) {
      notify({ type: 'info', message: NOTHING_CHANGED });
      return navigate(detail);
    }
    if (changes.name !== undefined && (await nameTakenByOther(changes.name, seen.id))) {
      setError('name', { message: CUSTOMER_MESSAGES.duplicateName });
      return;
    }
    await enqueue(editCustomer, { id: seen.id, ...changes, ...versionOf(seen) });
    notify({ type: 'positive', message: CHANGE_SAVED });
    navigate(detail);
  });

  return (
    <FormStack onSubmit={onSubmit} aria-label="Edit customer">
      <TextField label="Name" size="lg" required registration={register('name')} error={errors.name} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField label="Phone" size="lg" type="tel" registration={register('phone')} error={errors.phone} />
        <TextField label="Email" size="lg" type="email" registration={register('email')} error={errors.email} />
        <TextField label="GST number" size="lg" registration={register('gst_number')} error={errors.gst_number} />
      </SimpleGrid>
      <SelectField label="State" options={INDIAN_STATES} placeholder={null} registration={register('state')} error={errors.state} />
      <TextAreaField label="Address" size="lg" rows={2} registration={register('address')} error={errors.address} />
      <Controller
        control={control}
        name="enable_lpo_codes"
        render={({ field }) => (
          <Checkbox.Root size="lg" checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)}>
            <Checkbox.HiddenInput onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>Uses LPO codes</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="lg" loading={formState.isSubmitting}>
          Save changes
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to={detail}>Back</RouterLink>
        </Button>
      </HStack>
    </FormStack>
  );
}

/**
 * customer-edit and sales-customer-edit: the customer's own fields (branches and LPO codes are
 * edited on its detail), saved through the outbox with the version the user saw, so it works
 * offline; the detail shows the change at once with a pending badge.
 */
export default function CustomerEditScreen() {
  const id = Number(useParams().customer);
  const screens = useCustomerScreens();
  const navigate = useNavigate();
  const found = useCustomer(id);

  // A customer made offline moves to its server id once sent: follow it.
  useEffect(() => {
    if (found?.customer || id >= 0) return;
    void serverIdOf(id).then((serverId) => serverId && navigate(pathOf(screens.edit, { customer: serverId }), { replace: true }));
  }, [found, id, screens.edit, navigate]);

  if (!found) return <Text>Loading…</Text>;
  if (!found.customer) {
    return (
      <Notice text={notOnDevice(`Customer ${id}`)} />
    );
  }
  return (
    <Stack gap="5" maxW="4xl">
      <Heading size="2xl" overflowWrap="anywhere">
        Edit {found.customer.name}
      </Heading>
      <Card.Root>
        <Card.Body>
          <EditForm key={found.customer.id} customer={found.customer} screens={screens} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
