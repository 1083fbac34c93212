import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '../../domain/user';
import { JOB_ORDER_EXPENSE_MESSAGES } from '../../domain/job-order-expense';
import { routeByName } from '../../domain/routes';
import { renderRoutes } from './render-screen';
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { operationNamed } from '../../src/data/outbox';
import JobExpensesScreen from '../../src/features/job-order-expenses/JobExpensesScreen';
import JobExpenseCreateScreen from '../../src/features/job-order-expenses/JobExpenseCreateScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

/** The two expense screens in a data router, as the app has them. */
function show(path: string) {
  const home = routeByName('job-expenses-home');
  const create = routeByName('job-expense-create');
  return renderRoutes(
    [
      { path: home.path, element: <JobExpensesScreen />, handle: { route: home } },
      { path: create.path, element: <JobExpenseCreateScreen />, handle: { route: create } },
    ],
    path,
  );
}

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 5, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
const JOB_ORDERS = [
  { id: 501, customer: 1, status: 'in-process', closed_at: null, cancelled_at: null, ...tracked },
  { id: 502, customer: 1, status: 'closed', closed_at: NOW, cancelled_at: null, ...tracked },
];
const expense = (values: Record<string, unknown> = {}) => ({
  id: 900,
  job_order: 501,
  expense_category: 'transport',
  description: 'Tempo to Thane site',
  expense_date: '2026-11-18',
  amount: '1250.50',
  status: 'PENDING',
  approved_by: null,
  approved_at: null,
  ...tracked,
  ...values,
});
const SUMMARY = { total_expenses: '1250.50', approved_expenses: '0.00', pending_expenses: '1250.50', expenses_by_category: [{ expense_category: 'transport', total: '1250.50' }] };

const bodyRows = () => [...document.querySelectorAll('tbody tr')];
const button = (scope: Element | Document, text: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent === text);
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)!;
};

