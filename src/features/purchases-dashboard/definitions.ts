import type { PurchasesDashboard } from '../../../domain/dashboard';
import { pathOf } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import { formatIndian } from '../../../domain/decimal';

/** A big figure of purchases-dash: what it counts, the line under it, and where its work is done. */
export interface PurchasesTile {
  key: string;
  label: string;
  value: (d: PurchasesDashboard) => string;
  help: (d: PurchasesDashboard) => string;
  /** Coloured when it asks for action. */
  alert?: (d: PurchasesDashboard) => boolean;
  to?: string;
}

const days = (n: number) => `${formatCount(n)} day${n === 1 ? '' : 's'}`;

/** In the order a stores or purchase desk acts on them (docs/decisions.md 130). */
export const PURCHASES_TILES: readonly PurchasesTile[] = [
  {
    key: 'storesQueue',
    label: 'Waiting for stores',
    value: (d) => formatCount(d.stores_queue.count),
    help: (d) => (d.stores_queue.results[0] ? `First in line waiting ${days(d.stores_queue.results[0].days_waiting)}` : 'Requisitions stores may issue against now'),
    alert: (d) => d.stores_queue.count > 0,
    to: pathOf('stores-requisitions'),
  },
  {
    key: 'reorder',
    label: 'To reorder',
    value: (d) => formatCount(d.reorder.count),
    help: () => 'Materials at or below reorder level',
    alert: (d) => d.reorder.count > 0,
    to: pathOf('material-reorder'),
  },
  {
    key: 'adjustments',
    label: 'Adjustments to approve',
    value: (d) => formatCount(d.adjustments_awaiting_approval),
    help: () => 'Stock corrections waiting for a decision',
    alert: (d) => d.adjustments_awaiting_approval > 0,
    to: pathOf('stock-adjustments-home'),
  },
  {
    key: 'lposPending',
    label: 'LPOs awaiting goods',
    value: (d) => formatCount(d.lpos_pending_receipt.count),
    help: (d) => `₹ ${formatIndian(d.lpos_pending_receipt.value)} still to come · ${formatCount(d.lpos_pending_receipt.overdue)} past expected date`,
    alert: (d) => d.lpos_pending_receipt.overdue > 0,
  },
  { key: 'issuedToday', label: 'Issued today', value: (d) => formatCount(d.issued_today), help: () => 'Material lines issued', to: pathOf('material-issued-today') },
  {
    key: 'receipts',
    label: 'Received this month',
    value: (d) => `₹ ${formatIndian(d.receipts_this_month.value)}`,
    help: (d) => `${formatCount(d.receipts_this_month.lines)} receipt lines · ${formatCount(d.receipts_this_month.gras)} GRAs`,
  },
  { key: 'stockValue', label: 'Stock value', value: (d) => `₹ ${formatIndian(d.stock_value)}`, help: () => 'On hand at average cost' },
];
