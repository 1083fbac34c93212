import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { makeJobOrder } from '../support/factories-requisitions';

/** Issue 17 §4: the API answers bad input in what a person would say, and names every bad field at once. */
const { as, db } = useTestServer();

async function shop() {
  const acme = await makeCustomer(db(), { name: 'Acme Displays' });
  const job = await makeJobOrder(db(), { customer: acme.id });
  const sheets = await makeCategory(db(), { name: 'Sheets' });
  const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET' });
  return { job, acrylic };
}

describe('messages in plain words', () => {
  it('asks for a department when none is chosen', async () => {
    const admin = await as('admin');
    const res = await admin.post(`/users/activate/${await userId(db(), 'stores')}/`, { department: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ department: ['Choose a department.'] });
  });

  it('asks for at least one material on a requisition', async () => {
    const { job } = await shop();
    const res = await (await as('foreman')).post('/requisitions/requisitions/', { job_order: job.id, requisition_type: 'standard', requisition_items: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ requisition_items: ['Add at least one material.'] });
  });

  it('asks for a quantity above zero', async () => {
    const { job, acrylic } = await shop();
    const res = await (await as('foreman')).post('/requisitions/requisitions/', { job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: '0' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'requisition_items.0.quantity': ['Enter a quantity above zero.'] });
  });
});

describe('every bad field at once', () => {
  it('names the missing material, the bad quantity and the missing job order of a stock issue together', async () => {
    const res = await (await as('stores')).post('/stocks/stocktransactions/', { transaction_type: 'issue', quantity: 'many', transaction_date: '2026-11-20' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      material: ['This field is required.'],
      quantity: ['A valid number is required.'],
      requisition: ['An issue must be against a requisition or a job order.'],
    });
  });

  it('names a bad quantity and the missing job order of a requisition together', async () => {
    const { acrylic } = await shop();
    const res = await (await as('foreman')).post('/requisitions/requisitions/', { requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 'lots' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      'requisition_items.0.quantity': ['A valid number is required.'],
      job_order: ['A job order is required unless the requisition is for consumables.'],
    });
  });
});
