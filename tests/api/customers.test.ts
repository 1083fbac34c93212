import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { auditLog, customerBranches, customerLpoCodes, customers } from '../../server/db/schema';
import { useTestServer } from '../support/server';
import { makeBranch, makeCustomer, makeLpoCode } from '../support/factories-sales';
import { expectAccessMatrix } from '../support/access';

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const names = (body: { results: { name: string }[] }) => body.results.map((c) => c.name);

async function book() {
  // Acme was written an hour before Zenith, so orderings by time never meet a tie of the clock.
  const acme = await makeCustomer(db(), { name: 'Acme Displays', phone: '9876543210', email: 'buy@acme.in', gst_number: '27AAPFU0939F1ZV', state: 'Maharashtra', enable_lpo_codes: true, at: new Date(Date.now() - 3_600_000).toISOString() });
  const zenith = await makeCustomer(db(), { name: 'Zenith Retail', phone: '+91 98450 12345', state: 'Karnataka' });
  const bombay = await makeBranch(db(), acme.id, { location: 'Mumbai', address_line_1: 'Andheri East' });
  const pune = await makeBranch(db(), acme.id, { location: 'Pune' });
  const closed = await makeBranch(db(), acme.id, { location: 'Nashik', is_active: false });
  const tray = await makeLpoCode(db(), acme.id, { code: 'AC-100', article: 'Acrylic tray' });
  return { acme, zenith, bombay, pune, closed, tray };
}

const validCustomer = { name: 'Orbit Opticals', phone: '9123456780', email: 'orders@orbit.co.in', gst_number: '29abcde1234f1zw', state: 'Karnataka', address: 'MG Road, Bengaluru' };

describe('customers list', () => {
  it('pages by 15 with DRF links, ordered by name', async () => {
    for (let i = 0; i < 17; i++) await makeCustomer(db(), { name: `Customer ${String(i).padStart(2, '0')}` });
    await makeCustomer(db(), { name: 'Aardvark Traders' });
    const sales = await as('sales.exec');
    const first = (await sales.get('/customers/customers/')).json();
    expect(first.count).toBe(18);
    expect(first.results).toHaveLength(15);
    expect(first.results[0].name).toBe('Aardvark Traders');
    expect(first.results[0].txid).toBeUndefined();
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const second = (await sales.get('/customers/customers/?page=2')).json();
    expect(second.results).toHaveLength(3);
    expect(second.next).toBeNull();
  });

  it('filters by state and LPO codes, and orders by any listed field', async () => {
    await book();
    const sales = await as('sales.exec');
    expect(names((await sales.get('/customers/customers/?state=Karnataka')).json())).toEqual(['Zenith Retail']);
    expect(names((await sales.get('/customers/customers/?enable_lpo_codes=true')).json())).toEqual(['Acme Displays']);
    expect(names((await sales.get('/customers/customers/?enable_lpo_codes=false')).json())).toEqual(['Zenith Retail']);
    expect(names((await sales.get('/customers/customers/?ordering=-name')).json())).toEqual(['Zenith Retail', 'Acme Displays']);
    expect(names((await sales.get('/customers/customers/?ordering=-created_at,id')).json())).toEqual(['Zenith Retail', 'Acme Displays']);
    expect(names((await sales.get('/customers/customers/?ordering=-id')).json())).toEqual(['Zenith Retail', 'Acme Displays']);
    expect(names((await sales.get('/customers/customers/?ordering=updated_at')).json())).toEqual(['Acme Displays', 'Zenith Retail']);
  });

  it('searches name, phone, e-mail and GST number', async () => {
    await book();
    const accounts = await as('accounts');
    for (const [term, expected] of [['zenith', ['Zenith Retail']], ['98450', ['Zenith Retail']], ['ACME.IN', ['Acme Displays']], ['aapfu', ['Acme Displays']]] as const) {
      expect(names((await accounts.get(`/customers/customers/?search=${encodeURIComponent(term)}`)).json()), term).toEqual(expected);
    }
  });

  it('sends a customer edited since the cursor in the delta, with the edit', async () => {
    const { acme, zenith } = await book();
    const sales = await as('sales.manager');
    const full = (await sales.get('/customers/customers/?updated_since=0')).json();
    expect(full.results.map((c: { id: number }) => c.id)).toEqual([acme.id, zenith.id]);
    await sales.patch(`/customers/customers/${zenith.id}/`, { address: 'Brigade Road' });
    const delta = (await sales.get(`/customers/customers/?updated_since=${full.cursor}`)).json();
    expect(delta.results).toEqual([expect.objectContaining({ id: zenith.id, address: 'Brigade Road', deleted_at: null })]);
  });
});

