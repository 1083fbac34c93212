import { DOCUMENT_MESSAGES, deliveryNoteDocument } from '../../../domain/documents';
import { jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { notify } from '../../ui/notify';
import type { LocalNote, ShownLine } from './data';

/**
 * Saves the delivery note's PDF, made from what the device holds, so a challan prints offline
 * too. pdfmake loads here, on the first print, never with the screen.
 */
export async function printDeliveryNote(note: LocalNote, lines: readonly ShownLine[], job: JobOrder | null, customer: string): Promise<void> {
  try {
    const { companyProfile, downloadPdf } = await import('../../data/documents');
    const definition = deliveryNoteDocument(await companyProfile(), { ...note, job_order_label: job ? jobOrderLabel(job) : String(note.job_order), customer_name: customer, items: lines });
    await downloadPdf(definition, `Delivery-Note-${note.id}.pdf`);
  } catch {
    notify({ type: 'negative', message: DOCUMENT_MESSAGES.failed });
  }
}
