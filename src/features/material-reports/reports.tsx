import type { ColumnDef } from '@tanstack/react-table';
import { JOB_ORDER_STATUSES } from '../../../domain/job-order';
import { AGEING_BUCKETS, CONSUMPTION_GROUPINGS, consumptionReportQuerySchema, filterMaterialsQuerySchema, MATERIAL_EXPORT_COLUMNS, priceVarianceQuerySchema, type AgeingRow } from '../../../domain/material-report';
import { MATERIAL_UNITS } from '../../../domain/material';
import type { RouteName } from '../../../domain/routes';
import { formatIndian } from '../../../domain/decimal';
import { dateColumn, figure, linkColumn, numberColumn, optionColumn, textColumn, type ReportDef, type ReportRow } from '../../ui/ServerReport';
import { API } from '../../../domain/api-paths';

const unit = optionColumn('unit', 'Unit', MATERIAL_UNITS);
const materialLink = linkColumn('material_name', 'Material', 'material-detail', 'material');
const totalValue = figure('total_value', 'Total value');
const period = { kind: 'period', from: 'startDate', to: 'endDate' } as const;

const ageing: ReportDef = {
  path: API.materialReports.ageing,
  note: 'Stock on hand by how long ago it came in (first in, first out), valued at the average cost.',
  columns: [
    materialLink,
    unit,
    numberColumn('quantity', 'On hand'),
    ...AGEING_BUCKETS.map(
      (bucket): ColumnDef<ReportRow, unknown> => ({
        id: bucket.value,
        header: bucket.label,
        cell: ({ row }) => formatIndian((row.original as unknown as AgeingRow).buckets.find((b) => b.bucket === bucket.value)?.quantity ?? '0'),
        meta: { numeric: true },
      }),
    ),
    numberColumn('stock_value', 'Value'),
  ],
  figures: [totalValue],
};

/** The stock report shows the columns of the materials spreadsheet, so screen and sheet agree. */
const STOCK_COLUMNS: Readonly<Record<string, ColumnDef<ReportRow, unknown>>> = { name: linkColumn('name', 'Name', 'material-detail', 'id'), unit };

