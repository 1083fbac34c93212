import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import StockTransactionsScreen from '../../src/features/stock-transactions/StockTransactionsScreen';
import StockTransactionCreateScreen from '../../src/features/stock-transactions/StockTransactionCreateScreen';
import { ledgerRow, NOW, tracked as trackedAt } from './rows';
import { makeUser, storeSession } from './support';

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => makeUser({ id: 8, department: 'stores' })));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const tracked = trackedAt(NOW, 1);

beforeEach(async () => {
  storeSession({ userId: 8 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').put({ id: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', quantity: '6.000', category: 1, ...tracked });
});

afterEach(() => cleanup());

describe('the stock ledger list', () => {
  it('shows each movement signed, newest first, with the material’s name and reversals marked', async () => {
    await mirror.rows('stockTransactions').bulkPut([
      ledgerRow(1, { transaction_date: '2026-11-18' }),
      ledgerRow(2, { transaction_type: 'issue', quantity: '-4.000', transaction_date: '2026-11-19', job_order: 501, reversed_by: 3 }),
      ledgerRow(3, { transaction_type: 'issue', quantity: '4.000', transaction_date: '2026-11-20', job_order: 501, reverses: 2 }),
    ]);
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <StockTransactionsScreen />
        </MemoryRouter>
      </ChakraProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    const [newest, reversed, receipt] = screen.getAllByRole('row').slice(1);
    expect(within(newest!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['20-11-2026', 'Acrylic sheet clear 5mm', 'Issue', '4.00', '', '501', 'Completed']);
    expect(reversed!.textContent).toContain('-4.00');
    expect(within(reversed!).getByText('Reversed')).toBeTruthy();
    expect(receipt!.textContent).toContain('Receipt');
    expect(receipt!.textContent).toContain('10.00');
  });

  it('stores issues straight to a job order: the ledger row is queued signed, and a job order is required', async () => {
    await mirror.rows('jobOrders').put({ id: 501, customer: 1, status: 'in-process', closed_at: null, cancelled_at: null, ...tracked });
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <StockTransactionCreateScreen />
        </MemoryRouter>
      </ChakraProvider>,
    );
    fireEvent.change(await screen.findByLabelText('Type'), { target: { value: 'issue' } });
    fireEvent.change(screen.getByLabelText('Find a material'), { target: { value: '5mm' } });
    fireEvent.click(await screen.findByRole('button', { name: /Acrylic sheet clear 5mm/ }));
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An issue must be against a requisition or a job order.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);

    fireEvent.change(screen.getByLabelText('Job order'), { target: { value: '501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    expect((await outbox.entries.toArray())[0]!.payload).toMatchObject({ material: 12, transaction_type: 'issue', quantity: '-2', job_order: 501 });
    expect(await mirror.rows('materials').get(12)).toMatchObject({ quantity: '4.000' });
  });
});
