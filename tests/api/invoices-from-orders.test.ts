import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
}

describe('invoicing a job order', () => {
  it('a dispatched job order becomes a draft with its products at 18 %, due after the default 30 days', async () => {
    const customer = await setUp();
    const job = await makeJobOrder(db(), { customer: customer.id, status: 'dispatched' });
    await makeJobOrderItem(db(), job.id, { product: 'Acrylic display stand', quantity: '4', unit_price: '2500' });
    await makeJobOrderItem(db(), job.id, { product: 'Steel tray', quantity: '10', unit_price: '180.50' });
    const client = await as('accounts');
    expect((await client.get(API.invoices.invoiceableJobOrders)).json()).toMatchObject([{ id: job.id, customer_name: 'Orbit Retail LLP', status: 'dispatched', value: '11805.00' }]);
    const res = await client.post(API.invoices.createFromJobOrder, { job_order: job.id, invoice_date: '2026-11-20' });
    expect(res.statusCode, res.body).toBe(201);
    // 10000.00 + 1805.00 = 11805.00; CGST and SGST 9 % each: 1062.45; 13929.90 → 13930.00.
    expect(res.json()).toMatchObject({ status: 'draft', job_order: job.id, customer: customer.id, due_date: '2026-12-20', taxable_amount: '11805.00', cgst_amount: '1062.45', sgst_amount: '1062.45', round_off: '0.10', total_amount: '13930.00' });
    expect(res.json().items.map((i: Record<string, string>) => [i.description, i.quantity, i.unit_price, i.tax_rate, i.hsn_code])).toEqual([
      ['Acrylic display stand', '4.000', '2500.00', '18.00', ''],
      ['Steel tray', '10.000', '180.50', '18.00', ''],
    ]);
    expect((await client.get(API.invoices.invoiceableJobOrders)).json()).toEqual([]);
    expect((await client.post(API.invoices.createFromJobOrder, { job_order: job.id })).json()).toEqual({ job_order: [`This order already has a draft invoice (draft #${res.json().id}): delete that draft first.`] });
  });

  it('refuses a job order whose goods have not left', async () => {
    const customer = await setUp();
    const job = await makeJobOrder(db(), { customer: customer.id, status: 'in-process' });
    await makeJobOrderItem(db(), job.id);
    const res = await (await as('accounts')).post(API.invoices.createFromJobOrder, { job_order: job.id });
    expect([res.statusCode, res.json()]).toEqual([400, { job_order: ['Only a dispatched or closed job order is invoiced: its goods have not left yet.'] }]);
    expect((await (await as('accounts')).get(API.invoices.invoiceableJobOrders)).json()).toEqual([]);
  });
});

describe('closing a job order with its invoice', () => {
  it('records the issued invoice\'s number, date and amount, not the ones typed in', async () => {
    const customer = await setUp();
    const job = await makeJobOrder(db(), { customer: customer.id, status: 'dispatched' });
    await makeJobOrderItem(db(), job.id, { quantity: '2', unit_price: '5000' });
    const draft = (await (await as('accounts')).post(API.invoices.createFromJobOrder, { job_order: job.id, invoice_date: '2026-11-20' })).json();
    await (await as('management')).post(API.invoices.approve(draft.id), {});
    const closed = await (await as('accounts')).put(API.jobOrders.close(job.id), { invoice: 'typo', invoice_date: '2026-01-01', invoice_amount: '1', closure_remarks: 'Delivered and billed' });
    expect(closed.statusCode, closed.body).toBe(200);
    // 10000.00 at 18 %: 11800.00.
    expect(closed.json()).toMatchObject({ status: 'closed', invoice: 'INV-26-27/00001', invoice_date: '2026-11-20', invoice_amount: '11800.00', closure_remarks: 'Delivered and billed' });
    const corrected = await (await as('accounts')).patch(API.jobOrders.invoiceDetails(job.id), { invoice: 'other', invoice_date: '2026-02-02', invoice_amount: '5' });
    expect(corrected.json()).toMatchObject({ invoice: 'INV-26-27/00001', invoice_amount: '11800.00' });
  });
});

describe('invoicing a sales order', () => {
  it('a confirmed order without job orders becomes a draft with its lines; a draft order is refused', async () => {
    const customer = await setUp();
    const order = await makeSalesOrder(db(), { customer: customer.id, status: 'accepted', items: [{ description: 'Printed gift bags', quantity: '500', unit_price: '42' }] });
    const draftOrder = await makeSalesOrder(db(), { customer: customer.id, status: 'draft', items: [{ description: 'Tray', quantity: '1', unit_price: '10' }] });
    const client = await as('accounts');
    expect((await client.get(API.invoices.invoiceableSalesOrders)).json().map((o: { id: number }) => o.id)).toEqual([order.id]);
    const res = await client.post(API.invoices.createFromSalesOrder, { sales_order: order.id, invoice_date: '2026-11-20', due_date: '2026-11-30' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sales_order: order.id, due_date: '2026-11-30', taxable_amount: '21000.00', total_amount: '24780.00' });
    expect((await client.post(API.invoices.createFromSalesOrder, { sales_order: draftOrder.id })).json()).toEqual({ sales_order: ['Only an accepted, in-production or completed sales order is invoiced.'] });
    expect((await client.post(API.invoices.createFromSalesOrder, { sales_order: 99999 })).json()).toEqual({ sales_order: ['Invalid pk "99999" - object does not exist.'] });
  });
});
