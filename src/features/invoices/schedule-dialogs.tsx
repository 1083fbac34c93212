import { Input } from '@chakra-ui/react';
import { z } from 'zod';
import { formatIndian } from '../../../domain/decimal';
import { displayDateInput } from '../../../domain/entity';
import { paymentScheduleCreateSchema, paymentScheduleUpdateSchema, type PaymentSchedule, type PaymentScheduleCreate, type PaymentScheduleUpdate } from '../../../domain/invoice';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { DATE_TYPING } from '../../ui/form';
import { DialogField, StepDialog, useDialogForm, type StepOutcome } from './action-dialogs';

/** The due date typed DD-MM-YYYY and the amount, as the instalment calls take them. */
const typedInstalment = z.object({ due_date: displayDateInput, amount: z.string() }).transform((typed) => ({ due_date: typed.due_date ?? '', amount: typed.amount }));

/** Add an instalment to a draft: its due date and amount, with what is left to schedule said. */
export function AddInstalmentDialog({ invoice, left, onSubmit, onClose }: { invoice: number; left: string; onSubmit: (instalment: PaymentScheduleCreate) => Promise<StepOutcome>; onClose: () => void }) {
  const form = useDialogForm(typedInstalment.transform((typed): PaymentScheduleCreate => ({ ...typed, invoice })).pipe(paymentScheduleCreateSchema), { due_date: '', amount: left });
  return (
    <StepDialog title="Add an instalment" message={`₹ ${formatIndian(left)} of the invoice's total is left to schedule.`} okLabel="Add instalment" form={form} onSubmit={onSubmit} onClose={onClose}>
      <InstalmentFields form={form} amount />
    </StepDialog>
  );
}

/**
 * Change an instalment: a draft's due date and amount; an issued invoice's unpaid instalment only
 * moves its due date (`amount` false; decision 326).
 */
export function ChangeInstalmentDialog({ instalment, amount, onSubmit, onClose }: { instalment: PaymentSchedule; amount: boolean; onSubmit: (changes: PaymentScheduleUpdate) => Promise<StepOutcome>; onClose: () => void }) {
  const schema = typedInstalment.transform((typed): PaymentScheduleUpdate => (amount ? typed : { due_date: typed.due_date })).pipe(paymentScheduleUpdateSchema);
  const form = useDialogForm(schema, { due_date: formatDisplayDate(instalment.due_date), amount: instalment.amount });
  return (
    <StepDialog
      title={`Change the instalment due ${formatDisplayDate(instalment.due_date)}`}
      message={amount ? 'Its due date and amount, while the invoice is a draft.' : 'The invoice is issued: its instalments keep their amounts, an unpaid one may fall due on another day.'}
      okLabel="Save instalment"
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <InstalmentFields form={form} amount={amount} />
    </StepDialog>
  );
}

function InstalmentFields({ form, amount }: { form: ReturnType<typeof useDialogForm>; amount: boolean }) {
  return (
    <>
      <DialogField label="Due date" required message={form.messageOf('due_date')}>
        <Input size="lg" {...DATE_TYPING} autoFocus value={form.values.due_date} onChange={(e) => form.set('due_date')(e.target.value)} />
      </DialogField>
      {amount && (
        <DialogField label="Amount (₹)" required message={form.messageOf('amount')}>
          <Input size="lg" inputMode="decimal" value={form.values.amount} onChange={(e) => form.set('amount')(e.target.value)} />
        </DialogField>
      )}
    </>
  );
}
