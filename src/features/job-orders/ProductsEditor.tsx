import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { JOB_ORDER_MESSAGES, jobOrderItemCreateSchema } from '../../../domain/job-order';
import { amountOf, formatIndian, orZero } from '../../../domain/decimal';
import { api } from '../../data/api';
import { openDialog } from '../../ui/dialog';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import type { LocalJobOrder, ShownProduct } from './data';
import { RefusalAlert, sendOnline, type Refusal } from './writes';
import { API } from '../../../domain/api-paths';

export const PRODUCT_ADDED = 'Product added.';
export const PRODUCT_CHANGED = 'Product changed.';
export const PRODUCT_REMOVED = 'Product removed.';

const productFormSchema = jobOrderItemCreateSchema.omit({ sales_order_item: true });
type ProductInput = z.input<typeof productFormSchema>;
type ProductValues = z.output<typeof productFormSchema>;

const NEW_PRODUCT: ProductInput = { product: '', description: '', quantity: '', unit_price: '' };

/** A product's fields, with its amount worked out exactly as the user types (the server's is the one kept). */
function ProductForm({ title, initial, onSave, onBack }: { title: string; initial: ProductInput; onSave: (values: ProductValues) => Promise<void>; onBack: () => void }) {
  const { register, handleSubmit, formState, control } = useForm<ProductInput, unknown, ProductValues>({ resolver: zodResolver(productFormSchema), defaultValues: initial });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const [quantity, unitPrice] = useWatch({ control, name: ['quantity', 'unit_price'] });
  const errors = formState.errors;
  return (
    <FormStack onSubmit={handleSubmit(onSave)} aria-label={title}>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
        <TextField label="Product" required size="lg" registration={register('product')} error={errors.product} />
        <TextField label="Description" size="lg" registration={register('description')} error={errors.description} />
        <TextField label="Quantity" required size="lg" inputMode="decimal" registration={register('quantity')} error={errors.quantity} />
        <TextField label="Unit price" required size="lg" inputMode="decimal" registration={register('unit_price')} error={errors.unit_price} />
      </SimpleGrid>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="xl" minH="14" loading={formState.isSubmitting}>
          {title}
        </Button>
        <Button size="xl" minH="14" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Text fontWeight="semibold">Amount: {formatIndian(amountOf(orZero(quantity), orZero(unitPrice)))}</Text>
      </HStack>
    </FormStack>
  );
}

type Editing = { kind: 'add' } | { kind: 'change'; product: ShownProduct & { id: number; version: number } } | null;

/**
 * The job order's products; users who edit job orders add, change and remove them. Online only:
 * a product moves the job order's value, which the database works out (decision 91), and whether
 * one may go is the server's to say (a delivery note raised on another device may carry it), so
 * its refusal shows here rather than later in the Sync screen. The answer (the job order with its
 * products) goes into the device at once.
 */
export function ProductsEditor({ jobOrder, products, editable, blocked }: { jobOrder: LocalJobOrder; products: ShownProduct[]; editable: boolean; blocked: string | null }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const send = async (write: () => Promise<{ data: unknown }>, done: string) => {
    const result = await sendOnline(write);
    setRefusal(result);
    if (result) return;
    setEditing(null);
    notify({ type: 'positive', message: done });
  };
  const add = (values: ProductValues) => send(() => api.post(API.jobOrders.addProduct(jobOrder.id), values), PRODUCT_ADDED);
  const change = (id: number, version: number) => (values: ProductValues) =>
    send(() => api.put(API.jobOrders.updateProduct(id), { ...values, expected_version: version }), PRODUCT_CHANGED);
  const remove = async (product: ShownProduct & { id: number }) => {
    const ok = await openDialog({ title: 'Remove this product?', message: `${product.product} leaves the job order and its value.`, okLabel: 'Remove', cancelLabel: 'Back', type: 'negative' });
    if (ok) await send(() => api.put(API.jobOrders.deleteProduct(product.id), { expected_version: product.version }), PRODUCT_REMOVED);
  };
  const onServer = (p: ShownProduct): p is ShownProduct & { id: number; version: number } => p.id !== null && p.version !== null;
  const controls = editable && !editing;

  return (
    <Stack gap="4">
      <Table.ScrollArea>
        <Table.Root size="md" aria-label="Products of the job order">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Product</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Unit price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              {controls && <Table.ColumnHeader>Actions</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {products.map((p, index) => (
              <Table.Row key={p.id ?? `new-${index}`}>
                <Table.Cell>{p.product}</Table.Cell>
                <Table.Cell>{p.description}</Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(p.quantity)}</Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(p.unit_price)}</Table.Cell>
                <Table.Cell textAlign="end">{formatIndian(p.amount)}</Table.Cell>
                {controls && (
                  <Table.Cell>
                    {onServer(p) && (
                      <HStack gap="2">
                        <Button size="lg" minH="12" variant="outline" disabled={!!blocked} aria-label={`Change ${p.product}`} onClick={() => setEditing({ kind: 'change', product: p })}>
                          Change
                        </Button>
                        <Button size="lg" minH="12" variant="outline" colorPalette="red" disabled={!!blocked || products.length === 1} aria-label={`Remove ${p.product}`} onClick={() => void remove(p)}>
                          Remove
                        </Button>
                      </HStack>
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {refusal && <RefusalAlert refusal={refusal} />}
      {editing?.kind === 'add' && <ProductForm title="Add product" initial={NEW_PRODUCT} onSave={add} onBack={() => setEditing(null)} />}
      {editing?.kind === 'change' && (
        <ProductForm
          key={editing.product.id}
          title="Save product"
          initial={{ product: editing.product.product, description: editing.product.description, quantity: editing.product.quantity, unit_price: editing.product.unit_price }}
          onSave={change(editing.product.id, editing.product.version)}
          onBack={() => setEditing(null)}
        />
      )}
      {controls && (
        <Stack gap="2">
          <Button size="xl" minH="14" variant="outline" alignSelf="flex-start" disabled={!!blocked} onClick={() => setEditing({ kind: 'add' })}>
            Add product
          </Button>
          {blocked && <Text color="fg.muted">{blocked}</Text>}
          {!blocked && products.length === 1 && <Text color="fg.muted">{JOB_ORDER_MESSAGES.lastItem}</Text>}
        </Stack>
      )}
    </Stack>
  );
}
