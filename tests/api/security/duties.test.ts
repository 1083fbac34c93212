import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobOrderExpenses, materials, requisitions, stockAdjustments } from '../../../server/db/schema';
import { useTestServer } from '../../support/server';
import { makeUser } from '../../support/factories';
import { makeJobOrder, makeRequisition, makeStockMaterial } from '../../support/factories-stock';

/**
 * Maker and checker (issue 14 §4, domain/duty-rules.ts): whoever requests or records a stock
 * adjustment, an expense, a re-work or shortfall requisition cannot approve it, superusers
 * included; someone else with the approval permission can.
 */
const { db, as } = useTestServer();

const OWN_ADJUSTMENT = { detail: 'You cannot approve your own stock adjustment: another user must approve it.' };
const OWN_EXPENSE = { detail: 'You cannot approve your own expense: another user must approve it.' };
const OWN_REQUISITION = { detail: 'You cannot approve your own requisition: another user must approve it.' };

const first = async <T>(query: PromiseLike<T[]>) => (await query)[0]!;

describe('a stock adjustment', () => {
  const URL = '/stockadjustments/stock-adjustments/';
  const requestAs = async (username: string, material: number) => {
    const res = await (await as(username)).post(URL, { material, quantity: '1000', reason: 'Found in the yard' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  it('is not approved by the stores manager who requested it: 403 saying why, and stock does not move', async () => {
    const sheet = await makeStockMaterial(db());
    const adjustment = await requestAs('stores.manager', sheet.id);
    const res = await (await as('stores.manager')).post(`${URL}${adjustment.id}/approve/`, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_ADJUSTMENT);
    expect(await first(db().select().from(stockAdjustments).where(eq(stockAdjustments.id, adjustment.id)))).toMatchObject({ status: 'pending', approved_by: null });
    expect((await first(db().select().from(materials).where(eq(materials.id, sheet.id)))).quantity).toBe('0.000');
  });

  it('is not approved by the superuser who requested it either', async () => {
    const sheet = await makeStockMaterial(db());
    const adjustment = await requestAs('admin', sheet.id);
    const res = await (await as('admin')).post(`${URL}${adjustment.id}/approve/`, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_ADJUSTMENT);
  });

  it('is approved by another stores manager', async () => {
    await makeUser(db(), { username: 'stores.manager2', department: 'stores', designation: 'assistant-manager' });
    const sheet = await makeStockMaterial(db());
    const adjustment = await requestAs('stores.manager', sheet.id);
    const res = await (await as('stores.manager2')).post(`${URL}${adjustment.id}/approve/`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect((await first(db().select().from(materials).where(eq(materials.id, sheet.id)))).quantity).toBe('1000.000');
  });

  it('may be withdrawn (rejected) by its own requester', async () => {
    const adjustment = await requestAs('stores.manager', (await makeStockMaterial(db())).id);
    const res = await (await as('stores.manager')).post(`${URL}${adjustment.id}/reject/`, { remarks: 'Counted again: nothing missing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected' });
  });
});

describe('an expense', () => {
  const recordAs = async (username: string, jobOrder: number) => {
    const res = await (await as(username)).post(`/joborders/joborders/${jobOrder}/expenses/`, { expense_category: 'transport', expense_date: '2026-11-18', amount: '1500.00', description: 'Tempo to site' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const approveAs = async (username: string, expense: number) => (await as(username)).patch(`/joborders/joborders/expenses/${expense}/approve/`, { status: 'APPROVED' });

  it('is not approved by the accounts user who recorded it: 403 saying why, and it stays pending', async () => {
    const expense = await recordAs('accounts', (await makeJobOrder(db())).id);
    const res = await approveAs('accounts', expense.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_EXPENSE);
    expect(await first(db().select().from(jobOrderExpenses).where(eq(jobOrderExpenses.id, expense.id)))).toMatchObject({ status: 'PENDING', approved_by: null });
  });

  it('is not approved by the superuser who recorded it either', async () => {
    const expense = await recordAs('admin', (await makeJobOrder(db())).id);
    const res = await approveAs('admin', expense.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_EXPENSE);
  });

  it("is approved by another approver: management approves accounts' expense", async () => {
    const expense = await recordAs('accounts', (await makeJobOrder(db())).id);
    const res = await approveAs('management', expense.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'APPROVED' });
  });
});

describe('a re-work or shortfall requisition', () => {
  const approveAs = async (username: string, requisition: number) => (await as(username)).put(`/requisitions/${requisition}/approve_requisition/`, {});
  const raisedBy = async (username: string, type: 're-work' | 'shortfall') => {
    const sheet = await makeStockMaterial(db());
    return (await makeRequisition(db(), [{ material: sheet.id, quantity: '2' }], { type, requested_by: username })).requisition;
  };

  it('re-work: is not approved by the production manager who raised it: 403 saying why, and it stays unapproved', async () => {
    await makeUser(db(), { username: 'production.manager', department: 'production', designation: 'manager' });
    const requisition = await raisedBy('production.manager', 're-work');
    const res = await approveAs('production.manager', requisition.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_REQUISITION);
    expect(await first(db().select().from(requisitions).where(eq(requisitions.id, requisition.id)))).toMatchObject({ is_approved: false, approved_by: null });
  });

  it('shortfall: is not approved by the management user who raised it', async () => {
    const requisition = await raisedBy('management', 'shortfall');
    const res = await approveAs('management', requisition.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_REQUISITION);
  });

  it('is not approved by the superuser who raised it either', async () => {
    const requisition = await raisedBy('admin', 're-work');
    const res = await approveAs('admin', requisition.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(OWN_REQUISITION);
  });

  it("is approved by another approver: management approves the production manager's re-work, a production manager the shortfall management raised", async () => {
    await makeUser(db(), { username: 'production.manager', department: 'production', designation: 'manager' });
    const rework = await raisedBy('production.manager', 're-work');
    const approved = await approveAs('management', rework.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ is_approved: true });
    const shortfall = await raisedBy('management', 'shortfall');
    expect((await approveAs('production.manager', shortfall.id)).statusCode).toBe(200);
  });
});
