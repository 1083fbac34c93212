import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog } from '../../server/db/schema';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeGra, makeGraItem, makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { makeCustomer } from '../support/factories-sales';
import { pdfPages } from '../support/pdf-text';
import { useTestServer, type TestClient } from '../support/server';

const { app, db, as } = useTestServer({ seed: 'users' });

const letterhead = {
  name: 'Shree Ganesh Fabricators Pvt. Ltd.',
  address: 'Plot 14, MIDC Bhosari, Pune 411026',
  gstin: '27aaacs1234f1zs',
  state: 'Maharashtra',
  phone: '020 27123456',
  email: 'accounts@ganeshfab.in',
};

async function pdfOf(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { pages: await pdfPages(res.rawPayload), disposition: res.headers['content-disposition'] };
}

describe('the company profile (the letterhead)', () => {
  it('is empty until a superuser sets it; then every signed-in user reads it, and the change is audited', async () => {
    const stores = await as('stores');
    expect((await stores.get(API.system.company)).json()).toEqual({ name: '', address: '', gstin: '', state: 'N/A', phone: '', email: '', logo: null, updated_at: null });
    const put = await (await as('admin')).put(API.system.adminCompany, letterhead);
    expect(put.statusCode, put.body).toBe(200);
    expect((await stores.get(API.system.company)).json()).toMatchObject({ ...letterhead, gstin: '27AAACS1234F1ZS', logo: null });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'company.profile.update'));
    expect(audit).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'high', target: 'company_profile' })]);
  });

  it('is set by superusers only', async () => {
    expect((await (await as('management')).put(API.system.adminCompany, letterhead)).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: `/api/v1${API.system.company}` })).statusCode).toBe(401);
  });

  it('refuses a wrong GSTIN, e-mail or logo with the field named', async () => {
    const res = await (await as('admin')).put(API.system.adminCompany, { ...letterhead, gstin: '27AAACS1234', email: 'accounts@', logo: 'https://example.com/logo.png' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'gstin', 'logo']);
    expect(res.json().logo).toEqual(['The logo must be a PNG or JPEG image given as a data URL (data:image/png;base64,...).']);
  });
});

describe('documents over HTTP (GET …/{id}/pdf/)', () => {
  it('a GRA: the letterhead from the settings, its lines and the value accepted', async () => {
    await (await as('admin')).put(API.system.adminCompany, letterhead);
    const category = await makeCategory(db(), { name: 'Metal' });
    const sheet = await makeMaterial(db(), category.id, { name: 'MS sheet 2mm', unit: 'SHEET' });
    const pipe = await makeMaterial(db(), category.id, { name: 'MS pipe 25mm', unit: 'MTRS' });
    const vendor = await makeVendor(db(), { name: 'Mahalaxmi Steel Traders' });
    const lpo = await makeLpo(db(), vendor.id, { lpo_date: '2026-10-01' });
    const sheetItem = await makeLpoItem(db(), lpo.id, sheet.id, { quantity: '20', rate: '123.45' });
    const pipeItem = await makeLpoItem(db(), lpo.id, pipe.id, { quantity: '60', rate: '80.00' });
    const gra = await makeGra(db(), lpo, { gra_date: '2026-10-10' });
    await makeGraItem(db(), gra.id, sheetItem, { quantity_received: '10', quantity_accepted: '9.5' });
    await makeGraItem(db(), gra.id, pipeItem, { quantity_received: '60' });

    const stores = await as('stores');
    const view = (await stores.get(API.gras.detail(gra.id))).json() as { gra_items: { amount: string }[] };
    expect(view.gra_items.map((i) => i.amount)).toEqual(['1172.78', '4800.00']);
    const { pages, disposition } = await pdfOf(stores, API.gras.pdf(gra.id));
    expect(disposition).toBe(`inline; filename="GRA-${gra.id}.pdf"`);
    const lines = pages[0]!.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Shree Ganesh Fabricators Pvt. Ltd.', 'Plot 14, MIDC Bhosari, Pune 411026', 'GSTIN: 27AAACS1234F1ZS']);
    expect(lines).toEqual(expect.arrayContaining(['Goods Received Advice', 'Mahalaxmi Steel Traders', 'MS sheet 2mm', '9.500', '1,172.78', '4,800.00', 'Value accepted', '₹5,972.78', 'Page 1 of 1']));
  });

  it('a job order created through the API prints the value the API stored, to the paisa', async () => {
    const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP' });
    const sales = await as('sales.exec');
    const created = await sales.post(API.jobOrders.create, {
      customer: customer.id,
      sales_executive: await userId(db(), 'sales.exec'),
      job_order_items: [
        { product: 'Acrylic display stand', quantity: '12', unit_price: '1234.56' },
        { product: 'Steel tray', quantity: '3.5', unit_price: '999.99' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json() as { id: number; total_value: string };
    expect(job.total_value).toBe('18314.69');
    const { pages } = await pdfOf(sales, API.jobOrders.pdf(job.id));
    expect(pages[0]!.split('\n')).toEqual(expect.arrayContaining(['Job Order', 'Orbit Retail LLP', '14,814.72', '3,499.97', 'Job order value', '₹18,314.69']));
  });

  it('a delivery note made through the API prints its products and quantities for the person who receives them', async () => {
    const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP' });
    const sales = await as('sales.exec');
    const job = (
      await sales.post(API.jobOrders.create, { customer: customer.id, sales_executive: await userId(db(), 'sales.exec'), job_order_items: [{ product: 'Acrylic display stand', quantity: '10', unit_price: '500' }] })
    ).json() as { id: number; items: { id: number }[] };
    const production = await as('production');
    const note = await production.post(API.deliveryNotes.create, { job_order: job.id, delivery_location: 'Andheri warehouse', items: [{ job_order_item: job.items[0]!.id, quantity: '6' }] });
    expect(note.statusCode, note.body).toBe(201);
    const { pages } = await pdfOf(production, API.deliveryNotes.pdf(note.json().id));
    expect(pages[0]!.split('\n')).toEqual(expect.arrayContaining(['Delivery Note', 'Orbit Retail LLP', 'Andheri warehouse', 'Acrylic display stand', '10.000', '6.000', 'DRAFT', 'Page 1 of 1']));
  });

  it('is read under the row’s own permission; a missing row or a path that names none is 404, in the API error shape', async () => {
    expect((await (await as('sales.exec')).get(API.gras.pdf(1))).statusCode).toBe(403);
    const stores = await as('stores');
    const missing = await stores.get(API.gras.pdf(999));
    expect([missing.statusCode, Object.keys(missing.json())]).toEqual([404, ['detail']]);
    const bad = await stores.get('/gra/gras/abc/pdf/');
    expect([bad.statusCode, Object.keys(bad.json())]).toEqual([404, ['detail']]);
  });
});
