import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Button, Card, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { Customer } from '../../../domain/customer';
import { displayDateInput } from '../../../domain/entity';
import { jobOrderCreateSchema } from '../../../domain/job-order';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import type { SalesOrderJobOrderDraft } from '../../../domain/sales-order';
import { amountOf, formatIndian, orZero, sum } from '../../../domain/decimal';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import { FormStack, SelectField, TextField, ScreenFormActions } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { useSalesExecutiveChoices } from '../../ui/sales-executives';
import { chosen, optionalChoice } from '../../ui/choices';
import { useBranchChoices } from './data';
import { createJobOrder } from '../../data/operations';
import { readFailure } from '../../ui/connection';
import { useJobOrderDraft } from './api';

export const JOB_ORDER_SAVED = 'Job order saved.';
export const JOB_ORDER_SAVED_OFFLINE = 'Job order saved on this device. It is sent to the server when the connection is back.';

/** The form as typed: ids from dropdowns, the PO date as DD-MM-YYYY; the rest as the API takes it. */
const formSchema = jobOrderCreateSchema.extend({
  customer: chosen('Choose a customer.'),
  branch: optionalChoice,
  sales_executive: chosen('Choose a sales executive.'),
  purchase_order_date: displayDateInput,
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const NEW_PRODUCT = { product: '', description: '', quantity: '', unit_price: '' };
const EMPTY: FormInput = {
  customer: '',
  branch: '',
  contact_person: '',
  contact_number: '',
  sales_executive: '',
  purchase_order: '',
  purchase_order_date: '',
  job_order_items: [NEW_PRODUCT],
};

/** The form filled from a sales order's draft: its customer, PO, advance and each item as a product linked to its line. */
const fromDraft = (draft: SalesOrderJobOrderDraft): FormInput => ({
  ...EMPTY,
  customer: String(draft.customer),
  branch: draft.branch === null ? '' : String(draft.branch),
  sales_executive: draft.sales_executive === null ? '' : String(draft.sales_executive),
  purchase_order: draft.purchase_order,
  purchase_order_date: formatDisplayDate(draft.purchase_order_date),
  quotation: draft.quotation,
  sales_order: draft.sales_order,
  advance_amount: draft.advance_amount,
  job_order_items: draft.job_order_items.length ? draft.job_order_items.map((item) => ({ ...item })) : [NEW_PRODUCT],
});

/** `?sales_order=7`: the job order is raised from that sales order. */
function useSalesOrderParam(): number | null {
  const value = Number(useSearchParams()[0].get('sales_order'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function useCustomers() {
  return useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
}

/**
 * New job order: customer, branch, contact, sales executive, purchase order and the products.
 * Saved through the outbox like the shop floor's writes, so sales can take an order on a
 * customer's premises with no connection; it starts as Created in the Sales bucket.
 */
export default function JobOrderCreateScreen() {
  const navigate = useNavigate();
  const customers = useCustomers();
  const salesOrder = useSalesOrderParam();
  const draft = useJobOrderDraft(salesOrder);
  const draftFailure = salesOrder === null ? null : readFailure(draft);
  const { register, handleSubmit, control, formState, setValue, getValues, reset } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { fields, append, remove } = useFieldArray({ control, name: 'job_order_items' });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const customer = useWatch({ control, name: 'customer' });
  const products = useWatch({ control, name: 'job_order_items' });
  const branches = useBranchChoices(customer ? Number(customer) : null);

  // The product-frame's sales executive dropdown: username as label, id as value, 'Select' first.
  const salesExecutives = useSalesExecutiveChoices();
  // The draft fills the form once it arrives (opened from a sales order's "Create job order").
  useEffect(() => {
    if (draft.data) reset(fromDraft(draft.data));
  }, [draft.data, reset]);
  // A dropdown's options arrive after its value (the device's customers and branches, the users):
  // the value is put back on the dropdown once they are there.
  useEffect(() => setValue('customer', getValues('customer')), [customers, getValues, setValue]);
  useEffect(() => setValue('branch', getValues('branch')), [branches, getValues, setValue]);
  useEffect(() => setValue('sales_executive', getValues('sales_executive')), [salesExecutives, getValues, setValue]);
  const total = sum((products ?? []).map((p) => amountOf(orZero(p.quantity), orZero(p.unit_price))));

  const onSubmit = handleSubmit(async (jobOrder) => {
    const { tempId } = await enqueue(createJobOrder, jobOrder);
    notify({ type: 'positive', message: navigator.onLine ? JOB_ORDER_SAVED : JOB_ORDER_SAVED_OFFLINE });
    navigate(tempId === null ? pathOf('jobs-home') : pathOf('job-order-detail', { id: tempId }));
  });

  const itemErrors = errors.job_order_items;
  return (
    <FormStack maxW="5xl" onSubmit={onSubmit} aria-label="New job order">
      <Heading size="2xl">{salesOrder === null ? 'New job order' : `New job order from sales order ${salesOrder}`}</Heading>
      {salesOrder !== null && draft.isPending && !draftFailure && <Text color="fg.muted">Reading sales order {salesOrder}…</Text>}
      {draftFailure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{draftFailure}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          label="Customer"
          required
          options={customers ?? []}
          registration={register('customer', { onChange: () => setValue('branch', '') })}
          error={errors.customer}
        />
        <SelectField label="Branch" options={branches ?? []} placeholder="No branch" registration={register('branch')} error={errors.branch} />
        <TextField label="Contact person" size="lg" registration={register('contact_person')} error={errors.contact_person} />
        <TextField label="Contact number" size="lg" type="tel" registration={register('contact_number')} error={errors.contact_number} />
        <SelectField label="Sales executive" required options={salesExecutives} registration={register('sales_executive')} error={errors.sales_executive} />
        <TextField label="PO number" size="lg" registration={register('purchase_order')} error={errors.purchase_order} />
        <TextField label="PO date" size="lg" placeholder="DD-MM-YYYY" inputMode="numeric" registration={register('purchase_order_date')} error={errors.purchase_order_date} />
      </SimpleGrid>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Products</Heading>
            {fields.map((field, index) => (
              <SimpleGrid key={field.id} columns={{ base: 1, md: 5 }} gap="3" alignItems="end" data-testid="job-order-product">
                <TextField label="Product" required size="lg" registration={register(`job_order_items.${index}.product`)} error={itemErrors?.[index]?.product} />
                <TextField label="Description" size="lg" registration={register(`job_order_items.${index}.description`)} error={itemErrors?.[index]?.description} />
                <TextField label="Quantity" required size="lg" inputMode="decimal" registration={register(`job_order_items.${index}.quantity`)} error={itemErrors?.[index]?.quantity} />
                <TextField label="Unit price" required size="lg" inputMode="decimal" registration={register(`job_order_items.${index}.unit_price`)} error={itemErrors?.[index]?.unit_price} />
                <IconButton size="lg" variant="outline" colorPalette="red" aria-label={`Remove product ${index + 1}`} disabled={fields.length === 1} onClick={() => remove(index)}>
                  ✕
                </IconButton>
              </SimpleGrid>
            ))}
            <HStack justify="space-between" wrap="wrap">
              <Button size="lg" variant="outline" onClick={() => append(NEW_PRODUCT)}>
                Add product
              </Button>
              <Text fontWeight="semibold">Value: {formatIndian(total)}</Text>
            </HStack>
            {(itemErrors?.message || itemErrors?.root?.message) && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{itemErrors.message ?? itemErrors.root?.message}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <ScreenFormActions save="Save job order" saving={formState.isSubmitting} onCancel={() => navigate(pathOf('jobs-home'))} />
    </FormStack>
  );
}
