import { describe, expect, it } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { deliveryNoteDocument, graDocument, invoiceDocument, jobOrderDocument, lpoDocument, quotationDocument, salesOrderDocument } from '../../domain/documents';
import { invoiceTotals, lpoTotals, quotationTotals } from '../../domain/totals';
import { renderPdf } from '../../server/modules/documents/render';
import { companyFixture, deliveryNoteFixture, graFixture, invoiceFixture, invoiceItemFixture, jobOrderFixture, lpoFixture, quotationFixture, salesOrderFixture } from '../support/factories-documents';
import { pdfPages } from '../support/pdf-text';

const render = async (definition: TDocumentDefinitions) => pdfPages(await renderPdf(definition));
const customer = { name: 'Orbit Retail LLP', address: 'Linking Road, Bandra, Mumbai', gstin: '27AAGFO4321K1Z7' };

/** Four lines at 18 % and 12 %, with amounts whose tax falls on half a paisa. */
const invoiceLines = () => [
  invoiceItemFixture('Acrylic display stand', '12.000', '4567.89', '18.00'),
  invoiceItemFixture('Steel tray', '3.500', '999.99', '12.00', '7326'),
  invoiceItemFixture('Glass shelf', '25.000', '1499.50', '18.00', '7007'),
  invoiceItemFixture('Installation', '1.000', '12000.00', '18.00', '9987'),
];

describe('GST invoice totals (domain/totals.ts)', () => {
  it('inside the company state: CGST and SGST of half the rate each, each rounded to the paisa per line', () => {
    const line = (amount: string, half: string, line_total: string) => ({ amount, taxable_amount: amount, cgst_amount: half, sgst_amount: half, igst_amount: '0.00', line_total });
    expect(invoiceTotals(invoiceLines(), 'Maharashtra', 'Maharashtra')).toEqual({
      lines: [line('54814.68', '4933.32', '64681.32'), line('3499.97', '210.00', '3919.97'), line('37487.50', '3373.88', '44235.26'), line('12000.00', '1080.00', '14160.00')],
      intra_state: true,
      subtotal: '107802.15',
      discount_amount: '0.00',
      taxable_amount: '107802.15',
      cgst_amount: '9597.20',
      sgst_amount: '9597.20',
      igst_amount: '0.00',
      tax_amount: '19194.40',
      // 126996.55 exact, rounded to the rupee.
      round_off: '0.45',
      total_amount: '126997.00',
    });
  });

  it('across states: IGST of the whole rate, rounded once per line', () => {
    const totals = invoiceTotals(invoiceLines(), 'Maharashtra', 'Karnataka');
    expect(totals.lines.map((l) => l.igst_amount)).toEqual(['9866.64', '420.00', '6747.75', '2160.00']);
    expect([totals.intra_state, totals.cgst_amount, totals.igst_amount, totals.round_off, totals.total_amount]).toEqual([false, '0.00', '19194.39', '0.46', '126997.00']);
  });

  it('a quotation is taxed on its amount after discounts', () => {
    const { quotation, items } = quotationFixture();
    expect(quotationTotals(items, quotation.tax_rate)).toEqual({ gross_prices: ['2400.00', '4502.00'], subtotal: '7002.00', discount_total: '100.00', taxable_amount: '6902.00', tax_amount: '1242.36', total_amount: '8144.36' });
  });
});

describe('LPO totals (domain/totals.ts)', () => {
  it('each line pays GST at its own rate on quantity × rate, rounded to the paisa per line; the total is subtotal plus GST', () => {
    expect(
      lpoTotals([
        { quantity: '10.000', rate: '125.50', tax_rate: '18.00' },
        { quantity: '3.000', rate: '99.99', tax_rate: '5.00' },
      ]),
    ).toEqual({
      lines: [
        { amount: '1255.00', tax_amount: '225.90' },
        { amount: '299.97', tax_amount: '15.00' },
      ],
      subtotal: '1554.97',
      tax_amount: '240.90',
      total_amount: '1795.87',
    });
  });

  it('half a paisa of tax rounds up per line, and a line at 0 % pays none', () => {
    expect(
      lpoTotals([
        { quantity: '1.000', rate: '0.50', tax_rate: '5.00' },
        { quantity: '1.000', rate: '0.50', tax_rate: '5.00' },
        { quantity: '2.500', rate: '40.00', tax_rate: '0.00' },
      ]),
    ).toEqual({
      lines: [
        { amount: '0.50', tax_amount: '0.03' },
        { amount: '0.50', tax_amount: '0.03' },
        { amount: '100.00', tax_amount: '0.00' },
      ],
      subtotal: '101.00',
      tax_amount: '0.06',
      total_amount: '101.06',
    });
  });

  it('an LPO without lines totals zero', () => {
    expect(lpoTotals([])).toEqual({ lines: [], subtotal: '0.00', tax_amount: '0.00', total_amount: '0.00' });
  });
});

