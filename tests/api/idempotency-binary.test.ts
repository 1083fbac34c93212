import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { idempotencyKeys } from '../../server/db/schema';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** A keyed write's answer replays byte for byte with its headers (decision 339), a PDF as much as JSON. */

const { as, db } = useTestServer();
const keyed = (key: string) => ({ 'idempotency-key': key });

/** Two draft invoices of Orbit Retail, each 2 × 500.00 at 18 %. */
async function twoInvoices() {
  await makeCompany(db());
  await makeGstRates(db());
  const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
  const accounts = await as('accounts');
  const ids: number[] = [];
  for (const invoice_date of ['2026-11-20', '2026-11-21']) {
    const res = await accounts.post(API.invoices.list, {
      customer: customer.id,
      invoice_date,
      due_date: '2026-12-20',
      items: [{ description: 'Acrylic tray', hsn_code: '3926', quantity: '2', unit_price: '500', tax_rate: '18' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push((res.json() as { id: number }).id);
  }
  return { accounts, ids };
}

describe('Idempotency-Key replays the stored answer byte for byte', () => {
  it('replays bulk_generate_pdf/ as the same PDF bytes, content type and file name', async () => {
    const { accounts, ids } = await twoInvoices();
    const first = await accounts.post(API.invoices.bulkPdf, { invoice_ids: ids }, keyed('desk-3:print-1'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A PDF carries bytes that are not UTF-8: kept as text, they came back as U+FFFD.
    expect(first.rawPayload.toString('utf8')).toContain('\uFFFD');

    const again = await accounts.post(API.invoices.bulkPdf, { invoice_ids: ids }, keyed('desk-3:print-1'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-length']).toBe(String(first.rawPayload.length));
    expect([again.headers['content-type'], again.headers['content-disposition']]).toEqual(['application/pdf', 'attachment; filename="invoices.pdf"']);
    expect([first.headers['content-type'], first.headers['content-disposition']]).toEqual(['application/pdf', 'attachment; filename="invoices.pdf"']);
  });

  it('replays a created row with its body and its ETag', async () => {
    await makeCompany(db());
    await makeGstRates(db());
    const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
    const accounts = await as('accounts');
    const body = { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', items: [{ description: 'Acrylic tray', hsn_code: '3926', quantity: '2', unit_price: '500', tax_rate: '18' }] };
    const first = await accounts.post(API.invoices.list, body, keyed('desk-3:create-1'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers.etag).toBe('"2"');
    const again = await accounts.post(API.invoices.list, body, keyed('desk-3:create-1'));
    expect([again.statusCode, again.headers.etag, again.headers['content-type'], again.body]).toEqual([201, '"2"', 'application/json; charset=utf-8', first.body]);
  });

  it('still replays an answer stored as text with its content type, as keys kept from before were stored', async () => {
    const { accounts, ids } = await twoInvoices();
    const body = { invoice_ids: ids, reason: 'Raised twice by mistake', notes: '' };
    const first = await accounts.post(API.invoices.bulkCancel, body, keyed('desk-3:cancel-1'));
    expect(first.statusCode, first.body).toBe(200);
    await db().update(idempotencyKeys).set({ response_body: first.body, response_type: 'application/json; charset=utf-8' }).where(eq(idempotencyKeys.key, 'desk-3:cancel-1'));
    const again = await accounts.post(API.invoices.bulkCancel, body, keyed('desk-3:cancel-1'));
    expect([again.statusCode, again.headers['idempotent-replayed'], again.headers['content-type'], again.body]).toEqual([200, 'true', 'application/json; charset=utf-8', first.body]);
  });
});
