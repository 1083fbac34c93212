import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, vendors } from '../../server/db/schema';
import { useTestServer } from '../support/server';
import { makeLpo, makeVendor } from '../support/factories-purchase';
import { expectAccessMatrix } from '../support/access';

const { app, as, db } = useTestServer();
const names = (body: { results: { name: string }[] }) => body.results.map((v) => v.name);

const GSTIN = '27AAPFU0939F1ZV';
const validVendor = { name: 'Steelmart Traders', contact_person: 'Ravi Kumar', phone: '+919845012345', email: 'sales@steelmart.in', gst_number: GSTIN, address: 'Peenya, Bengaluru', state: 'Karnataka', payment_terms: '30 days from invoice' };

async function suppliers() {
  const acrylic = await makeVendor(db(), { name: 'Acrylic Sheets India', contact_person: 'Meena Shah', phone: '9820012345', gst_number: GSTIN, state: 'Maharashtra' });
  const glass = await makeVendor(db(), { name: 'Clearview Glass', contact_person: 'John D', phone: '9000000001', state: 'Karnataka' });
  const steel = await makeVendor(db(), { name: 'Steel 100% Pure_Mart', contact_person: 'Arun', state: 'Karnataka' });
  return { acrylic, glass, steel };
}

describe('vendor list', () => {
  it('pages by 15 with DRF links, ordered by name', async () => {
    for (let i = 0; i < 17; i++) await makeVendor(db(), { name: `Vendor ${String(i).padStart(2, '0')}` });
    await makeVendor(db(), { name: 'Aardvark Metals' });
    const purchase = await as('purchase');
    const first = await purchase.get('/vendors/vendors/');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(18);
    expect(body.results).toHaveLength(15);
    expect(body.results[0].name).toBe('Aardvark Metals');
    expect(body.results[0].txid).toBeUndefined();
    expect(body.next).toContain('page=2');
    const second = (await purchase.get('/vendors/vendors/?page=2')).json();
    expect(second.results).toHaveLength(3);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
  });

  it('searches name, contact person, phone and GST number', async () => {
    await suppliers();
    const purchase = await as('purchase');
    expect(names((await purchase.get('/vendors/vendors/?search=clear')).json())).toEqual(['Clearview Glass']);
    expect(names((await purchase.get('/vendors/vendors/?search=meena')).json())).toEqual(['Acrylic Sheets India']);
    expect(names((await purchase.get('/vendors/vendors/?search=0000001')).json())).toEqual(['Clearview Glass']);
    expect(names((await purchase.get('/vendors/vendors/?search=aapfu0939')).json())).toEqual(['Acrylic Sheets India']);
  });

  it('filters by state and orders by any listed field', async () => {
    await suppliers();
    const purchase = await as('purchase');
    expect(names((await purchase.get('/vendors/vendors/?state=Karnataka&ordering=-name')).json())).toEqual(['Steel 100% Pure_Mart', 'Clearview Glass']);
    expect(names((await purchase.get(`/vendors/vendors/?state=${encodeURIComponent('Tamil Nadu')}`)).json())).toEqual([]);
    expect(names((await purchase.get('/vendors/vendors/?ordering=-id')).json())).toEqual(['Steel 100% Pure_Mart', 'Clearview Glass', 'Acrylic Sheets India']);
    await makeVendor(db(), { name: 'bharat Tubes' });
    expect(names((await purchase.get('/vendors/vendors/')).json()), 'names sort ignoring case').toEqual(['Acrylic Sheets India', 'bharat Tubes', 'Clearview Glass', 'Steel 100% Pure_Mart']);
    for (const ordering of ['created_at', '-updated_at', 'name,-id']) expect((await purchase.get(`/vendors/vendors/?ordering=${ordering}`)).statusCode, ordering).toBe(200);
  });
});

