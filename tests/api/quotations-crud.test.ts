import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, quotations } from '../../server/db/schema';
import { userId } from '../support/factories';
import { makeBranch, makeCustomer, makeQuotation } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Quotations (issue 18 §3): create, read, change and cancel, with totals exact to the paisa and who may do what. */

const { as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

/** 10 × 250.00 − 100.00 discount, and 3 × 1500.50, at 18% on the amount after discounts. */
async function body(values: Record<string, unknown> = {}) {
  const customer = await makeCustomer(db());
  return {
    customer: customer.id,
    sales_exec: await userId(db(), 'sales.exec'),
    quotation_date: '2026-11-20',
    subject: 'Eyewear display stands',
    terms: 'GST extra.',
    tax_rate: '18',
    items: [
      { code: 'EW-10', description: 'Acrylic eyewear stand', quantity: '10', unit: 'PCS', unit_price: '250.00', discount: '100.00' },
      { description: 'Wall panel', quantity: '3', unit: 'SET', unit_price: '1500.50' },
    ],
    ...values,
  };
}

describe('creating a quotation', () => {
  it('numbers it, computes each line and the totals to the paisa, and records who made it', async () => {
    const exec = await as('sales.exec');
    const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
    const res = await exec.post(API.quotations.list, await body({ customer: lumen.id }));
    expect(res.statusCode).toBe(201);
    const quotation = res.json();
    // Lines: 2,500.00 − 100.00 = 2,400.00 and 4,501.50; subtotal 7,001.50, discount 100.00,
    // taxable 6,901.50, tax 18% = 1,242.27, total 8,143.77.
    expect(quotation).toMatchObject({
      number: 1,
      status: 'draft',
      sent_at: null,
      revision: 1,
      subtotal: '7001.50',
      discount_total: '100.00',
      tax_rate: '18.00',
      tax_amount: '1242.27',
      total_amount: '8143.77',
      customer_name: 'Lumen Opticals',
      sales_exec_name: expect.any(String),
      versions: [{ revision: 1, current: true, saved_at: null, saved_by: null }],
    });
    expect(quotation.items.map((i: Record<string, string>) => [i.code, i.unit, i.quantity, i.unit_price, i.discount, i.gross_price])).toEqual([
      ['EW-10', 'PCS', '10.000', '250.00', '100.00', '2400.00'],
      ['', 'SET', '3.000', '1500.50', '0.00', '4501.50'],
    ]);
    expect(res.headers.etag).toBe(`"${quotation.version}"`);
    const [audit] = await auditOf('quotation.create');
    expect(audit).toMatchObject({ username: 'sales.exec', target: `quotations:${quotation.id}`, metadata: { number: 1, items: 2, total_amount: '8143.77' } });

    const detail = await (await as('design')).get(API.quotations.detail(quotation.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(quotation);
  });

  it('names the field of every bad input in a 400, never a 500', async () => {
    const exec = await as('sales.manager');
    const other = await makeCustomer(db());
    const elsewhere = await makeBranch(db(), other.id);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ customer: undefined }, 'customer', 'This field is required.'],
      [{ customer: 99999 }, 'customer', 'Invalid pk "99999" - object does not exist.'],
      [{ customer: 'Lumen' }, 'customer', 'Incorrect type. Expected pk value.'],
      [{ branch: elsewhere.id }, 'branch', 'This branch belongs to another customer.'],
      [{ sales_exec: 99999 }, 'sales_exec', 'Invalid pk "99999" - object does not exist.'],
      [{ lead: 99999 }, 'lead', 'Invalid pk "99999" - object does not exist.'],
      [{ quotation_date: '20-11-2026' }, 'quotation_date', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      [{ tax_rate: '100.01' }, 'tax_rate', 'Ensure this value is less than or equal to 100.'],
      [{ tax_rate: 'eighteen' }, 'tax_rate', 'A valid number is required.'],
      [{ items: [] }, 'items'],
      [{ items: undefined }, 'items', 'This field is required.'],
      [{ items: [{ description: 'Stand', quantity: '0', unit_price: '10' }] }, 'items.0.quantity', 'Enter a quantity above zero.'],
      [{ items: [{ description: 'Stand', quantity: '2', unit_price: '10', unit: 'GALLON' }] }, 'items.0.unit'],
      [{ items: [{ description: 'Stand', quantity: '2', unit_price: '10.00', discount: '20.01' }] }, 'items.0.discount', 'Discount cannot exceed the line amount (quantity × unit price).'],
      [{ items: [{ description: '', quantity: '2', unit_price: '10' }] }, 'items.0.description'],
      [{ items: [{ description: 'Stand', quantity: '2', unit_price: '-1' }] }, 'items.0.unit_price', 'Enter zero or more.'],
    ];
    for (const [changes, field, message] of cases) {
      const res = await exec.post(API.quotations.list, await body(changes));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json()), field).toEqual([field]);
      if (message) expect(res.json()[field], field).toEqual([message]);
    }
    for (const notAnObject of [[1], 'customer', null]) {
      const res = await exec.post(API.quotations.list, JSON.stringify(notAnObject), { 'content-type': 'application/json' });
      expect(res.statusCode, JSON.stringify(notAnObject)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(notAnObject)).toEqual(['non_field_errors']);
    }
    expect(await db().select().from(quotations)).toEqual([]);
  });

  it('lets a sales executive quote only as themselves; managers and management for anyone; others not at all', async () => {
    const senior = await userId(db(), 'sales.senior');
    expect((await (await as('sales.exec')).post(API.quotations.list, await body({ sales_exec: senior }))).statusCode).toBe(403);
    expect((await (await as('sales.exec')).post(API.quotations.list, await body())).statusCode).toBe(201);
    expect((await (await as('sales.manager')).post(API.quotations.list, await body({ sales_exec: senior }))).statusCode).toBe(201);
    expect((await (await as('management')).post(API.quotations.list, await body({ sales_exec: senior }))).statusCode).toBe(201);
    for (const reader of ['design', 'accounts']) {
      expect((await (await as(reader)).post(API.quotations.list, await body())).statusCode, reader).toBe(403);
      expect((await (await as(reader)).get(API.quotations.list)).statusCode, reader).toBe(200);
    }
    expect((await (await as('stores')).get(API.quotations.list)).statusCode).toBe(403);
    expect((await (await as('stores')).post(API.quotations.list, await body())).statusCode).toBe(403);
  });
});

