import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldError, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { Box, Button, Card, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { Customer } from '../../../domain/customer';
import { formatIndian, orZero } from '../../../domain/decimal';
import { displayDateInput } from '../../../domain/entity';
import type { IndianState } from '../../../domain/india';
import { INVOICE_MESSAGES, INVOICE_UNITS, invoiceActionRefusal, invoiceCreateSchema, type InvoiceView } from '../../../domain/invoice';
import { pathOf } from '../../../domain/routes';
import { businessToday, formatDisplayDate, isoDayAfter, isValidDateRange, parseDisplayDate } from '../../../domain/rules/dates';
import { invoiceTotals } from '../../../domain/totals';
import { mirror } from '../../data/mirror/db';
import { useOnline } from '../../data/online';
import { chosen } from '../../ui/choices';
import { serverFailure } from '../../ui/connection';
import { Failure, Notice } from '../../ui/detail';
import { DATE_TYPING, FormStack, ScreenFormActions, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { createInvoice, INVOICE_FAILURES, invoiceQuery, replaceInvoice, useCompanyProfile, useCurrentRates, useInvoiceSettings } from './api';
import { rateChoice, rateOptions, reloadInvoices, TaxSummary, useInvoiceView } from './parts';

export const INVOICE_FORM_NOTICES = {
  saved: 'Invoice saved as a draft.',
  changed: 'Draft invoice saved.',
  offline: 'Invoicing needs the server: it numbers the invoice, works out the tax from the rates in force and keeps it for approval. What you typed stays here: save again when you are online.',
  placeOfSupply: (state: string) => `Place of supply: ${state}`,
  noState: "The customer's state is not recorded: GST is charged as inside the company's state until it is.",
} as const;

/** Days from the invoice date to its due date on a new invoice until the settings say (and offline). */
export const DEFAULT_DUE_DAYS = 30;

const header = invoiceCreateSchema.shape;
const typedDate = displayDateInput.pipe(z.string());
/** The form as typed: the customer's id from the dropdown, the dates DD-MM-YYYY, the lines as the API takes them. */
const formSchema = z
  .object({
    customer: chosen('Choose a customer.'),
    invoice_date: typedDate,
    due_date: typedDate,
    notes: header.notes,
    terms: header.terms,
    items: header.items,
  })
  .superRefine((invoice, ctx) => {
    if (!isValidDateRange(invoice.invoice_date, invoice.due_date)) ctx.addIssue({ code: 'custom', path: ['due_date'], message: INVOICE_MESSAGES.dueDate });
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;
type LineInput = FormInput['items'][number];

const LINE_FIELDS = ['description', 'hsn_code', 'unit', 'quantity', 'unit_price', 'discount', 'tax_rate'] as const;
type LineField = (typeof LINE_FIELDS)[number];

const NEW_LINE: LineInput = { description: '', hsn_code: '', unit: 'NOS', quantity: '', unit_price: '', discount: '0', tax_rate: '18' };

function emptyInvoice(): FormInput {
  const today = businessToday();
  return { customer: '', invoice_date: formatDisplayDate(today), due_date: formatDisplayDate(isoDayAfter(today, DEFAULT_DUE_DAYS)), notes: '', terms: '', items: [NEW_LINE] };
}

/** The form filled from a draft as the server has it. */
const fromView = (invoice: InvoiceView): FormInput => ({
  customer: String(invoice.customer),
  invoice_date: formatDisplayDate(invoice.invoice_date),
  due_date: formatDisplayDate(invoice.due_date),
  notes: invoice.notes,
  terms: invoice.terms,
  items: invoice.items.map(({ description, hsn_code, unit, quantity, unit_price, discount, tax_rate }) => ({ description, hsn_code, unit: unit as LineInput['unit'], quantity, unit_price, discount, tax_rate: rateChoice(tax_rate) })),
});

/** The fields a 400 may name: the header's, and each line's as items.N.field. */
const serverFields = (lines: number) => ['customer', 'invoice_date', 'due_date', 'notes', 'terms', 'items', ...Array.from({ length: lines }, (_, n) => LINE_FIELDS.map((field) => `items.${n}.${field}`)).flat()];

function useCustomers() {
  return useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name)), []);
}

/**
 * invoice-create and invoice-edit: a draft invoice (customer, dates, notes, terms and its lines
 * with HSN/SAC, unit, quantity, rate, discount and GST %), its GST worked out as typed by the same
 * computation the server stores, offline too. Saving needs the server; without it the form stays.
 * Only a draft is edited: an approved invoice is frozen (cancel or void it instead).
 */
export default function InvoiceFormScreen() {
  const idParam = Number(useParams().id);
  const editing = Number.isInteger(idParam) && idParam > 0;
  const { invoice, failure, waitingForDevice } = useInvoiceView(editing ? idParam : 0);
  if (!editing) return <InvoiceForm key="new" invoice={null} />;
  const refusal = invoice ? invoiceActionRefusal('edit', invoice.status) : null;
  return (
    <Stack gap="4" maxW="6xl">
      {(refusal || (!invoice && failure)) && (
        <>
          <Heading size="2xl">Edit invoice</Heading>
          <Failure text={refusal ?? `${INVOICE_FAILURES.detail}: ${failure}`} />
        </>
      )}
      {!invoice && !(failure && !waitingForDevice) && <Text color="fg.muted">Reading the invoice…</Text>}
      {invoice && !refusal && <InvoiceForm key={invoice.id} invoice={invoice} />}
    </Stack>
  );
}

function InvoiceForm({ invoice }: { invoice: InvoiceView | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const customers = useCustomers();
  const company = useCompanyProfile();
  const [problem, setProblem] = useState<string | null>(null);
  const settings = useInvoiceSettings(!invoice).data;
  const dueDays = settings?.default_due_days ?? DEFAULT_DUE_DAYS;
  const { register, handleSubmit, control, formState, setValue, getValues, getFieldState, setError } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: invoice ? fromView(invoice) : emptyInvoice(),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const customerId = useWatch({ control, name: 'customer' });
  const items = useWatch({ control, name: 'items' });
  const customer = customers?.find((c) => String(c.id) === customerId);
  const customerState: IndianState = customer?.state ?? invoice?.customer_state ?? 'N/A';
  const companyState: IndianState = company.data?.state ?? invoice?.company_state ?? 'N/A';
  // Worked out on every render: a handful of lines, and exact decimals (never floating point).
  const totals = invoiceTotals(
    (items ?? []).map((line) => ({ quantity: orZero(line.quantity), unit_price: orZero(line.unit_price), discount: orZero(line.discount), tax_rate: orZero(line.tax_rate) })),
    companyState,
    customerState,
  );
  const inForce = useCurrentRates(customer ? customerState : null).data?.gst_rates;
  const rates = rateOptions(inForce, invoice?.items.map((line) => line.tax_rate) ?? []);
  // The customers arrive after the form: the chosen one is put back once they are there.
  useEffect(() => setValue('customer', getValues('customer')), [customers, getValues, setValue]);
  // A new invoice takes the settings' due days, terms and notes where nothing was typed by hand.
  useEffect(() => {
    if (!settings) return;
    const invoiceDate = parseDisplayDate(getValues('invoice_date'));
    if (!getFieldState('due_date').isDirty && invoiceDate.ok && invoiceDate.iso) setValue('due_date', formatDisplayDate(isoDayAfter(invoiceDate.iso, settings.default_due_days)));
    if (!getFieldState('terms').isDirty) setValue('terms', settings.default_terms);
    if (!getFieldState('notes').isDirty) setValue('notes', settings.default_notes);
  }, [settings, getValues, getFieldState, setValue]);

  /** A new invoice falls due 30 days after its date until the due date is typed by hand. */
  const invoiceDateTyped = register('invoice_date', {
    onChange: (event: { target: { value: string } }) => {
      const parsed = parseDisplayDate(event.target.value);
      if (!invoice && parsed.ok && parsed.iso && !getFieldState('due_date').isDirty) setValue('due_date', formatDisplayDate(isoDayAfter(parsed.iso, dueDays)));
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!navigator.onLine) return setProblem(INVOICE_FORM_NOTICES.offline);
    setProblem(null);
    const failed = invoice ? INVOICE_FAILURES.update : INVOICE_FAILURES.create;
    try {
      const saved = invoice ? await replaceInvoice(invoice, values) : await createInvoice(values);
      queryClient.setQueryData(invoiceQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      reloadInvoices();
      notify({ type: 'positive', message: invoice ? INVOICE_FORM_NOTICES.changed : INVOICE_FORM_NOTICES.saved });
      navigate(pathOf('invoice-detail', { id: saved.id }));
    } catch (error) {
      const rest = applyServerErrors(error, setError, serverFields(values.items.length));
      setProblem(rest);
      notify({ type: 'negative', message: failed, caption: rest ?? serverFailure(error) });
    }
  });

  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  // Only a draft is edited, and a draft has no number yet.
  const title = invoice ? `Edit draft invoice ${invoice.id}` : 'New invoice';
  return (
    <FormStack maxW="6xl" onSubmit={onSubmit} aria-label={title}>
      <Heading size="2xl">{title}</Heading>
      {!online && <Notice text={INVOICE_FORM_NOTICES.offline} />}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Box gridColumn={{ md: 'span 3' }}>
          <SelectField label="Customer" required options={(customers ?? []).map((c) => ({ value: String(c.id), label: c.name }))} registration={register('customer')} error={errors.customer} />
          {customer && (
            <Text mt="1" color="fg.muted" data-testid="place-of-supply">
              {customer.state === 'N/A' ? INVOICE_FORM_NOTICES.noState : INVOICE_FORM_NOTICES.placeOfSupply(customer.state)}
              {customer.gst_number ? ` · GSTIN ${customer.gst_number}` : ''}
            </Text>
          )}
        </Box>
        <TextField label="Invoice date" required size="lg" {...DATE_TYPING} registration={invoiceDateTyped} error={errors.invoice_date} />
        <TextField label="Due date" required size="lg" {...DATE_TYPING} registration={register('due_date')} error={errors.due_date} />
      </SimpleGrid>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="lg">Items</Heading>
            {fields.map((field, index) => (
              <Box key={field.id} borderBottomWidth="1px" pb="4" data-testid="invoice-line">
                <LineFields index={index} register={register} rates={rates} errors={errors.items?.[index]} />
                <HStack mt="3" justify="space-between" wrap="wrap" gap="3">
                  <Text color="fg.muted" data-testid={`line-${index + 1}-tax`}>
                    Taxable ₹ {formatIndian(totals.lines[index]?.taxable_amount)} ·{' '}
                    {totals.intra_state
                      ? `CGST ₹ ${formatIndian(totals.lines[index]?.cgst_amount)} · SGST ₹ ${formatIndian(totals.lines[index]?.sgst_amount)}`
                      : `IGST ₹ ${formatIndian(totals.lines[index]?.igst_amount)}`}
                  </Text>
                  <HStack gap="3">
                    <Text fontWeight="semibold">Line total ₹ {formatIndian(totals.lines[index]?.line_total)}</Text>
                    <IconButton size="lg" variant="outline" colorPalette="red" aria-label={`Remove item ${index + 1}`} disabled={fields.length === 1} onClick={() => remove(index)}>
                      ✕
                    </IconButton>
                  </HStack>
                </HStack>
              </Box>
            ))}
            <Button size="lg" minH="11" variant="outline" alignSelf="start" onClick={() => append(NEW_LINE)}>
              Add item
            </Button>
            {itemsError && <Failure text={itemsError} />}
            <TaxSummary totals={totals} intraState={totals.intra_state} />
          </Stack>
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextAreaField label="Notes" rows={3} registration={register('notes')} error={errors.notes} />
        <TextAreaField label="Terms" rows={3} registration={register('terms')} error={errors.terms} />
      </SimpleGrid>
      {problem && <Failure text={problem} />}
      <Box position="sticky" bottom="0" bg="bg" py="3">
        <ScreenFormActions save="Save invoice" saving={formState.isSubmitting} onCancel={() => navigate(invoice ? pathOf('invoice-detail', { id: invoice.id }) : pathOf('invoices-home'))} />
      </Box>
    </FormStack>
  );
}

/** One line's inputs, each named for its item so a screen reader (and a test) can tell the lines apart. */
function LineFields({ index, register, rates, errors }: { index: number; register: UseFormRegister<FormInput>; rates: readonly { value: string; label: string }[]; errors: { [K in LineField]?: FieldError } | undefined }) {
  const at = (name: LineField) => `items.${index}.${name}` as const;
  const error = (name: LineField) => errors?.[name];
  const item = index + 1;
  return (
    <SimpleGrid columns={{ base: 2, md: 4, xl: 8 }} gap="3" alignItems="end" role="group" aria-label={`Item ${item}`}>
      <Box gridColumn={{ base: 'span 2', md: 'span 4', xl: 'span 2' }}>
        <TextField label="Description" required size="lg" aria-label={`Description of item ${item}`} registration={register(at('description'))} error={error('description')} />
      </Box>
      <TextField label="HSN/SAC" size="lg" inputMode="numeric" aria-label={`HSN/SAC of item ${item}`} registration={register(at('hsn_code'))} error={error('hsn_code')} />
      <SelectField label="Unit" options={INVOICE_UNITS} placeholder={null} registration={register(at('unit'))} error={error('unit')} />
      <TextField label="Quantity" required size="lg" inputMode="decimal" aria-label={`Quantity of item ${item}`} registration={register(at('quantity'))} error={error('quantity')} />
      <TextField label="Rate (₹)" required size="lg" inputMode="decimal" aria-label={`Rate of item ${item}`} registration={register(at('unit_price'))} error={error('unit_price')} />
      <TextField label="Discount (₹)" size="lg" inputMode="decimal" aria-label={`Discount of item ${item}`} registration={register(at('discount'))} error={error('discount')} />
      <SelectField label="GST %" options={rates} placeholder={null} registration={register(at('tax_rate'))} error={error('tax_rate')} />
    </SimpleGrid>
  );
}
