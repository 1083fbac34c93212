import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldError, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Box, Button, Card, Field, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { Customer } from '../../../domain/customer';
import { formatIndian, orZero } from '../../../domain/decimal';
import { displayDateInput } from '../../../domain/entity';
import { businessToday } from '../../../domain/rules/dates';
import { MATERIAL_UNITS } from '../../../domain/material';
import { QUOTATION_MESSAGES, quotationCreateSchema, quotationLineUpdateSchema, quotationReference, type QuotationView } from '../../../domain/quotation';
import { isSalesExecutive } from '../../../domain/roles';
import { pathOf, type RouteName } from '../../../domain/routes';
import { EDIT_RULES, mayEdit } from '../../../domain/row-rules';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { quotationTotals } from '../../../domain/totals';
import type { User } from '../../../domain/user';
import { mirror } from '../../data/mirror/db';
import { enqueue } from '../../data/outbox';
import type { PayloadFiles } from '../../data/outbox/multipart';
import { createQuotation, updateQuotation } from '../../data/operations';
import { useSession } from '../../data/session';
import { chosen, optionalChoice } from '../../ui/choices';
import { readFailure } from '../../ui/connection';
import { branchChoicesOf } from '../../ui/entity-labels';
import { FormStack, SelectField, TextAreaField, TextField } from '../../ui/form';
import { ChosenImage, StoredImage } from '../../ui/StoredImage';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { useSalesExecutiveChoices } from '../../ui/sales-executives';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { useMonarchEntities } from '../../ui/monarch-entities';
import { useQuotationToEdit } from './api';

export const QUOTATION_SAVED = 'Quotation saved.';
export const QUOTATION_SAVED_OFFLINE = 'Quotation saved on this device. It is sent to the server when the connection is back.';
/** A sent quotation is not changed in place (decision 210): what the customer was sent stays readable. */
export const revisionNote = (revision: number) => `The customer was sent revision ${revision}: saving a change makes revision ${revision + 1}, and revision ${revision} stays as it was sent.`;
/** Pictures go with the save, in the same write: offline they wait on the device with it. */
export const IMAGES_WITH_SAVE = 'The chosen images are saved with the quotation, on this device until the connection is back.';

/** The form as typed: ids from dropdowns, the date as DD-MM-YYYY, the rest as the API takes it; a line keeps the id it has on the server. */
const header = quotationCreateSchema.shape;
const formSchema = z.object({
  customer: chosen('Choose a customer.'),
  branch: optionalChoice,
  sales_exec: chosen('Choose the sales executive.'),
  quotation_date: displayDateInput.pipe(z.string()),
  monarch_entity: header.monarch_entity,
  subject: header.subject,
  terms: header.terms,
  tax_rate: header.tax_rate,
  items: z.array(quotationLineUpdateSchema).min(1).max(500),
});
/** Once the company has named its entities, one of them must be chosen (decision 217). */
const withEntity = formSchema.refine((q) => q.monarch_entity !== '', { path: ['monarch_entity'], message: QUOTATION_MESSAGES.monarchEntityRequired });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const NEW_LINE: FormInput['items'][number] = { code: '', description: '', quantity: '', unit: 'PCS', unit_price: '', discount: '0' };

const emptyFor = (user: User | null): FormInput => ({
  customer: '',
  branch: '',
  sales_exec: user && isSalesExecutive(user) ? String(user.id) : '',
  quotation_date: formatDisplayDate(businessToday()),
  monarch_entity: '',
  subject: '',
  terms: '',
  tax_rate: '18',
  items: [NEW_LINE],
});

/** The form filled from the quotation as the server has it. */
const fromView = (q: QuotationView): FormInput => ({
  customer: String(q.customer),
  branch: q.branch === null ? '' : String(q.branch),
  sales_exec: String(q.sales_exec),
  quotation_date: formatDisplayDate(q.quotation_date),
  monarch_entity: q.monarch_entity,
  subject: q.subject,
  terms: q.terms,
  tax_rate: q.tax_rate,
  items: q.items.map(({ id, code, description, quantity, unit, unit_price, discount }) => ({ id, code, description, quantity, unit, unit_price, discount })),
});

