import { REDUNDANT_RESERVATION_REASONS, REQUISITION_STATES, REQUISITION_TYPES } from '../../../domain/requisition';
import { MATERIAL_UNITS } from '../../../domain/material';
import { useCurrentRoute } from '../../ui/route';
import { dateColumn, numberColumn, optionColumn, ServerReport, textColumn, type ReportDef } from '../../ui/ServerReport';

/** business-areas.md §9: requisitions show 50 rows a page. */
const PAGE_SIZE = 50;

const requisitionColumns = [
  textColumn('id', 'No.'),
  dateColumn('created_at', 'Date'),
  optionColumn('requisition_type', 'Type', REQUISITION_TYPES),
  textColumn('job_order_label', 'Job order'),
  textColumn('customer_name', 'Customer'),
  textColumn('requested_by_name', 'Requested by'),
  optionColumn('state', 'State', REQUISITION_STATES),
];

/** The requisition reports the server works out across every department, by route. */
const REPORTS: Readonly<Record<string, ReportDef>> = {
  'redundant-reserved-materials': {
    path: '/requisitions/get_redundant_reserved_materials/',
    note: 'Material still held for requisitions that no longer need it: release it for other jobs.',
    columns: [
      textColumn('requisition', 'Requisition'),
      textColumn('material_name', 'Material'),
      optionColumn('material_unit', 'Unit', MATERIAL_UNITS),
      numberColumn('quantity_reserved', 'Reserved'),
      textColumn('job_order_label', 'Job order'),
      optionColumn('redundant_because', 'Why', REDUNDANT_RESERVATION_REASONS),
    ],
  },
  'not-actioned-requisitions': {
    path: '/requisitions/requisitions_without_issues_or_reservation/',
    note: 'Pending requisitions with nothing issued or reserved yet.',
    columns: requisitionColumns,
  },
  'not-standard-requisitions': {
    path: '/requisitions/non_standard_requisitions/',
    note: 'Installation, re-work, shortfall and consumables requisitions.',
    columns: requisitionColumns,
  },
  'closed-job-order-requisitions': {
    path: '/requisitions/requisitions_for_closed_job_orders/',
    note: 'Requisitions still pending on job orders that are closed or cancelled.',
    columns: requisitionColumns,
  },
};

/** One of the requisition reports, by the route it is shown under. */
export default function RequisitionReportScreen() {
  const route = useCurrentRoute();
  return <ServerReport title={route?.title ?? 'Requisition report'} report={REPORTS[route?.name ?? ''] ?? REPORTS['not-actioned-requisitions']!} pageSize={PAGE_SIZE} />;
}
