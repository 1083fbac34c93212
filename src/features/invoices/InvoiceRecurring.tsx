import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { displayDateInput } from '../../../domain/entity';
import { INVOICE_UNISSUED_STATUSES, RECURRING_FREQUENCIES, type InvoiceView } from '../../../domain/invoice';
import { recurringCreateSchema, type RecurringCreate, type RecurringRow } from '../../../domain/invoice-schedule';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import { readFailure, refusedOffline } from '../../ui/connection';
import { Facts, Section } from '../../ui/detail';
import { openDialog } from '../../ui/dialog';
import { DATE_TYPING, SelectOptions } from '../../ui/form';
import { DialogField, StepDialog, useDialogForm, type StepOutcome } from './action-dialogs';
import { createRecurring, INVOICE_FAILURES, stopRecurring, useRecurringOf } from './api';
import { invoiceTitle } from './parts';
import { takeStep } from './steps';

export const RECURRING_NOTICES = {
  created: (next: string) => `The invoice repeats: the first copy is raised on ${formatDisplayDate(next)}.`,
  stopped: 'The recurring invoice is stopped: no more copies are raised.',
} as const;

/** The typed setup: start and end dates DD-MM-YYYY, the count as digits (empty: none). */
const recurringFormSchema = z
  .object({ frequency: z.string(), start_date: displayDateInput, end_date: displayDateInput, occurrences: z.string().trim() })
  .transform(
    (typed): RecurringCreate => ({
      frequency: typed.frequency as RecurringCreate['frequency'],
      start_date: typed.start_date ?? '',
      end_date: typed.end_date ?? null,
      occurrences: typed.occurrences === '' ? null : Number(typed.occurrences),
    }),
  )
  .pipe(recurringCreateSchema);

/** "Repeat this invoice": how often, from when, and until a date or a count (both optional). */
function RecurringDialog({ title, onSubmit, onClose }: { title: string; onSubmit: (setup: RecurringCreate) => Promise<StepOutcome>; onClose: () => void }) {
  const form = useDialogForm(recurringFormSchema, { frequency: 'monthly', start_date: formatDisplayDate(businessToday()), end_date: '', occurrences: '' });
  return (
    <StepDialog title={`Repeat ${title}`} message="A draft copy of this invoice is raised on the start date and then every period, until the end date or the count, or until stopped." okLabel="Repeat" form={form} onSubmit={onSubmit} onClose={onClose}>
      <DialogField label="Frequency" required message={form.messageOf('frequency')}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field value={form.values.frequency} onChange={(e) => form.set('frequency')(e.target.value)}>
            <SelectOptions blank={null} options={RECURRING_FREQUENCIES} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </DialogField>
      <DialogField label="Start date" required message={form.messageOf('start_date')}>
        <Input size="lg" {...DATE_TYPING} value={form.values.start_date} onChange={(e) => form.set('start_date')(e.target.value)} />
      </DialogField>
      <DialogField label="End date" helper="Optional: no copy after this day." message={form.messageOf('end_date')}>
        <Input size="lg" {...DATE_TYPING} value={form.values.end_date} onChange={(e) => form.set('end_date')(e.target.value)} />
      </DialogField>
      <DialogField label="Number of invoices" helper="Optional: stops after this many copies." message={form.messageOf('occurrences')}>
        <Input size="lg" inputMode="numeric" value={form.values.occurrences} onChange={(e) => form.set('occurrences')(e.target.value)} />
      </DialogField>
    </StepDialog>
  );
}

/** A setup's facts: how often, from when, until when, how many raised, next date or stopped. */
function SetupFacts({ setup }: { setup: RecurringRow }) {
  const until = [setup.end_date && `until ${formatDisplayDate(setup.end_date)}`, setup.occurrences !== null && `${setup.occurrences} invoices`].filter(Boolean).join(', ') || 'until stopped';
  return (
    <Facts
      facts={[
        ['Repeats', `${labelOf(RECURRING_FREQUENCIES, setup.frequency)} from ${formatDisplayDate(setup.start_date)}, ${until}`],
        ['State', setup.is_active ? `Active: next on ${formatDisplayDate(setup.next_date)}` : 'Stopped'],
        ['Raised so far', String(setup.invoices_raised)],
      ]}
    />
  );
}

/**
 * Recurring (decisions 327 to 329): an issued invoice's setups, each with its state and, while
 * active, Stop; with none active, "Repeat this invoice" for holders of invoices.write.
 */
export function InvoiceRecurring({ invoice, user }: { invoice: InvoiceView; user: User | null }) {
  const queryClient = useQueryClient();
  const setups = useRecurringOf(invoice.id);
  const [repeating, setRepeating] = useState(false);
  const failure = readFailure(setups);
  const mayWrite = can(user, 'invoices.write');
  const issued = !INVOICE_UNISSUED_STATUSES.includes(invoice.status);
  const active = setups.data?.find((s) => s.is_active);
  if (!issued && !setups.data?.length) return null;
  const stop = async (setup: RecurringRow) => {
    if (refusedOffline()) return;
    const ok = await openDialog({ title: 'Stop the recurring invoice?', message: 'No more copies of this invoice are raised; a stopped schedule is not started again.', okLabel: 'Stop', cancelLabel: 'Keep it', type: 'negative' });
    if (ok) await takeStep(queryClient, invoice.id, () => stopRecurring(setup), INVOICE_FAILURES.stopRecurring, () => RECURRING_NOTICES.stopped);
  };
  return (
    <Section title="Recurring">
      {!setups.data ? (
        <Text color="fg.muted">{failure ?? 'Loading…'}</Text>
      ) : (
        <Stack gap="3">
          {setups.data.length === 0 && <Text color="fg.muted">This invoice is not repeated.</Text>}
          {setups.data.map((setup) => (
            <Stack key={setup.id} gap="2">
              <SetupFacts setup={setup} />
              {setup.is_active && mayWrite && (
                <Button alignSelf="start" size="lg" minH="11" variant="outline" colorPalette="red" onClick={() => void stop(setup)}>
                  Stop repeating
                </Button>
              )}
            </Stack>
          ))}
          {issued && !active && mayWrite && (
            <HStack>
              <Button size="lg" minH="11" variant="outline" onClick={() => !refusedOffline() && setRepeating(true)}>
                Repeat this invoice
              </Button>
            </HStack>
          )}
        </Stack>
      )}
      {repeating && (
        <RecurringDialog
          title={invoiceTitle(invoice)}
          onClose={() => setRepeating(false)}
          onSubmit={(setup) => takeStep(queryClient, invoice.id, () => createRecurring(invoice.id, setup), INVOICE_FAILURES.recurring, (row) => RECURRING_NOTICES.created(row.next_date))}
        />
      )}
    </Section>
  );
}