/** The quotation's figures as the server will compute them (domain/totals.ts), from what is typed so far. */
function useTotals(items: FormInput['items'] | undefined, taxRate: FormInput['tax_rate']) {
  return useMemo(
    () => quotationTotals((items ?? []).map((line) => ({ quantity: orZero(line.quantity), unit_price: orZero(line.unit_price), discount: orZero(line.discount) })), orZero(taxRate)),
    [items, taxRate],
  );
}

function useCustomers() {
  return useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
}

/** The area the form was opened in: its detail and list routes (the sales layout has its own). */
function useArea() {
  const route = useCurrentRoute();
  const sales = route?.name.startsWith('sales-') ?? false;
  const detail: RouteName = sales ? 'sales-quotation-detail' : 'quotation-detail';
  const list: RouteName = sales ? 'sales-quotations' : 'quotations-home';
  return { detail, list, editing: route?.name === 'quotation-update' || route?.name === 'sales-quotation-update' };
}

function Problem({ title }: { title: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{title}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * New quotation and Edit quotation, in the office and in the sales layout. Saved through the
 * outbox: a draft made with no connection shows at once with its pending badge and is sent once.
 * Editing loads the quotation from the server (a sent one becomes its next revision when saved).
 */
export default function QuotationFormScreen() {
  const area = useArea();
  const idParam = Number(useParams().id);
  const id = area.editing && Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const loaded = useQuotationToEdit(id);
  const { user } = useSession();

  if (!area.editing) return <QuotationForm key="new" area={area} quotation={null} />;
  const failure = readFailure(loaded);
  const quotation = loaded.data;
  const refusal = !quotation || !user ? null : quotation.status === 'accepted' ? QUOTATION_MESSAGES.accepted : mayEdit('quotation', user, quotation) ? null : EDIT_RULES.quotation.refusal;
  return (
    <Stack gap="4" maxW="6xl">
      {(failure || refusal) && (
        <>
          <Heading size="2xl">Edit quotation</Heading>
          <Problem title={(failure ?? refusal)!} />
        </>
      )}
      {!failure && !quotation && <Text color="fg.muted">Reading the quotation…</Text>}
      {quotation && !refusal && <QuotationForm key={quotation.id} area={area} quotation={quotation} />}
    </Stack>
  );
}

function QuotationForm({ area, quotation }: { area: ReturnType<typeof useArea>; quotation: QuotationView | null }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const self = !!user && isSalesExecutive(user);
  const customers = useCustomers();
  const entities = useMonarchEntities();
  const named = useRef(false);
  useEffect(() => {
    named.current = (entities.data?.length ?? 0) > 0;
  }, [entities.data]);
  const executives = useSalesExecutiveChoices(!self);
  const { register, handleSubmit, control, formState, setValue, getValues } = useForm<FormInput, unknown, FormValues>({
    // The entities arrive after the form: the check reads the list the form has when it is saved.
    resolver: (values, context, options) => zodResolver(named.current ? withEntity : formSchema)(values, context, options),
    defaultValues: quotation ? fromView(quotation) : emptyFor(user),
  });
  const { fields, append, remove } = useFieldArray<FormInput, 'items', 'key', FormValues>({ control, name: 'items', keyName: 'key' });
  const [images, setImages] = useState<ReadonlyMap<string, File>>(new Map());
  useUnsavedChanges((formState.isDirty || images.size > 0) && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const customer = useWatch({ control, name: 'customer' });
  const items = useWatch({ control, name: 'items' });
  const taxRate = useWatch({ control, name: 'tax_rate' });
  const totals = useTotals(items, taxRate);
  const branches = useLiveQuery(() => branchChoicesOf(customer ? Number(customer) : null, quotation?.branch ?? null), [customer, quotation?.branch]);
  const entityChoices = (entities.data ?? []).map((name) => ({ value: name, label: name }));
  // A dropdown's options arrive after its value: the value is put back once they are there.
  useEffect(() => setValue('customer', getValues('customer')), [customers, getValues, setValue]);
  useEffect(() => setValue('branch', getValues('branch')), [branches, getValues, setValue]);
  useEffect(() => setValue('sales_exec', getValues('sales_exec')), [executives, getValues, setValue]);
  useEffect(() => setValue('monarch_entity', getValues('monarch_entity')), [entities.data, getValues, setValue]);

  const onSubmit = handleSubmit(async ({ items: lines, ...head }) => {
    const chosenImages = imagesByLine(fields.map((field) => field.key), images);
    const id = quotation
      ? (await enqueue(updateQuotation, { id: quotation.id, expected_version: quotation.version, ...head, items: lines, images: chosenImages }), quotation.id)
      : (await enqueue(createQuotation, { ...head, items: lines.map(({ id: _, ...line }) => line), images: chosenImages })).tempId!;
    notify({ type: 'positive', message: navigator.onLine ? QUOTATION_SAVED : QUOTATION_SAVED_OFFLINE });
    navigate(pathOf(area.detail, { id }));
  });
  const storedImageOf = (line: number | undefined) => quotation?.items.find((item) => item.id === line)?.image_path ?? null;
  const chooseImage = (key: string, file: File | undefined) =>
    setImages((current) => {
      const next = new Map(current);
      if (file) next.set(key, file);
      else next.delete(key);
      return next;
    });

  const lineErrors = errors.items;
  const title = quotation ? `Edit quotation ${quotationReference(quotation)}` : 'New quotation';
  return (
    <FormStack maxW="6xl" onSubmit={onSubmit} aria-label={title}>
      <Heading size="2xl">{title}</Heading>
      {quotation?.sent_at && <Text color="fg.muted">{revisionNote(quotation.revision)}</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField label="Customer" required options={customers ?? []} registration={register('customer', { onChange: () => setValue('branch', '') })} error={errors.customer} />
        <SelectField label="Branch" options={branches ?? []} placeholder="No branch" registration={register('branch')} error={errors.branch} />
        <TextField label="Quotation date" required size="lg" placeholder="DD-MM-YYYY" inputMode="numeric" registration={register('quotation_date')} error={errors.quotation_date} />
        {!self && <SelectField label="Sales executive" required options={executives} registration={register('sales_exec')} error={errors.sales_exec} />}
        {entityChoices.length ? (
          <SelectField label="Monarch entity" required options={entityChoices} registration={register('monarch_entity')} error={errors.monarch_entity} />
        ) : (
          <TextField label="Monarch entity" size="lg" registration={register('monarch_entity')} error={errors.monarch_entity} />
        )}
        <TextField label="Tax rate (%)" size="lg" inputMode="decimal" registration={register('tax_rate')} error={errors.tax_rate} />
        <TextField label="Subject" size="lg" registration={register('subject')} error={errors.subject} />
      </SimpleGrid>
      <TextAreaField label="Terms" rows={3} registration={register('terms')} error={errors.terms} />

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Items</Heading>
            {fields.map((field, index) => (
              <Box key={field.key} borderBottomWidth="1px" pb="4" data-testid="quotation-line">
                <LineFields index={index} register={register} errors={lineErrors?.[index]} />
                <HStack mt="3" justify="space-between" wrap="wrap" gap="3">
                  <Stack gap="2">
                    <LineImage chosen={images.get(field.key)} stored={storedImageOf(field.id)} item={index + 1} />
                    <Field.Root maxW="sm">
                      <Field.Label>Image of item {index + 1}</Field.Label>
                      <Input type="file" accept="image/png,image/jpeg" p="1" onChange={(event) => chooseImage(field.key, event.target.files?.[0])} />
                    </Field.Root>
                  </Stack>
                  <Text fontWeight="semibold" data-testid={`line-total-${index}`}>
                    Gross price: {formatIndian(totals.gross_prices[index])}
                  </Text>
                  <IconButton size="lg" variant="outline" colorPalette="red" aria-label={`Remove item ${index + 1}`} disabled={fields.length === 1} onClick={() => remove(index)}>
                    ✕
                  </IconButton>
                </HStack>
              </Box>
            ))}
            <Text color="fg.muted">{IMAGES_WITH_SAVE}</Text>
            <Button size="lg" variant="outline" alignSelf="start" onClick={() => append(NEW_LINE)}>
              Add item
            </Button>
            {(lineErrors?.message || lineErrors?.root?.message) && <Problem title={(lineErrors.message ?? lineErrors.root?.message)!} />}
            <Totals totals={totals} />
          </Stack>
        </Card.Body>
      </Card.Root>

      <HStack position="sticky" bottom="0" bg="bg" py="3">
        <Button type="submit" size="lg" minH="14" px="8" loading={formState.isSubmitting}>
          Save quotation
        </Button>
        <Button size="lg" minH="14" variant="outline" onClick={() => navigate(quotation ? pathOf(area.detail, { id: quotation.id }) : pathOf(area.list))}>
          Cancel
        </Button>
      </HStack>
    </FormStack>
  );
}

/** The picture a line will have once saved: the one just chosen, else the one it has. */
function LineImage({ chosen, stored, item }: { chosen: File | undefined; stored: string | null; item: number }) {
  if (chosen) return <ChosenImage file={chosen} alt={`New image of item ${item}`} />;
  return stored ? <StoredImage path={stored} alt={`Image of item ${item}`} /> : null;
}

/** The images chosen, each with the place of its line in the form as saved. */
function imagesByLine(keys: readonly string[], images: ReadonlyMap<string, File>): PayloadFiles {
  return keys.flatMap((key, line) => {
    const file = images.get(key);
    return file ? [{ line, name: file.name, file }] : [];
  });
}

type LineField = 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount';

function LineFields({ index, register, errors }: { index: number; register: UseFormRegister<FormInput>; errors: { [K in LineField]?: FieldError } | undefined }) {
  const at = (name: LineField) => `items.${index}.${name}` as const;
  const error = (name: LineField) => errors?.[name];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 6 }} gap="3" alignItems="end">
      <TextField label="Product" size="lg" registration={register(at('code'))} error={error('code')} />
      <Box gridColumn={{ lg: 'span 2' }}>
        <TextField label="Description" required size="lg" registration={register(at('description'))} error={error('description')} />
      </Box>
      <TextField label="Quantity" required size="lg" inputMode="decimal" registration={register(at('quantity'))} error={error('quantity')} />
      <SelectField label="Unit" options={MATERIAL_UNITS} placeholder={null} registration={register(at('unit'))} error={error('unit')} />
      <TextField label="Rate" required size="lg" inputMode="decimal" registration={register(at('unit_price'))} error={error('unit_price')} />
      <TextField label="Discount" size="lg" inputMode="decimal" registration={register(at('discount'))} error={error('discount')} />
    </SimpleGrid>
  );
}

function Totals({ totals }: { totals: ReturnType<typeof quotationTotals> }) {
  const rows = [
    ['Subtotal', totals.subtotal],
    ['Discount', totals.discount_total],
    ['Tax', totals.tax_amount],
    ['Total', totals.total_amount],
  ] as const;
  return (
    <Stack gap="1" alignSelf="end" minW="64" aria-label="Quotation totals">
      {rows.map(([label, value]) => (
        <HStack key={label} justify="space-between" fontWeight={label === 'Total' ? 'bold' : 'normal'}>
          <Text>{label}</Text>
          <Text data-testid={`total-${label.toLowerCase()}`}>{formatIndian(value)}</Text>
        </HStack>
      ))}
    </Stack>
  );
}
