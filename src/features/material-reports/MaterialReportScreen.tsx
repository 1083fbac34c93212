import type { ColumnDef } from '@tanstack/react-table';
import { AGEING_BUCKETS, type AgeingRow } from '../../../domain/material-report';
import { MATERIAL_UNITS } from '../../../domain/material';
import { formatIndian } from '../../../domain/rules/numbers';
import { useCurrentRoute } from '../../ui/route';
import { dateColumn, numberColumn, optionColumn, ServerReport, textColumn, type ReportDef, type ReportRow } from '../../ui/ServerReport';

const unit = optionColumn('unit', 'Unit', MATERIAL_UNITS);

/** The stores' material reports that need the server's ledger arithmetic, by route. */
const REPORTS: Readonly<Record<string, ReportDef>> = {
  'material-reorder': {
    path: '/materials/materials/reorder/',
    note: 'Materials whose free stock (on hand less reservations) is at or below their reorder level.',
    columns: [
      textColumn('name', 'Material'),
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
    path: '/materials/materials/issued_today/',
    note: 'Material issued today, with the job order and the value at the rate it went out at.',
    columns: [
      textColumn('material_name', 'Material'),
      unit,
      numberColumn('quantity', 'Quantity'),
      textColumn('requisition', 'Requisition'),
      textColumn('job_order', 'Job order'),
      textColumn('customer_name', 'Customer'),
      numberColumn('value', 'Value'),
      dateColumn('transaction_date', 'Date'),
    ],
  },
  'material-ageing': {
    path: '/materials/materials/ageing/',
    note: 'Stock on hand by how long ago it came in (first in, first out), valued at the average cost.',
    columns: [
      textColumn('material_name', 'Material'),
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
  },
};

/** One of the material reports, by the route it is shown under. */
export default function MaterialReportScreen() {
  const route = useCurrentRoute();
  return <ServerReport title={route?.title ?? 'Material report'} report={REPORTS[route?.name ?? ''] ?? REPORTS['material-reorder']!} />;
}
