import type { ColumnDef } from '@tanstack/react-table';
import { REDUNDANT_RESERVATION_REASONS, REQUISITION_STATES, REQUISITION_TYPES, requisitionPeriodQuerySchema } from '../../../domain/requisition';
import { MATERIAL_UNITS } from '../../../domain/material';
import { useCurrentRoute } from '../../ui/route';
import { dateColumn, linkColumn, numberColumn, optionColumn, ServerReport, textColumn, type ReportDef, type ReportRow } from '../../ui/ServerReport';
import { API } from '../../../domain/api-paths';

/** business-areas.md §9: requisitions show 50 rows a page. */
const PAGE_SIZE = 50;

const requisitionNumber = linkColumn('id', 'No.', 'requisition-detail');
const about = [
  optionColumn('requisition_type', 'Type', REQUISITION_TYPES),
  textColumn('job_order_label', 'Job order'),
  textColumn('customer_name', 'Customer'),
  textColumn('requested_by_name', 'Requested by'),
];
const requisitionColumns = [requisitionNumber, dateColumn('created_at', 'Date'), ...about, optionColumn('state', 'State', REQUISITION_STATES)];
/** The closed and cancelled lists: when and why. */
const endedColumns = (number: ColumnDef<ReportRow, unknown>, when: string, whenHeader: string, reason: string) => [number, dateColumn(when, whenHeader), ...about, textColumn(reason, 'Reason')];
const period = { fields: [{ kind: 'period', from: 'start_date', to: 'end_date' }], query: requisitionPeriodQuerySchema } as const;

/** The requisition reports the server works out across every department, by route. */
const REPORTS: Readonly<Record<string, ReportDef>> = {
  // A cancelled requisition leaves the devices' mirrors (it is deleted), so it has no detail to open there.
  'requisitions-cancelled': {
    path: API.requisitions.reports.list_cancelled_requisitions,
    note: 'Requisitions withdrawn before stores served them, most recently cancelled first.',
    columns: endedColumns(textColumn('id', 'No.'), 'deleted_at', 'Cancelled on', 'cancel_reason'),
    filter: period,
    emptyNotice: 'Cancelled requisitions not found',
  },
  'requisitions-closed': {
    path: API.requisitions.reports.list_closed_requisitions,
    note: 'Requisitions closed with nothing more to issue, most recently closed first.',
    columns: endedColumns(requisitionNumber, 'closed_at', 'Closed on', 'close_reason'),
    filter: period,
  },
  'redundant-reserved-materials': {
    path: API.requisitions.reports.get_redundant_reserved_materials,
    note: 'Material still held for requisitions that no longer need it: release it for other jobs.',
    columns: [
      linkColumn('requisition', 'Requisition', 'requisition-detail'),
      textColumn('material_name', 'Material'),
      optionColumn('material_unit', 'Unit', MATERIAL_UNITS),
      numberColumn('quantity_reserved', 'Reserved'),
      textColumn('job_order_label', 'Job order'),
      optionColumn('redundant_because', 'Why', REDUNDANT_RESERVATION_REASONS),
    ],
  },
  'not-actioned-requisitions': {
    path: API.requisitions.reports.requisitions_without_issues_or_reservation,
    note: 'Pending requisitions with nothing issued or reserved yet.',
    columns: requisitionColumns,
  },
  'not-standard-requisitions': {
    path: API.requisitions.reports.non_standard_requisitions,
    note: 'Installation, re-work, shortfall and consumables requisitions.',
    columns: requisitionColumns,
  },
  'closed-job-order-requisitions': {
    path: API.requisitions.reports.requisitions_for_closed_job_orders,
    note: 'Requisitions still pending on job orders that are closed or cancelled.',
    columns: requisitionColumns,
  },
};

/** One of the requisition reports, by the route it is shown under. */
export default function RequisitionReportScreen() {
  const route = useCurrentRoute();
  return <ServerReport title={route?.title ?? 'Requisition report'} report={REPORTS[route?.name ?? ''] ?? REPORTS['not-actioned-requisitions']!} pageSize={PAGE_SIZE} />;
}
