import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { ownApprovalMessage } from '../../domain/duty-rules';
import { PERMISSION_DENIED } from '../../domain/permissions';
import { businessToday } from '../../domain/rules/dates';
import { auditLog, estimations, leads, quotations, systemConfig } from '../../server/db/schema';
import { addCostingLine, makeEstimationProduct, makeEstimation } from '../support/factories-estimation';
import { userId } from '../support/factories';
import { makeCustomer, makeLead } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/**
 * An estimation's costing steps (issue 21 §1): submitted with a costed product, approved or
 * rejected by someone other than its author, each costing kept as a version, and an approved one
 * handed over to sales as a draft quotation at unit price + margin.
 */

const { as, db } = useTestServer();
const auditOf = (...actions: string[]) => db().select().from(auditLog).where(inArray(auditLog.action, actions)).orderBy(auditLog.id);
const refusal = (message: string) => ({ non_field_errors: [message] });

/**
 * Made by `author`: an acrylic stand, 2 off, costed 3 × 150.00 + 1.5 × 80.00 = 570.00 a unit
 * (1,140.00), and a header board, 3 off, one line 1 × 333.33 (999.99): 2,139.99 in all.
 */
async function costed(author = 'design', values: { customer?: number | null; lead?: number | null; status?: 'draft' | 'submitted' | 'approved' } = {}) {
  const customer = values.customer === undefined && values.lead === undefined ? (await makeCustomer(db())).id : (values.customer ?? null);
  const estimation = await makeEstimation(db(), { customer, lead: values.lead ?? null, title: 'Eyewear counter', status: values.status ?? 'draft', created_by: await userId(db(), author) });
  const stand = await makeEstimationProduct(db(), estimation.id, { name: 'Acrylic stand', description: '12 mm clear, polished edges', quantity: '2' });
  await addCostingLine(db(), stand.id, { quantity: '3', rate: '150.00' });
  await addCostingLine(db(), stand.id, { quantity: '1.5', rate: '80.00' });
  const board = await makeEstimationProduct(db(), estimation.id, { name: 'Header board', quantity: '3' });
  await addCostingLine(db(), board.id, { quantity: '1', rate: '333.33' });
  return { ...estimation, customer };
}

const post = async (username: string, url: string, body: unknown = {}) => (await as(username)).post(url, body);

describe('submitting for approval', () => {
  it('needs a product with a costing line', async () => {
    const customer = await makeCustomer(db());
    const empty = await makeEstimation(db(), { customer: customer.id });
    const res = await post('design', API.estimations.submit(empty.id));
    expect([res.statusCode, res.json()]).toEqual([400, refusal('Add at least one product with a costing line before submitting the estimation.')]);
    await makeEstimationProduct(db(), empty.id);
    expect((await post('design', API.estimations.submit(empty.id))).json()).toEqual(refusal('Add at least one product with a costing line before submitting the estimation.'));
  });

  it('moves a draft to submitted, stamps when, and keeps the costing as version 1 with its total', async () => {
    const estimation = await costed();
    const shown = await (await as('design')).get(API.estimations.detail(estimation.id));
    const res = await (await as('design')).post(API.estimations.submit(estimation.id), {}, { 'if-match': shown.headers.etag as string });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ status: 'submitted', total_cost: '2139.99', costing_version: 1, approved_by: null });
    expect(view.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(view.products.map((p: { name: string; unit_price: string; details: unknown[] }) => [p.name, p.unit_price, p.details.length])).toEqual([
      ['Acrylic stand', '570.00', 2],
      ['Header board', '333.33', 1],
    ]);
    const versions = (await (await as('sales.exec')).get(API.estimations.versions(estimation.id))).json();
    expect(versions.map((v: { costing_version: number; reason: string; total_cost: string }) => [v.costing_version, v.reason, v.total_cost])).toEqual([[1, 'submitted', '2139.99']]);
    expect(versions[0].products.map((p: { name: string; unit_price: string; details: { amount: string }[] }) => [p.name, p.unit_price, p.details.map((d) => d.amount)])).toEqual([
      ['Acrylic stand', '570.00', ['450.00', '120.00']],
      ['Header board', '333.33', ['333.33']],
    ]);
    const [audit] = await auditOf('estimation.submit');
    expect(audit).toMatchObject({ username: 'design', metadata: { from: 'draft', costing_version: 1, total_cost: '2139.99' } });
  });

  it('refuses a stale version, and a second submission', async () => {
    const estimation = await costed();
    expect((await post('design', API.estimations.submit(estimation.id), { expected_version: 1 })).statusCode).toBe(409);
    expect((await post('design', API.estimations.submit(estimation.id))).statusCode).toBe(200);
    expect((await post('design', API.estimations.submit(estimation.id))).json()).toEqual(refusal('Only an estimation in costing or rejected can be submitted for approval.'));
    expect((await post('design', API.estimations.submit(99999))).statusCode).toBe(404);
  });
});

