import { Badge } from '@chakra-ui/react';
import { labelOf } from '../../domain/options';
import { QUOTATION_STATUSES, type QuotationStatus } from '../../domain/quotation';

/** Draft grey, Sent blue (awaiting the customer), Accepted green, Rejected red: the sales orders' palette (decision 208). */
const PALETTE: Readonly<Record<QuotationStatus, string>> = { draft: 'gray', sent: 'blue', accepted: 'green', rejected: 'red' };

export const quotationStatusLabel = (status: QuotationStatus) => labelOf(QUOTATION_STATUSES, status);

/** A quotation's status as a badge. */
export function QuotationStatusBadge({ status, size = 'md' }: { status: QuotationStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge colorPalette={PALETTE[status]} size={size} data-status={status}>
      {quotationStatusLabel(status)}
    </Badge>
  );
}
