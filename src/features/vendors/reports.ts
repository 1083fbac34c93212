import type { ColumnDef } from '@tanstack/react-table';
import { API } from '../../../domain/api-paths';
import { LPO_STATUSES } from '../../../domain/lpo';
import { vendorWiseQuerySchema } from '../../../domain/vendor';
import { dateColumn, figure, linkColumn, numberColumn, optionColumn, textColumn, type ReportDef, type ReportRow } from '../../ui/ServerReport';

/* What the company buys from its vendors (issue 19 §1), worked out by the server. A vendor's own
 * sections say nothing when empty (their tables do): three notices on opening a new vendor would be noise. */

const lateColumn: ColumnDef<ReportRow, unknown> = { id: 'late', header: 'Late', cell: ({ row }) => (row.original.late ? 'Late' : '') };

/** A vendor's LPOs still awaiting goods, the late ones first. */
export const OPEN_LPOS: ReportDef = {
  path: API.vendors.openLpos,
  note: 'What this vendor has still to deliver, at the ordered rates: the late LPOs first.',
  columns: [
    linkColumn('id', 'LPO', 'lpo-detail'),
    dateColumn('lpo_date', 'Date'),
    dateColumn('expected_date', 'Expected'),
    optionColumn('status', 'Status', LPO_STATUSES),
    numberColumn('total_amount', 'Total (₹)'),
    numberColumn('pending_value', 'Still to come (₹)'),
    lateColumn,
  ],
  figures: [figure('pending_value', 'Still to come (₹)')],
  unpaged: true,
};

/** The goods this vendor delivered, the latest first. */
export const VENDOR_GRAS: ReportDef = {
  path: API.vendors.gras,
  note: 'The goods received from this vendor, the latest first, valued at the accepted quantities.',
  columns: [linkColumn('id', 'GRA', 'gra-detail'), dateColumn('gra_date', 'Date'), linkColumn('lpo', 'LPO', 'lpo-detail'), textColumn('invoice_number', 'Invoice'), textColumn('challan_number', 'Challan'), numberColumn('value', 'Value (₹)')],
};

/** The rates of what this vendor supplied, and how often it delivered on time (decision 290). */
export const PRICE_HISTORY: ReportDef = {
  path: API.vendors.priceHistory,
  note: 'Each material this vendor supplied with its last, lowest and highest rate. On time: LPOs whose goods all came by their expected date.',
  columns: [
    linkColumn('material_name', 'Material', 'material-detail', 'material'),
    textColumn('receipts', 'Receipts'),
    dateColumn('last_date', 'Last received'),
    numberColumn('last_rate', 'Last rate (₹)'),
    numberColumn('lowest_rate', 'Lowest (₹)'),
    numberColumn('highest_rate', 'Highest (₹)'),
  ],
  figures: [figure('deliveries.on_time_percent', 'On time (%)', 'text'), figure('deliveries.on_time', 'Delivered on time', 'text'), figure('deliveries.late', 'Delivered late', 'text')],
  unpaged: true,
  rowKey: ['material'],
};

/** vendor-wise-purchases: every vendor's orders and receipts in a period. */
export const VENDOR_WISE: ReportDef = {
  path: API.vendors.vendorWise,
  note: 'What was ordered from each vendor (live LPOs dated in the period) and what came (GRAs in force received in the period), the largest orders first.',
  columns: [
    linkColumn('vendor_name', 'Vendor', 'vendor-detail', 'vendor', 'vendor'),
    textColumn('lpo_count', 'LPOs'),
    numberColumn('ordered_value', 'Ordered (₹)'),
    textColumn('gra_count', 'GRAs'),
    numberColumn('received_value', 'Received (₹)'),
  ],
  figures: [figure('ordered_value', 'Ordered (₹)'), figure('received_value', 'Received (₹)')],
  filter: { fields: [{ kind: 'period', from: 'start_date', to: 'end_date', lastDays: 90 }], query: vendorWiseQuerySchema },
  unpaged: true,
  rowKey: ['vendor'],
  emptyNotice: 'Nothing was bought in this period.',
};
