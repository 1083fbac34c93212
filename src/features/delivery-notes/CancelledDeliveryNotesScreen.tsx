import { DELIVERY_NOTE_MESSAGES, DELIVERY_NOTE_STATUSES } from '../../../domain/delivery-note';
import { dateColumn, optionColumn, ServerReport, textColumn, type ReportDef } from '../../ui/ServerReport';
import { API } from '../../../domain/api-paths';

/** business-areas.md §9: delivery notes show 15 rows a page. */
const PAGE_SIZE = 15;

// A deleted note leaves the devices' mirrors, so the list comes from the server and its rows open nothing.
const CANCELLED: ReportDef = {
  path: API.deliveryChallans.cancelled,
  note: 'Delivery notes deleted before they left, most recently deleted first. Their quantities are free for other notes.',
  columns: [
    textColumn('id', 'No.'),
    dateColumn('deleted_at', 'Deleted on'),
    textColumn('job_order_label', 'Job order'),
    textColumn('customer_name', 'Customer'),
    textColumn('delivery_location', 'Delivery location'),
    dateColumn('delivery_date', 'Delivery date'),
    optionColumn('status', 'Status when deleted', DELIVERY_NOTE_STATUSES),
  ],
  emptyNotice: DELIVERY_NOTE_MESSAGES.cancelledNotFound,
};

/** dnotes-cancelled: the deleted delivery notes. */
export default function CancelledDeliveryNotesScreen() {
  return <ServerReport title="Cancelled delivery notes" report={CANCELLED} pageSize={PAGE_SIZE} />;
}
