import type { ColumnDef } from '@tanstack/react-table';
import { Wrap } from '@chakra-ui/react';
import {
  JOB_ORDER_AGEING_BUCKETS,
  JOB_ORDER_BUCKETS,
  JOB_ORDER_STATUSES,
  jobOrderFilterQuerySchema,
  type JobOrderStatusWiseAgeingRow,
  type JobOrderStatusWiseDetailedRow,
} from '../../../domain/job-order';
import { pathOf, type RouteName } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import { formatIndian } from '../../../domain/decimal';
import { dateColumn, figure, linkColumn, numberColumn, optionColumn, textColumn, type ReportDef, type ReportRow } from '../../ui/ServerReport';
import type { ReportFilter } from '../../ui/ReportFilters';
import { secondary } from '../../ui/DataTable';
import { API } from '../../../domain/api-paths';
import { RowLink } from '../../ui/RowLink';

/** business-areas.md §8. */
export const CANCELLED_NOT_FOUND = 'Cancelled job orders not found';

const period: ReportFilter = { kind: 'period', from: 'start_date', to: 'end_date' };
const statusChoice: ReportFilter = { kind: 'choice', name: 'status', label: 'Status', all: 'All statuses', options: JOB_ORDER_STATUSES };
const bucketChoice: ReportFilter = { kind: 'choice', name: 'bucket', label: 'Bucket', all: 'All buckets', options: JOB_ORDER_BUCKETS };
const created = { fields: [period], query: jobOrderFilterQuerySchema };

const jobOrderLink = (detail: RouteName) => linkColumn('label', 'Job order', detail, 'id');
const customer = textColumn('customer_name', 'Customer');
const count = (key: string, header: string): ColumnDef<ReportRow, unknown> => ({ id: key, header, cell: ({ row }) => formatCount(row.original[key] as number), meta: { numeric: true } });

/** Closed job orders with their invoices; each layout opens its own detail. */
const closed = (detail: RouteName): ReportDef => ({
  path: API.jobOrders.closed,
  note: 'Job orders closed with their invoice, most recent first.',
  columns: [
    jobOrderLink(detail),
    customer,
    textColumn('invoice', 'Invoice'),
    secondary(dateColumn('invoice_date', 'Invoice date')),
    numberColumn('invoice_amount', 'Invoice amount'),
    numberColumn('total_value', 'Value'),
    secondary(dateColumn('closed_at', 'Closed on')),
    textColumn('closure_remarks', 'Closure remarks'),
  ],
  filter: created,
});

const valuation: ReportDef = {
  path: API.jobOrders.valuationBySalesExecutive,
  note: 'Per sales executive: how many job orders, their value, what is still open and what has been invoiced.',
  columns: [textColumn('sales_executive_name', 'Sales executive'), count('job_orders', 'Job orders'), numberColumn('total_value', 'Value'), numberColumn('open_value', 'Open'), numberColumn('invoiced_value', 'Invoiced')],
  filter: { fields: [period, statusChoice, bucketChoice], query: jobOrderFilterQuerySchema },
  unpaged: true,
  rowKey: ['sales_executive'],
};

const statusWiseDetailed: ReportDef = {
  path: API.jobOrders.statusWiseDetailed,
  note: 'Every status in the order the work goes, with its job orders, oldest first, and how many days old each is.',
  columns: [
    textColumn('status_label', 'Status'),
    count('count', 'Job orders'),
    numberColumn('total_value', 'Value'),
    {
      id: 'job_orders',
      header: 'Job orders (age in days)',
      cell: ({ row }) => (
        <Wrap gap="3">
          {(row.original as unknown as JobOrderStatusWiseDetailedRow).job_orders.map((j) => (
            <RowLink key={j.id} to={pathOf('job-order-detail', { id: j.id })}>{`${j.label} · ${j.customer_name} (${j.age_days})`}</RowLink>
          ))}
        </Wrap>
      ),
    },
  ],
  filter: { fields: [period, bucketChoice], query: jobOrderFilterQuerySchema },
  unpaged: true,
  rowKey: ['status'],
};

const ageingCell = (cell: { count: number; value: string }) => `${formatCount(cell.count)} · ${formatIndian(cell.value)}`;
const statusWiseAgeing: ReportDef = {
  path: API.jobOrders.statusWiseAgeing,
  note: 'Job orders still in work by status and by how many days ago they were created: how many, and their value.',
  columns: [
    textColumn('status_label', 'Status'),
    ...JOB_ORDER_AGEING_BUCKETS.map(
      (bucket): ColumnDef<ReportRow, unknown> => ({
        id: bucket.value,
        header: bucket.label,
        cell: ({ row }) => ageingCell((row.original as unknown as JobOrderStatusWiseAgeingRow).buckets[bucket.value]),
        meta: { numeric: true },
      }),
    ),
    { id: 'total', header: 'Total', cell: ({ row }) => ageingCell((row.original as unknown as JobOrderStatusWiseAgeingRow).total), meta: { numeric: true } },
  ],
  filter: { fields: [period, bucketChoice], query: jobOrderFilterQuerySchema },
  unpaged: true,
  rowKey: ['status'],
};

const profitability: ReportDef = {
  path: API.jobOrders.profitability,
  note: 'Revenue (the invoice once closed, else the value) less the material consumed and the approved expenses, newest job order first.',
  columns: [
    linkColumn('label', 'Job order', 'profitability-details', 'job_order', 'jobOrderId'),
    customer,
    optionColumn('status', 'Status', JOB_ORDER_STATUSES),
    numberColumn('revenue', 'Revenue'),
    numberColumn('material_cost', 'Material'),
    numberColumn('expense_cost', 'Expenses'),
    numberColumn('total_cost', 'Cost'),
    numberColumn('margin', 'Margin'),
    numberColumn('margin_percent', 'Margin %'),
  ],
  figures: [
    figure('totals.revenue', 'Revenue'),
    figure('totals.total_cost', 'Cost'),
    figure('totals.margin', 'Margin'),
    figure('totals.margin_percent', 'Margin %'),
  ],
  filter: { fields: [period, statusChoice], query: jobOrderFilterQuerySchema },
  rowKey: ['job_order'],
};

/** The job order reports the server works out, by the route that shows them. */
export const REPORTS: Readonly<Record<string, ReportDef>> = {
  'jobs-cancelled': {
    path: API.jobOrders.cancelled,
    note: 'Job orders called off, with why. Their requisitions were settled before they were cancelled.',
    columns: [jobOrderLink('job-order-detail'), customer, optionColumn('status', 'Status when cancelled', JOB_ORDER_STATUSES), numberColumn('total_value', 'Value'), dateColumn('cancelled_at', 'Cancelled on'), textColumn('closure_remarks', 'Closure remarks')],
    filter: created,
    emptyNotice: CANCELLED_NOT_FOUND,
  },
  'jobs-closed': closed('job-order-detail'),
  'sales-closed': closed('job-order-detail'),
  'accounts-closed': closed('accounts-job-detail'),
  'jobs-valuation': valuation,
  'sales-valuation': valuation,
  'jobs-statuswise-detailed': statusWiseDetailed,
  'jobs-statuswise-ageing': statusWiseAgeing,
  'profitability-report': profitability,
};

/** What the reports area lists under job orders. */
export const JOB_ORDER_REPORT_LINKS: readonly RouteName[] = ['jobs-valuation', 'jobs-statuswise-detailed', 'jobs-statuswise-ageing', 'profitability-report', 'jobs-closed', 'jobs-cancelled'];
