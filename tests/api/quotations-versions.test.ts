import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { userId } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Revisions (issue 18 §3 "Versions"): once sent, every saved change is a new revision; each stays readable and comparable. */

const { as, db } = useTestServer();

async function sentQuotation() {
  const exec = await as('sales.exec');
  const customer = await makeCustomer(db(), { email: 'buyer@example.com' });
  const created = await exec.post(API.quotations.list, {
    customer: customer.id,
    sales_exec: await userId(db(), 'sales.exec'),
    quotation_date: '2026-11-20',
    subject: 'Eyewear stands',
    tax_rate: '18',
    items: [
      { code: 'EW-10', description: 'Acrylic eyewear stand', quantity: '10', unit_price: '250.00', discount: '100.00' },
      { description: 'Wall panel', quantity: '3', unit: 'SET', unit_price: '1500.50' },
    ],
  });
  const id = created.json().id as number;
  // A draft is edited in place.
  expect((await exec.patch(API.quotations.detail(id), { terms: 'GST extra.' })).json()).toMatchObject({ revision: 1, versions: [{ revision: 1, current: true }] });
  expect((await exec.post(API.quotations.send(id), { email_addresses: ['buyer@example.com'] })).statusCode).toBe(200);
  return { exec, id, items: created.json().items as { id: number }[] };
}

