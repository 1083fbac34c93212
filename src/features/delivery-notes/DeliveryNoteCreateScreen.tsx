import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Card, Field, Heading, Input, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { deliveryNoteCreateSchema } from '../../../domain/delivery-note';
import { isJobOrderOpen, jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import type { Customer } from '../../../domain/customer';
import { pathOf } from '../../../domain/routes';
import { formatIndian } from '../../../domain/decimal';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { FormStack, ScreenFormActions, SelectOptions } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { quantityProblem, useDeliverables } from './data';
import { noteScreensOf } from './routes';
import { createDeliveryNote } from '../../data/operations';

export const NOTE_SAVED = 'Delivery note saved. The server checks the quantities as it takes it.';
export const NOTE_SAVED_OFFLINE = 'Delivery note saved on this device. It is sent when the connection is back.';
export const NO_QUANTITIES = 'Enter the quantity of at least one product.';

/** The open job orders on the device, newest first, labelled as the spec's dropdowns label them. */
function useJobOrderOptions() {
  return useLiveQuery(async () => {
    const jobs = (await mirror.rowsOf<JobOrder>('jobOrders').toArray()).filter(isJobOrderOpen).sort((a, b) => b.id - a.id);
    const customers = new Map(((await mirror.rowsOf<Customer>('customers').bulkGet(jobs.map((j) => j.customer))) as (Customer | undefined)[]).filter((c): c is Customer => !!c).map((c) => [c.id, c.name]));
    return jobs.map((j) => ({ value: String(j.id), label: [jobOrderLabel(j), customers.get(j.customer)].filter(Boolean).join(' · ') }));
  }, []);
}

/**
 * New delivery note: a job order, where it goes, and how much of each product. Each product shows
 * what is still undelivered on this device's knowledge; the server checks again when it takes the
 * note. Saved through the outbox, so it works with no connection.
 */
export default function DeliveryNoteCreateScreen() {
  const route = useCurrentRoute();
  const screens = noteScreensOf(route?.name);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const jobOrders = useJobOrderOptions();
  const [jobOrder, setJobOrder] = useState<number | null>(search.get('job_order') ? Number(search.get('job_order')) : null);
  const [location, setLocation] = useState('');
  const [remarks, setRemarks] = useState('');
  const [quantities, setQuantities] = useState<Readonly<Record<number, string>>>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const deliverables = useDeliverables(jobOrder);
  useUnsavedChanges(!saving && (location !== '' || remarks !== '' || Object.values(quantities).some((q) => q.trim() !== '')));

  const save = async () => {
    const problems: Record<string, string> = {};
    const items = (deliverables ?? []).flatMap(({ product, remaining }) => {
      const typed = quantities[product.id]?.trim() ?? '';
      if (!typed) return [];
      const verdict = quantityProblem(typed, remaining);
      if (verdict !== true) problems[`item-${product.id}`] = verdict;
      return [{ job_order_item: product.id, quantity: typed }];
    });
    if (jobOrder === null) problems.job_order = 'Choose a job order.';
    if (!location.trim()) problems.delivery_location = 'Enter where the goods go.';
    if (jobOrder !== null && !items.length) problems.items = NO_QUANTITIES;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const note = deliveryNoteCreateSchema.parse({ job_order: jobOrder, delivery_location: location, remarks, items });
    setSaving(true);
    const { tempId } = await enqueue(createDeliveryNote, note);
    notify({ type: 'positive', message: navigator.onLine ? NOTE_SAVED : NOTE_SAVED_OFFLINE });
    navigate(tempId === null ? pathOf(screens.home) : pathOf(screens.detail, { id: tempId }));
  };

  return (
    <FormStack maxW="4xl" onSubmit={(e) => (e.preventDefault(), save())} aria-label="New delivery note">
      <Heading size="2xl">{route?.title ?? 'New delivery note'}</Heading>
      <Field.Root invalid={!!errors.job_order} required>
        <Field.Label>Job order</Field.Label>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field
            aria-label="Job order"
            value={jobOrder === null ? '' : String(jobOrder)}
            onChange={(e) => {
              setJobOrder(e.target.value ? Number(e.target.value) : null);
              setQuantities({});
            }}
          >
            <SelectOptions blank="Choose a job order" options={jobOrders ?? []} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.job_order && <Field.ErrorText>{errors.job_order}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.delivery_location} required>
        <Field.Label>Delivery location</Field.Label>
        <Input size="lg" value={location} onChange={(e) => setLocation(e.target.value)} maxLength={255} />
        {errors.delivery_location && <Field.ErrorText>{errors.delivery_location}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label>Remarks</Field.Label>
        <Textarea size="lg" value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={1000} />
      </Field.Root>

      {jobOrder !== null && (
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Heading size="lg">Products</Heading>
              {deliverables?.length === 0 && <Text color="fg.muted">This job order has no products on this device yet.</Text>}
              <Table.ScrollArea>
                <Table.Root size="md" aria-label="Products of the job order">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Product</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Ordered</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">On other notes</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Still to deliver</Table.ColumnHeader>
                      <Table.ColumnHeader>On this note</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {(deliverables ?? []).map(({ product, delivered, remaining }) => (
                      <Table.Row key={product.id}>
                        <Table.Cell>{product.product}</Table.Cell>
                        <Table.Cell textAlign="end">{formatIndian(product.quantity)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatIndian(delivered)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatIndian(remaining)}</Table.Cell>
                        <Table.Cell>
                          <Field.Root invalid={!!errors[`item-${product.id}`]}>
                            <Input
                              size="lg"
                              w="32"
                              inputMode="decimal"
                              aria-label={`Quantity of ${product.product}`}
                              value={quantities[product.id] ?? ''}
                              onChange={(e) => setQuantities((q) => ({ ...q, [product.id]: e.target.value }))}
                            />
                            {errors[`item-${product.id}`] && <Field.ErrorText>{errors[`item-${product.id}`]}</Field.ErrorText>}
                          </Field.Root>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              {errors.items && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{errors.items}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}

      <ScreenFormActions save="Save delivery note" saving={saving} onCancel={() => navigate(pathOf(screens.home))} />
    </FormStack>
  );
}
