import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { graDocument, invoiceDocument } from '../../domain/documents';
import type { JobOrder } from '../../domain/job-order';
import { renderPdfBytes } from '../../src/data/documents';
import { printDeliveryNote } from '../../src/features/delivery-notes/print';
import type { LocalNote } from '../../src/features/delivery-notes/data';
import { companyFixture, deliveryNoteFixture, graFixture, invoiceFixture, invoiceItemFixture, jobOrderFixture } from '../support/factories-documents';

/** What "Print" saves, instead of a download the test cannot see. */
const saved = vi.hoisted(() => [] as { definition: TDocumentDefinitions; fileName: string }[]);
vi.mock('../../src/data/documents', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/data/documents')>()),
  downloadPdf: (definition: TDocumentDefinitions, fileName: string) => {
    saved.push({ definition, fileName });
    return Promise.resolve();
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});
import { pdfPages } from '../support/pdf-text';

describe('documents in the browser (pdfmake browser build, no server)', () => {
  // tests/domain/documents.test.ts reads the same definitions rendered on the server.
  it('render a definition with the letterhead, figures, rupee totals and page numbers', async () => {
    const pages = await pdfPages(await renderPdfBytes(graDocument(companyFixture(), graFixture())));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.split('\n')).toEqual(expect.arrayContaining(['Shree Ganesh Fabricators Pvt. Ltd.', 'GSTIN: 27AAACS1234F1ZS', 'Goods Received Advice', '9.500', '1,172.78', 'Value accepted', '₹5,972.78', 'Page 1 of 1']));
  });

  it('an invoice made offline shows the grand total the domain computes', async () => {
    const items = [invoiceItemFixture('Acrylic display stand', '12.000', '4567.89', '18.00'), invoiceItemFixture('Steel tray', '3.500', '999.99', '12.00')];
    const [page] = await pdfPages(await renderPdfBytes(invoiceDocument(companyFixture(), { invoice: invoiceFixture(), items, customer: { name: 'Orbit Retail LLP' } })));
    // 68,601.29 exactly, rounded to the rupee.
    expect(page).toContain('Round off\n₹-0.29\nGrand total\n₹68,601.00');
  });
});

describe('printing a delivery note on a device that is offline', () => {
  it('makes the challan from the note the device holds, with the letterhead it kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem('fabops.company-profile', JSON.stringify(companyFixture()));
    const { items, ...view } = deliveryNoteFixture();
    const note: LocalNote = { ...view, job_order: 1024 };
    const lines = items.map((i) => ({ id: i.id, version: 1, job_order_item: i.job_order_item, quantity: i.quantity, product: i.product, ordered_quantity: i.ordered_quantity }));
    const job: JobOrder = { ...jobOrderFixture(), created_at: '2026-11-05T06:00:00.000Z' };
    await printDeliveryNote(note, lines, job, 'Orbit Retail LLP');
    expect(saved.map((s) => s.fileName)).toEqual(['Delivery-Note-31.pdf']);
    const [page] = await pdfPages(await renderPdfBytes(saved[0]!.definition));
    expect(page!.split('\n')).toEqual(
      expect.arrayContaining(['Shree Ganesh Fabricators Pvt. Ltd.', 'Delivery Note', '1024 - 05-11-2026', 'Orbit Retail LLP', 'Andheri warehouse, Mumbai', 'Acrylic display stand', '10.000', '6.000', 'Page 1 of 1']),
    );
  });
});
