import { Badge } from '@chakra-ui/react';
import { SALES_ORDER_STATUSES, type SalesOrderStatus } from '../../domain/sales-order';

/**
 * The spec's colour names (Quasar's) as Chakra palettes; positive and negative are Quasar's
 * strong green and red, shown solid so Completed stands apart from Accepted's green.
 */
const PALETTE: Readonly<Record<(typeof SALES_ORDER_STATUSES)[number]['color'], { palette: string; variant: 'subtle' | 'solid' }>> = {
  grey: { palette: 'gray', variant: 'subtle' },
  blue: { palette: 'blue', variant: 'subtle' },
  green: { palette: 'green', variant: 'subtle' },
  orange: { palette: 'orange', variant: 'subtle' },
  positive: { palette: 'green', variant: 'solid' },
  negative: { palette: 'red', variant: 'solid' },
};

const statusOf = (status: SalesOrderStatus) => SALES_ORDER_STATUSES.find((s) => s.value === status)!;

export const salesOrderStatusLabel = (status: SalesOrderStatus) => statusOf(status).label;

/** The Chakra palette and variant of a status's badge. */
export const statusBadgeStyle = (status: SalesOrderStatus) => PALETTE[statusOf(status).color];

/** A sales order's status as a badge in the spec's colour (business-areas.md §4). */
export function SalesOrderStatusBadge({ status, size = 'md' }: { status: SalesOrderStatus; size?: 'md' | 'lg' }) {
  const { palette, variant } = statusBadgeStyle(status);
  return (
    <Badge colorPalette={palette} variant={variant} size={size} data-status={status}>
      {salesOrderStatusLabel(status)}
    </Badge>
  );
}
