import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, jobOrderExpenses } from '../../server/db/schema';
import { JOB_ORDER_EXPENSE_MESSAGES } from '../../domain/job-order-expense';
import { STALE_VERSION } from '../../server/lib/rows';
import { useTestServer } from '../support/server';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeJobOrderExpense } from '../support/factories-expenses';

const { app, db, as } = useTestServer({ seed: 'users' });

const base = '/joborders/joborders';
const valid = { expense_category: 'transport', description: 'Tempo to Thane site', expense_date: '2026-11-18', amount: '1250.50' };
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

describe('recording an expense (POST {jobId}/expenses/)', () => {
  it('records a PENDING expense on the job order of the path, with an audit entry', async () => {
    const job = await makeJobOrder(db());
    const foreman = await as('foreman');
    const res = await foreman.post(`${base}/${job.id}/expenses/`, { ...valid, job_order: 999, status: 'APPROVED' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ job_order: job.id, expense_category: 'transport', description: 'Tempo to Thane site', expense_date: '2026-11-18', amount: '1250.50', status: 'PENDING', approved_by: null, approved_at: null, created_by: await userId(db(), 'foreman'), version: 1 });
    expect(res.json()).not.toHaveProperty('txid');
    const [entry] = await auditOf('job_order_expense.create');
    expect(entry).toMatchObject({ username: 'foreman', target: `job_order_expenses:${res.json().id}`, risk_level: 'low' });
  });

  it('keeps money exact: a number amount is stored as its decimal string', async () => {
    const job = await makeJobOrder(db());
    const res = await (await as('production')).post(`${base}/${job.id}/expenses/`, { ...valid, amount: 0.1 });
    expect(res.json()).toMatchObject({ amount: '0.10' });
  });

  it('refuses expenses on a closed or cancelled job order, and 404s an unknown one', async () => {
    const closed = await makeJobOrder(db(), { closed: true });
    const cancelled = await makeJobOrder(db(), { cancelled: true });
    const foreman = await as('foreman');
    for (const job of [closed, cancelled]) {
      const res = await foreman.post(`${base}/${job.id}/expenses/`, valid);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ job_order: [JOB_ORDER_EXPENSE_MESSAGES.jobOrderClosed] });
    }
    expect((await foreman.post(`${base}/999999/expenses/`, valid)).statusCode).toBe(404);
    expect(await db().select().from(jobOrderExpenses)).toHaveLength(0);
  });

  it('answers bad input with 400 field messages, never a 500', async () => {
    const job = await makeJobOrder(db());
    const foreman = await as('foreman');
    const cases: unknown[] = [
      {},
      { ...valid, expense_category: 'champagne' },
      { ...valid, amount: '0' },
      { ...valid, amount: '-5' },
      { ...valid, amount: 'lots' },
      { ...valid, amount: '12.345' },
      { ...valid, amount: '1234567890123456' },
      { ...valid, expense_date: '18-11-2026' },
      { ...valid, expense_date: undefined },
      { ...valid, description: 'x'.repeat(501) },
    ];
    for (const body of cases) {
      const res = await foreman.post(`${base}/${job.id}/expenses/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json() as Record<string, unknown>;
      expect(Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string')), res.body).toBe(true);
    }
    expect((await foreman.post(`${base}/not-a-job/expenses/`, valid)).statusCode).toBe(404);
    expect((await foreman.post(`${base}/${job.id}/expenses/`, 'not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect(await db().select().from(jobOrderExpenses)).toHaveLength(0);
  });

  it('records a retried create with the same Idempotency-Key once', async () => {
    const job = await makeJobOrder(db());
    const foreman = await as('foreman');
    const first = await foreman.post(`${base}/${job.id}/expenses/`, valid, { 'idempotency-key': 'expense-1' });
    const retry = await foreman.post(`${base}/${job.id}/expenses/`, valid, { 'idempotency-key': 'expense-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await db().select().from(jobOrderExpenses)).toHaveLength(1);
  });
});

describe('reading expenses', () => {
  it("lists one job order's live expenses, and the mirrored list with filters and deltas", async () => {
    const job = await makeJobOrder(db());
    const other = await makeJobOrder(db());
    const transport = await makeJobOrderExpense(db(), job.id, { expense_date: '2026-11-01' });
    const labour = await makeJobOrderExpense(db(), job.id, { expense_category: 'labour', status: 'APPROVED', expense_date: '2026-11-10' });
    const gone = await makeJobOrderExpense(db(), job.id, { deleted: true });
    await makeJobOrderExpense(db(), other.id);
    const accounts = await as('accounts');
    const ids = (res: { json(): unknown }) => (res.json() as { results: { id: number }[] }).results.map((r) => r.id);
    expect(ids(await accounts.get(`${base}/${job.id}/expenses/`))).toEqual([labour.id, transport.id]);
    expect((await accounts.get(`${base}/999999/expenses/`)).statusCode).toBe(404);
    expect(ids(await accounts.get(`${base}/expenses/?job_order=${job.id}&status=APPROVED`))).toEqual([labour.id]);
    expect(ids(await accounts.get(`${base}/expenses/?expense_category=transport&job_order=${job.id}`))).toEqual([transport.id]);
    expect(ids(await accounts.get(`${base}/expenses/?start_date=2026-11-05&end_date=2026-11-30&job_order=${job.id}`))).toEqual([labour.id]);
    expect((await accounts.get(`${base}/expenses/?status=DONE`)).statusCode).toBe(400);
    expect((await accounts.get(`${base}/expenses/?colour=red`)).statusCode).toBe(400);
    const delta = (await accounts.get(`${base}/expenses/?updated_since=0`)).json() as { results: { id: number; deleted_at: string | null }[]; cursor: string };
    expect(delta.results.find((r) => r.id === gone.id)?.deleted_at).not.toBeNull();
    expect(delta.cursor).toMatch(/^\d+$/);
    const one = await accounts.get(`${base}/expenses/${labour.id}/`);
    expect(one.json()).toMatchObject({ id: labour.id, status: 'APPROVED', amount: '1500.00' });
    expect(one.headers.etag).toBe('"1"');
    expect((await accounts.get(`${base}/expenses/${gone.id}/`)).statusCode).toBe(404);
  });

  it('sums exactly: total is approved plus pending, rejected and deleted expenses left out, per category too', async () => {
    const job = await makeJobOrder(db());
    const other = await makeJobOrder(db());
    await makeJobOrderExpense(db(), job.id, { amount: '0.10' });
    await makeJobOrderExpense(db(), job.id, { amount: '0.20', status: 'APPROVED' });
    await makeJobOrderExpense(db(), job.id, { amount: '99999999999.99', expense_category: 'labour', status: 'APPROVED' });
    await makeJobOrderExpense(db(), job.id, { amount: '500.00', status: 'REJECTED' });
    await makeJobOrderExpense(db(), job.id, { amount: '700.00', deleted: true });
    await makeJobOrderExpense(db(), other.id, { amount: '1.00' });
    const management = await as('management');
    const summary = await management.get(`${base}/expenses/summary/?job_order=${job.id}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      total_expenses: '100000000000.29',
      approved_expenses: '100000000000.19',
      pending_expenses: '0.10',
      expenses_by_category: [
        { expense_category: 'labour', total: '99999999999.99' },
        { expense_category: 'transport', total: '0.30' },
      ],
    });
    expect((await management.get(`${base}/expenses/summary/`)).json()).toMatchObject({ total_expenses: '100000000001.29', pending_expenses: '1.10' });
    const empty = await makeJobOrder(db());
    expect((await management.get(`${base}/expenses/summary/?job_order=${empty.id}`)).json()).toEqual({ total_expenses: '0.00', approved_expenses: '0.00', pending_expenses: '0.00', expenses_by_category: [] });
    expect((await management.get(`${base}/expenses/summary/?job_order=abc`)).statusCode).toBe(400);
  });
});