describe('adding a vendor', () => {
  it('creates the vendor with its contact details, upper-casing the GSTIN, and audits it', async () => {
    const res = await (await as('purchase')).post('/vendors/vendors/', { ...validVendor, gst_number: GSTIN.toLowerCase() });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ ...validVendor, version: 1, deleted_at: null });
    expect(row.txid).toBeUndefined();
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'vendor.create'), eq(auditLog.target, `vendors:${row.id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'purchase', risk_level: 'low' });
  });

  it('needs only a name; the rest default to empty and state N/A', async () => {
    const res = await (await as('management')).post('/vendors/vendors/', { name: '  Local Hardware  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Local Hardware', contact_person: '', phone: '', email: '', gst_number: '', address: '', state: 'N/A', payment_terms: '' });
  });

  it('refuses a name already used, ignoring case and spaces', async () => {
    await suppliers();
    const res = await (await as('purchase')).post('/vendors/vendors/', { ...validVendor, name: 'clearview  GLASS' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A vendor with this name already exists.'] });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'vendor.create'))).toEqual([]);
  });

  it('frees the name of a deleted vendor', async () => {
    const { glass } = await suppliers();
    await db().update(vendors).set({ deleted_at: sql`now()` }).where(eq(vendors.id, glass.id));
    expect((await (await as('purchase')).post('/vendors/vendors/', { name: 'Clearview Glass' })).statusCode).toBe(201);
  });

  it('gives field errors for missing, wrong-typed and invalid fields', async () => {
    const purchase = await as('purchase');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'] }],
      [{ ...validVendor, name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ ...validVendor, name: 42 }, { name: ['Expected string.'] }],
      [{ ...validVendor, name: 'x'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
      [{ ...validVendor, phone: '12345' }, { phone: ['Enter a valid phone number.'] }],
      [{ ...validVendor, phone: '98450-12345' }, { phone: ['Enter a valid phone number.'] }],
      [{ ...validVendor, phone: '+91 98450 12345' }, { phone: ['Enter a valid phone number.'] }],
      [{ ...validVendor, email: 'sales@steelmart' }, { email: ['Enter a valid email address.'] }],
      [{ ...validVendor, email: 'sales@steelmart.online' }, { email: ['Enter a valid email address.'] }],
      [{ ...validVendor, gst_number: '27AAPFU0939F1Z' }, { gst_number: ['Enter a valid GST number.'] }],
      // The right shape, but the check character does not match (one digit mistyped).
      [{ ...validVendor, gst_number: '27AAPFU0938F1ZV' }, { gst_number: ['Enter a valid GST number.'] }],
      [{ ...validVendor, gst_number: "27AAPFU0939F1Z'" }, { gst_number: ['Enter a valid GST number.'] }],
      [{ ...validVendor, state: 'Atlantis' }, { state: ['"Atlantis" is not a valid choice.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await purchase.post('/vendors/vendors/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    expect((await purchase.get('/vendors/vendors/')).json().count).toBe(0);
  });

  it('writes once when a retried request carries the same Idempotency-Key', async () => {
    const purchase = await as('purchase');
    const first = await purchase.post('/vendors/vendors/', validVendor, { 'idempotency-key': 'vendor-1' });
    const retry = await purchase.post('/vendors/vendors/', validVendor, { 'idempotency-key': 'vendor-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect((await purchase.get('/vendors/vendors/')).json().count).toBe(1);
  });
});

describe('reading and editing a vendor', () => {
  it('returns the vendor with its version as ETag, 404 for unknown ids', async () => {
    const { acrylic } = await suppliers();
    const stores = await as('stores');
    const res = await stores.get(`/vendors/vendors/${acrylic.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ id: acrylic.id, name: 'Acrylic Sheets India', state: 'Maharashtra' });
    for (const id of ['99999', 'abc', '-1', '0', '1.5', "1'--"]) expect((await stores.get(`/vendors/vendors/${encodeURIComponent(id)}/`)).statusCode, id).toBe(404);
  });

  it('updates only the fields sent, and audits the change', async () => {
    const { acrylic } = await suppliers();
    const res = await (await as('purchase')).patch(`/vendors/vendors/${acrylic.id}/`, { phone: '9820099999', address: 'Bhiwandi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ name: 'Acrylic Sheets India', contact_person: 'Meena Shah', phone: '9820099999', address: 'Bhiwandi', gst_number: GSTIN, version: 2 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'vendor.update'));
    expect(audit).toMatchObject({ target: `vendors:${acrylic.id}`, username: 'purchase', risk_level: 'low', metadata: { fields: ['phone', 'address'] } });
  });

  it('refuses a stale If-Match with 409 and the current vendor', async () => {
    const { acrylic } = await suppliers();
    const purchase = await as('purchase');
    expect((await purchase.patch(`/vendors/vendors/${acrylic.id}/`, { contact_person: 'Asha' }, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await purchase.patch(`/vendors/vendors/${acrylic.id}/`, { contact_person: 'Vikram' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: acrylic.id, contact_person: 'Asha', version: 2 });
    expect(stale.json().current.txid).toBeUndefined();
  });

  it('refuses renaming onto another vendor, ignoring case and spaces', async () => {
    const { acrylic } = await suppliers();
    const res = await (await as('purchase')).patch(`/vendors/vendors/${acrylic.id}/`, { name: 'CLEARVIEWGLASS' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A vendor with this name already exists.'] });
  });

  it('checks contact fields on edit as on create, and 404s an unknown vendor', async () => {
    const { acrylic } = await suppliers();
    const purchase = await as('purchase');
    const cases: [unknown, string][] = [
      [{ phone: 'call me' }, 'phone'],
      [{ email: 'nobody' }, 'email'],
      [{ gst_number: 'GST123' }, 'gst_number'],
      [{ state: 'karnataka' }, 'state'],
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ expected_version: 'one' }, 'expected_version'],
    ];
    for (const [body, field] of cases) {
      const res = await purchase.patch(`/vendors/vendors/${acrylic.id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect((await purchase.patch('/vendors/vendors/99999/', { phone: '9820099999' })).statusCode).toBe(404);
  });
});

describe('top vendors report', () => {
  const report = async (query = '', username = 'purchase') => (await as(username)).get(`/vendors/vendors/top_vendors/${query}`);

  async function purchases() {
    const { acrylic, glass, steel } = await suppliers();
    // Acrylic: few large orders; Glass: many small ones; Steel: one in the period, one before.
    await makeLpo(db(), acrylic.id, { lpo_date: '2025-01-10', total_amount: '150000.10' });
    await makeLpo(db(), acrylic.id, { lpo_date: '2025-02-20', total_amount: '99999.95' });
    for (const [day, amount] of [['05', '10000.00'], ['06', '12000.50'], ['07', '8000.25'], ['28', '0.10']] as const) {
      await makeLpo(db(), glass.id, { lpo_date: `2025-02-${day}`, total_amount: amount });
    }
    await makeLpo(db(), steel.id, { lpo_date: '2025-03-31', total_amount: '45000.00' });
    await makeLpo(db(), steel.id, { lpo_date: '2024-12-31', total_amount: '900000.00' });
    // Neither cancelled nor deleted orders count.
    await makeLpo(db(), glass.id, { lpo_date: '2025-02-10', total_amount: '500000.00', cancelled: true });
    await makeLpo(db(), glass.id, { lpo_date: '2025-02-11', total_amount: '500000.00', deleted: true });
    return { acrylic, glass, steel };
  }

  it('ranks vendors by the value of their live LPOs in the period, in exact decimals', async () => {
    const { acrylic, glass, steel } = await purchases();
    const res = await report('?start_date=2025-01-01&end_date=2025-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      start_date: '2025-01-01',
      end_date: '2025-03-31',
      results: [
        { id: acrylic.id, name: 'Acrylic Sheets India', lpo_count: 2, total_value: '250000.05', average_value: '125000.03', last_lpo_date: '2025-02-20' },
        { id: steel.id, name: 'Steel 100% Pure_Mart', lpo_count: 1, total_value: '45000.00', average_value: '45000.00', last_lpo_date: '2025-03-31' },
        { id: glass.id, name: 'Clearview Glass', lpo_count: 4, total_value: '30000.85', average_value: '7500.21', last_lpo_date: '2025-02-28' },
      ],
    });
  });

  it('ranks by the number of LPOs when asked, value breaking ties', async () => {
    const { acrylic, glass, steel } = await purchases();
    const body = (await report('?start_date=2025-01-01&end_date=2025-03-31&by=count')).json();
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([glass.id, acrylic.id, steel.id]);
  });

  it('includes both ends of the period and leaves an open bound unbounded', async () => {
    const { acrylic, steel } = await purchases();
    const oneDay = (await report('?start_date=2025-03-31&end_date=2025-03-31')).json();
    expect(oneDay.results.map((r: { id: number }) => r.id)).toEqual([steel.id]);
    const allTime = (await report()).json();
    expect(allTime).toMatchObject({ start_date: null, end_date: null });
    expect(allTime.results[0]).toMatchObject({ id: steel.id, lpo_count: 2, total_value: '945000.00', last_lpo_date: '2025-03-31' });
    const untilJanuary = (await report('?end_date=2025-01-31')).json();
    expect(untilJanuary.results.map((r: { id: number }) => r.id)).toEqual([steel.id, acrylic.id]);
    expect((await report('?start_date=2026-01-01')).json().results).toEqual([]);
  });

  it('returns 10 vendors unless a limit up to 100 is given', async () => {
    for (let i = 0; i < 12; i++) {
      const vendor = await makeVendor(db(), { name: `Vendor ${String(i).padStart(2, '0')}` });
      await makeLpo(db(), vendor.id, { total_amount: `${1000 + i}.00` });
    }
    const top = (await report()).json().results;
    expect(top).toHaveLength(10);
    expect(top[0]).toMatchObject({ name: 'Vendor 11', total_value: '1011.00' });
    expect((await report('?limit=3')).json().results.map((r: { name: string }) => r.name)).toEqual(['Vendor 11', 'Vendor 10', 'Vendor 09']);
    expect((await report('?limit=100')).json().results).toHaveLength(12);
  });

  it('sums amounts too large or too fine for floating point exactly', async () => {
    const vendor = await makeVendor(db(), { name: 'Big Steel' });
    for (let i = 0; i < 3; i++) await makeLpo(db(), vendor.id, { total_amount: '999999999999.99' });
    await makeLpo(db(), vendor.id, { total_amount: '0.01' });
    const [row] = (await report()).json().results;
    expect(row).toMatchObject({ lpo_count: 4, total_value: '2999999999999.98', average_value: '750000000000.00' });
  });

  it('refuses a period ending before it starts, malformed dates and out-of-range parameters with 400', async () => {
    const cases: [string, Record<string, string[]> | string][] = [
      ['?start_date=2025-03-01&end_date=2025-02-28', { end_date: ['The end date cannot be before the start date.'] }],
      ['?start_date=01-03-2025', { start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
      ['?end_date=2025-02-30', 'end_date'],
      ["?start_date=2025-01-01'; DROP TABLE lpos; --", 'start_date'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', { limit: ['A valid integer is required.'] }],
      ['?by=amount', { by: ['"amount" is not a valid choice.'] }],
      ['?vendor=1', 'non_field_errors'],
    ];
    for (const [query, expected] of cases) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      if (typeof expected === 'string') expect(Object.keys(res.json()), query).toEqual([expected]);
      else expect(res.json(), query).toEqual(expected);
    }
  });
});

describe('who may call the vendor endpoints', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const { acrylic } = await suppliers();
    await expectAccessMatrix(app(), [
      { method: 'GET', url: '/vendors/vendors/', permission: 'vendors.read' },
      { method: 'GET', url: `/vendors/vendors/${acrylic.id}/`, permission: 'vendors.read' },
      { method: 'POST', url: '/vendors/vendors/', body: {}, permission: 'vendors.write' },
      { method: 'PATCH', url: `/vendors/vendors/${acrylic.id}/`, body: { name: '' }, permission: 'vendors.write' },
      { method: 'GET', url: '/vendors/vendors/top_vendors/', permission: 'vendors.report' },
    ]);
  });
});
