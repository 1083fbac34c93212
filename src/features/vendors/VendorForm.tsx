import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Heading, SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod';
import { INDIAN_STATES } from '../../../domain/india';
import { VENDOR_MESSAGES, vendorCreateSchema, vendorNameKey, type Vendor } from '../../../domain/vendor';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { createVendor, editVendor } from '../../data/operations';
import { FormActions, FormStack, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

type VendorInput = z.input<typeof vendorCreateSchema>;
type VendorValues = z.output<typeof vendorCreateSchema>;
type VendorField = keyof VendorValues;
const FIELDS: readonly VendorField[] = ['name', 'contact_person', 'phone', 'email', 'gst_number', 'address', 'state', 'payment_terms'];

export const VENDOR_SAVED = 'Vendor saved.';
export const VENDOR_SAVED_OFFLINE = 'Vendor saved on this device. It is sent to the server when the connection is back.';
export const NOTHING_CHANGED = 'Nothing has changed.';

const EMPTY: VendorInput = { name: '', contact_person: '', phone: '', email: '', gst_number: '', address: '', state: 'N/A', payment_terms: '' };
const valuesOf = (vendor: Vendor): VendorInput => ({ name: vendor.name, contact_person: vendor.contact_person, phone: vendor.phone, email: vendor.email, gst_number: vendor.gst_number, address: vendor.address, state: vendor.state, payment_terms: vendor.payment_terms ?? '' });

/** Another vendor on the device with this name, ignoring case and spaces (the server checks again). */
async function nameTakenByOther(name: string, self: number | null): Promise<boolean> {
  const key = vendorNameKey(name);
  const clash = await mirror
    .rowsOf<Vendor>('vendors')
    .filter((v) => v.id !== self && !v.deleted_at && vendorNameKey(v.name) === key)
    .count();
  return clash > 0;
}

/**
 * New vendor (on the list) and Edit vendor (on the detail): saved through the outbox, so purchase
 * staff can add a supplier met at a trade fair with no connection. An edit sends only the fields
 * changed, at the version the form opened on: a change made meanwhile elsewhere is a conflict the
 * user settles on the Sync screen.
 */
export function VendorForm({ vendor, onDone }: { vendor?: Vendor; onDone: () => void }) {
  // A sync while the user types must not move the version the change is checked against.
  const [seen] = useState(vendor);
  const { register, handleSubmit, setError, reset, formState } = useForm<VendorInput, unknown, VendorValues>({
    resolver: zodResolver(vendorCreateSchema),
    defaultValues: seen ? valuesOf(seen) : EMPTY,
  });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const title = seen ? 'Edit vendor' : 'New vendor';

  const onSubmit = handleSubmit(async (values) => {
    // Against the form's own starting values: a row stored before a field existed has none.
    const before = seen ? valuesOf(seen) : null;
    const changes = before ? Object.fromEntries(FIELDS.filter((field) => values[field] !== before[field]).map((field) => [field, values[field]])) : values;
    if (!Object.keys(changes).length) {
      notify({ type: 'info', message: NOTHING_CHANGED });
      return onDone();
    }
    if (typeof changes.name === 'string' && (await nameTakenByOther(changes.name, seen?.id ?? null))) {
      setError('name', { message: VENDOR_MESSAGES.duplicateName });
      return;
    }
    if (seen) await enqueue(editVendor, { id: seen.id, ...changes, ...(seen.id > 0 ? { expected_version: seen.version } : {}) });
    else await enqueue(createVendor, values);
    notify({ type: 'positive', message: navigator.onLine ? VENDOR_SAVED : VENDOR_SAVED_OFFLINE });
    reset(values);
    onDone();
  });

  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label={title}>
          <Heading size="md">{title}</Heading>
          <TextField label="Name" size="lg" required autoFocus={!seen} registration={register('name')} error={errors.name} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="Contact person" size="lg" registration={register('contact_person')} error={errors.contact_person} />
            <TextField label="Phone" size="lg" type="tel" registration={register('phone')} error={errors.phone} />
            <TextField label="Email" size="lg" type="email" registration={register('email')} error={errors.email} />
            <TextField label="GST number" size="lg" registration={register('gst_number')} error={errors.gst_number} />
          </SimpleGrid>
          <SelectField label="State" options={INDIAN_STATES} placeholder={null} registration={register('state')} error={errors.state} />
          <TextAreaField label="Address" size="lg" rows={2} registration={register('address')} error={errors.address} />
          <TextField label="Payment terms" size="lg" placeholder="e.g. 30 days from invoice" registration={register('payment_terms')} error={errors.payment_terms} />
          <FormActions
            save="Save vendor"
            saving={formState.isSubmitting}
            onCancel={() => {
              reset();
              onDone();
            }}
          />
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
