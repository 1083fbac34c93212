import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, files } from '../../server/db/schema';
import { dataPart, multipartBody, PDF, PNG } from '../support/multipart';
import { userId } from '../support/factories';
import { makeCustomer, makeQuotation } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Quotation lines (quote_items/, and the lines of a quotation's own body): JSON or multipart with an image per line. */

const { as, db } = useTestServer();


/** A multipart body as the screen's FormData sends it: the fields as JSON in "data", files under their fields. */
const form = (data: unknown, uploads: Record<string, Buffer> = {}, extra: Record<string, string> = {}) =>
  multipartBody([
    ...dataPart(data),
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    ...Object.entries(uploads).map(([name, bytes]) => ({ name, file: `${name}.png`, bytes, type: 'image/png' })),
  ]);

const ownQuotation = async (username = 'sales.exec') =>
  makeQuotation(db(), { sales_exec: await userId(db(), username), tax_rate: '18', items: [{ description: 'Tray', quantity: '10', unit_price: '250.00', discount: '100.00' }] });

describe('quote_items/', () => {
  it('adds a line as JSON and recomputes the quotation, audited', async () => {
    const quotation = await ownQuotation();
    const exec = await as('sales.exec');
    const res = await exec.post(API.quotationItems.list, { quotation: quotation.id, code: 'HD-1', description: 'Header', quantity: '2', unit: 'SET', unit_price: '1250.25', discount: '0.50' });
    expect(res.statusCode).toBe(201);
    // 2 × 1,250.25 − 0.50 = 2,500.00.
    expect(res.json()).toMatchObject({ quotation: quotation.id, code: 'HD-1', unit: 'SET', quantity: '2.000', unit_price: '1250.25', discount: '0.50', gross_price: '2500.00', image_path: null });
    // 2,400.00 + 2,500.00: subtotal 5,000.50, discounts 100.50, taxable 4,900.00, tax 882.00, total 5,782.00.
    expect((await exec.get(API.quotations.detail(quotation.id))).json()).toMatchObject({ subtotal: '5000.50', discount_total: '100.50', tax_amount: '882.00', total_amount: '5782.00' });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'quotation_item.create'))).toEqual([expect.objectContaining({ username: 'sales.exec', target: `quotation_items:${res.json().id}` })]);
    const listed = (await (await as('accounts')).get(`${API.quotationItems.list}?quotation=${quotation.id}`)).json();
    expect(listed.results.map((i: { description: string }) => i.description)).toEqual(['Tray', 'Header']);
    expect((await (await as('design')).get(API.quotationItems.detail(res.json().id))).json()).toEqual(res.json());
  });

  it('adds a line with its image as multipart: the image is kept in the file store and readable by quotation readers', async () => {
    const quotation = await ownQuotation();
    const { body, headers } = await form({ quotation: quotation.id, description: 'Stand with logo', quantity: '1', unit_price: '500' }, { image: PNG });
    const res = await (await as('sales.exec')).post(API.quotationItems.list, body, headers);
    expect(res.statusCode).toBe(201);
    const path = res.json().image_path as string;
    expect(path).toMatch(/^\/files\/\d+\/content\/$/);
    const download = await (await as('design')).get(path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(await db().select({ owner_type: files.owner_type, owner_id: files.owner_id }).from(files)).toEqual([{ owner_type: 'quotation-item', owner_id: res.json().id }]);
  });

  it('changes a line as JSON or multipart, and refuses what does not fit, naming the field', async () => {
    const quotation = await ownQuotation();
    const exec = await as('sales.exec');
    const [line] = (await exec.get(API.quotations.detail(quotation.id))).json().items;
    const changed = await exec.patch(API.quotationItems.detail(line.id), { quantity: '12' });
    expect(changed.statusCode).toBe(200);
    // 12 × 250.00 − 100.00 = 2,900.00; tax 522.00; total 3,422.00.
    expect(changed.json()).toMatchObject({ quantity: '12.000', gross_price: '2900.00' });
    expect((await exec.get(API.quotations.detail(quotation.id))).json()).toMatchObject({ subtotal: '3000.00', tax_amount: '522.00', total_amount: '3422.00' });

    const { body, headers } = await form({ description: 'Tray with photo' }, { image: PNG });
    const withImage = await exec.patch(API.quotationItems.detail(line.id), body, headers);
    expect(withImage.statusCode).toBe(200);
    expect(withImage.json()).toMatchObject({ description: 'Tray with photo', image_path: expect.stringMatching(/^\/files\/\d+\/content\/$/) });

    expect((await exec.patch(API.quotationItems.detail(line.id), { discount: '3000.01' })).json()).toEqual({ discount: ['Discount cannot exceed the line amount (quantity × unit price).'] });
    expect((await exec.patch(API.quotationItems.detail(line.id), { unit: 'GALLON' })).statusCode).toBe(400);
    expect((await exec.patch(API.quotationItems.detail(line.id), { quantity: 'lots' })).json()).toEqual({ quantity: ['A valid number is required.'] });
    const other = await ownQuotation();
    expect((await exec.patch(API.quotationItems.detail(line.id), { quotation: other.id })).json()).toEqual({ quotation: ['An item cannot move to another quotation.'] });
    expect((await exec.patch(API.quotationItems.detail(line.id), { quantity: '1' }, { 'if-match': '"99"' })).statusCode).toBe(409);
    expect((await exec.patch(API.quotationItems.detail(99999), { quantity: '1' })).statusCode).toBe(404);
  });

  it('removes a line, but never the last one', async () => {
    const quotation = await makeQuotation(db(), { sales_exec: await userId(db(), 'sales.exec'), items: [{ quantity: '1', unit_price: '100' }, { quantity: '2', unit_price: '50.50' }] });
    const exec = await as('sales.exec');
    const [first, second] = (await exec.get(API.quotations.detail(quotation.id))).json().items;
    expect((await exec.delete(API.quotationItems.detail(second.id))).statusCode).toBe(204);
    expect((await exec.get(API.quotationItems.detail(second.id))).statusCode).toBe(404);
    // One line of 100.00 at 18%: total 118.00.
    expect((await exec.get(API.quotations.detail(quotation.id))).json()).toMatchObject({ subtotal: '100.00', tax_amount: '18.00', total_amount: '118.00' });
    const last = await exec.delete(API.quotationItems.detail(first.id));
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ non_field_errors: ['A quotation needs at least one item: add another before removing this one.'] });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'quotation_item.delete'))).toHaveLength(1);
  });

  it('names the field of every bad input, JSON or multipart', async () => {
    const quotation = await ownQuotation();
    const deleted = await ownQuotation();
    await (await as('sales.exec')).delete(API.quotations.detail(deleted.id));
    const exec = await as('sales.exec');
    const line = { description: 'Header', quantity: '1', unit_price: '10' };
    const cases: [unknown, string, string?][] = [
      [line, 'quotation', 'This field is required.'],
      [{ ...line, quotation: 99999 }, 'quotation', 'Invalid pk "99999" - object does not exist.'],
      [{ ...line, quotation: deleted.id }, 'quotation', `Invalid pk "${deleted.id}" - object does not exist.`],
      [{ ...line, quotation: quotation.id, description: '' }, 'description'],
      [{ ...line, quotation: quotation.id, quantity: '-1' }, 'quantity', 'Enter a quantity above zero.'],
      [{ ...line, quotation: quotation.id, discount: '10.01' }, 'discount', 'Discount cannot exceed the line amount (quantity × unit price).'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await exec.post(API.quotationItems.list, payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json()), field).toEqual([field]);
      if (message) expect(res.json()[field], field).toEqual([message]);
    }
    const multipart = async (data: unknown, uploads?: Record<string, Buffer>, extra?: Record<string, string>) => {
      const { body, headers } = await form(data, uploads, extra);
      return (await exec.post(API.quotationItems.list, body, headers)).json();
    };
    const good = { ...line, quotation: quotation.id };
    expect(await multipart('{"quotation": ')).toEqual({ data: [expect.stringMatching(/^JSON parse error - /)] });
    expect(await multipart(good, {}, { description: 'flat' })).toEqual({ description: ['Send the fields as JSON in the part "data".'] });
    expect(await multipart(good, { image: PDF })).toEqual({ image: ['An item image must be a JPEG or PNG picture (the PDF shows only these).'] });
    expect(await multipart(good, { photo: PNG })).toEqual({ photo: ['There is no item for the image "photo".'] });
    expect(await multipart({ ...good, description: 'a\u0000b' })).toEqual({ description: ['Null characters are not allowed.'] });
    expect((await exec.get(`${API.quotations.detail(quotation.id)}`)).json().items).toHaveLength(1);
  });

  it('lets a sales executive change only the lines of their own quotations; design and accounts read; stores neither', async () => {
    const theirs = await ownQuotation('sales.senior');
    const exec = await as('sales.exec');
    const [line] = (await exec.get(API.quotations.detail(theirs.id))).json().items;
    expect((await exec.post(API.quotationItems.list, { quotation: theirs.id, description: 'X', quantity: '1', unit_price: '1' })).statusCode).toBe(403);
    expect((await exec.patch(API.quotationItems.detail(line.id), { quantity: '2' })).statusCode).toBe(403);
    expect((await exec.delete(API.quotationItems.detail(line.id))).statusCode).toBe(403);
    expect((await (await as('sales.manager')).patch(API.quotationItems.detail(line.id), { quantity: '2' })).statusCode).toBe(200);
    for (const reader of ['design', 'accounts']) {
      expect((await (await as(reader)).get(API.quotationItems.detail(line.id))).statusCode, reader).toBe(200);
      expect((await (await as(reader)).patch(API.quotationItems.detail(line.id), { quantity: '3' })).statusCode, reader).toBe(403);
    }
    expect((await (await as('stores')).get(API.quotationItems.detail(line.id))).statusCode).toBe(403);
    expect((await (await as('stores')).get(API.quotationItems.list)).statusCode).toBe(403);
  });
});

