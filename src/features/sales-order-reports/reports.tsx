import { API } from '../../../domain/api-paths';
import { SALES_ORDER_STATUSES, type SalesOrderDashboard } from '../../../domain/sales-order';
import { salesOrderReportQuerySchema } from '../../../domain/sales-order-report';
import type { RouteName } from '../../../domain/routes';
import type { ReportFilter } from '../../ui/ReportFilters';
import { countColumn, dateColumn, drillColumn, figure, isTotalsRow, linkColumn, numberColumn, optionColumn, textColumn, type ReportDef, type ReportDrill, type ReportRow } from '../../ui/ServerReport';
import { secondary } from '../../ui/DataTable';

/** The order date's period, the last year until the user changes it. */
const period: ReportFilter = { kind: 'period', from: 'date_from', to: 'date_to', lastDays: 365 };
const filter = { fields: [period], query: salesOrderReportQuerySchema };
/** A row's value opens the orders behind it, named by `param` from the row's key (the totals row opens none). */
const value = (param: 'status' | 'customer' | 'month') => drillColumn('total_value', 'Value', 'number', (row: ReportRow) => (isTotalsRow(row) ? null : { [param]: String(row.key) }));

const orderColumns = [
  linkColumn('label', 'Sales order', 'sales-order-detail', 'sales_order'),
  textColumn('customer_name', 'Customer'),
  optionColumn('status', 'Status', SALES_ORDER_STATUSES),
  secondary(dateColumn('order_date', 'Order date')),
  dateColumn('expected_delivery_date', 'Expected delivery'),
];

/** The orders behind a figure of the status, customer and month reports, in the figure's period. */
const ordersBehind: ReportDrill = {
  title: 'Orders behind the figure',
  params: ['status', 'customer', 'month'],
  carry: ['date_from', 'date_to'],
  report: {
    path: API.salesOrders.reports.orders,
    note: 'The orders the figure adds up.',
    columns: [...orderColumns, numberColumn('total_order_value', 'Value')],
    rowKey: ['key'],
  },
};

const status: ReportDef = {
  path: API.salesOrders.reports.status,
  note: 'Every order dated in the period by its status, in the order the work goes. A value opens the orders behind it.',
  columns: [textColumn('label', 'Status'), countColumn('orders', 'Orders'), value('status')],
  filter,
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'pie', label: 'Order value by status', category: 'label', series: [{ key: 'total_value', label: 'Value' }] },
  drill: ordersBehind,
};

const customers: ReportDef = {
  path: API.salesOrders.reports.customers,
  note: 'Orders booked in the period (neither draft nor cancelled) by customer, the largest first. A value opens the orders behind it.',
  columns: [linkColumn('label', 'Customer', 'customer-detail', 'customer'), countColumn('orders', 'Orders'), value('customer')],
  filter,
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'bar', label: 'Order value by customer', category: 'label', series: [{ key: 'total_value', label: 'Value' }] },
  drill: ordersBehind,
};

const analysis: ReportDef = {
  path: API.salesOrders.reports.analysis,
  note: 'Orders booked (neither draft nor cancelled) by the month of their order date. A value opens the orders behind it.',
  columns: [textColumn('label', 'Month'), countColumn('orders', 'Orders'), value('month')],
  filter,
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'line', label: 'Orders booked by month', category: 'label', series: [{ key: 'total_value', label: 'Value' }] },
  drill: ordersBehind,
};


const pendingAdvance: ReportDef = {
  path: API.salesOrders.reports.pendingAdvance,
  note: 'Accepted orders whose advance is still awaited from the customer.',
  columns: [...orderColumns, numberColumn('total_order_value', 'Value'), numberColumn('advance_amount', 'Advance')],
  filter,
  rowKey: ['key'],
};

const overdue: ReportDef = {
  path: API.salesOrders.reports.overdue,
  note: 'Orders whose expected delivery date has passed and that are neither completed nor cancelled, the latest first.',
  columns: [...orderColumns, countColumn('days_overdue', 'Days late'), numberColumn('total_order_value', 'Value')],
  filter,
  rowKey: ['key'],
};

const profitability: ReportDef = {
  path: API.salesOrders.reports.profitability,
  note: 'Each order booked in the period: its value before tax, what its invoices and those of its job orders bill before tax, what its job orders cost (material issued and approved expenses), and the margin on its value.',
  columns: [
    linkColumn('label', 'Sales order', 'sales-order-detail', 'sales_order'),
    textColumn('customer_name', 'Customer'),
    secondary(dateColumn('order_date', 'Order date')),
    numberColumn('order_value', 'Value'),
    numberColumn('invoiced', 'Invoiced'),
    secondary(numberColumn('material_cost', 'Material')),
    secondary(numberColumn('expense_cost', 'Expenses')),
    numberColumn('total_cost', 'Cost'),
    numberColumn('margin', 'Margin'),
    numberColumn('margin_percent', 'Margin %'),
  ],
  filter,
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'bar', label: 'Value and cost by order', category: 'label', series: [{ key: 'order_value', label: 'Value' }, { key: 'total_cost', label: 'Cost' }] },
};

/** The sales desk's figures today (the orders the user's figures cover) and the orders by status. */
const dashboard: ReportDef = {
  path: API.salesOrders.dashboardStats,
  note: 'Order value (cancelled left out), this month against last, overdue orders and advances awaited, and the orders by status.',
  columns: [textColumn('label', 'Status'), countColumn('count', 'Orders'), numberColumn('value', 'Value')],
  figures: [
    figure('total_value', 'Order value'),
    figure('this_month_value', 'This month'),
    figure('last_month_value', 'Last month'),
    figure('overdue_count', 'Overdue orders', 'count'),
    figure('pending_advance_value', 'Advance awaited on'),
  ],
  select: (answer: SalesOrderDashboard) => ({ ...answer, count: answer.by_status.length, results: answer.by_status.map((row) => ({ ...row, key: row.status })) }),
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'bar', label: 'Orders by status', category: 'label', series: [{ key: 'value', label: 'Value' }] },
};

/** The sales order reports by the route that shows them. */
export const REPORTS: Readonly<Partial<Record<RouteName, ReportDef>>> = {
  'sales-orders-reports-dashboard': dashboard,
  'sales-orders-reports-analysis': analysis,
  'sales-orders-reports-status': status,
  'sales-orders-reports-customers': customers,
  'sales-orders-reports-profitability': profitability,
  'sales-orders-pending-advance': pendingAdvance,
  'sales-orders-overdue': overdue,
};

/** The sales order reports' landing, in this order. */
export const SALES_ORDER_REPORT_LINKS: readonly RouteName[] = ['sales-orders-reports-dashboard', 'sales-orders-reports-analysis', 'sales-orders-reports-status', 'sales-orders-reports-customers', 'sales-orders-reports-profitability', 'sales-orders-pending-advance', 'sales-orders-overdue'];
