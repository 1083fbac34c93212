import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { ESTIMATION_MESSAGES } from '../../domain/estimation';
import { PERIOD_OUT_OF_ORDER } from '../../domain/query-params';
import { auditLog, estimationFiles, estimations } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { addCostingLine, makeEstimationProduct, makeEstimation } from '../support/factories-estimation';
import { multipartBody, PDF, PNG, type FormPart } from '../support/multipart';
import { userId } from '../support/factories';
import { makeCustomer, makeLead } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Estimations (issue 21 §1): create (JSON or multipart with drawings and images), read, list, filter, change and cancel; who may. */

const { app, as, db } = useTestServer();
const auditOf = (...actions: string[]) => db().select().from(auditLog).where(inArray(auditLog.action, actions)).orderBy(auditLog.id);


async function postForm(username: string, url: string, parts: readonly FormPart[], method: 'post' | 'patch' = 'post') {
  const { body, headers } = await multipartBody(parts);
  return (await as(username))[method](url, body, headers);
}

const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

describe('creating an estimation', () => {
  it('makes a draft for a customer, names who made it, answers the view with its version and audits it', async () => {
    const customer = await makeCustomer(db(), { name: 'Lumen Opticals' });
    const res = await (await as('design')).post(API.estimations.list, {
      customer: customer.id,
      title: 'Eyewear wall display',
      requirement: 'Twelve-bay acrylic wall unit with lighting',
      estimation_date: '2026-11-20',
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json();
    expect(view).toMatchObject({
      customer: customer.id,
      lead: null,
      title: 'Eyewear wall display',
      requirement: 'Twelve-bay acrylic wall unit with lighting',
      estimation_date: '2026-11-20',
      status: 'draft',
      total_cost: '0.00',
      costing_version: 0,
      submitted_at: null,
      approved_by: null,
      approved_at: null,
      rejection_reason: '',
      quotation: null,
      created_by: await userId(db(), 'design'),
      deleted_at: null,
      customer_name: 'Lumen Opticals',
      lead_company: null,
      product_count: 0,
      created_by_name: 'Kavya Reddy',
      approved_by_name: null,
      products: [],
      files: [],
    });
    expect(res.headers.etag).toBe(`"${view.version}"`);
    const [audit] = await auditOf('estimation.create');
    expect(audit).toMatchObject({ username: 'design', target: `estimations:${view.id}`, metadata: { title: 'Eyewear wall display', customer: customer.id, lead: null, files: [] } });
    const detail = await (await as('sales.exec')).get(API.estimations.detail(view.id));
    expect(detail.json()).toEqual(view);
  });

  it('makes one for a lead, named by its company', async () => {
    const lead = await makeLead(db(), await userId(db(), 'sales.exec'), { company: 'Prism Boutique' });
    const res = await (await as('design')).post(API.estimations.list, { lead: lead.id, title: 'Trial room mirrors', estimation_date: '2026-11-21' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer: null, lead: lead.id, customer_name: null, lead_company: 'Prism Boutique' });
  });

  it('takes multipart with its drawings and images kept through the files module, readable at their url', async () => {
    const customer = await makeCustomer(db());
    const res = await postForm('design', API.estimations.list, [
      { name: 'data', value: JSON.stringify({ customer: customer.id, title: 'Kiosk', estimation_date: '2026-11-20' }) },
      { name: 'drawings', file: 'kiosk-elevation.pdf', bytes: PDF, type: 'application/pdf' },
      { name: 'drawings', file: 'kiosk-plan.png', bytes: PNG, type: 'image/png' },
      { name: 'images', file: 'site.png', bytes: PNG, type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json();
    expect(view.files.map((f: Record<string, unknown>) => [f.kind, f.original_name, f.content_type, f.size])).toEqual([
      ['drawing', 'kiosk-elevation.pdf', 'application/pdf', PDF.length],
      ['drawing', 'kiosk-plan.png', 'image/png', PNG.length],
      ['image', 'site.png', 'image/png', PNG.length],
    ]);
    for (const file of view.files) expect(file.url).toBe(API.files.content(file.file));
    const download = await (await as('acrylic')).get(view.files[0].url);
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await (await as('stores')).get(view.files[0].url)).statusCode).toBe(403);
    const [audit] = await auditOf('estimation.create');
    expect(audit!.metadata).toMatchObject({ files: [{ kind: 'drawing', name: 'kiosk-elevation.pdf' }, { kind: 'drawing', name: 'kiosk-plan.png' }, { kind: 'image', name: 'site.png' }] });
    expect(await auditOf('file.add')).toHaveLength(3);
  });

  it('takes the fields as form fields of their own, a blank reference being none', async () => {
    const lead = await makeLead(db(), await userId(db(), 'sales.exec'));
    const res = await postForm('design', API.estimations.list, [
      { name: 'customer', value: '' },
      { name: 'lead', value: String(lead.id) },
      { name: 'title', value: 'Podium' },
      { name: 'estimation_date', value: '2026-11-22' },
      { name: 'drawings', file: 'podium.pdf', bytes: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer: null, lead: lead.id, title: 'Podium', files: [{ kind: 'drawing', original_name: 'podium.pdf' }] });
  });

  it('names the field of every bad input in a 400, JSON or multipart, and keeps nothing', async () => {
    const customer = await makeCustomer(db());
    const design = await as('design');
    const good = { customer: customer.id, title: 'Gondola', estimation_date: '2026-11-20' };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ title: undefined }, { title: ['This field is required.'] }],
      [{ title: '   ' }, { title: ['This field may not be blank.'] }],
      [{ customer: null }, { customer: [ESTIMATION_MESSAGES.party] }],
      [{ customer: 99999 }, { customer: ['Invalid pk "99999" - object does not exist.'] }],
      [{ customer: 'Lumen' }, { customer: ['Incorrect type. Expected pk value.'] }],
      [{ lead: 99999 }, { lead: ['Invalid pk "99999" - object does not exist.'] }],
      [{ estimation_date: '20-11-2026' }, { estimation_date: [DATE_FORMAT] }],
      [{ estimation_date: undefined }, { estimation_date: ['This field is required.'] }],
    ];
    for (const [change, errors] of cases) {
      const res = await design.post(API.estimations.list, { ...good, ...change });
      expect([res.statusCode, res.json()], JSON.stringify(change)).toEqual([400, errors]);
    }
    const multipart = async (parts: FormPart[]) => {
      const res = await postForm('design', API.estimations.list, parts);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    const data = { name: 'data', value: JSON.stringify(good) };
    expect(await multipart([{ name: 'data', value: '{"title": ' }])).toEqual({ data: [expect.stringMatching(/^JSON parse error - /)] });
    expect(await multipart([data, { name: 'drawings', file: 'notes.txt', bytes: Buffer.from('plain text') }])).toEqual({ drawings: ['A drawing must be a PDF or a picture (JPEG, PNG, WebP or GIF).'] });
    expect(await multipart([data, { name: 'images', file: 'photo.pdf', bytes: PDF }])).toEqual({ images: ['An image must be a picture (JPEG, PNG, WebP or GIF).'] });
    expect(await multipart([data, { name: 'images', file: 'empty.png', bytes: Buffer.alloc(0) }])).toEqual({ images: ['The submitted file is empty.'] });
    expect(await multipart([data, { name: 'photo', file: 'a.png', bytes: PNG }])).toEqual({ photo: ['Send files in the parts "drawings" or "images", not "photo".'] });
    expect(await db().select().from(estimations)).toEqual([]);
    expect(await db().select().from(estimationFiles)).toEqual([]);
  });
});

describe('the list, its filters and the mirror', () => {
  it('pages by 15, newest first, with the names and live product count of each row', async () => {
    const customer = await makeCustomer(db(), { name: 'Orbit Retail' });
    const design = await userId(db(), 'design');
    const made = [];
    for (let i = 1; i <= 16; i++) made.push(await makeEstimation(db(), { customer: customer.id, title: `Stand ${i}`, created_by: design }));
    const product = await makeEstimationProduct(db(), made[15]!.id);
    await makeEstimationProduct(db(), made[15]!.id);
    await addCostingLine(db(), product.id, { quantity: '2', rate: '100' });
    const reader = await as('sales.exec');
    const first = (await reader.get(API.estimations.list)).json();
    expect([first.count, first.results.length, first.next, first.previous]).toEqual([16, 15, `/api/v1${API.estimations.list}?page=2`, null]);
    expect(first.results[0]).toMatchObject({ id: made[15]!.id, title: 'Stand 16', customer_name: 'Orbit Retail', lead_company: null, product_count: 2, created_by_name: 'Kavya Reddy', total_cost: '200.00' });
    expect(first.results[0]).not.toHaveProperty('products');
    const second = (await reader.get(`${API.estimations.list}?page=2`)).json();
    expect(second.results.map((r: { title: string }) => r.title)).toEqual(['Stand 1']);
  });

  it('filters by status, customer and lead, searches title, requirement, customer name and lead company, and orders as asked', async () => {
    const orbit = await makeCustomer(db(), { name: 'Orbit Retail' });
    const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
    const lead = await makeLead(db(), await userId(db(), 'sales.exec'), { company: 'Prism Boutique' });
    const a = await makeEstimation(db(), { customer: orbit.id, title: 'Gondola', requirement: 'Powder-coated shelving', estimation_date: '2026-11-03' });
    const b = await makeEstimation(db(), { customer: lumen.id, title: 'Counter', status: 'submitted', estimation_date: '2026-11-01' });
    const c = await makeEstimation(db(), { lead: lead.id, title: 'Mirror', status: 'submitted', estimation_date: '2026-11-02' });
    const reader = await as('acrylic');
    const ids = async (query: string) => {
      const res = await reader.get(`${API.estimations.list}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((r: { id: number }) => r.id);
    };
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=submitted')).toEqual([c.id, b.id]);
    expect(await ids(`?customer=${lumen.id}`)).toEqual([b.id]);
    expect(await ids(`?lead=${lead.id}`)).toEqual([c.id]);
    expect(await ids('?search=gondola')).toEqual([a.id]);
    expect(await ids('?search=powder')).toEqual([a.id]);
    expect(await ids('?search=lumen')).toEqual([b.id]);
    expect(await ids('?search=prism')).toEqual([c.id]);
    expect(await ids('?ordering=estimation_date')).toEqual([b.id, c.id, a.id]);
    expect(await ids('?ordering=title')).toEqual([b.id, a.id, c.id]);
    const bad = await reader.get(`${API.estimations.list}?status=lost`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['status']);
    expect((await reader.get(`${API.estimations.list}?colour=red`)).statusCode).toBe(400);
    expect((await reader.get(`${API.estimations.list}?ordering=secret`)).json()).toEqual({ ordering: ['Unknown ordering field. Use one of: id, estimation_date, title, status, total_cost, created_at, updated_at.'] });
  });

  it("serves the device's delta: rows changed since the cursor, cancelled ones included, with a cursor to keep", async () => {
    const customer = await makeCustomer(db());
    const design = await as('design');
    const kept = await makeEstimation(db(), { customer: customer.id, title: 'Kept' });
    const gone = await makeEstimation(db(), { customer: customer.id, title: 'Gone' });
    const first = (await design.get(`${API.estimations.list}?updated_since=0`)).json();
    expect(first.results.map((r: { title: string }) => r.title)).toEqual(['Kept', 'Gone']);
    expect(first.cursor).toMatch(/^\d+$/);
    expect((await design.delete(API.estimations.detail(gone.id))).statusCode).toBe(204);
    const delta = (await design.get(`${API.estimations.list}?updated_since=${first.cursor}`)).json();
    expect(delta.results.map((r: { id: number; deleted_at: string | null }) => [r.id, r.deleted_at !== null])).toEqual([[gone.id, true]]);
    expect((await design.get(API.estimations.list)).json().results.map((r: { id: number }) => r.id)).toEqual([kept.id]);
  });

  it('lists the cancelled ones, the latest cancelled first, and an empty page when there are none', async () => {
    const customer = await makeCustomer(db());
    const design = await as('design');
    const empty = await design.get(API.estimations.cancelled);
    expect([empty.statusCode, empty.json()]).toEqual([200, { count: 0, next: null, previous: null, results: [] }]);
    const first = await makeEstimation(db(), { customer: customer.id, title: 'First' });
    const second = await makeEstimation(db(), { customer: customer.id, title: 'Second' });
    await makeEstimation(db(), { customer: customer.id, title: 'Live' });
    await design.delete(API.estimations.detail(second.id));
    await design.delete(API.estimations.detail(first.id));
    const page = (await design.get(API.estimations.cancelled)).json();
    expect([page.count, page.results.map((r: { title: string }) => r.title)]).toEqual([2, ['First', 'Second']]);
    expect(page.results[0]).toMatchObject({ customer_name: customer.name, product_count: 0 });
    expect((await design.get(`${API.estimations.cancelled}?page=0`)).json()).toEqual({ page: ['Invalid page.'] });
  });

  it('filters live estimations by estimation date, either bound open, the latest dated first', async () => {
    const customer = await makeCustomer(db());
    const dated = async (estimation_date: string) => (await makeEstimation(db(), { customer: customer.id, estimation_date })).id;
    const oct = await dated('2026-10-31');
    const nov1 = await dated('2026-11-01');
    const nov15 = await dated('2026-11-15');
    const dec = await dated('2026-12-01');
    const cancelled = await dated('2026-11-10');
    await (await as('design')).delete(API.estimations.detail(cancelled));
    const reader = await as('sales.exec');
    const ids = async (query: string) => {
      const res = await reader.get(`${API.estimations.filter}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((r: { id: number }) => r.id);
    };
    expect(await ids('?startDate=2026-11-01&endDate=2026-11-30')).toEqual([nov15, nov1]);
    expect(await ids('?startDate=2026-11-15')).toEqual([dec, nov15]);
    expect(await ids('?endDate=2026-11-01')).toEqual([nov1, oct]);
    expect(await ids('')).toEqual([dec, nov15, nov1, oct]);
    const bad = async (query: string) => (await reader.get(`${API.estimations.filter}${query}`)).json();
    expect(await bad('?startDate=01-11-2026')).toEqual({ startDate: [DATE_FORMAT] });
    expect(await bad('?startDate=2026-11-30&endDate=2026-11-01')).toEqual({ endDate: [PERIOD_OUT_OF_ORDER] });
    expect(await bad('?start_date=2026-11-01')).toEqual({ non_field_errors: ['Unknown field(s): start_date.'] });
  });
});

describe('changing and cancelling', () => {
  it('changes the header of an estimation in costing or rejected, with If-Match, and audits the fields', async () => {
    const customer = await makeCustomer(db());
    const other = await makeCustomer(db(), { name: 'Halo Jewellers' });
    const rejected = await makeEstimation(db(), { customer: customer.id, status: 'rejected' });
    const design = await as('design');
    const res = await design.patch(API.estimations.detail(rejected.id), { customer: other.id, title: 'Necklace busts' }, { 'if-match': `"${rejected.version}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customer: other.id, customer_name: 'Halo Jewellers', title: 'Necklace busts', status: 'rejected', version: rejected.version + 1 });
    const stale = await design.patch(API.estimations.detail(rejected.id), { title: 'Old' }, { 'if-match': `"${rejected.version}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ title: 'Necklace busts' });
    const [audit] = await auditOf('estimation.update');
    expect(audit).toMatchObject({ username: 'design', metadata: { fields: ['customer', 'title'], files: [] } });
  });

  it('adds drawings to a draft as multipart', async () => {
    const draft = await makeEstimation(db(), { customer: (await makeCustomer(db())).id });
    const res = await postForm(
      'design',
      API.estimations.detail(draft.id),
      [{ name: 'requirement', value: 'See the new plan' }, { name: 'expected_version', value: String(draft.version) }, { name: 'drawings', file: 'plan-v2.pdf', bytes: PDF }],
      'patch',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requirement: 'See the new plan', files: [{ kind: 'drawing', original_name: 'plan-v2.pdf' }] });
    const stale = await postForm('design', API.estimations.detail(draft.id), [{ name: 'title', value: 'Late' }, { name: 'expected_version', value: String(draft.version) }], 'patch');
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a change once submitted, approved or quoted, and one that leaves it without customer and lead', async () => {
    const customer = await makeCustomer(db());
    const design = await as('design');
    for (const [status, label] of [['submitted', 'waiting for approval'], ['approved', 'approved'], ['quoted', 'quoted']] as const) {
      const row = await makeEstimation(db(), { customer: customer.id, status });
      const res = await design.patch(API.estimations.detail(row.id), { title: 'Changed' });
      expect([res.statusCode, res.json()], status).toEqual([400, { non_field_errors: [`This estimation is ${label}: only an estimation in costing or rejected can be changed.`] }]);
    }
    const draft = await makeEstimation(db(), { customer: customer.id });
    expect((await design.patch(API.estimations.detail(draft.id), { customer: null })).json()).toEqual({ customer: [ESTIMATION_MESSAGES.party] });
    expect((await design.patch(API.estimations.detail(draft.id), { lead: 99999 })).json()).toEqual({ lead: ['Invalid pk "99999" - object does not exist.'] });
    expect((await design.patch(API.estimations.detail(draft.id), { estimation_date: '2026-02-30' })).json()).toEqual({ estimation_date: [DATE_FORMAT] });
    expect((await design.patch(API.estimations.detail(99999), { title: 'Nothing' })).statusCode).toBe(404);
  });

  it('cancels (204) any but a quoted estimation: it leaves the list and its detail, and the audit says what it was', async () => {
    const customer = await makeCustomer(db());
    const design = await as('design');
    const submitted = await makeEstimation(db(), { customer: customer.id, status: 'submitted', title: 'Gift counter' });
    expect((await design.delete(API.estimations.detail(submitted.id), { 'if-match': '"99"' })).statusCode).toBe(409);
    expect((await design.delete(API.estimations.detail(submitted.id))).statusCode).toBe(204);
    expect((await design.get(API.estimations.detail(submitted.id))).statusCode).toBe(404);
    expect((await design.delete(API.estimations.detail(submitted.id))).statusCode).toBe(404);
    const [audit] = await auditOf('estimation.cancel');
    expect(audit).toMatchObject({ target: `estimations:${submitted.id}`, risk_level: 'medium', metadata: { title: 'Gift counter', status: 'submitted', total_cost: '0.00' } });
    const quoted = await makeEstimation(db(), { customer: customer.id, status: 'quoted' });
    const refused = await design.delete(API.estimations.detail(quoted.id));
    expect([refused.statusCode, refused.json()]).toEqual([400, { non_field_errors: ['A quoted estimation cannot be cancelled: its products are a quotation now.'] }]);
    const [row] = await db().select().from(estimations).where(eq(estimations.id, quoted.id));
    expect(row!.deleted_at).toBeNull();
  });
});

describe('who may', () => {
  it('lets design and management write, sales also request, design, the workshops, sales and management read, and no one else', async () => {
    const customer = await makeCustomer(db());
    const estimation = await makeEstimation(db(), { customer: customer.id });
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.estimations.list, permission: 'estimations.read' },
      { method: 'GET', url: API.estimations.detail(estimation.id), permission: 'estimations.read' },
      { method: 'GET', url: API.estimations.cancelled, permission: 'estimations.read' },
      { method: 'GET', url: API.estimations.filter, permission: 'estimations.read' },
      { method: 'GET', url: API.estimations.versions(estimation.id), permission: 'estimations.read' },
      { method: 'POST', url: API.estimations.list, body: { customer: customer.id }, permission: 'estimations.request' },
      { method: 'PATCH', url: API.estimations.detail(estimation.id), body: { title: '' }, permission: 'estimations.write' },
      { method: 'POST', url: API.estimations.submit(estimation.id), permission: 'estimations.write' },
    ]);
  });

  it('design writes; sales raises a request and reads it but may not change it; stores may not read', async () => {
    const customer = await makeCustomer(db());
    const body = { customer: customer.id, title: 'Shelf', estimation_date: '2026-11-20' };
    expect((await (await as('design')).post(API.estimations.list, body)).statusCode).toBe(201);
    const sales = await as('sales.exec');
    const request = await sales.post(API.estimations.list, { ...body, title: 'Counter for the new branch' });
    expect(request.statusCode).toBe(201);
    expect(request.json()).toMatchObject({ status: 'draft', title: 'Counter for the new branch' });
    expect((await sales.get(API.estimations.list)).json().count).toBe(2);
    expect((await sales.patch(API.estimations.detail(request.json().id), { title: 'Bigger counter' })).statusCode).toBe(403);
    expect((await (await as('stores')).get(API.estimations.list)).statusCode).toBe(403);
  });
});