describe('changing and deleting an expense', () => {
  it('edits a pending expense with the version the user saw; a stale version gets 409 with the current row', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id);
    const foreman = await as('foreman');
    const res = await foreman.put(`${base}/expenses/${expense.id}/`, { amount: '1800', description: 'Tempo and loading' }, { 'if-match': '"1"' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: '1800.00', description: 'Tempo and loading', status: 'PENDING', version: 2 });
    const stale = await foreman.put(`${base}/expenses/${expense.id}/`, { amount: '10', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: STALE_VERSION, current: { version: 2, amount: '1800.00' } });
    expect(await auditOf('job_order_expense.update')).toHaveLength(1);
    expect((await foreman.put(`${base}/expenses/${expense.id}/`, { amount: '-1' })).statusCode).toBe(400);
    expect((await foreman.put(`${base}/expenses/${expense.id}/`, { job_order: 999999 })).json()).toEqual({ job_order: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('refuses to edit or delete an approved expense', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id, { status: 'APPROVED' });
    const management = await as('management');
    for (const res of [await management.put(`${base}/expenses/${expense.id}/`, { amount: '1' }), await management.delete(`${base}/expenses/${expense.id}/`)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: JOB_ORDER_EXPENSE_MESSAGES.approvedLocked });
    }
    const [row] = await db().select().from(jobOrderExpenses).where(eq(jobOrderExpenses.id, expense.id));
    expect(row).toMatchObject({ amount: '1500.00', deleted_at: null, version: 1 });
  });

  it('sends an edited rejected expense back to PENDING, its decision cleared', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id, { status: 'REJECTED' });
    const res = await (await as('foreman')).put(`${base}/expenses/${expense.id}/`, { amount: '900', description: 'With the bill this time' });
    expect(res.json()).toMatchObject({ status: 'PENDING', approved_by: null, approved_at: null, amount: '900.00' });
  });

  it('deletes a pending or rejected expense softly: it leaves the lists, stays for history, and the audit says who', async () => {
    const job = await makeJobOrder(db());
    const pending = await makeJobOrderExpense(db(), job.id);
    const rejected = await makeJobOrderExpense(db(), job.id, { status: 'REJECTED' });
    // The foreman recorded them (row-rules.ts: the recorder or an approver may delete).
    const foreman = await as('foreman');
    const stale = await foreman.delete(`${base}/expenses/${pending.id}/`, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(409);
    for (const expense of [pending, rejected]) {
      const res = await foreman.delete(`${base}/expenses/${expense.id}/`, { 'if-match': '"1"' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().deleted_at).not.toBeNull();
    }
    expect((await foreman.get(`${base}/${job.id}/expenses/`)).json()).toMatchObject({ count: 0 });
    expect(await db().select().from(jobOrderExpenses)).toHaveLength(2);
    expect(await auditOf('job_order_expense.delete')).toHaveLength(2);
    expect((await foreman.delete(`${base}/expenses/${pending.id}/`)).statusCode).toBe(404);
  });

  it('refuses edits and deletes once the job order is closed or cancelled', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id);
    const closed = await makeJobOrder(db(), { closed: true });
    const foreman = await as('foreman');
    expect((await foreman.put(`${base}/expenses/${expense.id}/`, { job_order: closed.id })).json()).toEqual({ job_order: [JOB_ORDER_EXPENSE_MESSAGES.jobOrderClosed] });
    const onClosed = await makeJobOrderExpense(db(), closed.id);
    expect((await foreman.put(`${base}/expenses/${onClosed.id}/`, { amount: '1' })).json()).toEqual({ job_order: [JOB_ORDER_EXPENSE_MESSAGES.jobOrderClosed] });
    expect((await foreman.delete(`${base}/expenses/${onClosed.id}/`)).statusCode).toBe(400);
  });
});

