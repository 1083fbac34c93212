import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { JOB_ORDER_MESSAGES } from '../../domain/job-order';
import { jobOrders } from '../../server/db/schema';
import { makeCustomer } from '../support/factories-sales';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { expectAccessMatrix } from '../support/access';
import { useTestServer } from '../support/server';

const { app, db, as } = useTestServer({ seed: 'users' });

const base = '/joborders/joborders';

/** A job order with one product worth `value`, created `daysAgo` days ago (the row trigger keeps created_at, so it is inserted so). */
async function jobWorth(value: string, values: Parameters<typeof makeJobOrder>[1] = {}, daysAgo = 0) {
  const made = await makeJobOrder(db(), values);
  const { id: _, txid: __, version: ___, created_at: ____, updated_at: _____, ...copy } = made;
  await db().delete(jobOrders).where(eq(jobOrders.id, made.id));
  const [job] = await db()
    .insert(jobOrders)
    .values({ ...copy, total_value: value, created_at: sql`now() - make_interval(days => ${daysAgo}::int)` as unknown as string })
    .returning();
  await makeJobOrderItem(db(), job!.id, { quantity: '1', unit_price: value });
  return job!;
}

describe('lists and checks', () => {
  it('filters live job orders by customer, status and purchase order; the customer list shows only theirs', async () => {
    const acme = await makeCustomer(db(), { name: 'Acme' });
    const mine = await jobWorth('100', { customer: acme.id, status: 'Created' });
    await jobWorth('100', { customer: acme.id, cancelled: true });
    await jobWorth('100', { status: 'Created' });
    const sales = await as('sales.exec');
    const filtered = (await sales.get(`${base}/filter/?customer=${acme.id}&status=Created`)).json();
    expect(filtered.results).toMatchObject([{ id: mine.id, customer_name: 'Acme' }]);
    expect((await sales.get(`${base}/customer/${acme.id}/`)).json().results.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await sales.get(`${base}/filter/?customer=abc`)).statusCode).toBe(400);
    expect((await sales.get(`${base}/filter/?colour=red`)).statusCode).toBe(400);
  });

  it('says whether a purchase order of a customer already has a live job order', async () => {
    const acme = await makeCustomer(db(), { name: 'Acme' });
    const job = await makeJobOrder(db(), { customer: acme.id });
    await db().update(jobOrders).set({ purchase_order: 'PO-1' }).where(eq(jobOrders.id, job.id));
    const sales = await as('sales.exec');
    expect((await sales.get(`${base}/exists/?customer=${acme.id}&purchase_order=po-1`)).json()).toEqual({ exists: true, job_orders: [job.id] });
    expect((await sales.get(`${base}/exists/?customer=${acme.id}&purchase_order=PO-2`)).json()).toEqual({ exists: false, job_orders: [] });
    expect((await sales.get(`${base}/exists/?customer=${acme.id}`)).statusCode).toBe(400);
  });

  it('validates a job order against a customer', async () => {
    const acme = await makeCustomer(db(), { name: 'Acme' });
    const open = await makeJobOrder(db(), { customer: acme.id });
    const closed = await makeJobOrder(db(), { customer: acme.id, closed: true });
    const stores = await as('stores');
    const verdict = async (id: number, customer: number) => (await stores.get(`${base}/validate_job_order/${id}/?customer=${customer}`)).json();
    expect(await verdict(open.id, acme.id)).toEqual({ valid: true, message: JOB_ORDER_MESSAGES.valid });
    expect(await verdict(open.id, acme.id + 1)).toEqual({ valid: false, message: JOB_ORDER_MESSAGES.otherCustomer });
    expect(await verdict(closed.id, acme.id)).toEqual({ valid: false, message: JOB_ORDER_MESSAGES.closed });
    expect(await verdict(999999, acme.id)).toEqual({ valid: false, message: JOB_ORDER_MESSAGES.notFound });
    expect((await stores.get(`${base}/validate_job_order/${open.id}/`)).statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('values the live job orders per sales executive', async () => {
    await jobWorth('1000.10', { status: 'in-process' });
    await jobWorth('500', { closed: true });
    await jobWorth('700', { cancelled: true });
    const rows = (await (await as('accounts')).get(`${base}/valuation/sales_executive_wise/`)).json();
    expect(rows).toEqual([expect.objectContaining({ sales_executive_name: 'Ravi Kumar', job_orders: 2, total_value: '1500.10', open_value: '1000.10', invoiced_value: '0.00' })]);
  });

  it('lists job orders per status, in the order of §4', async () => {
    const a = await jobWorth('10', { status: 'Created' });
    const b = await jobWorth('20.50', { status: 'Created' });
    await jobWorth('5', { status: 'dispatched' });
    const rows = (await (await as('management')).get(`${base}/statuswise/detailed/`)).json();
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['Created', 'in-process', 'handover-to-dispatch', 'ready-to-dispatch', 'dispatched', 'closed']);
    expect(rows[0]).toMatchObject({ status_label: 'Created', count: 2, total_value: '30.50' });
    expect(rows[0].job_orders.map((j: { id: number }) => j.id)).toEqual([a.id, b.id]);
    expect(rows[4]).toMatchObject({ status_label: 'Dispatched', count: 1, total_value: '5.00' });
  });

  it('ages the job orders in work by days since created', async () => {
    await jobWorth('10', { status: 'in-process' }, 0);
    await jobWorth('20', { status: 'in-process' }, 45);
    await jobWorth('30', { status: 'in-process' }, 91);
    await jobWorth('40', { closed: true }, 100);
    const rows = (await (await as('management')).get(`${base}/statuswise/ageing/`)).json();
    expect(rows.map((r: { status: string }) => r.status)).not.toContain('closed');
    const inProcess = rows.find((r: { status: string }) => r.status === 'in-process');
    expect(inProcess).toMatchObject({
      buckets: { '0-30': { count: 1, value: '10.00' }, '31-60': { count: 1, value: '20.00' }, '61-90': { count: 0, value: '0.00' }, 'over-90': { count: 1, value: '30.00' } },
      total: { count: 3, value: '60.00' },
    });
  });

  it('answers 404 for the profitability of an unknown job order and 400 for a bad filter', async () => {
    const management = await as('management');
    expect((await management.get(`${base}/profitability/999999/`)).statusCode).toBe(404);
    expect((await management.get(`${base}/profitability/?start_date=05-03-2026`)).statusCode).toBe(400);
  });
});

describe('who may call what', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const job = await jobWorth('10', { status: 'in-process' });
    const [item] = (await (await as('management')).get(`${base}/${job.id}/`)).json().items;
    const id = job.id;
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${base}/list/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/list/cancelled/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/closed/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/filter/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/${id}/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/customer/${job.customer}/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/exists/?customer=${job.customer}&purchase_order=x`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/validate_job_order/${id}/?customer=${job.customer}`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/has-active-requisitions/${id}/`, permission: 'job-orders.read' },
      { method: 'GET', url: `${base}/material-consumption/${id}/`, permission: 'job-orders.read' },
      // Bodies are empty where a write would change the job order: a permitted user gets 400, not 403.
      { method: 'POST', url: `${base}/create/`, permission: 'job-orders.write' },
      { method: 'PATCH', url: `${base}/update/main/${id}/`, body: { contact_number: 'bad' }, permission: 'job-orders.write' },
      { method: 'POST', url: `${base}/add/product/${id}/`, permission: 'job-orders.write' },
      { method: 'PUT', url: `${base}/update/product/${item.id}/`, body: { quantity: '-1' }, permission: 'job-orders.write' },
      { method: 'PUT', url: `${base}/job_order_items/delete/${item.id}/`, permission: 'job-orders.write' },
      { method: 'POST', url: `${base}/update/status/${id}/`, permission: 'job-orders.status' },
      { method: 'POST', url: `${base}/update/bucket/${id}/`, permission: 'job-orders.bucket' },
      { method: 'PUT', url: `${base}/cancel/${id}/`, permission: 'job-orders.cancel' },
      { method: 'PUT', url: `${base}/close/${id}/`, permission: 'job-orders.close' },
      { method: 'PATCH', url: `${base}/update/main/invoice-details/${id}/`, permission: 'job-orders.close' },
      { method: 'PATCH', url: `${base}/advance-amount/${id}/`, permission: 'job-orders.close' },
      { method: 'GET', url: `${base}/valuation/sales_executive_wise/`, permission: 'job-orders.reports' },
      { method: 'GET', url: `${base}/statuswise/detailed/`, permission: 'job-orders.reports' },
      { method: 'GET', url: `${base}/statuswise/ageing/`, permission: 'job-orders.reports' },
      { method: 'GET', url: `${base}/profitability/`, permission: 'job-orders.reports' },
      { method: 'GET', url: `${base}/profitability/${id}/`, permission: 'job-orders.reports' },
    ]);
  });
});
