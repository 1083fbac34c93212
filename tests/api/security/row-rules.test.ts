import { describe, expect, it } from 'vitest';
import { signIn, useTestServer } from '../../support/server';
import { makeCategory, makeMaterial, userId } from '../../support/factories';
import { makeJobOrder, makeRequisition } from '../../support/factories-requisitions';
import { jobOrders } from '../../../server/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Whose rows a user may change (issue 14 §4, domain/row-rules.ts EDIT_RULES): the matrix lets a
 * department edit requisitions, expenses or job orders at all; these rules say whose.
 */
const { app, db, as } = useTestServer();

/** DELETE requisitions/{id}/ with its reason, as `username`. */
async function cancelAs(username: string, id: number) {
  const { access } = await signIn(app(), username);
  return app().inject({ method: 'DELETE', url: `/api/v1/requisitions/requisitions/${id}/`, payload: { reason: 'Not needed' }, headers: { authorization: `JWT ${access}` } });
}

const REQUISITION_REFUSAL = {
  detail: "Only the requisition's raiser, the managers and supervisors of the raiser's department and superusers may change or cancel it; stores change only what is issued and reserved.",
};
const EXPENSE_REFUSAL = { detail: 'Only whoever recorded the expense and those who approve expenses may change or delete it.' };
const JOB_ORDER_REFUSAL = { detail: 'A sales executive changes only the job orders where they are the sales executive.' };

/** An open standard requisition the foreman raised, two materials on it. */
async function foremansRequisition() {
  const category = await makeCategory(db());
  const [first, second] = [await makeMaterial(db(), category.id, { quantity: '100' }), await makeMaterial(db(), category.id, { quantity: '100' })];
  const job = await makeJobOrder(db());
  const requisition = await makeRequisition(db(), { requested_by: 'foreman', job_order: job.id, lines: [{ material: first!.id, quantity: '5' }, { material: second!.id, quantity: '3' }] });
  return { requisition, line: requisition.lines[0]!, job };
}

describe("a requisition is changed by its raiser's side only", () => {
  it('refuses acrylic editing and metal cancelling a foreman\'s requisition, and changes nothing', async () => {
    const { requisition, line } = await foremansRequisition();
    const acrylic = await as('acrylic');
    const edited = await acrylic.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '50' });
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual(REQUISITION_REFUSAL);
    const retyped = await acrylic.patch(`/requisitions/requisitions/${requisition.id}/`, { requisition_type: 'installation' });
    expect(retyped.statusCode).toBe(403);

    const cancelled = await cancelAs('metal', requisition.id);
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json()).toEqual(REQUISITION_REFUSAL);

    const after = (await (await as('foreman')).get(`/requisitions/requisitions/${requisition.id}/`)).json();
    expect(after.deleted_at).toBeNull();
    expect(after.requisition_type).toBe('standard');
    expect(after.requisition_items.map((l: { quantity: string }) => l.quantity)).toEqual(['5.000', '3.000']);
  });

  it('refuses another department adding or removing its materials', async () => {
    const { requisition, line } = await foremansRequisition();
    const material = await makeMaterial(db(), (await makeCategory(db())).id);
    const acrylic = await as('acrylic');
    const added = await acrylic.post('/requisitions/requisition_details/', { requisition: requisition.id, material: material.id, quantity: '1' });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual(REQUISITION_REFUSAL);
    const removed = await acrylic.delete(`/requisitions/requisition_details/${line.id}/`);
    expect(removed.statusCode).toBe(403);
  });

  it('lets the raiser edit and cancel it', async () => {
    const { requisition, line } = await foremansRequisition();
    const foreman = await as('foreman');
    expect((await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '6' })).statusCode).toBe(200);
    expect((await cancelAs('foreman', requisition.id)).statusCode).toBe(200);
  });

  it("lets a supervisor of the raiser's department (production) edit and cancel it", async () => {
    const { requisition, line } = await foremansRequisition();
    const production = await as('production');
    const edited = await production.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '7' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().quantity).toBe('7.000');
    expect((await cancelAs('production', requisition.id)).statusCode).toBe(200);
  });

  it('lets stores reserve material on it (what is issued and reserved) and refuses stores any other change', async () => {
    const { requisition, line } = await foremansRequisition();
    const stores = await as('stores');
    const reserved = await stores.post('/materials/materials/reserve_material/', { requisition_detail: line.id, quantity: '2' });
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json().quantity_reserved).toBe('2.000');

    const quantity = await stores.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '1' });
    expect(quantity.statusCode).toBe(403);
    expect(quantity.json()).toEqual(REQUISITION_REFUSAL);
    expect((await stores.patch(`/requisitions/requisitions/${requisition.id}/`, { requisition_type: 'installation' })).statusCode).toBe(403);
    expect((await cancelAs('stores', requisition.id)).statusCode).toBe(403);
  });

  it('lets a superuser edit and cancel it', async () => {
    const { requisition, line } = await foremansRequisition();
    const admin = await as('admin');
    expect((await admin.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '8' })).statusCode).toBe(200);
    expect((await cancelAs('admin', requisition.id)).statusCode).toBe(200);
  });
});

