import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import StockTransactionsScreen from '../../src/features/stock-transactions/StockTransactionsScreen';

const tracked = { created_by: 1, created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z', version: 1, deleted_at: null };
const ledgerRow = (id: number, values: Record<string, unknown>) => ({
  id,
  material: 12,
  transaction_type: 'receipt',
  quantity: '10.000',
  transaction_date: '2026-11-20',
  requisition: null,
  requisition_detail: null,
  job_order: null,
  gra_item: null,
  stock_adjustment: null,
  status: 'completed',
  rate: '120.00',
  remarks: '',
  reverses: null,
  reversed_by: null,
  ...tracked,
  ...values,
});

beforeEach(async () => {
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
        <StockTransactionsScreen />
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
});
