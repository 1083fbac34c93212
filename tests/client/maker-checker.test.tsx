import './setup';
import { AppProviders } from './providers';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../domain/user';
import { routeByName, type RouteName } from '../../domain/routes';
import { businessToday } from '../../domain/rules/dates';
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { AppDialog } from '../../src/ui/dialog';
import { Notifications } from '../../src/ui/Notifications';
import StockAdjustmentsScreen from '../../src/features/stock-adjustments/StockAdjustmentsScreen';
import StockTransactionCreateScreen from '../../src/features/stock-transactions/StockTransactionCreateScreen';
import StockTransactionsScreen, { REVERSED } from '../../src/features/stock-transactions/StockTransactionsScreen';
import JobExpensesScreen from '../../src/features/job-order-expenses/JobExpensesScreen';

/** Issue 14 §4 on the screens: no approve button for the maker, no receipt without a GRA, reversals with a reason. */
let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = (created_by: number) => ({ created_by, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null });
const STORES_MANAGER = { id: 9, department: 'stores', designation: 'manager' } as const;
const button = (scope: Element | Document, text: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent === text);
const bodyRows = () => [...document.querySelectorAll('tbody tr')];

function inApp(element: React.ReactElement, routeName?: RouteName) {
  const route = routeName ? routeByName(routeName) : null;
  render(
    <AppProviders>
      {route ? <RouterProvider router={createMemoryRouter([{ path: route.path, element, handle: { route } }], { initialEntries: [route.path] })} /> : <MemoryRouter>{element}</MemoryRouter>}
      <Notifications />
      <AppDialog />
    </AppProviders>,
  );
}

beforeEach(async () => {
  user = makeUser({ ...STORES_MANAGER });
  storeSession({ userId: user.id });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').put({ id: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', quantity: '6.000', category: 1, ...tracked(1) });
});

afterEach(() => cleanup());

describe('approve buttons', () => {
  it("are not offered on a stores manager's own adjustment request: the screen says another user approves it, and withdrawing stays", async () => {
    await mirror.rows('stockAdjustments').bulkPut([
      { id: 40, material: 12, quantity: '-2.000', reason: 'Count difference', status: 'pending', approved_by: null, decided_at: null, remarks: '', ...tracked(STORES_MANAGER.id) },
      { id: 41, material: 12, quantity: '3.000', reason: 'Found in the yard', status: 'pending', approved_by: null, decided_at: null, remarks: '', ...tracked(8) },
    ]);
    inApp(<StockAdjustmentsScreen />, 'stock-adjustments-home');
    const own = (await screen.findByText('Count difference')).closest('tr')!;
    const other = screen.getByText('Found in the yard').closest('tr')!;
    expect(button(own, 'Approve')).toBeUndefined();
    expect(own.textContent).toContain('You cannot approve your own stock adjustment: another user must approve it.');
    expect(button(own, 'Reject')).toBeTruthy();
    expect(button(other, 'Approve')).toBeTruthy();
  });

  it('are not offered on an expense the approver recorded', async () => {
    user = makeUser({ id: 8, department: 'accounts', designation: 'executive' });
    fakeServer().on('GET', '/joborders/joborders/expenses/summary/', { status: 200, data: { total_expenses: '0.00', approved_expenses: '0.00', pending_expenses: '0.00', expenses_by_category: [] } });
    const expense = { job_order: 501, expense_category: 'transport', expense_date: '2026-11-18', amount: '1250.50', status: 'PENDING', approved_by: null, approved_at: null };
    await mirror.rows('jobOrderExpenses').bulkPut([
      { id: 900, description: 'Recorded by accounts', ...expense, ...tracked(8) },
      { id: 901, description: 'Recorded by the foreman', ...expense, ...tracked(5) },
    ]);
    inApp(<JobExpensesScreen />, 'job-expenses-home');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const own = bodyRows().find((r) => r.textContent?.includes('Recorded by accounts'))!;
    const foremans = bodyRows().find((r) => r.textContent?.includes('Recorded by the foreman'))!;
    expect(button(own, 'Approve')).toBeUndefined();
    expect(own.textContent).toContain('You cannot approve your own expense: another user must approve it.');
    expect(button(foremans, 'Approve')).toBeTruthy();
  });
});

describe('a new stock transaction', () => {
  it('offers issues and returns only, and says stock is received through a GRA', async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    inApp(<StockTransactionCreateScreen />);
    const type = await screen.findByLabelText('Type');
    expect([...type.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Issue', 'Return']);
    expect(screen.getByText('Stock is received through a GRA against its LPO. To correct the stock of a material, request a stock adjustment.')).toBeTruthy();
  });

  it('refuses a date in the future before anything is queued', async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    await mirror.rows('jobOrders').put({ id: 501, customer: 1, status: 'in-process', closed_at: null, cancelled_at: null, ...tracked(1) });
    inApp(<StockTransactionCreateScreen />);
    fireEvent.change(screen.getByLabelText('Find a material'), { target: { value: '5mm' } });
    fireEvent.click(await screen.findByRole('button', { name: /Acrylic sheet clear 5mm/ }));
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Job order'), { target: { value: '501' } });
    const tomorrow = businessToday(1).split('-').reverse().join('-');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: tomorrow } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A stock transaction may not be dated in the future.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe('reversing a ledger row', () => {
  const ledgerRow = { id: 70, material: 12, transaction_type: 'receipt', quantity: '10.000', transaction_date: '2026-11-20', requisition: null, requisition_detail: null, job_order: null, gra_item: 3, stock_adjustment: null, status: 'completed', rate: '120.00', remarks: '', reverses: null, reversed_by: null, ...tracked(8) };

  it('is not offered to a stores executive', async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    await mirror.rows('stockTransactions').put(ledgerRow);
    inApp(<StockTransactionsScreen />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(button(document, 'Reverse')).toBeUndefined();
  });

  it('is offered to a stores manager, asks for a reason and sends it', async () => {
    const server = fakeServer().on('DELETE', '/stocks/stocktransactions/70/', { status: 200, data: { ...ledgerRow, id: 71, quantity: '-10.000', reverses: 70 } });
    await mirror.rows('stockTransactions').put(ledgerRow);
    inApp(<StockTransactionsScreen />);
    await waitFor(() => expect(button(document, 'Reverse')).toBeTruthy());
    fireEvent.click(button(document, 'Reverse')!);
    const dialog = await screen.findByRole('alertdialog');
    expect(button(dialog, 'Reverse')!.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Vendor took the sheets back' } });
    fireEvent.click(button(dialog, 'Reverse')!);
    expect(await screen.findByText(REVERSED)).toBeTruthy();
    expect(server.calls('DELETE', '/stocks/stocktransactions/70/').map((r) => r.body)).toEqual([{ reason: 'Vendor took the sheets back' }]);
  });
});
