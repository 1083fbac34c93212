import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { menuFor, mayOpen } from '../../domain/menus';
import { routeByName, type RouteName } from '../../domain/routes';
import type { SalesAnalysis } from '../../domain/sales-dashboard';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, storeSession } from './support';
import { SCREENS } from '../../src/app/screens';

const lakshmi = () => makeUser({ id: 11, first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
let user: User = lakshmi();

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

const NEIGHBOURS: RouteName[] = ['accounts-home'];
const URL = '/reports/sales/sales_analysis/';

const analysis = (): SalesAnalysis => ({
  start_date: '2025-03-01',
  end_date: '2025-03-31',
  funnel: { leads: 4, quoted: 2, ordered: 1, lead_to_quotation: '50.00', quotation_to_order: '50.00', lead_to_order: '25.00' },
  quotations_sent: 3,
  quotations_ordered: 1,
  quotation_success_rate: '33.33',
  by_executive: [
    { id: 7, name: 'Ravi Kumar', leads: 3, converted: 1, potential: '1500.50', quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '100000.00', lead_to_order: '33.33' },
    { id: 8, name: 'Meera Iyer', leads: 1, converted: 0, potential: '0.00', quotations: 1, quotations_value: '118.00', orders: 0, orders_value: '0.00', lead_to_order: '0.00' },
  ],
  by_customer: [{ id: 4, name: 'Orbit Retail', quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '100000.00' }],
  by_requirement: [{ requirement: 'Trays', leads: 2, converted: 0, potential: '1500.50' }],
  by_source: [{ source: 'Indiamart', leads: 2, converted: 0, potential: '1000.00' }],
  by_month: [{ month: '2025-03', leads: 4, quotations: 3, quotations_value: '472.00', orders: 2, orders_value: '100300.00' }],
});

async function show(path: string) {
  const { default: Screen } = await SCREENS['sales-analysis-accounts']();
  return renderRoute('sales-analysis-accounts', Screen, path, NEIGHBOURS);
}

beforeEach(() => {
  user = lakshmi();
  storeSession({ userId: 11 });
});
afterEach(() => cleanup());

describe('the sales analysis for accounts (/sales-analysis-accounts)', () => {
  it("shows accounts the sales analysis of every executive, in the accounts' menu", async () => {
    const server = fakeServer()
      .on('GET', URL, { status: 200, data: analysis() })
      .on('GET', '/users/sales_executives/', {
        status: 200,
        data: [
          { id: 7, username: 'ravi' },
          { id: 8, username: 'meera' },
        ],
      });
    await show('/sales-analysis-accounts?start_date=2025-03-01&end_date=2025-03-31');
    await waitFor(() => expect(screen.getByTestId('funnel-leads').textContent).toBe('4'));
    expect(server.calls('GET', URL)[0]!.config.params).toEqual({ start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(screen.getByTestId('funnel-rate').textContent).toBe('25.00 %');
    const executives = screen.getByRole('table', { name: 'By executive' });
    expect(executives.textContent).toContain('Ravi Kumar');
    expect(executives.textContent).toContain('Meera Iyer');
    expect(screen.getByRole('table', { name: 'By customer' }).textContent).toContain('1 · 1,00,000.00');
    // Accounts see every executive's figures, so they may narrow them to one.
    expect(screen.getByLabelText('Executive')).toBeTruthy();
    const accounts = menuFor(user, {}).find((g) => g.department === 'accounts')!;
    expect(accounts.routes.map((r) => r.name)).toContain('sales-analysis-accounts');
  });

  it('is for accounts, sales and management, as /sales-analysis is: the same analysis under one permission', () => {
    const route = routeByName('sales-analysis-accounts');
    expect(route.path).toBe('/sales-analysis-accounts');
    expect(mayOpen(lakshmi(), route)).toBe(true);
    expect(mayOpen(makeUser({ department: 'sales', designation: 'manager' }), route)).toBe(true);
    expect(mayOpen(makeUser({ department: 'management', designation: 'manager' }), route)).toBe(true);
    expect(mayOpen(makeUser({ department: 'stores', designation: 'executive' }), route)).toBe(false);
    expect(mayOpen(makeUser({ department: 'production', designation: 'foreman' }), route)).toBe(false);
    expect(routeByName('sales-analysis').access).toBe(route.access);
    // Accounts' menu lists it under accounts, not the sales screen.
    expect(menuFor(lakshmi(), {}).flatMap((g) => g.routes.map((r) => r.name))).not.toContain('sales-analysis');
  });

  it("shows the server's message when the analysis fails", async () => {
    fakeServer().on('GET', URL, { status: 500, data: { detail: 'The analysis could not be worked out.' } });
    await show('/sales-analysis-accounts');
    expect(await screen.findByText('The analysis could not be worked out.')).toBeTruthy();
    expect(within(document.body).queryByTestId('funnel-leads')).toBeNull();
  });
});
