import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useForm, type DefaultValues, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Field, Heading, NativeSelect } from '@chakra-ui/react';
import type { z } from 'zod';
import { displayDateInput, isoDateSchema } from '../../../domain/entity';
import { JOB_ORDER_EXPENSE_CATEGORIES, JOB_ORDER_EXPENSE_MESSAGES, jobOrderExpenseCreateSchema, jobOrderExpenseEditable, type JobOrderExpense } from '../../../domain/job-order-expense';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { enqueue } from '../../data/outbox';
import { FormStack, TextAreaField, TextField, ScreenFormActions } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useCurrentRoute } from '../../ui/route';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { SAVED_OFFLINE, useExpense, useJobOrderOptions, type JobOrderOption } from './data';
import { createJobOrderExpense, updateJobOrderExpense } from '../../data/operations';

/** The form reads the date as people type it (DD-MM-YYYY) into the API's YYYY-MM-DD. */
const expenseFormSchema = jobOrderExpenseCreateSchema.extend({ expense_date: displayDateInput.pipe(isoDateSchema) });
type ExpenseInput = z.input<typeof expenseFormSchema>;
type ExpenseValues = z.output<typeof expenseFormSchema>;

/** A large dropdown for tablets, bound to the form. */
function BigSelect({ label, error, registration, placeholder, children }: { label: string; error?: string; registration: UseFormRegisterReturn; placeholder: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field aria-label={label} {...registration}>
          <option value="">{placeholder}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The form itself, mounted once its job orders (and the expense being edited) are read, so its first values stand. */
function ExpenseForm({ editing, initial, jobOrders, title }: { editing: JobOrderExpense | null; initial: DefaultValues<ExpenseInput>; jobOrders: readonly JobOrderOption[]; title: string }) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<ExpenseInput, unknown, ExpenseValues>({ resolver: zodResolver(expenseFormSchema), defaultValues: initial });
  const errors = formState.errors;
  useUnsavedChanges(formState.isDirty && !formState.isSubmitSuccessful);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) await enqueue(updateJobOrderExpense, { ...values, id: editing.id, expected_version: editing.version });
      else await enqueue(createJobOrderExpense, values);
      notify({ type: 'positive', message: editing ? JOB_ORDER_EXPENSE_MESSAGES.updated : JOB_ORDER_EXPENSE_MESSAGES.created, ...(navigator.onLine ? {} : { caption: SAVED_OFFLINE }) });
      navigate(pathOf('job-expenses-home'));
    } catch (error) {
      notify({ type: 'negative', message: editing ? JOB_ORDER_EXPENSE_MESSAGES.updateFailed : JOB_ORDER_EXPENSE_MESSAGES.createFailed, caption: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <FormStack maxW="3xl" onSubmit={onSubmit} aria-label={title}>
      <Heading size="2xl">{title}</Heading>
      <BigSelect
        label="Job order"
        placeholder="Choose a job order"
        error={errors.job_order?.message}
        registration={register('job_order', { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) })}
      >
        {jobOrders.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </BigSelect>
      <BigSelect label="Category" placeholder="Choose a category" error={errors.expense_category?.message} registration={register('expense_category', { setValueAs: emptyToUndefined })}>
        {JOB_ORDER_EXPENSE_CATEGORIES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </BigSelect>
      <TextField label="Date" required size="lg" placeholder="DD-MM-YYYY" inputMode="numeric" registration={register('expense_date')} error={errors.expense_date} />
      <TextField label="Amount (₹)" required size="lg" inputMode="decimal" registration={register('amount')} error={errors.amount} />
      <TextAreaField label="Description" size="lg" maxLength={500} registration={register('description')} error={errors.description} />
      <ScreenFormActions save={editing ? 'Save changes' : 'Save expense'} saving={formState.isSubmitting} onCancel={() => navigate(pathOf('job-expenses-home'))} />
    </FormStack>
  );
}

/**
 * job-expense-create: an expense of an open job order (what, when, how much), saved through the
 * outbox so a foreman on site records it with no connection. With `?expense={id}` it edits a
 * pending or rejected expense instead; `?job_order={id}` preselects the job order.
 */
export default function JobExpenseCreateScreen() {
  const route = useCurrentRoute();
  const [search] = useSearchParams();
  const editingId = search.get('expense') ? Number(search.get('expense')) : null;
  const preselected = search.get('job_order') ? Number(search.get('job_order')) : undefined;
  const editing = useExpense(editingId);
  const jobOrders = useJobOrderOptions(true);

  if (editingId !== null && editing === null) return <Heading size="xl">This expense is not on this device.</Heading>;
  if (jobOrders === undefined || (editingId !== null && editing === undefined)) return null;
  if (editing && !jobOrderExpenseEditable(editing))
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{JOB_ORDER_EXPENSE_MESSAGES.approvedLocked}</Alert.Title>
      </Alert.Root>
    );
  const initial = editing
    ? { job_order: editing.job_order, expense_category: editing.expense_category, description: editing.description, expense_date: formatDisplayDate(editing.expense_date), amount: editing.amount }
    : { job_order: preselected, description: '', expense_date: '', amount: '' };
  return <ExpenseForm editing={editing ?? null} initial={initial} jobOrders={jobOrders} title={editing ? 'Edit job expense' : (route?.title ?? 'New job expense')} />;
}
