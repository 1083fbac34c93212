import { Stack, Text } from '@chakra-ui/react';
import { add, compare, formatIndian } from '../../../domain/decimal';
import type { InvoiceView, PaymentSchedule } from '../../../domain/invoice';
import { businessToday, formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure } from '../../ui/connection';
import { Section, SimpleTable } from '../../ui/detail';
import { useInvoiceSchedule } from './api';

/** An instalment's state in words: paid on its day, overdue once its due date has passed, else due. */
function instalmentState(instalment: PaymentSchedule, today: string): string {
  if (instalment.is_paid) return instalment.paid_at ? `Paid on ${formatDisplayDate(instalment.paid_at)}` : 'Paid';
  return instalment.due_date < today ? 'Overdue' : 'Due';
}

/**
 * The payment schedule of an invoice (decisions 326, 327): its instalments with their due dates
 * and whether each is paid, read from the server, and how much of the total is not scheduled yet.
 */
export function InvoiceSchedule({ invoice }: { invoice: Pick<InvoiceView, 'id' | 'total_amount'> }) {
  const schedule = useInvoiceSchedule(invoice.id);
  const failure = readFailure(schedule);
  const today = businessToday();
  const instalments = schedule.data ?? [];
  const scheduled = instalments.reduce((total, i) => add(total, i.amount), '0');
  return (
    <Section title="Payment schedule">
      {!schedule.data ? (
        <Text color="fg.muted">{failure ?? 'Loading…'}</Text>
      ) : (
        <Stack gap="2">
          <SimpleTable
            label="Payment schedule"
            headers={['Due date', 'Amount (₹)', 'Status']}
            numeric={[1]}
            empty="No instalments: the invoice is due in full on its due date."
            rows={instalments.map((i) => [formatDisplayDate(i.due_date), formatIndian(i.amount), instalmentState(i, today)])}
          />
          {instalments.length > 0 && compare(scheduled, invoice.total_amount) !== 0 && (
            <Text color="fg.warning">
              ₹ {formatIndian(scheduled)} of ₹ {formatIndian(invoice.total_amount)} is scheduled: the instalments must add up to the total before the invoice is approved.
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}