describe("a quotation's own body as multipart", () => {
  it('creates a quotation with an image on its second line', async () => {
    const customer = await makeCustomer(db());
    const data = {
      customer: customer.id,
      sales_exec: await userId(db(), 'sales.exec'),
      quotation_date: '2026-11-20',
      tax_rate: '18',
      items: [
        { description: 'Plain tray', quantity: '1', unit_price: '100' },
        { description: 'Tray with print', quantity: '1', unit_price: '150' },
      ],
    };
    const exec = await as('sales.exec');
    const { body, headers } = await form(data, { 'items.1.image': PNG });
    const res = await exec.post(API.quotations.list, body, headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().items.map((i: { image_path: string | null }) => i.image_path !== null)).toEqual([false, true]);
    // 100.00 + 150.00 at 18%: 45.00, total 295.00.
    expect(res.json()).toMatchObject({ subtotal: '250.00', tax_amount: '45.00', total_amount: '295.00' });

    const beyond = await form(data, { 'items.2.image': PNG });
    expect((await exec.post(API.quotations.list, beyond.body, beyond.headers)).json()).toEqual({ 'items.2.image': ['There is no item for the image "items.2.image".'] });
    const notImage = await form(data, { 'items.0.image': PDF });
    expect((await exec.post(API.quotations.list, notImage.body, notImage.headers)).json()).toEqual({ 'items.0.image': ['An item image must be a JPEG or PNG picture (the PDF shows only these).'] });

    // An update replaces the image of a line it names.
    const [plain] = res.json().items;
    const update = await form({ items: [{ id: plain.id, description: 'Plain tray', quantity: '1', unit_price: '100' }] }, { 'items.0.image': PNG });
    const updated = await exec.patch(API.quotations.detail(res.json().id), update.body, update.headers);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().items.map((i: { id: number; image_path: string | null }) => [i.id === plain.id, i.image_path !== null])).toEqual([[true, true]]);
  });
});
