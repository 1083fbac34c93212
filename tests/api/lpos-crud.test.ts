import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, lpoItems, lpos } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

async function materialsNamed(...names: string[]) {
  const category = await makeCategory(db());
  return Promise.all(names.map((name) => makeMaterial(db(), category.id, { name, unit: 'SHEET' })));
}

async function newLpoBody(overrides: Record<string, unknown> = {}) {
  const vendor = await makeVendor(db(), { name: 'Shree Ganesh Acrylics' });
  const [clear, black] = await materialsNamed('Acrylic sheet 3mm clear', 'Acrylic sheet 5mm black');
  return {
    vendor: vendor.id,
    lpo_date: '2026-03-02',
    expected_date: '2026-03-12',
    remarks: 'Deliver to stores gate 2',
    lpo_items: [
      { material: clear!.id, quantity: '12', rate: '1450.50' },
      { material: black!.id, quantity: '2.5', rate: '99.99' },
    ],
    ...overrides,
  };
}

/** A draft LPO made through the API by the purchase executive. */
async function draftLpo(overrides: Record<string, unknown> = {}) {
  const res = await (await as('purchase')).post(API.lpos.list, await newLpoBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST lpos/', () => {
  it('makes a draft LPO with its lines, the total summed exactly, and an audit entry', async () => {
    const res = await (await as('purchase')).post(API.lpos.list, await newLpoBody());
    expect(res.statusCode, res.body).toBe(201);
    const lpo = res.json();
    // 12 × 1450.50 = 17406.00; 2.5 × 99.99 = 249.975 → 249.98; total 17655.98
    expect(lpo).toMatchObject({ status: 'draft', subtotal: '17655.98', tax_amount: '0.00', total_amount: '17655.98', vendor_name: 'Shree Ganesh Acrylics', created_by_name: 'Deepak Rao', approved_by: null, sent_at: null });
    expect(lpo.lpo_items.map((i: { material_name: string; amount: string; tax_rate: string; expected_date: string | null }) => [i.material_name, i.amount, i.tax_rate, i.expected_date])).toEqual([
      ['Acrylic sheet 3mm clear', '17406.00', '0.00', null],
      ['Acrylic sheet 5mm black', '249.98', '0.00', null],
    ]);
    expect(lpo.created_by).toBe(await userId(db(), 'purchase'));
    expect(res.headers.etag).toBe(`"${lpo.version}"`);
    expect(await auditOf('lpo.create')).toMatchObject([{ target: `lpos:${lpo.id}`, username: 'purchase' }]);
  });

  it('each line pays GST at its own rate and may be due on its own date: subtotal, GST and total exact to the paisa', async () => {
    const body = await newLpoBody();
    const [clear, black] = body.lpo_items;
    const res = await (await as('purchase')).post(API.lpos.list, {
      ...body,
      lpo_items: [
        { material: clear!.material, quantity: '10', rate: '125.50', tax_rate: '18' },
        { material: black!.material, quantity: '3', rate: '99.99', tax_rate: '5.00', expected_date: '2026-03-20' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const lpo = res.json();
    // 10 × 125.50 = 1255.00, GST 18 % 225.90; 3 × 99.99 = 299.97, GST 5 % 14.9985 → 15.00
    expect(lpo).toMatchObject({ subtotal: '1554.97', tax_amount: '240.90', total_amount: '1795.87', expected_date: '2026-03-12' });
    expect(lpo.lpo_items.map((i: { amount: string; tax_rate: string; expected_date: string | null }) => [i.amount, i.tax_rate, i.expected_date])).toEqual([
      ['1255.00', '18.00', null],
      ['299.97', '5.00', '2026-03-20'],
    ]);
    const [row] = await db().select().from(lpos).where(eq(lpos.id, lpo.id));
    expect(row).toMatchObject({ subtotal: '1554.97', tax_amount: '240.90', total_amount: '1795.87' });
  });

  it('names the field of each bad input', async () => {
    const purchase = await as('purchase');
    const body = await newLpoBody();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ vendor: undefined }, 'vendor', 'This field is required.'],
      [{ vendor: 999999 }, 'vendor', 'Invalid pk "999999" - object does not exist.'],
      [{ requisition: 999999 }, 'requisition', 'Invalid pk "999999" - object does not exist.'],
      [{ lpo_date: '02-03-2026' }, 'lpo_date'],
      [{ expected_date: '2026-03-01' }, 'expected_date', 'The expected date cannot be before the LPO date.'],
      [{ lpo_items: [] }, 'lpo_items'],
      [{ lpo_items: [{ material: 999999, quantity: '1', rate: '1' }] }, 'lpo_items.0.material', 'Invalid pk "999999" - object does not exist.'],
      [{ lpo_items: [{ ...body.lpo_items[0], quantity: '0' }] }, 'lpo_items.0.quantity'],
      [{ lpo_items: [{ ...body.lpo_items[0], rate: '-1' }] }, 'lpo_items.0.rate'],
      [{ lpo_items: [{ ...body.lpo_items[0], rate: 'ten' }] }, 'lpo_items.0.rate', 'A valid number is required.'],
      [{ lpo_items: [body.lpo_items[0], body.lpo_items[0]] }, 'lpo_items.1.material', 'This material is already on the LPO.'],
      [{ lpo_items: [{ ...body.lpo_items[0], tax_rate: '100.01' }] }, 'lpo_items.0.tax_rate', 'Ensure this value is less than or equal to 100.'],
      [{ lpo_items: [{ ...body.lpo_items[0], tax_rate: '-5' }] }, 'lpo_items.0.tax_rate', 'Enter zero or more.'],
      [{ lpo_items: [{ ...body.lpo_items[0], tax_rate: '18.005' }] }, 'lpo_items.0.tax_rate', 'Ensure that there are no more than 2 decimal places.'],
      [{ lpo_items: [body.lpo_items[0], { ...body.lpo_items[1], expected_date: '2026-03-01' }] }, 'lpo_items.1.expected_date', 'The expected date cannot be before the LPO date.'],
      [{ lpo_items: [{ ...body.lpo_items[0], expected_date: '01-04-2026' }] }, 'lpo_items.0.expected_date'],
    ];
    for (const [change, field, message] of cases) {
      const res = await purchase.post(API.lpos.list, { ...body, ...change });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(change)).toContain(field);
      if (message) expect(res.json()[field]).toEqual([message]);
    }
    expect(await db().select().from(lpos)).toEqual([]);
  });
});