describe('a customer in detail', () => {
  it('comes with all its branches (inactive too) and LPO codes, and its version as ETag', async () => {
    const { acme, bombay, pune, closed, tray } = await book();
    const res = await (await as('design')).get(`/customers/customers/${acme.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    const body = res.json();
    expect(body).toMatchObject({ id: acme.id, name: 'Acme Displays', state: 'Maharashtra', enable_lpo_codes: true, version: 1, deleted_at: null });
    expect(body.txid).toBeUndefined();
    expect(body.branches.map((b: { id: number }) => b.id)).toEqual([bombay.id, closed.id, pune.id]);
    expect(body.lpo_codes).toEqual([expect.objectContaining({ id: tray.id, code: 'AC-100', article: 'Acrylic tray', customer: acme.id })]);
    expect(body.branches[0].txid).toBeUndefined();
  });

  it('is 404 for unknown, malformed and soft-deleted ids', async () => {
    const { acme } = await book();
    await db().update(customers).set({ deleted_at: new Date().toISOString() }).where(eq(customers.id, acme.id));
    const sales = await as('sales.exec');
    for (const id of ['99999', 'abc', '-1', '0', '1.5', String(acme.id)]) expect((await sales.get(`/customers/customers/${id}/`)).statusCode, id).toBe(404);
  });
});

describe('updating a customer', () => {
  it('changes only the fields sent, bumps the version and is audited', async () => {
    const { acme } = await book();
    const res = await (await as('accounts')).patch(`/customers/customers/${acme.id}/`, { address: 'Andheri East, Mumbai', gst_number: '27aapfu0939f1zv', enable_lpo_codes: false });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ name: 'Acme Displays', phone: '9876543210', address: 'Andheri East, Mumbai', gst_number: '27AAPFU0939F1ZV', enable_lpo_codes: false, version: 2 });
    const audit = await auditOf('customer.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'accounts', target: `customers:${acme.id}`, risk_level: 'low' });
    expect((audit[0]!.metadata as { fields: string[] }).fields.sort()).toEqual(['address', 'enable_lpo_codes', 'gst_number']);
  });

  it('refuses a stale If-Match or expected_version with 409 and the current row', async () => {
    const { acme } = await book();
    const sales = await as('sales.exec');
    expect((await sales.patch(`/customers/customers/${acme.id}/`, { address: 'One' }, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await sales.patch(`/customers/customers/${acme.id}/`, { address: 'Two' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: acme.id, address: 'One', version: 2 });
    expect(stale.json().current.txid).toBeUndefined();
    expect((await sales.patch(`/customers/customers/${acme.id}/`, { address: 'Two', expected_version: 1 })).statusCode).toBe(409);
    expect((await sales.patch(`/customers/customers/${acme.id}/`, { address: 'Two', expected_version: 2 })).statusCode).toBe(200);
  });

  it('refuses a name another customer has, ignoring case and spaces', async () => {
    const { zenith } = await book();
    const res = await (await as('sales.exec')).patch(`/customers/customers/${zenith.id}/`, { name: ' ACME displays' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A customer with this name already exists.'] });
  });

  it('checks phone, e-mail, GST number and state as on creation', async () => {
    const { acme } = await book();
    const sales = await as('sales.exec');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ phone: '12345' }, { phone: ['Enter a valid phone number.'] }],
      [{ email: 'buy@acme' }, { email: ['Enter a valid email address.'] }],
      [{ gst_number: '27AAPFU0939F1Z' }, { gst_number: ['Enter a valid GST number.'] }],
      [{ state: 'Atlantis' }, { state: ['"Atlantis" is not a valid choice.'] }],
      [{ name: '' }, { name: ['This field may not be blank.'] }],
      [{ enable_lpo_codes: 'yes' }, { enable_lpo_codes: ['Expected boolean.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await sales.patch(`/customers/customers/${acme.id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    expect((await sales.patch('/customers/customers/99999/', { address: 'x' })).statusCode).toBe(404);
  });
});

describe('the customer existence check', () => {
  it('answers by name ignoring case and spaces, live customers only', async () => {
    const { acme, zenith } = await book();
    const sales = await as('sales.exec');
    const found = await sales.post(`/customers/exists/${encodeURIComponent('acme DISPLAYS ')}/`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ exists: true, customer: { id: acme.id, name: 'Acme Displays' } });
    expect((await sales.post('/customers/exists/AcmeDisplays/')).json().exists).toBe(true);
    expect((await sales.post('/customers/exists/Orbit/')).json()).toEqual({ exists: false, customer: null });
    expect((await sales.post(`/customers/exists/${encodeURIComponent("' OR 1=1 --")}/`)).json()).toEqual({ exists: false, customer: null });
    await db().update(customers).set({ deleted_at: new Date().toISOString() }).where(eq(customers.id, zenith.id));
    expect((await sales.post('/customers/exists/Zenith%20Retail/')).json().exists).toBe(false);
  });
});

describe('adding a customer', () => {
  it('creates the customer with its branches and LPO codes in one audited write', async () => {
    const res = await (await as('sales.exec')).post('/customers/add/', {
      ...validCustomer,
      enable_lpo_codes: true,
      branches: [{ location: 'Bengaluru', address_line_1: 'MG Road', contact_person_number: '9988776655' }, { location: 'Mysuru', is_active: false }],
      lpo_codes: [{ code: 'OR-1', article: 'Display stand' }, { code: 'OR-2' }],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ...validCustomer, gst_number: '29ABCDE1234F1ZW', enable_lpo_codes: true, version: 1, deleted_at: null });
    expect(body.branches).toEqual([
      expect.objectContaining({ location: 'Bengaluru', address_line_1: 'MG Road', is_active: true, contact_person_number: '9988776655', customer: body.id }),
      expect.objectContaining({ location: 'Mysuru', address_line_1: '', is_active: false, customer: body.id }),
    ]);
    expect(body.lpo_codes.map((c: { code: string }) => c.code)).toEqual(['OR-1', 'OR-2']);
    const audit = await db().select().from(auditLog).where(like(auditLog.action, 'customer%'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'customer.create', target: `customers:${body.id}`, username: 'sales.exec', risk_level: 'low' });
    expect(audit[0]!.metadata).toEqual({ name: 'Orbit Opticals', branches: 2, lpo_codes: 2 });
  });

  it('fills the defaults: state N/A, no LPO codes, no branches', async () => {
    const res = await (await as('management')).post('/customers/add/', { name: 'Walk-in' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Walk-in', state: 'N/A', enable_lpo_codes: false, phone: '', email: '', gst_number: '', branches: [], lpo_codes: [] });
  });

  it('refuses a name already used, ignoring case and spaces, and frees a deleted one', async () => {
    const { acme } = await book();
    const sales = await as('sales.exec');
    const dup = await sales.post('/customers/add/', { ...validCustomer, name: 'ACMEdisplays', branches: [{ location: 'Goa' }] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['A customer with this name already exists.'] });
    expect(await db().select().from(customerBranches).where(eq(customerBranches.location, 'Goa'))).toHaveLength(0);
    await db().update(customers).set({ deleted_at: new Date().toISOString() }).where(eq(customers.id, acme.id));
    expect((await sales.post('/customers/add/', { ...validCustomer, name: 'Acme Displays' })).statusCode).toBe(201);
  });

  it('gives field errors for missing, wrong-typed and invalid fields, writing nothing', async () => {
    const sales = await as('sales.exec');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'] }],
      [{ ...validCustomer, name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ ...validCustomer, name: 42 }, { name: ['Expected string.'] }],
      [{ ...validCustomer, phone: '98765-43210' }, { phone: ['Enter a valid phone number.'] }],
      [{ ...validCustomer, phone: '123456789' }, { phone: ['Enter a valid phone number.'] }],
      [{ ...validCustomer, email: 'orders at orbit' }, { email: ['Enter a valid email address.'] }],
      [{ ...validCustomer, gst_number: 'GST123' }, { gst_number: ['Enter a valid GST number.'] }],
      [{ ...validCustomer, state: 'karnataka' }, { state: ['"karnataka" is not a valid choice.'] }],
      [{ ...validCustomer, enable_lpo_codes: 'true' }, { enable_lpo_codes: ['Expected boolean.'] }],
      [{ ...validCustomer, branches: 'Bengaluru' }, { branches: ['Expected array.'] }],
      [{ ...validCustomer, branches: [{ address_line_1: 'MG Road' }] }, { 'branches.0.location': ['This field is required.'] }],
      [{ ...validCustomer, branches: [{ location: 'A', contact_person_number: 'call me' }] }, { 'branches.0.contact_person_number': ['Enter a valid phone number.'] }],
      [{ ...validCustomer, lpo_codes: [{ article: 'Tray' }] }, { 'lpo_codes.0.code': ['This field is required.'] }],
      [{ ...validCustomer, lpo_codes: [{ code: 'X-1' }, { code: 'X-1' }] }, { lpo_codes: ['Each LPO code may appear only once for a customer.'] }],
      [{ ...validCustomer, name: 'x'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await sales.post('/customers/add/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    expect(await db().select().from(customers)).toHaveLength(0);
    expect(await auditOf('customer.create')).toHaveLength(0);
  });

  it('replays a retried add with the same Idempotency-Key instead of adding twice', async () => {
    const sales = await as('sales.exec');
    const first = await sales.post('/customers/add/', validCustomer, { 'idempotency-key': 'add-orbit-1' });
    const retry = await sales.post('/customers/add/', validCustomer, { 'idempotency-key': 'add-orbit-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await db().select().from(customers)).toHaveLength(1);
  });
});

describe('customer branches', () => {
  it('adds a branch to a customer, audited', async () => {
    const { zenith } = await book();
    const res = await (await as('sales.exec')).post('/customers/branch/add/', { customer: zenith.id, location: 'Hubli', address_line_1: 'Station Road', contact_person_name: 'Raj', contact_person_number: '9876501234' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer: zenith.id, location: 'Hubli', address_line_1: 'Station Road', is_active: true, contact_person_name: 'Raj', version: 1 });
    expect(res.json().txid).toBeUndefined();
    const audit = await auditOf('customer_branch.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: `customer_branches:${res.json().id}`, username: 'sales.exec', risk_level: 'low' });
  });

  it('gives field errors for a missing, wrong-typed or unknown customer and bad fields', async () => {
    const { zenith } = await book();
    await db().update(customers).set({ deleted_at: new Date().toISOString() }).where(eq(customers.id, zenith.id));
    const sales = await as('sales.exec');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ location: 'Hubli' }, { customer: ['This field is required.'] }],
      [{ customer: 'zenith', location: 'Hubli' }, { customer: ['Incorrect type. Expected pk value.'] }],
      [{ customer: 99999, location: 'Hubli' }, { customer: ['Invalid pk "99999" - object does not exist.'] }],
      [{ customer: zenith.id, location: 'Hubli' }, { customer: [`Invalid pk "${zenith.id}" - object does not exist.`] }],
      [{ customer: 1, location: '' }, { location: ['This field may not be blank.'] }],
      [{ customer: 1, location: 'Hubli', is_active: 'no' }, { is_active: ['Expected boolean.'] }],
      [{ customer: 1, location: 'Hubli', contact_person_number: '12' }, { contact_person_number: ['Enter a valid phone number.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await sales.post('/customers/branch/add/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    expect(await auditOf('customer_branch.create')).toHaveLength(0);
  });

  it('edits a branch, switches it off, and keeps it with its customer', async () => {
    const { bombay, zenith, acme } = await book();
    const sales = await as('sales.exec');
    const res = await sales.patch(`/customers/branches/edit/${bombay.id}/`, { is_active: false, address_line_1: 'Powai', customer: zenith.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bombay.id, location: 'Mumbai', address_line_1: 'Powai', is_active: false, customer: acme.id, version: 2 });
    const audit = await auditOf('customer_branch.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.metadata).toEqual({ customer: acme.id, fields: expect.arrayContaining(['is_active', 'address_line_1']) });
    expect((await sales.patch(`/customers/branches/edit/${bombay.id}/`, { location: '' })).json()).toEqual({ location: ['This field may not be blank.'] });
    for (const id of ['99999', 'abc', '0']) expect((await sales.patch(`/customers/branches/edit/${id}/`, { location: 'X' })).statusCode, id).toBe(404);
  });

  it('refuses a stale If-Match on a branch with 409 and the current branch', async () => {
    const { pune } = await book();
    const sales = await as('sales.exec');
    await sales.patch(`/customers/branches/edit/${pune.id}/`, { address_line_1: 'Hinjewadi' }, { 'if-match': '1' });
    const stale = await sales.patch(`/customers/branches/edit/${pune.id}/`, { address_line_1: 'Kothrud' }, { 'if-match': '1' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: pune.id, address_line_1: 'Hinjewadi', version: 2 });
  });

  it('offers only active branches, each with its label', async () => {
    const { acme, bombay, pune, zenith } = await book();
    const production = await as('production');
    const res = await production.get(`/customers/branches/list/${acme.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().branches.map((b: { id: number; label: string }) => [b.id, b.label])).toEqual([
      [bombay.id, 'Mumbai - Andheri East'],
      [pune.id, 'Pune'],
    ]);
    expect((await production.get(`/customers/branches/list/${zenith.id}/`)).json()).toEqual({ branches: [] });
    for (const id of ['99999', 'abc']) expect((await production.get(`/customers/branches/list/${id}/`)).statusCode, id).toBe(404);
  });

  it('mirrors every branch, inactive too, with filters and delta', async () => {
    const { acme, zenith, closed } = await book();
    const other = await makeBranch(db(), zenith.id, { location: 'Hubli' });
    const sales = await as('sales.exec');
    const all = (await sales.get('/customers/branches/')).json();
    expect(all.results.map((b: { location: string }) => b.location)).toEqual(['Hubli', 'Mumbai', 'Nashik', 'Pune']);
    expect((await sales.get(`/customers/branches/?customer=${zenith.id}`)).json().results.map((b: { id: number }) => b.id)).toEqual([other.id]);
    expect((await sales.get(`/customers/branches/?customer=${acme.id}&is_active=false`)).json().results.map((b: { id: number }) => b.id)).toEqual([closed.id]);
    expect((await sales.get('/customers/branches/?search=andheri')).json().count).toBe(1);
    expect((await sales.get(`/customers/branches/?search=${encodeURIComponent("%' OR 1=1 --")}`)).json().count).toBe(0);
    const full = (await sales.get('/customers/branches/?updated_since=0')).json();
    expect(full.count).toBe(4);
    await sales.patch(`/customers/branches/edit/${other.id}/`, { is_active: false });
    const delta = (await sales.get(`/customers/branches/?updated_since=${full.cursor}`)).json();
    expect(delta.results).toEqual([expect.objectContaining({ id: other.id, is_active: false })]);
    for (const query of ['?customer=abc', '?is_active=perhaps', '?ordering=address', '?colour=red']) expect((await sales.get(`/customers/branches/${query}`)).statusCode, query).toBe(400);
    expect((await sales.get('/customers/branches/?page=5')).statusCode).toBe(404);
  });
});

describe('customer LPO codes', () => {
  it('adds a code to the customer of the path, audited', async () => {
    const { zenith } = await book();
    const res = await (await as('accounts')).post(`/customers/lpocodes/${zenith.id}/`, { code: ' ZR-9 ', article: 'Mirror' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer: zenith.id, code: 'ZR-9', article: 'Mirror', version: 1 });
    const audit = await auditOf('customer_lpo_code.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: `customer_lpo_codes:${res.json().id}`, username: 'accounts', risk_level: 'low' });
  });

  it('keeps codes unique per customer, not across customers', async () => {
    const { acme, zenith } = await book();
    const sales = await as('sales.exec');
    const dup = await sales.post(`/customers/lpocodes/${acme.id}/`, { code: 'AC-100' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ code: ['This customer already has this LPO code.'] });
    expect((await sales.post(`/customers/lpocodes/${zenith.id}/`, { code: 'AC-100' })).statusCode).toBe(201);
  });

  it('gives field errors for bad bodies and 404 for an unknown customer', async () => {
    const sales = await as('sales.exec');
    const { acme } = await book();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { code: ['This field is required.'] }],
      [{ code: '  ' }, { code: ['This field may not be blank.'] }],
      [{ code: 7 }, { code: ['Expected string.'] }],
      [{ code: 'X', article: 'a'.repeat(501) }, { article: ['Ensure this field has no more than 500 characters.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await sales.post(`/customers/lpocodes/${acme.id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    for (const id of ['99999', 'abc']) expect((await sales.post(`/customers/lpocodes/${id}/`, { code: 'X' })).statusCode, id).toBe(404);
  });

  it('edits a code, refusing another code of the same customer and a stale version', async () => {
    const { acme, tray } = await book();
    const second = await makeLpoCode(db(), acme.id, { code: 'AC-200' });
    const sales = await as('sales.exec');
    const res = await sales.patch(`/customers/lpocodes/edit/${tray.id}/`, { article: 'Acrylic tray, large' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tray.id, code: 'AC-100', article: 'Acrylic tray, large', version: 2 });
    expect((await auditOf('customer_lpo_code.update')).map((a) => a.metadata)).toEqual([{ customer: acme.id, fields: ['article'] }]);
    const dup = await sales.patch(`/customers/lpocodes/edit/${second.id}/`, { code: 'AC-100' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ code: ['This customer already has this LPO code.'] });
    const stale = await sales.patch(`/customers/lpocodes/edit/${tray.id}/`, { article: 'x' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: tray.id, version: 2 });
    expect((await sales.patch('/customers/lpocodes/edit/99999/', { article: 'x' })).statusCode).toBe(404);
  });

  it("lists a customer's codes", async () => {
    const { acme, zenith, tray } = await book();
    const other = await makeLpoCode(db(), acme.id, { code: 'AB-1' });
    const metal = await as('metal');
    const res = await metal.get(`/customers/lpocodes/${acme.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([other.id, tray.id]);
    expect((await metal.get(`/customers/lpocodes/${zenith.id}/`)).json()).toEqual([]);
    for (const id of ['99999', 'abc']) expect((await metal.get(`/customers/lpocodes/${id}`)).statusCode, id).toBe(404);
  });

  it('answers the order form with the LPO switch, the codes and the active branches', async () => {
    const { acme, zenith, bombay, pune, tray } = await book();
    const sales = await as('sales.exec');
    const res = await sales.get(`/customers/lpocodes/list/${acme.id}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.enable_lpo_codes).toBe(true);
    expect(body.lpo_codes.map((c: { id: number }) => c.id)).toEqual([tray.id]);
    expect(body.branches.map((b: { id: number; label: string }) => [b.id, b.label])).toEqual([
      [bombay.id, 'Mumbai - Andheri East'],
      [pune.id, 'Pune'],
    ]);
    expect((await sales.get(`/customers/lpocodes/list/${zenith.id}/`)).json()).toEqual({ enable_lpo_codes: false, lpo_codes: [], branches: [] });
    expect((await sales.get('/customers/lpocodes/list/99999/')).statusCode).toBe(404);
  });

  it('mirrors every code with a customer filter and delta', async () => {
    const { acme, zenith, tray } = await book();
    const other = await makeLpoCode(db(), zenith.id, { code: 'ZR-1', article: 'Rod' });
    const sales = await as('sales.exec');
    expect((await sales.get('/customers/lpo-codes/')).json().results.map((c: { code: string }) => c.code)).toEqual(['AC-100', 'ZR-1']);
    expect((await sales.get(`/customers/lpo-codes/?customer=${acme.id}`)).json().results.map((c: { id: number }) => c.id)).toEqual([tray.id]);
    expect((await sales.get('/customers/lpo-codes/?search=rod')).json().results.map((c: { id: number }) => c.id)).toEqual([other.id]);
    const full = (await sales.get('/customers/lpo-codes/?updated_since=0')).json();
    expect(full.count).toBe(2);
    await db().update(customerLpoCodes).set({ article: 'Steel rod' }).where(eq(customerLpoCodes.id, other.id));
    expect((await sales.get(`/customers/lpo-codes/?updated_since=${full.cursor}`)).json().results.map((c: { article: string }) => c.article)).toEqual(['Steel rod']);
    for (const query of ['?customer=x', '?ordering=-secret', '?code=AC-100']) expect((await sales.get(`/customers/lpo-codes/${query}`)).statusCode, query).toBe(400);
  });
});

describe('who may call the customers endpoints', () => {
  it('lets everyone read and Sales, Accounts and Management write, as domain/permissions.ts says', async () => {
    const { acme, bombay, tray } = await book();
    await expectAccessMatrix(app(), [
      { method: 'GET', url: '/customers/customers/', permission: 'customers.read' },
      { method: 'GET', url: `/customers/customers/${acme.id}/`, permission: 'customers.read' },
      { method: 'PATCH', url: `/customers/customers/${acme.id}/`, body: { name: '' }, permission: 'customers.write' },
      { method: 'POST', url: '/customers/exists/Acme/', permission: 'customers.read' },
      { method: 'POST', url: '/customers/add/', body: {}, permission: 'customers.write' },
      { method: 'POST', url: '/customers/branch/add/', body: {}, permission: 'customers.write' },
      { method: 'PATCH', url: `/customers/branches/edit/${bombay.id}/`, body: { location: '' }, permission: 'customers.write' },
      { method: 'POST', url: `/customers/lpocodes/${acme.id}/`, body: {}, permission: 'customers.write' },
      { method: 'PATCH', url: `/customers/lpocodes/edit/${tray.id}/`, body: { code: '' }, permission: 'customers.write' },
      { method: 'GET', url: `/customers/lpocodes/${acme.id}`, permission: 'customers.read' },
      { method: 'GET', url: `/customers/lpocodes/list/${acme.id}/`, permission: 'customers.read' },
      { method: 'GET', url: `/customers/branches/list/${acme.id}/`, permission: 'customers.read' },
      { method: 'GET', url: '/customers/branches/', permission: 'customers.read' },
      { method: 'GET', url: '/customers/lpo-codes/', permission: 'customers.read' },
    ]);
  });
});