beforeEach(async () => {
  setOnline(true);
  fakeServer().on('GET', '/joborders/joborders/expenses/summary/', { status: 200, data: SUMMARY });
  user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
  storeSession({ userId: 5 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('jobOrders').bulkPut(JOB_ORDERS);
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('recording an expense', () => {
  it('offline, queues the expense once in the outbox, says so, and the list shows it at once as pending', async () => {
    setOnline(false);
    const router = show('/jobs/expenses/create');
    const jobOrder = (await screen.findByLabelText('Job order')) as HTMLSelectElement;
    // Only open job orders take expenses, labelled with their created date.
    await waitFor(() => expect([...jobOrder.options].map((o) => o.text)).toEqual(['Choose a job order', '501 - 20-11-2026 · Lulu Hypermarket']));
    fireEvent.change(jobOrder, { target: { value: '501' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'labour' } });
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '18-11-2026' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '850.5' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Two helpers, half day' } });
    fireEvent.click(screen.getByText('Save expense'));
    expect(await screen.findByText(JOB_ORDER_EXPENSE_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/expenses'));

    const entries = await outbox.entries.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operation: 'job-order-expense.create',
      method: 'POST',
      url: '/joborders/joborders/501/expenses/',
      body: { expense_category: 'labour', description: 'Two helpers, half day', expense_date: '2026-11-18', amount: '850.5' },
      state: 'pending',
    });
    const tempId = entries[0]!.tempId!;
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const row = bodyRows()[0]!;
    await waitFor(() => expect(row.getAttribute('data-pending')).toBe('true'));
    expect(row.textContent).toContain('501 - 20-11-2026');
    expect(row.textContent).toContain('850.50');
    // Offline there is no approving, and no server totals.
    expect(button(row, 'Approve')).toBeUndefined();
    expect(screen.getByText('The expense totals come from the server: they show when the connection is back.')).toBeTruthy();

    // The server's answer takes the temp row's place: one expense, not two.
    await operationNamed('job-order-expense.create')!.reconcile(mirror, expense({ id: 950, expense_category: 'labour', amount: '850.50' }), { tempId, rowId: tempId, entryId: entries[0]!.id });
    expect(await mirror.rows('jobOrderExpenses').get(tempId)).toBeUndefined();
    expect(await mirror.rows('jobOrderExpenses').count()).toBe(1);
  });

  it('refuses an impossible date before queueing anything', async () => {
    show('/jobs/expenses/create?job_order=501');
    fireEvent.change(await screen.findByLabelText(/^Date/), { target: { value: '31-02-2026' } });
    fireEvent.click(screen.getByText('Save expense'));
    expect(await screen.findByText('Invalid Date Provided')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('edits a pending expense with the version the user saw', async () => {
    await mirror.rows('jobOrderExpenses').put(expense({ version: 3 }));
    show('/jobs/expenses/create?expense=900');
    const amount = (await screen.findByLabelText(/^Amount/)) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('1250.50'));
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('18-11-2026');
    fireEvent.change(amount, { target: { value: '1300' } });
    fireEvent.click(screen.getByText('Save changes'));
    expect(await screen.findByText(JOB_ORDER_EXPENSE_MESSAGES.updated)).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'job-order-expense.update', method: 'PUT', url: '/joborders/joborders/expenses/900/', headers: { 'If-Match': '3' }, body: { amount: '1300', expense_date: '2026-11-18' } });
    expect(await mirror.rows('jobOrderExpenses').get(900)).toMatchObject({ amount: '1300', status: 'PENDING' });
  });
});

describe('the expenses list', () => {
  it('offers approve and reject only to approvers, online, on pending expenses; approving shows the notice', async () => {
    await mirror.rows('jobOrderExpenses').bulkPut([expense(), expense({ id: 901, status: 'APPROVED', approved_by: 3 })]);
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(button(document, 'Approve')).toBeUndefined();
    cleanup();

    user = makeUser({ id: 8, department: 'accounts', designation: 'executive' });
    const server = fakeServer()
      .on('GET', '/joborders/joborders/expenses/summary/', { status: 200, data: SUMMARY })
      .on('PATCH', '/joborders/joborders/expenses/900/approve/', { status: 200, data: expense({ status: 'APPROVED', approved_by: 8, version: 2 }) });
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('expenses-total').textContent).toBe('₹1,250.50'));
    const pendingRow = bodyRows().find((r) => r.textContent?.includes('Pending'))!;
    const approvedRow = bodyRows().find((r) => r.textContent?.includes('Approved'))!;
    expect(button(approvedRow, 'Approve')).toBeUndefined();
    // An approved expense is booked: no edit, no delete.
    expect(approvedRow.textContent).not.toContain('Edit');
    fireEvent.click(button(pendingRow, 'Approve')!);
    fireEvent.click(button(await dialogElement(), 'Approve')!);
    expect(await screen.findByText(JOB_ORDER_EXPENSE_MESSAGES.approved)).toBeTruthy();
    expect(server.calls('PATCH', '/joborders/joborders/expenses/900/approve/').map((r) => r.body)).toEqual([{ status: 'APPROVED', expected_version: 1 }]);
    cleanup();

    setOnline(false);
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(button(document, 'Approve')).toBeUndefined();
  });

  it('offers edit and delete only to whoever recorded the expense and to approvers', async () => {
    const recordedByAccounts = expense({ id: 903, created_by: 8 });
    await mirror.rows('jobOrderExpenses').bulkPut([expense(), recordedByAccounts]);
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    // The foreman recorded 900, accounts 903: he may change only his own.
    const changeable = () => bodyRows().filter((r) => button(r, 'Delete') !== undefined && r.textContent?.includes('Edit'));
    expect(changeable()).toHaveLength(1);
    cleanup();

    user = makeUser({ id: 3, department: 'management', designation: 'manager' });
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(changeable()).toHaveLength(2);
  });

  it('filters by job order and status', async () => {
    await mirror.rows('jobOrderExpenses').bulkPut([expense(), expense({ id: 901, job_order: 502, status: 'APPROVED' }), expense({ id: 902, status: 'REJECTED' })]);
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    // The job order choices load from the device after the rows: a choice not yet offered cannot be picked.
    await waitFor(() => expect(screen.getByLabelText('Job order').querySelector('option[value="501"]')).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Job order'), { target: { value: '501' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Rejected' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]!.textContent).toContain('Rejected');
  });

  it('deletes a pending expense through the outbox and shows the notice', async () => {
    await mirror.rows('jobOrderExpenses').put(expense({ version: 2 }));
    show('/jobs/expenses');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    fireEvent.click(button(bodyRows()[0]!, 'Delete')!);
    fireEvent.click(button(await dialogElement(), 'Delete')!);
    expect(await screen.findByText(JOB_ORDER_EXPENSE_MESSAGES.deleted)).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'job-order-expense.delete', method: 'DELETE', url: '/joborders/joborders/expenses/900/', headers: { 'If-Match': '2' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(0));
  });

  it("says 'Failed to load expenses' when the server cannot give the totals", async () => {
    fakeServer().on('GET', '/joborders/joborders/expenses/summary/', { status: 500, data: { detail: 'Server error.' } });
    show('/jobs/expenses');
    expect(await screen.findByText(JOB_ORDER_EXPENSE_MESSAGES.loadFailed)).toBeTruthy();
  });
});
