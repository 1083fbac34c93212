import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { pdfPages } from '../support/pdf-text';
import { useTestServer } from '../support/server';

/** export/ (CSV and .xlsx of the filtered list) and bulk_generate_pdf/ (the chosen invoices in one PDF), each read back. */

const { app, as, db } = useTestServer();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Orbit Retail, Pune (in the company's state) and Karnataka Displays (across), each billed 2 × 500.00 at 18 %: 1,180.00. */
async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail, Pune', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
  const karnataka = await makeCustomer(db(), { name: 'Karnataka Displays', state: 'Karnataka' });
  const raise = async (customer: number, invoice_date: string) => {
    const res = await (await as('accounts')).post(API.invoices.list, {
      customer,
      invoice_date,
      due_date: '2030-12-31',
      items: [{ description: 'Acrylic tray', hsn_code: '3926', quantity: '2', unit_price: '500', tax_rate: '18' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const issued = await raise(orbit.id, '2026-11-20');
  expect((await (await as('management')).post(API.invoices.approve(issued.id), {})).statusCode).toBe(200);
  const draft = await raise(karnataka.id, '2026-11-21');
  return { issued, draft, orbit };
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Invoices')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const HEADER = ['Invoice No.', 'Invoice date', 'Due date', 'Customer', 'Customer GSTIN', 'Place of supply', 'Status', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Round off', 'Total', 'Outstanding', 'Days overdue', 'Created by'];

describe('GET invoices/export/', () => {
  it('writes the list, newest first, to CSV with the dates as shown and the exact amounts', async () => {
    await setUp();
    const res = await (await as('accounts')).get(`${API.invoices.export}?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${businessToday()}.csv"`);
    expect(res.body).toBe(
      [
        HEADER.join(','),
        'Draft,21-11-2026,31-12-2030,Karnataka Displays,,Karnataka,Draft,1000.00,0.00,0.00,180.00,0.00,1180.00,1180.00,0,Lakshmi Menon',
        'INV-26-27/00001,20-11-2026,31-12-2030,"Orbit Retail, Pune",27AAGFO4321K1Z7,Maharashtra,Approved,1000.00,90.00,90.00,0.00,0.00,1180.00,1180.00,0,Lakshmi Menon',
        '',
      ].join('\r\n'),
    );
  });

  it("applies the list's filters, and writes a real .xlsx with amounts as numbers and dates as dates", async () => {
    const { orbit } = await setUp();
    const res = await (await as('sales.exec')).get(`${API.invoices.export}?format=xlsx&status=approved&customer=${orbit.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${businessToday()}.xlsx"`);
    expect(await readSheet(res.rawPayload)).toEqual([
      HEADER,
      ['INV-26-27/00001', new Date('2026-11-20T00:00:00Z'), new Date('2030-12-31T00:00:00Z'), 'Orbit Retail, Pune', '27AAGFO4321K1Z7', 'Maharashtra', 'Approved', 1000, 90, 90, 0, 0, 1180, 1180, 0, 'Lakshmi Menon'],
    ]);
    const none = await (await as('accounts')).get(`${API.invoices.export}?status=void`);
    expect(none.body).toBe(`${HEADER.join(',')}\r\n`);
  });

  it('refuses an unknown format, filter or ordering with a 400 naming it', async () => {
    const client = await as('accounts');
    const cases: [string, Record<string, string[]>][] = [
      ['format=pdf', { format: ['"pdf" is not a valid choice.'] }],
      ['status=overdue', { status: ['"overdue" is not a valid choice.'] }],
      ['colour=red', { non_field_errors: ['Unknown field(s): colour.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await client.get(`${API.invoices.export}?${query}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, errors]);
    }
  });
});

describe('POST invoices/bulk_generate_pdf/', () => {
  it("puts the chosen invoices' PDFs into one, in the order chosen, each as generate_pdf/ prints it", async () => {
    const { issued, draft } = await setUp();
    const res = await (await as('accounts')).post(API.invoices.bulkPdf, { invoice_ids: [draft.id, issued.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoices.pdf"');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Karnataka Displays');
    expect(pages[0]).toContain('IGST\n₹180.00');
    expect(pages[0]).not.toContain('INV-26-27/00001');
    expect(pages[1]).toContain('INV-26-27/00001');
    expect(pages[1]).toContain('CGST\n₹90.00\nSGST\n₹90.00');
    const single = await pdfPages((await (await as('accounts')).get(API.invoices.pdf(issued.id))).rawPayload);
    expect(pages[1]).toBe(single[0]);
  });

  it('refuses an empty choice, an unknown invoice or template, and too many invoices', async () => {
    const { issued } = await setUp();
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ invoice_ids: [] }, { invoice_ids: ['No invoices selected for bulk operation'] }],
      [{ invoice_ids: [issued.id, 9998, 9999] }, { invoice_ids: ['Invalid pk "9998" - object does not exist.', 'Invalid pk "9999" - object does not exist.'] }],
      [{ invoice_ids: [issued.id], template: 77 }, { template: ['Invalid pk "77" - object does not exist.'] }],
      [{ invoice_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, { invoice_ids: ['Ensure this field has no more than 50 elements.'] }],
      [{ invoice_ids: [issued.id], include_payments: 'yes' }, { include_payments: ['Expected boolean.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await client.post(API.invoices.bulkPdf, body);
      expect([res.statusCode, res.json()]).toEqual([400, errors]);
    }
  });

  it('is open to those who read invoices', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.invoices.export, permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.bulkPdf, permission: 'invoices.read', body: { invoice_ids: [] } },
    ]);
  });
});
