import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { recurringPeriodDate } from '../../domain/invoice-schedule';
import { JOB_NAMES } from '../../domain/jobs';
import { businessToday } from '../../domain/rules/dates';
import { queryRows, type Db } from '../../server/db/client';
import { auditLog } from '../../server/db/schema';
import { sendJob } from '../../server/modules/jobs/queue';
import { raiseRecurringInvoices } from '../../server/modules/invoices/recurring';
import { expectAccessMatrix } from '../support/access';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { signedInAs, startTestServer, useTestServer, type TestClient, type TestServer } from '../support/server';

/**
 * Recurring invoices (business-areas.md §7 {id}/create_recurring/ and recurring/; decision 327):
 * the background job raises a draft copy of the template for each period due on its clock, each
 * dated its period's date, exactly once however often and wherever the job runs.
 */

const LINES = [{ description: 'Annual maintenance of display units', hsn_code: '998717', quantity: '1', unit_price: '10000', tax_rate: '18' }];

async function prepare(db: Db, client: () => Promise<TestClient>) {
  await makeCompany(db);
  await makeGstRates(db);
  const customer = await makeCustomer(db, { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
  const res = await (await client()).post(API.invoices.list, { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', notes: 'AMC', items: LINES });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, template: res.json() as { id: number } };
}

const invoicesOf = (db: Db, customer: number) =>
  queryRows<{ invoice_date: string; due_date: string; status: string; total_amount: string; notes: string }>(
    db,
    sql`SELECT invoice_date::text, due_date::text, status, total_amount::text, notes FROM invoices WHERE customer = ${customer} ORDER BY invoice_date, id`,
  );

describe('the period dates', () => {
  it('count from the start date on its day of the month, or the month’s last day when it has fewer', () => {
    expect([0, 1, 2, 3].map((k) => recurringPeriodDate('2099-01-31', 'monthly', k))).toEqual(['2099-01-31', '2099-02-28', '2099-03-31', '2099-04-30']);
    expect([0, 1, 2].map((k) => recurringPeriodDate('2099-11-30', 'quarterly', k))).toEqual(['2099-11-30', '2100-02-28', '2100-05-30']);
    expect([0, 1, 2].map((k) => recurringPeriodDate('2096-02-29', 'yearly', k))).toEqual(['2096-02-29', '2097-02-28', '2098-02-28']);
    expect([0, 1].map((k) => recurringPeriodDate('2099-12-30', 'weekly', k))).toEqual(['2099-12-30', '2100-01-06']);
    expect([0, 1].map((k) => recurringPeriodDate('2099-08-31', 'half_yearly', k))).toEqual(['2099-08-31', '2100-02-28']);
  });
});

describe('recurring invoices on one server', () => {
  const { app, as, db } = useTestServer();
  const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

  it('create_recurring sets up the schedule from the start date, audited', async () => {
    const { template } = await prepare(db(), () => as('accounts'));
    const res = await (await as('accounts')).post(API.invoices.createRecurring(template.id), { frequency: 'monthly', start_date: '2099-01-31', occurrences: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      template_invoice: template.id,
      template_invoice_number: null,
      customer_name: 'Orbit Retail LLP',
      frequency: 'monthly',
      start_date: '2099-01-31',
      next_date: '2099-01-31',
      end_date: null,
      occurrences: 3,
      is_active: true,
      invoices_raised: 0,
      last_invoice: null,
    });
    expect(await auditOf('recurring_invoice.create')).toMatchObject([{ target: `recurring_invoices:${res.json().id}`, username: 'accounts' }]);
  });

  it('refuses bad input with 400s naming the fields', async () => {
    const { template, customer } = await prepare(db(), () => as('accounts'));
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ frequency: 'daily', start_date: '2099-01-31' }, { frequency: ['"daily" is not a valid choice.'] }],
      [{ frequency: 'monthly' }, { start_date: ['This field is required.'] }],
      [{ frequency: 'monthly', start_date: '2099-01-31', end_date: '2099-01-30' }, { end_date: ['The end date cannot be before the start date.'] }],
      [{ frequency: 'monthly', start_date: '2099-01-31', occurrences: 0 }, { occurrences: ['Ensure this value is greater than or equal to 1.'] }],
      [{ frequency: 'monthly', start_date: '2020-01-01' }, { start_date: ['The start date cannot be in the past: the first invoice is raised on it.'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.createRecurring(template.id), input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await client.post(API.invoices.createRecurring(9999), { frequency: 'monthly', start_date: '2099-01-31' })).statusCode).toBe(404);
    expect((await client.post(API.invoices.createRecurring(template.id), { frequency: 'monthly', start_date: '2099-01-31' })).statusCode).toBe(201);
    expect((await client.post(API.invoices.createRecurring(template.id), { frequency: 'yearly', start_date: '2099-01-31' })).json()).toEqual({
      non_field_errors: ['This invoice is already raised on a schedule: stop that schedule first.'],
    });
    const other = (await client.post(API.invoices.list, { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES })).json();
    await (await as('management')).post(API.invoices.approve(other.id), {});
    const cancelled = await client.post(API.invoices.cancel(other.id), { reason: 'Raised twice.' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await client.post(API.invoices.createRecurring(other.id), { frequency: 'monthly', start_date: '2099-01-31' })).json()).toEqual({
      non_field_errors: ['A cancelled or void invoice is not copied: copy the invoice that replaced it.'],
    });
  });

  it('raises nothing before the start date, the first draft on it, and each missed period dated its own until the count is reached', async () => {
    const { template, customer } = await prepare(db(), () => as('accounts'));
    const setup = (await (await as('accounts')).post(API.invoices.createRecurring(template.id), { frequency: 'monthly', start_date: '2099-01-31', occurrences: 3 })).json();
    expect(await raiseRecurringInvoices(db(), businessToday())).toBe(0);
    expect(await raiseRecurringInvoices(db(), '2099-01-30')).toBe(0);
    expect(await raiseRecurringInvoices(db(), '2099-01-31')).toBe(1);
    expect(await raiseRecurringInvoices(db(), '2099-01-31')).toBe(0);
    expect((await invoicesOf(db(), customer.id)).slice(1)).toEqual([{ invoice_date: '2099-01-31', due_date: '2099-03-02', status: 'draft', total_amount: '11800.00', notes: 'AMC' }]);
    const list = await (await as('sales.exec')).get(API.invoices.recurring);
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: setup.id, next_date: '2099-02-28', invoices_raised: 1, is_active: true }] });

    expect(await raiseRecurringInvoices(db(), '2099-06-15')).toBe(2);
    expect((await invoicesOf(db(), customer.id)).slice(1).map((i) => [i.invoice_date, i.due_date, i.status])).toEqual([
      ['2099-01-31', '2099-03-02', 'draft'],
      ['2099-02-28', '2099-03-30', 'draft'],
      ['2099-03-31', '2099-04-30', 'draft'],
    ]);
    const ended = (await (await as('accounts')).get(`${API.invoices.recurring}?is_active=false`)).json();
    expect(ended.results).toMatchObject([{ id: setup.id, next_date: '2099-03-31', invoices_raised: 3, is_active: false }]);
    expect(await auditOf('recurring_invoice.raise')).toHaveLength(3);
    expect((await auditOf('invoice.create')).map((a) => a.username)).toEqual(['accounts', 'accounts', 'accounts', 'accounts']);
  });

  it('stops quarterly and yearly schedules at their end date', async () => {
    const { template, customer } = await prepare(db(), () => as('accounts'));
    await (await as('accounts')).post(API.invoices.createRecurring(template.id), { frequency: 'quarterly', start_date: '2099-11-30', end_date: '2100-05-29' });
    expect(await raiseRecurringInvoices(db(), '2101-12-31')).toBe(2);
    const second = (await (await as('accounts')).post(API.invoices.list, { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', notes: 'Yearly', items: LINES })).json();
    await (await as('accounts')).post(API.invoices.createRecurring(second.id), { frequency: 'yearly', start_date: '2099-02-28', end_date: '2101-02-28' });
    expect(await raiseRecurringInvoices(db(), '2101-12-31')).toBe(3);
    expect((await invoicesOf(db(), customer.id)).filter((i) => i.invoice_date > '2099-01-01').map((i) => [i.invoice_date, i.notes])).toEqual([
      ['2099-02-28', 'Yearly'],
      ['2099-11-30', 'AMC'],
      ['2100-02-28', 'AMC'],
      ['2100-02-28', 'Yearly'],
      ['2101-02-28', 'Yearly'],
    ]);
    expect((await (await as('accounts')).get(`${API.invoices.recurring}?is_active=true`)).json().count).toBe(0);
  });

  it('raises each period once when the job runs five times at once', async () => {
    const { template, customer } = await prepare(db(), () => as('accounts'));
    await (await as('accounts')).post(API.invoices.createRecurring(template.id), { frequency: 'monthly', start_date: '2099-01-31' });
    const counts = await Promise.all(Array.from({ length: 5 }, () => raiseRecurringInvoices(db(), '2099-03-31')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect((await invoicesOf(db(), customer.id)).slice(1).map((i) => i.invoice_date)).toEqual(['2099-01-31', '2099-02-28', '2099-03-31']);
  });

  it('a schedule is stopped, or given a new end, and then raises nothing more; a stopped one stays stopped', async () => {
    const { template, customer } = await prepare(db(), () => as('accounts'));
    const client = await as('accounts');
    const monthly = (await client.post(API.invoices.createRecurring(template.id), { frequency: 'monthly', start_date: '2099-01-31' })).json();
    expect(await raiseRecurringInvoices(db(), '2099-02-28')).toBe(2);
    // Each period raised moved the schedule on: version 1 became 3.
    const ended = await client.patch(API.invoices.recurringDetail(monthly.id), { occurrences: 2, expected_version: monthly.version + 2 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ occurrences: 2, is_active: false, invoices_raised: 2, next_date: '2099-03-31' });
    expect((await client.patch(API.invoices.recurringDetail(monthly.id), { end_date: '2100-01-01' })).json()).toEqual({ non_field_errors: ['This schedule is stopped: set up a new one.'] });

    const yearly = (await client.post(API.invoices.createRecurring(template.id), { frequency: 'yearly', start_date: '2099-06-30' })).json();
    const cases: [Record<string, unknown>, number, Record<string, string[]> | { detail: string }][] = [
      [{ is_active: true }, 400, { is_active: ['A stopped schedule is not started again: set up a new one.'] }],
      [{ end_date: '2099-06-29' }, 400, { end_date: ['The end date cannot be before the start date.'] }],
      [{ occurrences: 0 }, 400, { occurrences: ['Ensure this value is greater than or equal to 1.'] }],
    ];
    for (const [input, status, errors] of cases) {
      const res = await client.patch(API.invoices.recurringDetail(yearly.id), input);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual(errors);
    }
    expect((await client.patch(API.invoices.recurringDetail(yearly.id), { end_date: '2101-01-01', expected_version: 7 })).statusCode).toBe(409);
    expect((await client.patch(API.invoices.recurringDetail(yearly.id), { is_active: false })).json()).toMatchObject({ is_active: false, invoices_raised: 0 });
    expect(await raiseRecurringInvoices(db(), '2101-12-31')).toBe(0);
    expect(await invoicesOf(db(), customer.id)).toHaveLength(3);
    expect((await auditOf('recurring_invoice.update')).map((a) => a.target)).toEqual([`recurring_invoices:${monthly.id}`, `recurring_invoices:${yearly.id}`]);
  });

  it('lists for accounts, sales and management; sets up for accounts and management', async () => {
    const { template } = await prepare(db(), () => as('accounts'));
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.invoices.recurring, permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.createRecurring(template.id), permission: 'invoices.write', body: {} },
      { method: 'PATCH', url: API.invoices.recurringDetail(9999), permission: 'invoices.write', body: {} },
    ]);
  });
});

/**
 * Exactly once across processes (issue 20 §5): two real API processes on one PostgreSQL run the
 * recurring job, sent eight times for one clock day, and each period has one invoice. Only
 * PostgreSQL serves several processes (embedded PGlite refuses a second one).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('recurring invoices with two API processes', () => {
  let server: TestServer;
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    const env = { DATABASE_URL: server.url!, JOBS: 'true', JOBS_POLL_SECONDS: '0.5' };
    processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await server.close();
  });

  it('raises each period’s invoice exactly once when both processes run the job for the same day', async () => {
    const db = server.database.db;
    const { template, customer } = await prepare(db, () => signedInAs(server.app, 'accounts'));
    const setup = await (await signedInAs(server.app, 'accounts')).post(API.invoices.createRecurring(template.id), { frequency: 'monthly', start_date: '2099-01-31' });
    expect(setup.statusCode, setup.body).toBe(201);
    const ids = await Promise.all(Array.from({ length: 8 }, () => sendJob(db, JOB_NAMES.raiseRecurringInvoices, { as_of: '2099-04-30' })));
    const finished = sql`SELECT count(*)::int AS n FROM pgboss.job WHERE id = ANY(${sql.param(ids)}::uuid[]) AND state = 'completed'`;
    await expect.poll(async () => (await queryRows<{ n: number }>(db, finished))[0]!.n, { timeout: 60_000, interval: 250 }).toBe(8);
    expect((await invoicesOf(db, customer.id)).slice(1).map((i) => [i.invoice_date, i.status])).toEqual([
      ['2099-01-31', 'draft'],
      ['2099-02-28', 'draft'],
      ['2099-03-31', 'draft'],
      ['2099-04-30', 'draft'],
    ]);
    const runs = await queryRows<{ period_date: string }>(db, sql`SELECT period_date::text FROM recurring_invoice_runs ORDER BY period_date`);
    expect(runs.map((r) => r.period_date)).toEqual(['2099-01-31', '2099-02-28', '2099-03-31', '2099-04-30']);
  }, 120_000);
});
