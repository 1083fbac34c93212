import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CompanyProfile } from '../company';
import { DELIVERY_NOTE_STATUSES, type DeliveryNoteLine, type DeliveryNoteView } from '../delivery-note';
import { JOB_ORDER_STATUSES, type JobOrderView } from '../job-order';
import { labelOf } from '../options';
import { lineAmount, totalOf } from '../totals';
import { day, documentDefinition, money, quantity, rupees } from './layout';

/** Delivery notes (challans) that travel with the goods, and job orders for the shop floor. */

/** What a delivery note document needs: GET {id}/'s answer, or what a device holds of the note. */
export type DeliveryNoteDocumentData = Pick<DeliveryNoteView, 'id' | 'delivery_date' | 'delivery_location' | 'remarks' | 'status' | 'deleted_at' | 'job_order_label' | 'customer_name'> & {
  items: readonly (Pick<DeliveryNoteLine, 'product' | 'ordered_quantity' | 'quantity'> & { description?: string })[];
};

/** A delivery note (challan): it carries quantities, not prices. */
export function deliveryNoteDocument(company: CompanyProfile, note: DeliveryNoteDocumentData): TDocumentDefinitions {
  return documentDefinition(company, {
    title: 'Delivery Note',
    reference: String(note.id),
    particulars: [
      ['Delivery note No.', String(note.id)],
      ['Delivery date', day(note.delivery_date)],
      ['Job order', note.job_order_label],
      ['Status', labelOf(DELIVERY_NOTE_STATUSES, note.status)],
    ],
    party: { heading: 'Deliver to', party: { name: note.customer_name, address: note.delivery_location } },
    columns: [
      { header: '#', width: 18 },
      { header: 'Product', width: 140 },
      { header: 'Description', width: '*' },
      { header: 'Ordered', width: 65, figure: true },
      { header: 'Delivered', width: 65, figure: true },
    ],
    rows: note.items.map((item, i) => [String(i + 1), item.product, item.description ?? '', quantity(item.ordered_quantity), quantity(item.quantity)]),
    notes: [
      ['Remarks', note.remarks],
      ['Received by (name, signature, date)', '\n\n'],
    ],
    watermark: note.deleted_at ? 'CANCELLED' : note.status === 'draft' ? 'DRAFT' : undefined,
  });
}

/** A job order as GET {id}/ answers it: its products and its value. */
export function jobOrderDocument(company: CompanyProfile, job: JobOrderView): TDocumentDefinitions {
  const amounts = job.items.map((item) => lineAmount(item.quantity, item.unit_price));
  return documentDefinition(company, {
    title: 'Job Order',
    reference: job.label,
    particulars: [
      ['Job order', job.label],
      ['Customer PO', job.purchase_order ? `${job.purchase_order}${job.purchase_order_date ? ` of ${day(job.purchase_order_date)}` : ''}` : '—'],
      ['Status', labelOf(JOB_ORDER_STATUSES, job.status)],
      ['Department', job.production_department ?? '—'],
    ],
    party: { heading: 'Customer', party: { name: job.customer_name, phone: [job.contact_person, job.contact_number].filter(Boolean).join(', ') } },
    columns: [
      { header: '#', width: 18 },
      { header: 'Product', width: 120 },
      { header: 'Description', width: '*' },
      { header: 'Qty', width: 55, figure: true },
      { header: 'Rate (₹)', width: 65, figure: true },
      { header: 'Amount (₹)', width: 75, figure: true },
    ],
    rows: job.items.map((item, i) => [String(i + 1), item.product, item.description, quantity(item.quantity), money(item.unit_price), money(amounts[i]!)]),
    totals: [
      ['Advance', rupees(job.advance_amount)],
      ['Job order value', rupees(totalOf(amounts))],
    ],
    notes: [['Closure remarks', job.closure_remarks ?? '']],
    watermark: job.cancelled_at ? 'CANCELLED' : undefined,
  });
}
