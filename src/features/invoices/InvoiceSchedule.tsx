import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { add, compare, formatIndian, sign, sub, toMoney } from '../../../domain/decimal';
import { invoiceActionRefusal, type InvoiceView, type PaymentSchedule } from '../../../domain/invoice';
import { instalmentChangeRefusal } from '../../../domain/invoice-schedule';
import { can } from '../../../domain/permissions';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import { readFailure, refusedOffline } from '../../ui/connection';
import { Section, SimpleTable } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { MarkPaidDialog } from './action-dialogs';
import { createInstalment, deleteInstalment, INVOICE_FAILURES, markInstalmentPaid, updateInstalment, useInvoiceSchedule } from './api';
import { invoiceTitle } from './parts';
import { AddInstalmentDialog, ChangeInstalmentDialog } from './schedule-dialogs';
import { takeStep } from './steps';

export const SCHEDULE_NOTICES = {
  added: 'Instalment added.',
  changed: 'Instalment saved.',
  removed: 'Instalment removed.',
  paid: 'Instalment marked paid: a receipt of what was owed through it is recorded.',
} as const;

/** An instalment's state in words: paid on its day, overdue once its due date has passed, else due. */
function instalmentState(instalment: PaymentSchedule, today: string): string {
  if (instalment.is_paid) return instalment.paid_at ? `Paid on ${formatDisplayDate(instalment.paid_at)}` : 'Paid';
  return instalment.due_date < today ? 'Overdue' : 'Due';
}

type Open = { step: 'add' } | { step: 'change' | 'markPaid'; instalment: PaymentSchedule } | null;

/**
 * The payment schedule of an invoice (decisions 326, 327): its instalments with their due dates
 * and whether each is paid, and how much of the total is not scheduled yet. Holders of
 * invoices.write add, change and remove a draft's instalments and move an issued invoice's unpaid
 * one to another due date (instalmentChangeRefusal); holders of receipts.write mark one paid.
 */
export function InvoiceSchedule({ invoice, user }: { invoice: InvoiceView; user: User | null }) {
  const queryClient = useQueryClient();
  const schedule = useInvoiceSchedule(invoice.id);
  const [open, setOpen] = useState<Open>(null);
  const failure = readFailure(schedule);
  const today = businessToday();
  const instalments = schedule.data ?? [];
  const scheduled = instalments.reduce((total, i) => add(total, i.amount), '0');
  const left = toMoney(sub(invoice.total_amount, scheduled));
  const mayWrite = can(user, 'invoices.write');
  const mayAdd = mayWrite && invoiceActionRefusal('edit', invoice.status) === null;
  const mayReceive = can(user, 'receipts.write') && mayWrite && invoiceActionRefusal('receive', invoice.status) === null;
  const step = (next: Exclude<Open, null>) => () => {
    if (!refusedOffline()) setOpen(next);
  };
  const close = () => setOpen(null);
  const remove = async (instalment: PaymentSchedule) => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: 'Remove the instalment?', message: `₹ ${formatIndian(instalment.amount)} due ${formatDisplayDate(instalment.due_date)}.`, okLabel: 'Remove', cancelLabel: 'Keep it', type: 'negative' });
    if (ok) await takeStep(queryClient, invoice.id, () => deleteInstalment(instalment), INVOICE_FAILURES.deleteInstalment, () => SCHEDULE_NOTICES.removed);
  };
  const stepsOf = (i: PaymentSchedule) => (
    <HStack key={i.id} gap="2" wrap="wrap">
      {mayWrite && instalmentChangeRefusal(invoice.status, i, {}) === null && (
        <Button size="sm" minH="11" variant="outline" onClick={step({ step: 'change', instalment: i })}>
          Change
        </Button>
      )}
      {mayWrite && instalmentChangeRefusal(invoice.status, i, 'delete') === null && (
        <Button size="sm" minH="11" variant="outline" colorPalette="red" onClick={() => void remove(i)}>
          Remove
        </Button>
      )}
      {mayReceive && !i.is_paid && (
        <Button size="sm" minH="11" onClick={step({ step: 'markPaid', instalment: i })}>
          Mark paid
        </Button>
      )}
    </HStack>
  );
  return (
    <Section title="Payment schedule">
      {!schedule.data ? (
        <Text color="fg.muted">{failure ?? 'Loading…'}</Text>
      ) : (
        <Stack gap="2">
          <SimpleTable
            label="Payment schedule"
            headers={['Due date', 'Amount (₹)', 'Status', ...(mayWrite ? [''] : [])]}
            numeric={[1]}
            empty="No instalments: the invoice is due in full on its due date."
            rows={instalments.map((i) => [formatDisplayDate(i.due_date), formatIndian(i.amount), instalmentState(i, today), ...(mayWrite ? [stepsOf(i)] : [])])}
          />
          {instalments.length > 0 && compare(scheduled, invoice.total_amount) !== 0 && (
            <Text color="fg.warning">
              ₹ {formatIndian(scheduled)} of ₹ {formatIndian(invoice.total_amount)} is scheduled: the instalments must add up to the total before the invoice is approved.
            </Text>
          )}
          {mayAdd && (
            <HStack gap="3" wrap="wrap">
              <Text data-testid="left-to-schedule">₹ {formatIndian(left)} left to schedule.</Text>
              {sign(left) > 0 && (
                <Button size="lg" minH="11" variant="outline" onClick={step({ step: 'add' })}>
                  Add instalment
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      )}
      {open?.step === 'add' && (
        <AddInstalmentDialog invoice={invoice.id} left={left} onClose={close} onSubmit={(instalment) => takeStep(queryClient, invoice.id, () => createInstalment(instalment), INVOICE_FAILURES.schedule, () => SCHEDULE_NOTICES.added)} />
      )}
      {open?.step === 'change' && (
        <ChangeInstalmentDialog
          instalment={open.instalment}
          amount={instalmentChangeRefusal(invoice.status, open.instalment, { amount: open.instalment.amount }) === null}
          onClose={close}
          onSubmit={(changes) => takeStep(queryClient, invoice.id, () => updateInstalment(open.instalment, changes), INVOICE_FAILURES.schedule, () => SCHEDULE_NOTICES.changed)}
        />
      )}
      {open?.step === 'markPaid' && (
        <MarkPaidDialog
          invoice={invoice}
          title={`the instalment due ${formatDisplayDate(open.instalment.due_date)} of ${invoiceTitle(invoice)}`}
          message={`What is still owed through this instalment (₹ ${formatIndian(open.instalment.amount)}) is recorded as received, as one receipt against the invoice; earlier unpaid instalments are paid first.`}
          onClose={close}
          onSubmit={(payment) => takeStep(queryClient, invoice.id, () => markInstalmentPaid(open.instalment, payment), INVOICE_FAILURES.markInstalmentPaid, () => SCHEDULE_NOTICES.paid)}
        />
      )}
    </Section>
  );
}