describe('approving and rejecting', () => {
  it('is approved by another user, who is named, and the approved costing is kept as the next version', async () => {
    const estimation = await costed('design');
    await post('design', API.estimations.submit(estimation.id));
    const res = await post('costing.manager', API.estimations.approve(estimation.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approved_by: await userId(db(), 'costing.manager'), approved_by_name: 'Nandini Rao', costing_version: 2 });
    expect(res.json().approved_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const versions = (await (await as('design')).get(API.estimations.versions(estimation.id))).json();
    expect(versions.map((v: { costing_version: number; reason: string; total_cost: string }) => [v.costing_version, v.reason, v.total_cost])).toEqual([
      [2, 'approved', '2139.99'],
      [1, 'submitted', '2139.99'],
    ]);
    const [audit] = await auditOf('estimation.approve');
    expect(audit).toMatchObject({ username: 'costing.manager', risk_level: 'medium', metadata: { costing_version: 2, total_cost: '2139.99', author: await userId(db(), 'design') } });
  });

  it('never by its author (403 naming the rule), superuser or not, and never by a designer', async () => {
    for (const author of ['management', 'costing.manager', 'admin']) {
      const estimation = await costed(author, { status: 'submitted' });
      const res = await post(author, API.estimations.approve(estimation.id));
      expect([res.statusCode, res.json()], author).toEqual([403, { detail: ownApprovalMessage('estimation') }]);
      expect((await post(author, API.estimations.reject(estimation.id), { reason: 'Mine' })).json(), author).toEqual({ detail: 'You cannot approve your own estimation: another user must approve it.' });
    }
    const estimation = await costed('management', { status: 'submitted' });
    expect((await post('design', API.estimations.approve(estimation.id))).json()).toEqual({ detail: PERMISSION_DENIED });
    expect((await post('sales.manager', API.estimations.approve(estimation.id))).statusCode).toBe(403);
    const [row] = await db().select().from(estimations).where(eq(estimations.id, estimation.id));
    expect([row!.status, row!.approved_by]).toEqual(['submitted', null]);
  });

  it('approves or rejects only what waits for approval', async () => {
    const draft = await costed();
    expect((await post('management', API.estimations.approve(draft.id))).json()).toEqual(refusal('Only an estimation waiting for approval can be approved or rejected.'));
    expect((await post('management', API.estimations.reject(draft.id), { reason: 'No' })).json()).toEqual(refusal('Only an estimation waiting for approval can be approved or rejected.'));
  });

  it('rejects with a reason back to costing; a changed costing is submitted again as the next version, the reason cleared', async () => {
    const estimation = await costed();
    await post('design', API.estimations.submit(estimation.id));
    const missing = await post('management', API.estimations.reject(estimation.id), {});
    expect([missing.statusCode, missing.json()]).toEqual([400, { reason: ['This field is required.'] }]);
    expect((await post('management', API.estimations.reject(estimation.id), { reason: '  ' })).json()).toEqual({ reason: ['This field may not be blank.'] });
    const res = await post('management', API.estimations.reject(estimation.id), { reason: 'Use 10 mm acrylic for the stand.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Use 10 mm acrylic for the stand.', approved_by: null, costing_version: 1 });
    const [audit] = await auditOf('estimation.reject');
    expect(audit).toMatchObject({ username: 'management', metadata: { reason: 'Use 10 mm acrylic for the stand.', total_cost: '2139.99' } });

    // Re-costed: a third product, 1 off at 60.00: 2,199.99.
    const extra = await makeEstimationProduct(db(), estimation.id, { name: 'Price tag holder' });
    await addCostingLine(db(), extra.id, { quantity: '4', rate: '15.00' });
    const again = await post('design', API.estimations.submit(estimation.id));
    expect(again.json()).toMatchObject({ status: 'submitted', rejection_reason: '', total_cost: '2199.99', costing_version: 2 });
    const versions = (await (await as('design')).get(API.estimations.versions(estimation.id))).json();
    expect(versions.map((v: { costing_version: number; reason: string; total_cost: string }) => [v.costing_version, v.reason, v.total_cost])).toEqual([
      [2, 'submitted', '2199.99'],
      [1, 'submitted', '2139.99'],
    ]);
  });
});

describe('handing an approved estimation over to a quotation', () => {
  it('makes a draft quotation with a line per product at unit price + 25%, and the estimation quoted', async () => {
    const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
    const estimation = await costed('design', { customer: lumen.id, status: 'approved' });
    const res = await post('sales.exec', API.estimations.quotation(estimation.id), { margin_percent: '25' });
    expect(res.statusCode, res.body).toBe(201);
    const { estimation: view, quotation } = res.json();
    // Acrylic stand: 570.00 + 25% = 712.50, 2 off = 1,425.00. Header board: 333.33 + 25% = 416.6625,
    // to the paisa 416.66, 3 off = 1,249.98. Subtotal and total (no tax yet): 2,674.98.
    expect(quotation).toMatchObject({
      status: 'draft',
      customer: estimation.customer,
      customer_name: 'Lumen Opticals',
      lead: null,
      sales_exec: await userId(db(), 'sales.exec'),
      subject: 'Eyewear counter',
      quotation_date: businessToday(),
      tax_rate: '0.00',
      subtotal: '2674.98',
      discount_total: '0.00',
      total_amount: '2674.98',
      created_by: await userId(db(), 'sales.exec'),
    });
    expect(quotation.items.map((i: Record<string, string>) => [i.description, i.quantity, i.unit, i.unit_price, i.discount, i.gross_price])).toEqual([
      ['Acrylic stand — 12 mm clear, polished edges', '2.000', 'PCS', '712.50', '0.00', '1425.00'],
      ['Header board', '3.000', 'PCS', '416.66', '0.00', '1249.98'],
    ]);
    expect(view).toMatchObject({ id: estimation.id, status: 'quoted', quotation: quotation.id, total_cost: '2139.99' });
    expect((await (await as('sales.exec')).get(API.quotations.detail(quotation.id))).json()).toEqual(quotation);
    expect((await auditOf('estimation.quote', 'quotation.create')).map((a) => [a.action, a.username, a.metadata])).toEqual([
      ['quotation.create', 'sales.exec', expect.objectContaining({ number: quotation.number, items: 2, total_amount: '2674.98' })],
      ['estimation.quote', 'sales.exec', { quotation: quotation.id, number: quotation.number, margin_percent: '25', total_cost: '2139.99', subtotal: '2674.98' }],
    ]);
  });

  it('takes a subject and, for a lead that became a customer, quotes that customer with the lead and its sales executive', async () => {
    const customer = await makeCustomer(db(), { name: 'Prism Boutique' });
    const senior = await userId(db(), 'sales.senior');
    const lead = await makeLead(db(), senior, { company: 'Prism Boutique' });
    await db().update(leads).set({ customer: customer.id }).where(eq(leads.id, lead.id));
    const estimation = await costed('design', { lead: lead.id, status: 'approved' });
    const res = await post('costing.manager', API.estimations.quotation(estimation.id), { margin_percent: '0', subject: 'Store fit-out, phase 1' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().quotation).toMatchObject({ customer: customer.id, lead: lead.id, sales_exec: senior, subject: 'Store fit-out, phase 1', subtotal: '2139.99' });
  });

  it("refuses a lead that is not a customer yet, and a sales executive quoting another executive's lead", async () => {
    const exec = await userId(db(), 'sales.exec');
    const lead = await makeLead(db(), exec, { company: 'Nova Watches' });
    const estimation = await costed('design', { lead: lead.id, status: 'approved' });
    const res = await post('management', API.estimations.quotation(estimation.id), { margin_percent: '10' });
    expect([res.statusCode, res.json()]).toEqual([400, refusal('This estimation is for a lead: convert the lead to a customer before making a quotation.')]);
    const customer = await makeCustomer(db());
    await db().update(leads).set({ customer: customer.id }).where(eq(leads.id, lead.id));
    expect((await post('sales.senior', API.estimations.quotation(estimation.id), { margin_percent: '10' })).statusCode).toBe(403);
    expect(await db().select().from(quotations)).toEqual([]);
  });

  it('hands over only an approved estimation, once, with a valid margin, and only for those who quote', async () => {
    const draft = await costed();
    expect((await post('management', API.estimations.quotation(draft.id), { margin_percent: '25' })).json()).toEqual(refusal('Only an approved estimation can become a quotation.'));
    const approved = await costed('design', { status: 'approved' });
    const bad = async (body: unknown) => (await post('management', API.estimations.quotation(approved.id), body)).json();
    expect(await bad({})).toEqual({ margin_percent: ['A valid number is required.'] });
    expect(await bad({ margin_percent: '-5' })).toEqual({ margin_percent: ['Enter zero or more.'] });
    expect(await bad({ margin_percent: 'lots' })).toEqual({ margin_percent: ['A valid number is required.'] });
    expect((await post('design', API.estimations.quotation(approved.id), { margin_percent: '25' })).json()).toEqual({ detail: PERMISSION_DENIED });
    expect((await post('management', API.estimations.quotation(approved.id), { margin_percent: '25' })).statusCode).toBe(201);
    expect((await post('management', API.estimations.quotation(approved.id), { margin_percent: '25' })).json()).toEqual(refusal('Only an approved estimation can become a quotation.'));
  });

  it("leaves the estimation approved and makes no quotation when the quotation is refused (one transaction)", async () => {
    await db().update(systemConfig).set({ monarch_entities: ['Monarch Display Systems Pvt Ltd'] }).where(eq(systemConfig.id, 1));
    const estimation = await costed('design', { status: 'approved' });
    const res = await post('management', API.estimations.quotation(estimation.id), { margin_percent: '25', monarch_entity: 'Elsewhere Ltd' });
    expect([res.statusCode, res.json()]).toEqual([400, { monarch_entity: ['"Elsewhere Ltd" is not one of the company\'s entities: Monarch Display Systems Pvt Ltd.'] }]);
    const [row] = await db().select().from(estimations).where(eq(estimations.id, estimation.id));
    expect([row!.status, row!.quotation]).toEqual(['approved', null]);
    expect(await db().select().from(quotations)).toEqual([]);
    expect(await auditOf('estimation.quote', 'quotation.create')).toEqual([]);
    const ok = await post('management', API.estimations.quotation(estimation.id), { margin_percent: '25', monarch_entity: 'Monarch Display Systems Pvt Ltd' });
    expect(ok.json().quotation).toMatchObject({ number: 1, monarch_entity: 'Monarch Display Systems Pvt Ltd' });
  });

  it('leaves a quoted estimation as it is: no change, no cancelling, no other step', async () => {
    const estimation = await costed('design', { status: 'approved' });
    await post('management', API.estimations.quotation(estimation.id), { margin_percent: '25' });
    const design = await as('design');
    expect((await design.patch(API.estimations.detail(estimation.id), { title: 'Changed' })).json()).toEqual(refusal('This estimation is quoted: only an estimation in costing or rejected can be changed.'));
    expect((await design.delete(API.estimations.detail(estimation.id))).json()).toEqual(refusal('A quoted estimation cannot be cancelled: its products are a quotation now.'));
    expect((await post('design', API.estimations.submit(estimation.id))).json()).toEqual(refusal('Only an estimation in costing or rejected can be submitted for approval.'));
    expect((await post('costing.manager', API.estimations.approve(estimation.id))).json()).toEqual(refusal('Only an estimation waiting for approval can be approved or rejected.'));
    const [row] = await db().select().from(estimations).where(eq(estimations.id, estimation.id));
    expect([row!.status, row!.title, row!.deleted_at]).toEqual(['quoted', 'Eyewear counter', null]);
  });
});