/** An open job order and an expense accounts recorded on it, through the API. */
async function expenseRecordedByAccounts() {
  const job = await makeJobOrder(db());
  const res = await (await as('accounts')).post(`/joborders/joborders/${job.id}/expenses/`, { expense_category: 'transport', expense_date: '2026-11-18', amount: '1500.00', description: 'Tempo to site' });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('an expense is changed by whoever recorded it or an approver', () => {
  it('refuses the foreman editing and production deleting an expense accounts recorded', async () => {
    const expense = await expenseRecordedByAccounts();
    const edited = await (await as('foreman')).put(`/joborders/joborders/expenses/${expense.id}/`, { amount: '9999.00' });
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual(EXPENSE_REFUSAL);
    const deleted = await (await as('production')).delete(`/joborders/joborders/expenses/${expense.id}/`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json()).toEqual(EXPENSE_REFUSAL);
    const after = (await (await as('accounts')).get(`/joborders/joborders/expenses/${expense.id}/`)).json();
    expect(after).toMatchObject({ amount: '1500.00', deleted_at: null });
  });

  it('lets the recorder and an approver (management) change it', async () => {
    const expense = await expenseRecordedByAccounts();
    expect((await (await as('accounts')).put(`/joborders/joborders/expenses/${expense.id}/`, { amount: '1600.00' })).statusCode).toBe(200);
    expect((await (await as('management')).delete(`/joborders/joborders/expenses/${expense.id}/`)).statusCode).toBe(200);
  });
});

describe("a sales executive changes only their own job orders", () => {
  /** A job order whose sales executive is sales.senior. */
  async function seniorsJobOrder() {
    const job = await makeJobOrder(db());
    await db().update(jobOrders).set({ sales_executive: await userId(db(), 'sales.senior'), status: 'Created' }).where(eq(jobOrders.id, job.id));
    return job;
  }

  it("refuses a sales executive editing another sales executive's job order, its products included", async () => {
    const job = await seniorsJobOrder();
    const exec = await as('sales.exec');
    const edited = await exec.patch(`/joborders/joborders/update/main/${job.id}/`, { contact_person: 'Someone else' });
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual(JOB_ORDER_REFUSAL);
    const added = await exec.post(`/joborders/joborders/add/product/${job.id}/`, { product: 'Shelf', quantity: '1', unit_price: '10.00' });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual(JOB_ORDER_REFUSAL);
  });

  it('refuses a sales executive handing their job order to another sales executive', async () => {
    const job = await makeJobOrder(db());
    const handed = await (await as('sales.exec')).patch(`/joborders/joborders/update/main/${job.id}/`, { sales_executive: await userId(db(), 'sales.senior') });
    expect(handed.statusCode).toBe(403);
    expect(handed.json()).toEqual(JOB_ORDER_REFUSAL);
  });

  it('lets a sales executive edit their own job order and a sales manager edit any', async () => {
    const own = await makeJobOrder(db());
    expect((await (await as('sales.exec')).patch(`/joborders/joborders/update/main/${own.id}/`, { contact_person: 'Ravi' })).statusCode).toBe(200);
    const job = await seniorsJobOrder();
    const managed = await (await as('sales.manager')).patch(`/joborders/joborders/update/main/${job.id}/`, { contact_person: 'Vikram' });
    expect(managed.statusCode).toBe(200);
    expect(managed.json().contact_person).toBe('Vikram');
  });
});
