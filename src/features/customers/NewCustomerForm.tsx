import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Checkbox, Heading, SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod';
import { CUSTOMER_MESSAGES, customerCreateSchema, customerNameKey, type Customer } from '../../../domain/customer';
import { INDIAN_STATES } from '../../../domain/india';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { FormActions, FormStack, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { createCustomer } from '../../data/operations';

type CustomerInput = z.input<typeof customerCreateSchema>;
type CustomerValues = z.output<typeof customerCreateSchema>;

export const SAVED = 'Customer saved.';
export const SAVED_OFFLINE = 'Customer saved on this device. It is sent to the server when the connection is back.';

const EMPTY: CustomerInput = { name: '', phone: '', email: '', gst_number: '', state: 'N/A', address: '', enable_lpo_codes: false };

/** A name already on this device (the server checks again: someone else may have added it meanwhile). */
async function nameIsTaken(name: string): Promise<boolean> {
  const key = customerNameKey(name);
  return mirror
    .rowsOf<Customer>('customers')
    .filter((c) => customerNameKey(c.name) === key)
    .count()
    .then((n) => n > 0);
}

/**
 * "New customer" on the customers list: saved through the outbox, so it works the same with or
 * without a connection; the row shows at once with a pending badge until the server has it.
 */
export function NewCustomerForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, setError, control, reset, formState } = useForm<CustomerInput, unknown, CustomerValues>({
    resolver: zodResolver(customerCreateSchema),
    defaultValues: EMPTY,
  });
  useUnsavedChanges(formState.isDirty);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (customer) => {
    if (await nameIsTaken(customer.name)) {
      setError('name', { message: CUSTOMER_MESSAGES.duplicateName });
      return;
    }
    await enqueue(createCustomer, customer);
    notify({ type: 'positive', message: navigator.onLine ? SAVED : SAVED_OFFLINE });
    reset(EMPTY);
    onDone();
  });

  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label="New customer">
          <Heading size="md">New customer</Heading>
          <TextField label="Name" required autoFocus registration={register('name')} error={errors.name} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField label="Phone" type="tel" registration={register('phone')} error={errors.phone} />
            <TextField label="Email" type="email" registration={register('email')} error={errors.email} />
            <TextField label="GST number" registration={register('gst_number')} error={errors.gst_number} />
          </SimpleGrid>
          <SelectField label="State" options={INDIAN_STATES} placeholder={null} registration={register('state')} error={errors.state} />
          <TextAreaField label="Address" rows={2} registration={register('address')} error={errors.address} />
          <Controller
            control={control}
            name="enable_lpo_codes"
            render={({ field }) => (
              <Checkbox.Root checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)}>
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Uses LPO codes</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
          <FormActions
            save="Save customer"
            saving={formState.isSubmitting}
            onCancel={() => {
              reset(EMPTY);
              onDone();
            }}
          />
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
