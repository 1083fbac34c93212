import { Text } from '@chakra-ui/react';
import { formatIndian, sum } from '../../../domain/decimal';
import { INVOICE_RECEIVABLE_STATUSES, type InvoiceView } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { RECEIPT_MODES } from '../../../domain/receipt';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { readFailure } from '../../ui/connection';
import { SimpleTable } from '../../ui/detail';
import { INVOICE_FAILURES, useInvoicePayments } from './api';

/**
 * The payments received against the invoice: each receipt's allocation to it (its day, mode,
 * reference and the amount applied here), what they add up to and, while it is owed, what is outstanding.
 */
export function PaymentsReceived({ invoice }: { invoice: InvoiceView }) {
  const payments = useInvoicePayments(invoice, true);
  const failure = readFailure(payments);
  if (!payments.data) return <Text color="fg.muted">{failure ? `${INVOICE_FAILURES.payments}: ${failure}` : 'Loading…'}</Text>;
  return (
    <>
      <SimpleTable
        label="Payments received"
        headers={['Receipt', 'Received on', 'Mode', 'Reference', 'Applied here (₹)']}
        numeric={[4]}
        empty="No payments received yet."
        rows={payments.data.map(({ receipt, amount }) => [`Receipt ${receipt.id}`, formatDisplayDate(receipt.receipt_date), labelOf(RECEIPT_MODES, receipt.mode), receipt.reference || '—', formatIndian(amount)])}
      />
      <Text data-testid="payments-balance">
        Received ₹ {formatIndian(sum(payments.data.map((p) => p.amount)))} of ₹ {formatIndian(invoice.total_amount)}
        {INVOICE_RECEIVABLE_STATUSES.includes(invoice.status) && `; outstanding ₹ ${formatIndian(invoice.outstanding_amount)}`}.
      </Text>
    </>
  );
}
