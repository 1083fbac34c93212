import { abs, compare, formatIndian } from '../../../domain/decimal';
import { pathOf } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import type { SalesDashboard } from '../../../domain/sales-dashboard';

/** A big figure of sales-dash: what it counts, the line under it, and where its work is done. */
export interface SalesTile {
  key: string;
  label: string;
  value: (d: SalesDashboard) => string;
  help: (d: SalesDashboard) => string;
  /** Coloured when it asks for action. */
  alert?: (d: SalesDashboard) => boolean;
  to?: string;
}

const rupees = (value: string) => `₹ ${formatIndian(value)}`;
/** The leads list opened on one display filter. */
export const leadsUnderFilter = (filter: string) => `${pathOf('leads-home')}?filter=${filter}`;

/** This month's order value against last month's, in words. */
export function monthChange(d: SalesDashboard): string {
  const change = d.figures.orders_value_change;
  const side = compare(change, '0');
  if (side === 0) return `Same as last month (${rupees(d.figures.last_month.orders_value)})`;
  return `${side > 0 ? 'Up' : 'Down'} ${rupees(abs(change))} on last month (${rupees(d.figures.last_month.orders_value)})`;
}

/** In the order a sales executive acts on them: today's calls first (docs/decisions.md SD). */
export const SALES_TILES: readonly SalesTile[] = [
  {
    key: 'followupsToday',
    label: "Today's follow-ups",
    value: (d) => formatCount(d.figures.followups_today),
    help: () => 'Open leads to call today',
    alert: (d) => d.figures.followups_today > 0,
    to: leadsUnderFilter('todays'),
  },
  {
    key: 'followupsMissed',
    label: 'Missed follow-ups',
    value: (d) => formatCount(d.figures.followups_missed),
    help: () => 'Open leads whose follow-up day has passed',
    alert: (d) => d.figures.followups_missed > 0,
    to: leadsUnderFilter('missed'),
  },
  {
    key: 'notActioned',
    label: 'Not actioned',
    value: (d) => formatCount(d.figures.not_actioned),
    help: () => 'Leads from before today with no remark yet',
    alert: (d) => d.figures.not_actioned > 0,
    to: leadsUnderFilter('not_actioned'),
  },
  {
    key: 'quotationsAwaiting',
    label: 'Quotations awaiting an answer',
    value: (d) => formatCount(d.figures.quotations_awaiting.count),
    help: (d) => `${rupees(d.figures.quotations_awaiting.value)} sent, not yet accepted or rejected`,
    to: pathOf('sales-quotations'),
  },
  {
    key: 'openOrders',
    label: 'Open orders',
    value: (d) => formatCount(d.figures.open_orders.count),
    help: (d) => `${rupees(d.figures.open_orders.value)} not yet completed`,
    to: pathOf('sales-orders'),
  },
  {
    key: 'pendingAdvance',
    label: 'Advances pending',
    value: (d) => formatCount(d.figures.pending_advance.count),
    help: (d) => `Accepted orders worth ${rupees(d.figures.pending_advance.value)}`,
    alert: (d) => d.figures.pending_advance.count > 0,
    to: `${pathOf('sales-orders')}?advance_pending=true`,
  },
  {
    key: 'ordersThisMonth',
    label: 'Orders this month',
    value: (d) => rupees(d.figures.this_month.orders_value),
    help: (d) => `${formatCount(d.figures.this_month.orders_count)} orders · ${monthChange(d)}`,
  },
  {
    key: 'quotationsThisMonth',
    label: 'Quotations this month',
    value: (d) => formatCount(d.figures.this_month.quotations_count),
    help: (d) => `${formatCount(d.figures.last_month.quotations_count)} last month`,
  },
];
