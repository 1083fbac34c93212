import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLiveQuery } from 'dexie-react-hooks';
import { Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { Customer } from '../../../domain/customer';
import { compare, formatIndian, orZero, parseDecimal, sign, sub, sum } from '../../../domain/decimal';
import { displayDateInput } from '../../../domain/entity';
import { jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { allocationInputSchema, RECEIPT_MESSAGES, RECEIPT_MODES, RECEIPT_REFUSALS, receiptCreateSchema, type ReceiptCreate } from '../../../domain/receipt';
import { oldestFirst, spreadOldestFirst, takesReceipts } from '../../../domain/receipt-totals';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import type { SalesOrder } from '../../../domain/sales-order';
import { mirror } from '../../data/mirror/db';
import { useOnline } from '../../data/online';
import { chosen } from '../../ui/choices';
import { serverFailure } from '../../ui/connection';
import { Failure, Notice } from '../../ui/detail';
import { DATE_TYPING, FormStack, ScreenFormActions, SelectField, TextAreaField, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { RECEIPT_FAILURES, recordReceipt } from './api';
import { reloadReceipts, useInvoicesOf } from './parts';

export const RECEIPT_FORM_NOTICES = {
  saved: 'Receipt recorded.',
  offline: 'Recording a receipt needs the server: it checks what each invoice still owes and keeps two receipts from paying the same invoice twice. The receipts below stay readable; save again when you are online.',
  noOpenInvoices: 'This customer has no invoice with anything outstanding: the receipt is kept as an advance or on account.',
  chooseCustomer: "Choose the customer to see their invoices with something outstanding.",
  allocationAmount: 'Enter an amount above zero, or leave it empty.',
} as const;

const shape = receiptCreateSchema.shape;
/** One open invoice of the customer as the form lists it: what it still owes and what this receipt puts on it. */
const allocationRow = z.object({ invoice: z.number(), outstanding: z.string(), amount: z.literal('').or(allocationInputSchema.shape.amount) });
const formSchema = z
  .object({
    customer: chosen('Choose a customer.'),
    receipt_date: displayDateInput.pipe(z.string()),
    amount: shape.amount,
    mode: shape.mode,
    reference: shape.reference,
    remarks: shape.remarks,
    /** "job:<id>", "sales:<id>" or "" (on account). */
    against: z.string(),
    allocations: z.array(allocationRow),
  })
  .superRefine((receipt, ctx) => {
    if (receipt.mode !== 'cash' && receipt.reference === '') ctx.addIssue({ code: 'custom', path: ['reference'], message: RECEIPT_MESSAGES.reference });
    receipt.allocations.forEach((a, i) => {
      if (a.amount !== '' && compare(a.amount, a.outstanding) > 0) ctx.addIssue({ code: 'custom', path: ['allocations', i, 'amount'], message: RECEIPT_REFUSALS.moreThanOutstanding(a.outstanding) });
    });
    const allocated = sum(receipt.allocations.map((a) => orZero(a.amount)));
    if (compare(allocated, receipt.amount) > 0) ctx.addIssue({ code: 'custom', path: ['allocations'], message: RECEIPT_MESSAGES.overAllocated });
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const BASE_FIELDS = ['customer', 'receipt_date', 'amount', 'mode', 'reference', 'remarks', 'against', 'allocations'];
/** The server names the order a receipt is an advance against by its own field; the form has one choice for both. */
const AGAINST_FIELDS = ['job_order', 'sales_order'];

/** The request: the allocations typed (empty rows left out), and the order chosen as job_order or sales_order. */
function requestOf(values: FormValues): { body: ReceiptCreate; sentRows: number[] } {
  const sentRows = values.allocations.flatMap((a, row) => (a.amount === '' ? [] : [row]));
  const [kind, id] = values.against.split(':');
  return {
    body: {
      customer: values.customer,
      receipt_date: values.receipt_date,
      amount: values.amount,
      mode: values.mode,
      reference: values.reference,
      remarks: values.remarks,
      job_order: kind === 'job' ? Number(id) : null,
      sales_order: kind === 'sales' ? Number(id) : null,
      allocations: sentRows.map((row) => ({ invoice: values.allocations[row]!.invoice, amount: values.allocations[row]!.amount })),
    },
    sentRows,
  };
}

/** The form's field for a field the server names: an allocation's by the row it came from, the order's as the one choice. */
const formFieldOf = (sentRows: readonly number[]) => (sent: string) => {
  if (AGAINST_FIELDS.includes(sent)) return 'against';
  const allocation = /^allocations\.(\d+)\.(invoice|amount)$/.exec(sent);
  const row = allocation ? sentRows[Number(allocation[1])] : undefined;
  return row === undefined ? sent : `allocations.${row}.amount`;
};

/** The customer's open invoices (oldest first) and the orders an advance may be recorded against, from the device. */
function useCustomerChoices(customer: number | null) {
  const invoices = useInvoicesOf(customer);
  const open = useMemo(() => (customer === null ? [] : (invoices ?? []).filter(takesReceipts).sort(oldestFirst)), [customer, invoices]);
  const orders = useLiveQuery(async () => {
    if (customer === null) return [];
    const jobs = (await mirror.rowsOf<JobOrder>('jobOrders').where('customer').equals(customer).toArray()).filter((j) => !j.deleted_at && !j.cancelled_at).sort((a, b) => b.id - a.id);
    const sales = (await mirror.rowsOf<SalesOrder>('salesOrders').where('customer').equals(customer).toArray()).filter((s) => !s.deleted_at && s.status !== 'cancelled').sort((a, b) => b.id - a.id);
    return [...jobs.map((j) => ({ value: `job:${j.id}`, label: `Job order ${jobOrderLabel(j)}` })), ...sales.map((s) => ({ value: `sales:${s.id}`, label: `Sales order ${s.id}` }))];
  }, [customer]);
  return { open, invoicesRead: invoices !== undefined, orders: orders ?? [] };
}

/**
 * "Record receipt": the money a customer paid (date, amount, mode, reference) allocated to their
 * open invoices, each showing what it still owes ("Allocate oldest first" fills them from the
 * amount), the rest an advance against one of their job orders or sales orders, or on account.
 * Recording needs the server; offline the form says so and the list below stays readable.
 * `customer` and `invoice` (the address's) open it for an invoice: its customer, and the amount
 * it owes allocated to it.
 */
export function ReceiptForm({ customer: givenCustomer, invoice: givenInvoice, onDone }: { customer: number | null; invoice: number | null; onDone: () => void }) {
  const online = useOnline();
  const [problem, setProblem] = useState<string | null>(null);
  const customers = useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name)), []);
  const { register, handleSubmit, control, formState, setValue, getValues, setError } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { customer: givenCustomer ? String(givenCustomer) : '', receipt_date: formatDisplayDate(businessToday()), amount: '', mode: 'bank_transfer', reference: '', remarks: '', against: '', allocations: [] },
  });
  const { fields, replace } = useFieldArray({ control, name: 'allocations' });
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const customerId = Number(useWatch({ control, name: 'customer' })) || null;
  const amount = useWatch({ control, name: 'amount' });
  const typed = useWatch({ control, name: 'allocations' });
  const { open, invoicesRead, orders } = useCustomerChoices(customerId);
  const prefilled = useRef(false);

  // The customers arrive after the form: the chosen one is put back once they are there.
  useEffect(() => setValue('customer', getValues('customer')), [customers, getValues, setValue]);
  // One row per open invoice of the chosen customer, keeping what was typed for an invoice still listed.
  const openKey = open.map((i) => `${i.id}:${i.outstanding_amount}`).join(',');
  useEffect(() => {
    const before = new Map(getValues('allocations').map((a) => [a.invoice, a.amount]));
    replace(open.map((i) => ({ invoice: i.id, outstanding: i.outstanding_amount, amount: before.get(i.id) ?? '' })));
    // Opened for an invoice: the amount it owes, allocated to it (once, when it is first listed).
    const given = open.findIndex((i) => i.id === givenInvoice);
    if (!prefilled.current && given >= 0 && getValues('amount') === '') {
      prefilled.current = true;
      const owed = open[given]!.outstanding_amount;
      setValue('amount', owed);
      setValue(`allocations.${given}.amount`, owed);
    }
    // openKey stands for `open`: a new array on every read of the device, the same rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openKey, givenInvoice, getValues, replace, setValue]);

  const allocated = sum((typed ?? []).map((a) => parseDecimal(a.amount) ?? '0'));
  const rest = sub(orZero(amount), allocated);

  const allocateOldestFirst = () => {
    const parts = spreadOldestFirst(parseDecimal(getValues('amount')) ?? '0', getValues('allocations').map((a) => ({ outstanding_amount: a.outstanding })));
    parts.forEach((part, row) => setValue(`allocations.${row}.amount`, sign(part) > 0 ? part : '', { shouldDirty: true }));
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!navigator.onLine) return setProblem(RECEIPT_FORM_NOTICES.offline);
    setProblem(null);
    const { body, sentRows } = requestOf(values);
    try {
      await recordReceipt(body);
      reloadReceipts();
      notify({ type: 'positive', message: RECEIPT_FORM_NOTICES.saved });
      onDone();
    } catch (error) {
      const fields = [...BASE_FIELDS, ...values.allocations.map((_, row) => `allocations.${row}.amount`)];
      const left = applyServerErrors(error, setError, fields, formFieldOf(sentRows));
      setProblem(left);
      notify({ type: 'negative', message: RECEIPT_FAILURES.create, caption: left ?? serverFailure(error) });
    }
  });

  const allocationsError = errors.allocations?.message ?? errors.allocations?.root?.message;
  return (
    <Card.Root>
      <Card.Body>
        <FormStack onSubmit={onSubmit} aria-label="Record receipt">
          <Heading size="xl">Record receipt</Heading>
          {!online && <Notice text={RECEIPT_FORM_NOTICES.offline} />}
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <SelectField label="Customer" required options={(customers ?? []).map((c) => ({ value: String(c.id), label: c.name }))} registration={register('customer')} error={errors.customer} />
            <TextField label="Receipt date" required size="lg" {...DATE_TYPING} registration={register('receipt_date')} error={errors.receipt_date} />
            <TextField label="Amount (₹)" required size="lg" inputMode="decimal" registration={register('amount')} error={errors.amount} />
            <SelectField label="Mode" required placeholder={null} options={RECEIPT_MODES} registration={register('mode')} error={errors.mode} />
            <TextField label="Reference" size="lg" helper="Cheque number or transaction id (not needed for cash)" registration={register('reference')} error={errors.reference} />
            <SelectField label="Advance against" placeholder="On account (no order)" options={orders} registration={register('against')} error={errors.against} />
          </SimpleGrid>

          <Stack gap="3" role="group" aria-label="Allocations">
            <Flex align="center" gap="3" wrap="wrap">
              <Heading size="md" flex="1">
                Allocate to invoices
              </Heading>
              <Button size="lg" minH="11" variant="outline" disabled={!fields.length} onClick={allocateOldestFirst}>
                Allocate oldest first
              </Button>
            </Flex>
            {customerId === null && <Text color="fg.muted">{RECEIPT_FORM_NOTICES.chooseCustomer}</Text>}
            {customerId !== null && invoicesRead && !fields.length && <Text color="fg.muted">{RECEIPT_FORM_NOTICES.noOpenInvoices}</Text>}
            {fields.map((field, row) => {
              const invoice = open.find((i) => i.id === field.invoice);
              const number = invoice?.invoice_number ?? `Invoice ${field.invoice}`;
              return (
                <Flex key={field.id} gap="4" align="end" wrap="wrap" borderBottomWidth="1px" pb="3" data-testid="open-invoice">
                  <Box flex="1" minW="56">
                    <Text fontWeight="semibold">{number}</Text>
                    <Text color="fg.muted">
                      {invoice && `${formatDisplayDate(invoice.invoice_date)} · due ${formatDisplayDate(invoice.due_date)} · `}
                      Outstanding ₹ {formatIndian(field.outstanding)}
                    </Text>
                  </Box>
                  <Box w={{ base: 'full', md: '56' }}>
                    <TextField label={`Allocate to ${number}`} size="lg" inputMode="decimal" registration={register(`allocations.${row}.amount`)} error={errors.allocations?.[row]?.amount} />
                  </Box>
                </Flex>
              );
            })}
            {allocationsError && <Failure text={allocationsError} />}
            <HStack gap="6" wrap="wrap" justify="end" data-testid="receipt-split">
              <Text>Allocated ₹ {formatIndian(allocated)}</Text>
              <Text fontWeight="semibold">{sign(rest) < 0 ? `Over-allocated by ₹ ${formatIndian(sub(allocated, orZero(amount)))}` : `Unallocated (advance) ₹ ${formatIndian(rest)}`}</Text>
            </HStack>
          </Stack>

          <TextAreaField label="Remarks" rows={2} registration={register('remarks')} error={errors.remarks} />
          {problem && <Failure text={problem} />}
          <Box position="sticky" bottom="0" bg="bg" py="3">
            <ScreenFormActions save="Save receipt" saving={formState.isSubmitting} onCancel={onDone} />
          </Box>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