/** The material reports the server works out with its ledger arithmetic, by the route that shows them. */
export const REPORTS: Readonly<Partial<Record<RouteName, ReportDef>>> = {
  'material-reorder': {
    path: API.materialReports.reorder,
    note: 'Materials whose free stock (on hand less reservations) is at or below their reorder level.',
    columns: [
      linkColumn('name', 'Material', 'material-detail', 'id'),
      textColumn('category_name', 'Category'),
      unit,
      numberColumn('quantity', 'On hand'),
      numberColumn('reserved', 'Reserved'),
      numberColumn('available', 'Available'),
      numberColumn('reorder_level', 'Reorder level'),
      numberColumn('shortfall', 'Shortfall'),
    ],
  },
  'material-issued-today': {
    path: API.materialReports.issuedToday,
    note: 'Material issued today, with the job order and the value at the rate it went out at.',
    columns: [
      materialLink,
      unit,
      numberColumn('quantity', 'Quantity'),
      textColumn('requisition', 'Requisition'),
      textColumn('job_order', 'Job order'),
      textColumn('customer_name', 'Customer'),
      numberColumn('value', 'Value'),
      dateColumn('transaction_date', 'Date'),
    ],
  },
  'material-ageing': ageing,
  'materials-reports-aging': ageing,
  'material-consumption': {
    path: API.materialReports.consumptionReport,
    note: 'Material issued less what came back, over a period, valued at the rates it moved at: per material, or per job order and material.',
    columns: [
      materialLink,
      unit,
      linkColumn('job_order', 'Job order', 'stores-material-consumption'),
      textColumn('customer_name', 'Customer'),
      numberColumn('issued', 'Issued'),
      numberColumn('returned', 'Returned'),
      numberColumn('consumed', 'Consumed'),
      numberColumn('value', 'Value'),
    ],
    figures: [totalValue],
    filter: { fields: [period, { kind: 'choice', name: 'group_by', label: 'Group by', options: CONSUMPTION_GROUPINGS }, { kind: 'material', name: 'material' }], query: consumptionReportQuerySchema },
    rowKey: ['job_order', 'material'],
  },
  'material-price-variance': {
    path: API.materialReports.priceVariance.pattern,
    note: 'The rates this material was billed at on goods received (GRAs), oldest first, each with its change from the one before and from the rate its LPO ordered at; the summary covers the whole period.',
    columns: [
      dateColumn('gra_date', 'Date'),
      textColumn('gra', 'GRA'),
      textColumn('vendor_name', 'Vendor'),
      numberColumn('quantity_received', 'Received'),
      numberColumn('quantity_accepted', 'Accepted'),
      numberColumn('rate', 'Rate'),
      numberColumn('change', 'Change'),
      numberColumn('change_percent', 'Change %'),
      textColumn('lpo', 'LPO'),
      numberColumn('lpo_rate', 'LPO rate'),
      numberColumn('lpo_variance', 'Over LPO rate'),
    ],
    figures: [
      figure('material_name', 'Material', 'text'),
      figure('unit', 'Unit', MATERIAL_UNITS),
      figure('summary.min_rate', 'Lowest rate'),
      figure('summary.max_rate', 'Highest rate'),
      figure('summary.average_rate', 'Average rate'),
      figure('summary.weighted_average_rate', 'Weighted average rate'),
      figure('summary.first_rate', 'First rate'),
      figure('summary.latest_rate', 'Latest rate'),
    ],
    filter: { fields: [period], query: priceVarianceQuerySchema },
    rowKey: ['gra_item'],
  },
  'stores-material-consumption': {
    path: API.materialReports.jobOrderConsumption.pattern,
    note: 'Every material this job order has consumed: issued less returned, valued at the rates it moved at.',
    columns: [materialLink, unit, numberColumn('issued', 'Issued'), numberColumn('returned', 'Returned'), numberColumn('consumed', 'Consumed'), numberColumn('value', 'Value')],
    figures: [figure('job_order', 'Job order', 'text'), figure('customer_name', 'Customer', 'text'), figure('status', 'Status', JOB_ORDER_STATUSES), totalValue],
    unpaged: true,
    rowKey: ['material'],
  },
  'materials-reports-stock': {
    path: API.materialReports.filterMaterials,
    note: 'Every material with what is on hand, reserved and free, and its value at the weighted average cost.',
    columns: MATERIAL_EXPORT_COLUMNS.map(({ key, header }) => STOCK_COLUMNS[key] ?? (key.endsWith('_name') ? textColumn(key, header) : numberColumn(key, header))),
    figures: [figure('total_value', 'Total stock value')],
    filter: {
      fields: [
        { kind: 'choice', name: 'in_stock', label: 'Stock', all: 'All materials', options: [{ value: 'true', label: 'In stock' }, { value: 'false', label: 'Nothing on hand' }] },
        { kind: 'choice', name: 'below_reorder', label: 'Reorder', all: 'Any level', options: [{ value: 'true', label: 'At or below reorder level' }, { value: 'false', label: 'Above reorder level' }] },
        { kind: 'choice', name: 'ordering', label: 'Order', options: [{ value: 'name', label: 'By name' }, { value: '-stock_value', label: 'Highest value first' }, { value: 'available', label: 'Least available first' }] },
      ],
      query: filterMaterialsQuerySchema,
    },
  },
};

/** What the reports area lists under materials: each screen, and the report whose note describes it (a picker leads to its report). */
export const MATERIAL_REPORT_LINKS: readonly (readonly [route: RouteName, report?: RouteName])[] = [
  ['materials-reports-stock'],
  ['materials-reports-aging'],
  ['material-consumption'],
  ['price-variance', 'material-price-variance'],
  ['material-reorder'],
  ['material-issued-today'],
];