describe('deciding an expense (PATCH expenses/{id}/approve/)', () => {
  it('approves and records the signed-in approver, whatever approved_by was sent', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id);
    const res = await (await as('accounts')).patch(`${base}/expenses/${expense.id}/approve/`, { status: 'APPROVED', approved_by: await userId(db(), 'foreman') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'APPROVED', approved_by: await userId(db(), 'accounts'), approved_at: expect.any(String), version: 2 });
    const [entry] = await auditOf('job_order_expense.approve');
    expect(entry).toMatchObject({ username: 'accounts', risk_level: 'medium', metadata: expect.objectContaining({ approved_by_sent: await userId(db(), 'foreman') }) });
  });

  it('rejects a pending expense; only a pending expense is decided', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id);
    const management = await as('management');
    const rejected = await management.patch(`${base}/expenses/${expense.id}/approve/`, { status: 'REJECTED' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', approved_by: await userId(db(), 'management') });
    expect(await auditOf('job_order_expense.reject')).toHaveLength(1);
    const again = await management.patch(`${base}/expenses/${expense.id}/approve/`, { status: 'APPROVED' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: JOB_ORDER_EXPENSE_MESSAGES.notPending });
    expect((await management.patch(`${base}/expenses/${expense.id}/approve/`, { status: 'PENDING' })).statusCode).toBe(400);
    expect((await management.patch(`${base}/expenses/999999/approve/`, {})).statusCode).toBe(404);
  });

  it('lets a pending expense of a closed job order still be approved (costs incurred before it closed are settled)', async () => {
    const closed = await makeJobOrder(db(), { closed: true });
    const expense = await makeJobOrderExpense(db(), closed.id);
    const res = await (await as('management')).patch(`${base}/expenses/${expense.id}/approve/`, {});
    expect(res.json()).toMatchObject({ status: 'APPROVED' });
  });
});

describe('who may call what', () => {
  it('answers each role as domain/permissions.ts says', async () => {
    const job = await makeJobOrder(db());
    const expense = await makeJobOrderExpense(db(), job.id);
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${base}/expenses/`, permission: 'job-order-expenses.read' },
      { method: 'GET', url: `${base}/expenses/summary/`, permission: 'job-order-expenses.read' },
      { method: 'GET', url: `${base}/${job.id}/expenses/`, permission: 'job-order-expenses.read' },
      { method: 'GET', url: `${base}/expenses/${expense.id}/`, permission: 'job-order-expenses.read' },
      { method: 'POST', url: `${base}/${job.id}/expenses/`, body: {}, permission: 'job-order-expenses.write' },
      { method: 'PUT', url: `${base}/expenses/${expense.id}/`, body: { amount: 'x' }, permission: 'job-order-expenses.write' },
      { method: 'DELETE', url: `${base}/expenses/999999/`, permission: 'job-order-expenses.write' },
      { method: 'PATCH', url: `${base}/expenses/999999/approve/`, body: {}, permission: 'job-order-expenses.approve' },
    ]);
  });
});
