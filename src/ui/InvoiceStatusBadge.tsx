import { Badge } from '@chakra-ui/react';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../domain/invoice';
import { labelOf } from '../../domain/options';

/** The colour of each invoice status: grey a draft, teal issued, blue with the customer, yellow part paid, green paid, red cancelled or void. */
const INVOICE_STATUS_PALETTE: Readonly<Record<InvoiceStatus, string>> = {
  draft: 'gray',
  approved: 'teal',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  cancelled: 'red',
  void: 'red',
};

/** An invoice's status as a badge (the invoices screens and the customer's record). */
export function InvoiceStatusBadge({ status, size = 'md' }: { status: InvoiceStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge size={size} colorPalette={INVOICE_STATUS_PALETTE[status]}>
      {labelOf(INVOICE_STATUSES, status)}
    </Badge>
  );
}