describe('reading quotations', () => {
  it('lists them newest number first with the customer and executive names; 404 for an unknown one', async () => {
    const exec = await userId(db(), 'sales.exec');
    const first = await makeQuotation(db(), { sales_exec: exec, subject: 'Trays' });
    const second = await makeQuotation(db(), { sales_exec: exec, subject: 'Mirrors' });
    const reader = await as('accounts');
    const page = (await reader.get(API.quotations.list)).json();
    expect(page.results.map((q: { id: number }) => q.id)).toEqual([second.id, first.id]);
    expect(page.results[0]).toMatchObject({ subject: 'Mirrors', customer_name: expect.stringMatching(/^Customer/), sales_exec_name: expect.any(String) });
    expect((await reader.get(API.quotations.detail(99999))).statusCode).toBe(404);
    expect((await reader.get(API.quotations.detail('abc'))).statusCode).toBe(404);
  });
});

describe('changing a quotation', () => {
  it('changes the header and recomputes the tax on the same lines, audited', async () => {
    const created = (await (await as('sales.exec')).post(API.quotations.list, await body())).json();
    const res = await (await as('sales.exec')).patch(API.quotations.detail(created.id), { tax_rate: '12', subject: 'Eyewear stands, revised' });
    expect(res.statusCode).toBe(200);
    // Taxable 6,901.50 at 12% = 828.18; total 7,729.68.
    expect(res.json()).toMatchObject({ subject: 'Eyewear stands, revised', tax_rate: '12.00', tax_amount: '828.18', total_amount: '7729.68', revision: 1 });
    expect(await auditOf('quotation.update')).toEqual([expect.objectContaining({ username: 'sales.exec', target: `quotations:${created.id}`, metadata: { fields: ['subject', 'tax_rate'], revision: 1, revised: false } })]);
  });

  it('sets the lines: named lines change, new ones are added, those left out are removed', async () => {
    const created = (await (await as('sales.exec')).post(API.quotations.list, await body())).json();
    const [stand] = created.items;
    const res = await (await as('sales.exec')).patch(API.quotations.detail(created.id), {
      items: [
        { id: stand.id, description: 'Acrylic eyewear stand', quantity: '12', unit_price: '250.00', discount: '0' },
        { description: 'Logo header', quantity: '1', unit: 'PCS', unit_price: '999.99' },
      ],
    });
    expect(res.statusCode).toBe(200);
    // 12 × 250.00 = 3,000.00 and 999.99: subtotal 3,999.99, tax 18% = 720.00 (719.9982), total 4,719.99.
    expect(res.json().items.map((i: Record<string, unknown>) => [i.id === stand.id, i.description, i.gross_price])).toEqual([
      [true, 'Acrylic eyewear stand', '3000.00'],
      [false, 'Logo header', '999.99'],
    ]);
    expect(res.json()).toMatchObject({ subtotal: '3999.99', discount_total: '0.00', tax_amount: '720.00', total_amount: '4719.99' });
  });

  it('refuses lines of another quotation, repeated lines and a stale version, naming the field', async () => {
    const exec = await as('sales.exec');
    const a = (await exec.post(API.quotations.list, await body())).json();
    const b = (await exec.post(API.quotations.list, await body())).json();
    const line = { description: 'Stand', quantity: '1', unit_price: '1' };
    const foreign = await exec.patch(API.quotations.detail(a.id), { items: [{ ...line, id: b.items[0].id }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ 'items.0.id': [`Item ${b.items[0].id} is not a line of this quotation.`] });
    const twice = await exec.patch(API.quotations.detail(a.id), { items: [{ ...line, id: a.items[0].id }, { ...line, id: a.items[0].id }] });
    expect(twice.json()).toEqual({ 'items.1.id': [`Item ${a.items[0].id} is listed twice.`] });
    expect((await exec.patch(API.quotations.detail(a.id), { tax_rate: '101' })).json()).toEqual({ tax_rate: ['Ensure this value is less than or equal to 100.'] });
    expect((await exec.patch(API.quotations.detail(a.id), { customer: 99999 })).json()).toEqual({ customer: ['Invalid pk "99999" - object does not exist.'] });
    const stale = await exec.patch(API.quotations.detail(a.id), { subject: 'Late' }, { 'if-match': '"99"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: a.id, subject: 'Eyewear display stands' });
    expect((await exec.patch(API.quotations.detail(99999), { subject: 'Nothing' })).statusCode).toBe(404);
  });

  it("lets a sales executive change only their own quotations, and not hand them to another executive", async () => {
    const senior = await userId(db(), 'sales.senior');
    const theirs = await makeQuotation(db(), { sales_exec: senior });
    const mine = await makeQuotation(db(), { sales_exec: await userId(db(), 'sales.exec') });
    const exec = await as('sales.exec');
    const refused = await exec.patch(API.quotations.detail(theirs.id), { subject: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'A sales executive changes only the quotations where they are the sales executive.' });
    expect((await exec.delete(API.quotations.detail(theirs.id))).statusCode).toBe(403);
    expect((await exec.patch(API.quotations.detail(mine.id), { sales_exec: senior })).statusCode).toBe(403);
    expect((await (await as('sales.manager')).patch(API.quotations.detail(theirs.id), { subject: 'Checked' })).statusCode).toBe(200);
    expect((await (await as('management')).patch(API.quotations.detail(theirs.id), { subject: 'Seen' })).statusCode).toBe(200);
    for (const username of ['design', 'accounts', 'stores']) {
      expect((await (await as(username)).patch(API.quotations.detail(mine.id), { subject: 'No' })).statusCode, username).toBe(403);
      expect((await (await as(username)).delete(API.quotations.detail(mine.id))).statusCode, username).toBe(403);
    }
  });

  it('refuses to change an accepted quotation', async () => {
    const accepted = await makeQuotation(db(), { sales_exec: await userId(db(), 'sales.exec'), status: 'accepted', sent_at: '2026-11-21T10:00:00Z' });
    const res = await (await as('sales.exec')).patch(API.quotations.detail(accepted.id), { subject: 'Late change' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['An accepted quotation cannot be changed: the customer accepted it as it stands.'] });
  });
});

describe('cancelling a quotation', () => {
  it('moves it to deleted_list/ with its lines, audited; its detail is gone', async () => {
    const exec = await as('sales.exec');
    expect((await exec.get(API.quotations.deleted)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const created = (await exec.post(API.quotations.list, await body())).json();
    expect((await exec.delete(API.quotations.detail(created.id), { 'if-match': '"99"' })).statusCode).toBe(409);
    const res = await exec.delete(API.quotations.detail(created.id));
    expect(res.statusCode).toBe(204);
    expect((await exec.get(API.quotations.detail(created.id))).statusCode).toBe(404);
    expect((await exec.delete(API.quotations.detail(created.id))).statusCode).toBe(404);
    const deleted = (await exec.get(API.quotations.deleted)).json();
    expect(deleted.count).toBe(1);
    expect(deleted.results[0]).toMatchObject({ id: created.id, number: 1, deleted_at: expect.any(String), total_amount: '8143.77' });
    expect(deleted.results[0].items).toHaveLength(2);
    expect((await exec.get(API.quotations.list)).json().count).toBe(0);
    expect(await auditOf('quotation.delete')).toEqual([expect.objectContaining({ username: 'sales.exec', target: `quotations:${created.id}`, risk_level: 'medium' })]);
    expect((await exec.get(`${API.quotations.deleted}?page=2`)).statusCode).toBe(404);
    expect(Object.keys((await exec.get(`${API.quotations.deleted}?colour=red`)).json())).toEqual(['non_field_errors']);
  });
});

describe("the company's issuing entities", () => {
  it('are read by quotation readers, set by superusers only, and bind monarch_entity once named', async () => {
    const exec = await as('sales.exec');
    expect((await exec.get(API.quotations.monarchEntities)).json()).toEqual({ monarch_entities: [] });
    // None named: any text is taken.
    expect((await exec.post(API.quotations.list, await body({ monarch_entity: 'Anything Ltd' }))).statusCode).toBe(201);

    const entities = ['Monarch Display Systems Pvt Ltd', 'Monarch Retail Interiors LLP'];
    expect((await (await as('management')).put(API.quotations.adminMonarchEntities, { monarch_entities: entities })).statusCode).toBe(403);
    const admin = await as('admin');
    expect((await admin.put(API.quotations.adminMonarchEntities, { monarch_entities: ['A', 'A'] })).json()).toEqual({ monarch_entities: ['Each entity may be listed once.'] });
    expect(Object.keys((await admin.put(API.quotations.adminMonarchEntities, { monarch_entities: [''] })).json())).toEqual(['monarch_entities.0']);
    const set = await admin.put(API.quotations.adminMonarchEntities, { monarch_entities: entities });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ monarch_entities: entities });
    expect((await db().select().from(auditLog).where(like(auditLog.action, 'system.config.monarch%')))[0]).toMatchObject({ username: 'admin', metadata: { from: [], to: entities } });
    expect((await (await as('design')).get(API.quotations.monarchEntities)).json()).toEqual({ monarch_entities: entities });
    expect((await (await as('stores')).get(API.quotations.monarchEntities)).statusCode).toBe(403);

    const unknown = await exec.post(API.quotations.list, await body({ monarch_entity: 'Anything Ltd' }));
    expect(unknown.json()).toEqual({ monarch_entity: ['"Anything Ltd" is not one of the company\'s entities: Monarch Display Systems Pvt Ltd, Monarch Retail Interiors LLP.'] });
    expect((await exec.post(API.quotations.list, await body())).json()).toEqual({ monarch_entity: ["Choose one of the company's entities."] });
    expect((await exec.post(API.quotations.list, await body({ monarch_entity: entities[1] }))).statusCode).toBe(201);
  });
});
