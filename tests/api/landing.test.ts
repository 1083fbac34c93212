import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_ORDER_STATUSES } from '../../domain/job-order';
import { customers, jobOrders, lpos, vendors } from '../../server/db/schema';
import { userId } from '../support/factories';
import { as, signedInAs, startTestServer, type TestServer } from '../support/server';
import type { JobOrderStatus } from '../../domain/job-order';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());

// Each test inserts exactly the job orders and LPOs it counts, for one customer and one vendor.
let owners: { customer: number; sales_executive: number; vendor: number };
beforeEach(async () => {
  await server.reset();
  const db = server.database.db;
  const [customer] = await db.insert(customers).values({ name: 'Orbit Retail' }).returning();
  const [vendor] = await db.insert(vendors).values({ name: 'Acme Sheets' }).returning();
  owners = { customer: customer!.id, sales_executive: await userId(db, 'sales.exec'), vendor: vendor!.id };
});

interface Landing {
  job_order_value: string;
  job_order_count: number;
  status_counts: { status: string; label: string; count: number }[];
  monthly_purchases: { month: string; total: string }[];
}

/** 'YYYY-MM' of the month `offset` months from the current UTC month. */
function month(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** The last day of that month, as a date. */
function lastDayOf(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0)).toISOString().slice(0, 10);
}

async function landing(username = 'sales.manager'): Promise<Landing> {
  const res = await (await signedInAs(server.app, username)).get('/dashboard/landing/');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const cancelledAt = (cancelled: boolean) => (cancelled ? new Date().toISOString() : null);
const jobOrder = (status: JobOrderStatus, total_value: string, cancelled = false) => ({
  customer: owners.customer,
  sales_executive: owners.sales_executive,
  status,
  total_value,
  cancelled_at: cancelledAt(cancelled),
});
const lpo = (lpo_date: string, total_amount: string, cancelled = false) => ({ vendor: owners.vendor, lpo_date, total_amount, cancelled_at: cancelledAt(cancelled) });

describe('GET /dashboard/landing/', () => {
  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).get('/dashboard/landing/')).statusCode).toBe(401);
  });

  it('gives zeros in the full shape when there are no job orders or LPOs', async () => {
    expect(await landing()).toEqual({
      job_order_value: '0.00',
      job_order_count: 0,
      status_counts: JOB_ORDER_STATUSES.map((s) => ({ status: s.value, label: s.label, count: 0 })),
      monthly_purchases: Array.from({ length: 12 }, (_, i) => ({ month: month(i - 11), total: '0.00' })),
    });
  });

  it('lists the last 12 months oldest first, ending with the current month', async () => {
    const months = (await landing()).monthly_purchases.map((m) => m.month);
    expect(months).toHaveLength(12);
    expect(months[11]).toBe(month(0));
    expect(months[0]).toBe(month(-11));
    expect([...months].sort()).toEqual(months);
    expect(new Set(months).size).toBe(12);
  });

  it('counts job orders by each of the six statuses, with their labels, in workflow order', async () => {
    await server.database.db.insert(jobOrders).values([
      jobOrder('Created', '100.00'),
      jobOrder('Created', '100.00'),
      jobOrder('in-process', '100.00'),
      jobOrder('in-process', '100.00'),
      jobOrder('in-process', '100.00'),
      jobOrder('ready-to-dispatch', '100.00'),
      jobOrder('closed', '100.00'),
    ]);
    const { status_counts, job_order_count } = await landing();
    expect(status_counts).toEqual([
      { status: 'Created', label: 'Created', count: 2 },
      { status: 'in-process', label: 'In Process', count: 3 },
      { status: 'handover-to-dispatch', label: 'Handover To Dispatch', count: 0 },
      { status: 'ready-to-dispatch', label: 'Ready To Dispatch', count: 1 },
      { status: 'dispatched', label: 'Dispatched', count: 0 },
      { status: 'closed', label: 'Closed', count: 1 },
    ]);
    expect(job_order_count).toBe(7);
  });

  it('leaves cancelled job orders out of the value and of every count', async () => {
    await server.database.db.insert(jobOrders).values([
      jobOrder('Created', '1000.00'),
      jobOrder('Created', '5000.00', true),
      jobOrder('dispatched', '250.50'),
      jobOrder('dispatched', '99999.99', true),
      jobOrder('closed', '7.25', true),
    ]);
    const figures = await landing();
    expect(figures.job_order_value).toBe('1250.50');
    expect(figures.job_order_count).toBe(2);
    expect(figures.status_counts.find((s) => s.status === 'Created')!.count).toBe(1);
    expect(figures.status_counts.find((s) => s.status === 'dispatched')!.count).toBe(1);
    expect(figures.status_counts.find((s) => s.status === 'closed')!.count).toBe(0);
  });

  it('sums job order values exactly as decimal strings', async () => {
    await server.database.db.insert(jobOrders).values([jobOrder('Created', '0.10'), jobOrder('Created', '0.20'), jobOrder('closed', '0.05')]);
    expect((await landing()).job_order_value).toBe('0.35');
  });

  it('keeps every paisa of a total too large for a floating-point number', async () => {
    // 99 x 999,999,999,999.99: a double cannot hold the last digits of the sum.
    await server.database.db.insert(jobOrders).values(Array.from({ length: 99 }, () => jobOrder('in-process', '999999999999.99')));
    const expected = '98999999999999.01';
    expect(String(99 * 999999999999.99)).not.toBe(expected);
    expect((await landing()).job_order_value).toBe(expected);
  });

  it('sums LPOs per month exactly, leaving out cancelled ones and those outside the 12 months', async () => {
    await server.database.db.insert(lpos).values([
      lpo(`${month(0)}-01`, '0.10'),
      lpo(`${month(0)}-02`, '0.20'),
      lpo(`${month(0)}-03`, '5000.00', true),
      lpo(`${month(-11)}-01`, '1234.56'),
      lpo(lastDayOf(-11), '0.44'),
      lpo(lastDayOf(-12), '777.77'),
      lpo(`${month(-24)}-15`, '888.88'),
      lpo(`${month(-5)}-10`, '100000.00'),
      lpo(`${month(-5)}-20`, '0.01'),
    ]);
    const totals = Object.fromEntries((await landing()).monthly_purchases.map((m) => [m.month, m.total]));
    expect(totals).toEqual({
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [month(i - 11), '0.00'])),
      [month(0)]: '0.30',
      [month(-11)]: '1235.00',
      [month(-5)]: '100000.01',
    });
  });

  it('does not count LPOs against job orders or job orders against purchases', async () => {
    await server.database.db.insert(lpos).values([lpo(`${month(0)}-01`, '50.00')]);
    await server.database.db.insert(jobOrders).values([jobOrder('Created', '75.00')]);
    const figures = await landing();
    expect(figures.job_order_value).toBe('75.00');
    expect(figures.monthly_purchases.at(-1)).toEqual({ month: month(0), total: '50.00' });
  });

  it('gives every signed-in user the same figures', async () => {
    await server.database.db.insert(jobOrders).values([jobOrder('Created', '10.00')]);
    const a = await landing('foreman');
    const b = await landing('accounts');
    expect(a).toEqual(b);
    expect(a.job_order_value).toBe('10.00');
  });
});
