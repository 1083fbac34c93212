import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { dataPart, multipartBody, PNG } from '../support/multipart';
import { userId } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { pdfPages } from '../support/pdf-text';
import { useTestServer, type TestClient } from '../support/server';

/** The quotation's PDF (pdf/{id}/ and {id}/print_pdf/): the figures the API stored, and the print choices. */

const { as, db } = useTestServer();


async function pdfOf(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { text: (await pdfPages(res.rawPayload)).join('\n'), bytes: res.rawPayload, disposition: res.headers['content-disposition'] };
}

/** 10 × 250.00 − 100.00 and 3 × 1,500.50 at 18%; the second line with a picture. */
async function quotation() {
  const customer = await makeCustomer(db(), { name: 'Lumen Opticals' });
  const data = {
    customer: customer.id,
    sales_exec: await userId(db(), 'sales.exec'),
    quotation_date: '2026-11-20',
    subject: 'Eyewear display stands',
    tax_rate: '18',
    items: [
      { code: 'EW-10', description: 'Acrylic eyewear stand', quantity: '10', unit_price: '250.00', discount: '100.00' },
      { code: 'WP-3', description: 'Wall panel', quantity: '3', unit: 'SET', unit_price: '1500.50' },
    ],
  };
  const { body, headers } = await multipartBody([...dataPart(data), { name: 'items.1.image', file: 'panel.png', bytes: PNG, type: 'image/png' }]);
  const res = await (await as('sales.exec')).post(API.quotations.list, body, headers);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; number: number };
}

describe("a quotation's PDF", () => {
  it('prints the lines and the totals the API stored, to the paisa', async () => {
    const { id, number } = await quotation();
    const { text, disposition } = await pdfOf(await as('accounts'), API.quotations.pdf(id));
    expect(disposition).toBe(`inline; filename="Quotation-${number}.pdf"`);
    expect(text).toContain(`Quotation\nQuotation No.\n${number}`);
    expect(text).toContain('Lumen Opticals');
    expect(text).toContain('#\nCode\nImage\nDescription\nQty\nRate (₹)\nDiscount (₹)\nAmount (₹)');
    // The image column narrows the description, which wraps.
    expect(text).toContain('EW-10\nAcrylic\neyewear\nstand\n10.000\n250.00\n100.00\n2,400.00');
    expect(text).toContain('WP-3\nWall panel\n3.000\n1,500.50\n0.00\n4,501.50');
    expect(text).toContain('Subtotal\n₹7,001.50\nDiscount\n₹100.00\nTax (18.00%)\n₹1,242.27\nTotal\n₹8,143.77');
  });

  it('follows print_pdf/ choices: a title, and codes, images and discounts left out', async () => {
    const { id } = await quotation();
    const { text } = await pdfOf(await as('design'), `${API.quotations.printPdf(id)}?title=Proforma%20Offer&show_code=false&show_image=false&show_discount=false`);
    expect(text).toContain('Proforma Offer');
    expect(text).not.toContain('EW-10');
    expect(text).not.toContain('Image');
    expect(text).not.toContain('Discount');
    // Without the discount column the subtotal is after discounts: 6,901.50.
    expect(text).toContain('Acrylic eyewear stand\n10.000\n250.00\n2,400.00');
    expect(text).toContain('Subtotal\n₹6,901.50\nTax (18.00%)\n₹1,242.27\nTotal\n₹8,143.77');
    const withImage = await pdfOf(await as('design'), `${API.quotations.printPdf(id)}?show_image=true`);
    const without = await pdfOf(await as('design'), `${API.quotations.printPdf(id)}?show_image=false`);
    // The picture is embedded (an image XObject) only when asked for.
    expect(withImage.bytes.includes('/Subtype /Image')).toBe(true);
    expect(without.bytes.includes('/Subtype /Image')).toBe(false);
  });

  it('answers 400 naming a bad choice, 404 for an unknown or cancelled quotation, 403 for stores', async () => {
    const { id } = await quotation();
    const reader = await as('sales.exec');
    expect((await reader.get(`${API.quotations.printPdf(id)}?show_code=maybe`)).json()).toEqual({ show_code: ['Must be a valid boolean.'] });
    expect(Object.keys((await reader.get(`${API.quotations.printPdf(id)}?colour=red`)).json())).toEqual(['non_field_errors']);
    expect((await reader.get(API.quotations.pdf(99999))).statusCode).toBe(404);
    await reader.delete(API.quotations.detail(id));
    expect((await reader.get(API.quotations.pdf(id))).statusCode).toBe(404);
    expect((await (await as('stores')).get(API.quotations.printPdf(id))).statusCode).toBe(403);
  });
});