describe('the LPO lists', () => {
  it('lpos/ pages by 15, newest first, without cancelled LPOs, filtered by vendor and status', async () => {
    const vendor = await makeVendor(db());
    const other = await makeVendor(db());
    for (let i = 0; i < 16; i++) await makeLpo(db(), vendor.id, { status: 'approved' });
    const cancelled = await makeLpo(db(), vendor.id, { status: 'cancelled' });
    const draft = await makeLpo(db(), other.id, { status: 'draft' });
    const stores = await as('stores');
    const first = (await stores.get(API.lpos.list)).json();
    expect(first.count).toBe(17);
    expect(first.results).toHaveLength(15);
    expect(first.results[0].id).toBe(draft.id);
    expect(first.results.map((r: { id: number }) => r.id)).not.toContain(cancelled.id);
    expect((await stores.get(`${API.lpos.list}?vendor=${other.id}`)).json().results.map((r: { id: number }) => r.id)).toEqual([draft.id]);
    expect((await stores.get(`${API.lpos.list}?status=cancelled`)).json().results.map((r: { id: number }) => r.id)).toEqual([cancelled.id]);
    const bad = await stores.get(`${API.lpos.list}?status=pending`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['status']);
  });

  it('cancelled_lpos/ lists the cancelled ones with their remarks and lines, latest cancelled first', async () => {
    const vendor = await makeVendor(db());
    const [sheet] = await materialsNamed('MS sheet 2mm');
    const cancelled = await makeLpo(db(), vendor.id, { status: 'cancelled' });
    await makeLpoItem(db(), cancelled.id, sheet!.id);
    await makeLpo(db(), vendor.id, { status: 'approved' });
    const res = await (await as('accounts')).get(API.lpos.cancelled);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, results: [{ id: cancelled.id, status: 'cancelled', cancellation_remarks: 'Vendor could not supply', lpo_items: [{ material_name: 'MS sheet 2mm' }] }] });
    expect((await (await as('accounts')).get(`${API.lpos.cancelled}?vendor=1`)).statusCode).toBe(400);
  });

  it('filter_lpos/ narrows by period, vendor, status and material, and refuses a period that ends before it starts', async () => {
    const vendor = await makeVendor(db());
    const other = await makeVendor(db());
    const [sheet, pipe] = await materialsNamed('MS sheet 2mm', 'SS pipe 1in');
    const march = await makeLpo(db(), vendor.id, { lpo_date: '2026-03-05', status: 'sent' });
    await makeLpoItem(db(), march.id, sheet!.id);
    const april = await makeLpo(db(), vendor.id, { lpo_date: '2026-04-05', status: 'approved' });
    await makeLpoItem(db(), april.id, pipe!.id);
    const others = await makeLpo(db(), other.id, { lpo_date: '2026-03-20', status: 'approved' });
    await makeLpoItem(db(), others.id, sheet!.id);
    const purchase = await as('purchase');
    const idsOf = async (query: string) => (await purchase.get(`${API.lpos.filter}?${query}`)).json().results.map((r: { id: number }) => r.id);
    expect(await idsOf('startDate=2026-03-01&endDate=2026-03-31')).toEqual([others.id, march.id]);
    expect(await idsOf(`vendor=${vendor.id}`)).toEqual([april.id, march.id]);
    expect(await idsOf('status=sent')).toEqual([march.id]);
    expect(await idsOf(`material=${sheet!.id}`)).toEqual([others.id, march.id]);
    for (const [query, field] of [
      ['startDate=2026-04-01&endDate=2026-03-01', 'endDate'],
      ['vendor=abc', 'vendor'],
      ['status=pending', 'status'],
      ['colour=red', 'non_field_errors'],
    ]) {
      const res = await purchase.get(`${API.lpos.filter}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toContain(field);
    }
  });
});

describe('GET, PUT and DELETE lpos/{id}/', () => {
  it('answers an LPO with its ETag, and 404 for one that does not exist', async () => {
    const lpo = await draftLpo();
    const res = await (await as('stores')).get(API.lpos.detail(lpo.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${lpo.version}"`);
    expect(res.json()).toMatchObject({ id: lpo.id, total_amount: '17655.98' });
    expect((await (await as('stores')).get(API.lpos.detail(999999))).statusCode).toBe(404);
  });

  it('PUT replaces a draft: a kept material keeps its line id, a dropped one is removed, a new one added, the total follows', async () => {
    const lpo = await draftLpo();
    const [kept, dropped] = lpo.lpo_items;
    const [pipe] = await materialsNamed('SS pipe 1in');
    const res = await (await as('purchase')).put(
      API.lpos.detail(lpo.id),
      { vendor: lpo.vendor, lpo_date: '2026-03-03', remarks: '', lpo_items: [{ material: kept.material, quantity: '10', rate: '1450.50' }, { material: pipe!.id, quantity: '3', rate: '333.33' }] },
      { 'if-match': `"${lpo.version}"` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    // 10 × 1450.50 = 14505.00; 3 × 333.33 = 999.99; total 15504.99
    expect(after).toMatchObject({ lpo_date: '2026-03-03', expected_date: null, remarks: '', total_amount: '15504.99' });
    expect(after.lpo_items.map((i: { id: number; amount: string }) => [i.id, i.amount])).toEqual([
      [kept.id, '14505.00'],
      [expect.any(Number), '999.99'],
    ]);
    const [droppedRow] = await db().select().from(lpoItems).where(eq(lpoItems.id, dropped.id));
    expect(droppedRow!.deleted_at).not.toBeNull();
    expect(await auditOf('lpo.update')).toHaveLength(1);
  });

  it('PUT changes a kept line’s GST rate and expected date, and the totals follow', async () => {
    const lpo = await draftLpo();
    const [clear, black] = lpo.lpo_items;
    const res = await (await as('purchase')).put(API.lpos.detail(lpo.id), {
      vendor: lpo.vendor,
      lpo_date: '2026-03-02',
      lpo_items: [
        { material: clear.material, quantity: '12', rate: '1450.50', tax_rate: '18.00', expected_date: '2026-03-09' },
        { material: black.material, quantity: '2.5', rate: '99.99' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // 17406.00 at 18 % = 3133.08; 249.98 at 0 %; 17655.98 + 3133.08 = 20789.06
    expect(res.json()).toMatchObject({ subtotal: '17655.98', tax_amount: '3133.08', total_amount: '20789.06' });
    expect(res.json().lpo_items.map((i: { id: number; tax_rate: string; expected_date: string | null }) => [i.id, i.tax_rate, i.expected_date])).toEqual([
      [clear.id, '18.00', '2026-03-09'],
      [black.id, '0.00', null],
    ]);
  });

  it('PUT with a stale If-Match is a 409 and changes nothing', async () => {
    const lpo = await draftLpo();
    const body = { vendor: lpo.vendor, lpo_date: '2026-03-04', lpo_items: [{ material: lpo.lpo_items[0].material, quantity: '1', rate: '1' }] };
    const res = await (await as('purchase')).put(API.lpos.detail(lpo.id), body, { 'if-match': `"${lpo.version + 5}"` });
    expect(res.statusCode).toBe(409);
    expect((await (await as('purchase')).get(API.lpos.detail(lpo.id))).json()).toMatchObject({ lpo_date: '2026-03-02', total_amount: '17655.98' });
  });

  it('PUT names the field of bad input, and refuses an LPO that is no longer a draft', async () => {
    const lpo = await draftLpo();
    const purchase = await as('purchase');
    const bad = await purchase.put(API.lpos.detail(lpo.id), { vendor: lpo.vendor, lpo_date: '2026-03-02', lpo_items: [{ material: 999999, quantity: '1', rate: '1' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'lpo_items.0.material': ['Invalid pk "999999" - object does not exist.'] });
    const missing = await purchase.put(API.lpos.detail(lpo.id), { vendor: lpo.vendor });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['lpo_date', 'lpo_items']);
    await db().update(lpos).set({ status: 'approved' }).where(eq(lpos.id, lpo.id));
    const refused = await purchase.put(API.lpos.detail(lpo.id), { vendor: lpo.vendor, lpo_date: '2026-03-02', lpo_items: [{ material: lpo.lpo_items[0].material, quantity: '1', rate: '1' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['An approved LPO cannot be changed: only a draft LPO can be changed.'] });
  });

  it('DELETE cancels with cancellation remarks: the row stays, cancelled, and moves to cancelled_lpos/', async () => {
    const lpo = await draftLpo();
    const purchase = await as('purchase');
    const missing = await purchase.delete(API.lpos.detail(lpo.id), {}, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ cancellation_remarks: ['This field is required.'] });
    const blank = await purchase.delete(API.lpos.detail(lpo.id), {}, { cancellation_remarks: '   ' });
    expect(blank.statusCode).toBe(400);
    const res = await purchase.delete(API.lpos.detail(lpo.id), { 'if-match': `"${lpo.version}"` }, { cancellation_remarks: 'Rate revised; new LPO raised.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation_remarks: 'Rate revised; new LPO raised.', cancelled_at: expect.any(String) });
    expect((await purchase.get(API.lpos.cancelled)).json().results.map((r: { id: number }) => r.id)).toEqual([lpo.id]);
    expect(await auditOf('lpo.cancel')).toMatchObject([{ target: `lpos:${lpo.id}`, risk_level: 'medium' }]);
  });
});

describe('item-details/{id}/', () => {
  it('PUT changes a draft line; its amount and the LPO total follow', async () => {
    const lpo = await draftLpo();
    const line = lpo.lpo_items[1];
    const res = await (await as('purchase')).put(API.lpoItems.detail(line.id), { quantity: '4' }, { 'if-match': `"${line.version}"` });
    expect(res.statusCode, res.body).toBe(200);
    // 4 × 99.99 = 399.96; 17406.00 + 399.96 = 17805.96
    expect(res.json()).toMatchObject({ id: line.id, quantity: '4.000', amount: '399.96' });
    expect((await (await as('purchase')).get(API.lpos.detail(lpo.id))).json().total_amount).toBe('17805.96');
    expect(await auditOf('lpo_item.update')).toHaveLength(1);
  });

  it('PUT changes a line’s GST rate and expected date; the LPO’s subtotal, GST and total follow', async () => {
    const lpo = await draftLpo();
    const line = lpo.lpo_items[0];
    const purchase = await as('purchase');
    const res = await purchase.put(API.lpoItems.detail(line.id), { quantity: '10', rate: '125.50', tax_rate: '18', expected_date: '2026-03-02' }, { 'if-match': `"${line.version}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: line.id, amount: '1255.00', tax_rate: '18.00', expected_date: '2026-03-02' });
    // 1255.00 + 249.98 = 1504.98; GST 18 % of 1255.00 = 225.90; total 1730.88
    expect((await purchase.get(API.lpos.detail(lpo.id))).json()).toMatchObject({ subtotal: '1504.98', tax_amount: '225.90', total_amount: '1730.88' });
    const cleared = await purchase.put(API.lpoItems.detail(line.id), { tax_rate: '0', expected_date: null });
    expect(cleared.json()).toMatchObject({ tax_rate: '0.00', expected_date: null });
    expect((await purchase.get(API.lpos.detail(lpo.id))).json()).toMatchObject({ subtotal: '1504.98', tax_amount: '0.00', total_amount: '1504.98' });
  });

  it('PUT names bad input: a quantity of 0, an unknown material, a material already on the LPO', async () => {
    const lpo = await draftLpo();
    const [first, second] = lpo.lpo_items;
    const purchase = await as('purchase');
    const cases: [Record<string, unknown>, Record<string, string[]> | string][] = [
      [{ quantity: '0' }, 'quantity'],
      [{ rate: 'x' }, 'rate'],
      [{ material: 999999 }, { material: ['Invalid pk "999999" - object does not exist.'] }],
      [{ material: first.material }, { material: ['This material is already on the LPO.'] }],
      [{ tax_rate: '101' }, { tax_rate: ['Ensure this value is less than or equal to 100.'] }],
      [{ expected_date: '2026-03-01' }, { expected_date: ['The expected date cannot be before the LPO date.'] }],
    ];
    for (const [body, expected] of cases) {
      const res = await purchase.put(API.lpoItems.detail(second.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (typeof expected === 'string') expect(Object.keys(res.json())).toEqual([expected]);
      else expect(res.json()).toEqual(expected);
    }
    expect((await purchase.put(API.lpoItems.detail(999999), { quantity: '1' })).statusCode).toBe(404);
  });

  it('DELETE removes a draft line and the total follows; the last line stays', async () => {
    const lpo = await draftLpo();
    const [first, second] = lpo.lpo_items;
    const purchase = await as('purchase');
    expect((await purchase.delete(API.lpoItems.detail(second.id))).statusCode).toBe(200);
    expect((await purchase.get(API.lpos.detail(lpo.id))).json()).toMatchObject({ total_amount: '17406.00', lpo_items: [{ id: first.id }] });
    const last = await purchase.delete(API.lpoItems.detail(first.id));
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ non_field_errors: ['An LPO needs at least one material: cancel the LPO instead.'] });
    expect(await auditOf('lpo_item.delete')).toHaveLength(1);
  });

  it('refuses line changes once the LPO is approved', async () => {
    const lpo = await draftLpo();
    await db().update(lpos).set({ status: 'sent' }).where(eq(lpos.id, lpo.id));
    const purchase = await as('purchase');
    for (const res of [await purchase.put(API.lpoItems.detail(lpo.lpo_items[0].id), { quantity: '1' }), await purchase.delete(API.lpoItems.detail(lpo.lpo_items[0].id))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['A sent LPO cannot be changed: only a draft LPO can be changed.'] });
    }
  });
});

describe('who may use the LPO calls', () => {
  it('purchase writes; stores, accounts and management read; sales and the shop floor are refused', async () => {
    const vendor = await makeVendor(db());
    const lpo = await makeLpo(db(), vendor.id, { status: 'draft' });
    const [sheet] = await materialsNamed('MS sheet 2mm');
    const line = await makeLpoItem(db(), lpo.id, sheet!.id);
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.lpos.list, permission: 'lpos.read' },
      { method: 'GET', url: API.lpos.cancelled, permission: 'lpos.read' },
      { method: 'GET', url: API.lpos.filter, permission: 'lpos.read' },
      { method: 'GET', url: API.lpos.detail(lpo.id), permission: 'lpos.read' },
      { method: 'POST', url: API.lpos.list, body: {}, permission: 'lpos.write' },
      { method: 'PUT', url: API.lpos.detail(lpo.id), body: {}, permission: 'lpos.write' },
      { method: 'PUT', url: API.lpoItems.detail(line.id), body: { quantity: 'x' }, permission: 'lpos.write' },
      { method: 'POST', url: API.lpos.send(lpo.id), permission: 'lpos.write' },
      { method: 'POST', url: API.lpos.close(lpo.id), permission: 'lpos.write' },
      { method: 'POST', url: API.lpos.approve(lpo.id), body: { expected_version: 999 }, permission: 'lpos.approve' },
      { method: 'POST', url: API.lpos.fromReorder, body: {}, permission: 'lpos.write' },
      { method: 'GET', url: API.lpos.fromRequisition(999999), permission: 'lpos.write' },
      { method: 'GET', url: API.lpos.settings, permission: 'system.config' },
      { method: 'PUT', url: API.lpos.settings, body: { lpo_approval_threshold: 'x' }, permission: 'system.config' },
    ]);
  });
});