describe('the GST invoice document', () => {
  it('prints every line and the grand total the domain computes, with the rupee sign and Indian grouping', async () => {
    const [page, ...rest] = await render(invoiceDocument(companyFixture(), { invoice: invoiceFixture(), items: invoiceLines(), customer }));
    expect(rest).toEqual([]);
    const lines = page!.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['Tax Invoice', 'INV-26-27/00042', '20-11-2026', '20-12-2026', 'Orbit Retail LLP', 'GSTIN: 27AAGFO4321K1Z7']));
    expect(lines).toEqual(expect.arrayContaining(['54,814.68', '3,499.97', '37,487.50', '12,000.00']));
    expect(page).toContain('Taxable value\n₹1,07,802.15\nCGST\n₹9,597.20\nSGST\n₹9,597.20\nRound off\n₹0.45\nGrand total\n₹1,26,997.00');
    expect(page).toContain('Rupees One Lakh Twenty Six Thousand Nine Hundred Ninety Seven Only');
    expect(page).not.toContain('IGST');
  });

  it('across states shows IGST instead of CGST and SGST', async () => {
    const [page] = await render(invoiceDocument(companyFixture(), { invoice: invoiceFixture({ customer_state: 'Karnataka' }), items: invoiceLines(), customer }));
    expect(page).toContain('IGST\n₹19,194.39\nRound off\n₹0.46\nGrand total\n₹1,26,997.00');
    expect(page).not.toContain('CGST');
  });

  it('a draft says so across the page', async () => {
    const [page] = await render(invoiceDocument(companyFixture(), { invoice: invoiceFixture({ status: 'draft' }), items: invoiceLines(), customer }));
    expect(page!.split('\n')).toContain('DRAFT');
  });

  it('numbers every page of a long invoice "Page n of m", and the total comes once, on the last page', async () => {
    const items = Array.from({ length: 90 }, (_, i) => invoiceItemFixture(`Acrylic letter ${i + 1}`, '1.000', '100.00', '18.00'));
    const pages = await render(invoiceDocument(companyFixture(), { invoice: invoiceFixture(), items, customer }));
    expect(pages.length).toBe(3);
    expect(pages.map((p) => p.split('\n').filter((l) => l.startsWith('Page ')))).toEqual([['Page 1 of 3'], ['Page 2 of 3'], ['Page 3 of 3']]);
    expect(pages.map((p) => p.includes('Grand total'))).toEqual([false, false, true]);
    expect(pages[2]).toContain('Grand total\n₹10,620.00');
  });
});

describe('the quotation as print_pdf prints it', () => {
  it('takes a title of the user\'s and may leave out codes and discounts, the subtotal then after discounts', async () => {
    const [page] = await render(quotationDocument(companyFixture(), { ...quotationFixture(), customer }, { title: 'Proforma Offer', show_code: false, show_discount: false }));
    const lines = page!.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['Proforma Offer', '2,400.00', '4,502.00', 'Subtotal', '₹6,902.00', 'Total', '₹8,144.36']));
    expect(lines.filter((l) => ['Code', 'ADS-1', 'Discount', 'Discount (₹)'].includes(l))).toEqual([]);
  });
});

describe('the letterhead', () => {
  it('carries the company profile: name, address, GSTIN, phone and e-mail', async () => {
    const [page] = await render(graDocument(companyFixture(), graFixture()));
    expect(page!.split('\n').slice(0, 4)).toEqual([
      'Shree Ganesh Fabricators Pvt. Ltd.',
      'Plot 14, MIDC Bhosari, Pune 411026',
      'GSTIN: 27AAACS1234F1ZS',
      'Phone: 020 27123456 | E-mail: accounts@ganeshfab.in',
    ]);
  });

  it('prints with a logo, and says the name is not set before a superuser sets it', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const [page] = await render(graDocument(companyFixture({ name: '', address: '', gstin: '', phone: '', email: '', logo }), graFixture()));
    expect(page!.split('\n')[0]).toBe('Company name not set');
  });
});

describe('every document', () => {
  const company = companyFixture();
  const cases: [string, TDocumentDefinitions, string[]][] = [
    ['quotation', quotationDocument(company, { ...quotationFixture(), customer }), ['Quotation', '1031 (Rev. 2)', 'Tax (18.00%)', '₹1,242.36', 'Total', '₹8,144.36']],
    ['sales order', salesOrderDocument(company, { ...salesOrderFixture(), customer }), ['Sales Order', 'PO/2026/117', '833.33', 'Order value', '₹10,833.33']],
    ['LPO', lpoDocument(company, { ...lpoFixture(), vendor: { name: 'Mahalaxmi Steel Traders', gstin: '27AABCM1111D1Z9' } }), ['Local Purchase Order', 'MS sheet 2mm', '2,469.00', 'GST %', '18.00', '08-10-2026', '20-10-2026', 'Subtotal', '₹7,269.00', 'GST', '₹684.42', 'Total', '₹7,953.42']],
    ['GRA', graDocument(company, graFixture()), ['Goods Received Advice', '15 of 01-10-2026', '9.500', '1,172.78', 'Value accepted', '₹5,972.78']],
    ['delivery note', deliveryNoteDocument(company, deliveryNoteFixture()), ['Delivery Note', '1024 - 05-11-2026', 'Andheri warehouse, Mumbai', '6.000', '10.000']],
    ['job order', jobOrderDocument(company, jobOrderFixture()), ['Job Order', 'Acrylic', '14,814.72', '3,499.97', 'Job order value', '₹18,314.69']],
  ];
  it.each(cases)('the %s shows its title, its figures and its total, one page, numbered', async (_, definition, expected) => {
    const pages = await render(definition);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!.split('\n');
    expect(lines).toEqual(expect.arrayContaining([...expected, 'Page 1 of 1']));
  });
});

describe('the embedded font', () => {
  it('has a glyph for the rupee sign ₹ (U+20B9) in both weights the documents use', async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const fontkit = require('fontkit') as { openSync(path: string): { hasGlyphForCodePoint(codePoint: number): boolean } };
    const { DOCUMENT_FONT_FILES } = await import('../../domain/documents');
    for (const file of [DOCUMENT_FONT_FILES.normal, DOCUMENT_FONT_FILES.bold]) expect(fontkit.openSync(require.resolve(`pdfmake/fonts/Roboto/${file}`)).hasGlyphForCodePoint(0x20b9)).toBe(true);
  });
});