describe('revisions of a sent quotation', () => {
  it('keeps each revision as it stood and answers the list of revisions with the detail', async () => {
    const { exec, id, items } = await sentQuotation();
    const second = await exec.patch(API.quotations.detail(id), { tax_rate: '12' });
    expect(second.json()).toMatchObject({ revision: 2, tax_amount: '828.18', total_amount: '7729.68' });
    const third = await exec.patch(API.quotations.detail(id), {
      items: [
        { id: items[0]!.id, code: 'EW-10', description: 'Acrylic eyewear stand', quantity: '12', unit_price: '250.00', discount: '100.00' },
        { description: 'Logo header', quantity: '1', unit_price: '999.99' },
      ],
    });
    // 2,900.00 + 999.99 = 3,999.99 less 100.00 discount; 12% of 3,899.99 = 468.00; total 4,367.99.
    expect(third.json()).toMatchObject({ revision: 3, subtotal: '3999.99', discount_total: '100.00', tax_amount: '468.00', total_amount: '4367.99' });
    expect(third.json().versions).toEqual([
      { revision: 1, current: false, saved_at: expect.any(String), saved_by: await userId(db(), 'sales.exec') },
      { revision: 2, current: false, saved_at: expect.any(String), saved_by: await userId(db(), 'sales.exec') },
      { revision: 3, current: true, saved_at: null, saved_by: null },
    ]);

    const reader = await as('design');
    const first = (await reader.get(API.quotations.version(id, 1))).json();
    expect(first).toMatchObject({ quotation: id, number: 1, revision: 1, current: false, tax_rate: '18.00', subtotal: '7001.50', tax_amount: '1242.27', total_amount: '8143.77', terms: 'GST extra.' });
    expect(first.items.map((i: Record<string, string>) => [i.description, i.quantity, i.gross_price])).toEqual([
      ['Acrylic eyewear stand', '10.000', '2400.00'],
      ['Wall panel', '3.000', '4501.50'],
    ]);
    expect((await reader.get(API.quotations.version(id, 2))).json()).toMatchObject({ revision: 2, tax_rate: '12.00', total_amount: '7729.68', current: false });
    const current = (await reader.get(API.quotations.version(id, 3))).json();
    expect(current).toMatchObject({ revision: 3, current: true, saved_at: null, total_amount: '4367.99' });
    expect(current.items.map((i: { description: string }) => i.description)).toEqual(['Acrylic eyewear stand', 'Logo header']);
  });

  it('answers the difference between two revisions line by line', async () => {
    const { exec, id, items } = await sentQuotation();
    await exec.patch(API.quotations.detail(id), { tax_rate: '12' });
    await exec.patch(API.quotations.detail(id), {
      items: [
        { id: items[0]!.id, code: 'EW-10', description: 'Acrylic eyewear stand', quantity: '12', unit_price: '250.00', discount: '100.00' },
        { description: 'Logo header', quantity: '1', unit_price: '999.99' },
      ],
    });
    const res = await (await as('accounts')).get(`${API.quotations.compare(id)}?from=1&to=3`);
    expect(res.statusCode).toBe(200);
    const diff = res.json();
    expect(diff.header).toEqual([
      { field: 'tax_rate', from: '18.00', to: '12.00' },
      { field: 'subtotal', from: '7001.50', to: '3999.99' },
      { field: 'tax_amount', from: '1242.27', to: '468.00' },
      { field: 'total_amount', from: '8143.77', to: '4367.99' },
    ]);
    expect(diff.added.map((l: { description: string }) => l.description)).toEqual(['Logo header']);
    expect(diff.removed.map((l: { description: string }) => l.description)).toEqual(['Wall panel']);
    expect(diff.changed).toEqual([
      {
        id: items[0]!.id,
        from: expect.objectContaining({ quantity: '10.000' }),
        to: expect.objectContaining({ quantity: '12.000' }),
        fields: [
          { field: 'quantity', from: '10.000', to: '12.000' },
          { field: 'gross_price', from: '2400.00', to: '2900.00' },
        ],
      },
    ]);
    // 4,367.99 − 8,143.77.
    expect(diff).toMatchObject({ from: 1, to: 3, total_change: '-3775.78' });
    expect((await (await as('accounts')).get(`${API.quotations.compare(id)}?from=2&to=2`)).json()).toMatchObject({ header: [], added: [], removed: [], changed: [], total_change: '0.00' });
  });

  it('makes no revision for a save that changes nothing, and one for each change of a line', async () => {
    const { exec, id, items } = await sentQuotation();
    expect((await exec.patch(API.quotations.detail(id), { subject: 'Eyewear stands', tax_rate: '18.00' })).json().revision).toBe(1);
    expect((await exec.patch(API.quotationItems.detail(items[1]!.id), { quantity: '3' })).json()).toMatchObject({ quantity: '3.000' });
    expect((await exec.get(API.quotations.detail(id))).json().revision).toBe(1);
    await exec.patch(API.quotationItems.detail(items[1]!.id), { quantity: '4' });
    await exec.post(API.quotationItems.list, { quotation: id, description: 'Spare shelf', quantity: '1', unit_price: '10' });
    await exec.delete(API.quotationItems.detail(items[1]!.id));
    const view = (await exec.get(API.quotations.detail(id))).json();
    expect(view.versions.map((v: { revision: number }) => v.revision)).toEqual([1, 2, 3, 4]);
    expect((await exec.get(API.quotations.version(id, 2))).json().items.map((i: { quantity: string }) => i.quantity)).toEqual(['10.000', '4.000']);
  });

  it('answers 404 for a revision that does not exist and 400 naming the field for a bad comparison; stores may not read', async () => {
    const { id } = await sentQuotation();
    const reader = await as('sales.exec');
    const missing = await reader.get(API.quotations.version(id, 9));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'This quotation has no revision 9.' });
    expect((await reader.get(API.quotations.version(id, 'one'))).statusCode).toBe(404);
    expect((await reader.get(API.quotations.version(99999, 1))).statusCode).toBe(404);
    expect((await reader.get(`${API.quotations.compare(id)}?from=1&to=9`)).json()).toEqual({ to: ['This quotation has no revision 9.'] });
    expect(Object.keys((await reader.get(`${API.quotations.compare(id)}?from=abc&to=1`)).json())).toEqual(['from']);
    expect(Object.keys((await reader.get(`${API.quotations.compare(id)}?to=1`)).json())).toEqual(['from']);
    expect((await (await as('stores')).get(API.quotations.version(id, 1))).statusCode).toBe(403);
    expect((await (await as('stores')).get(`${API.quotations.compare(id)}?from=1&to=1`)).statusCode).toBe(403);
  });
});
