import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser } from './support';
import ReportsHomeScreen from '../../src/features/reports-home/ReportsHomeScreen';

let user: User = makeUser({ id: 5, department: 'management', designation: 'manager' });

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

const show = () => renderRoute('reports-home', ReportsHomeScreen, '/reports', ['invoices-reports-aging', 'job-orders-reports', 'materials-reports']);
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

function serve() {
  return fakeServer()
    .on('GET', '/joborders/joborders/statuswise/detailed/', { status: 200, data: [{ status: 'in-process', status_label: 'In Process', count: 4, total_value: '125000.00', job_orders: [] }] })
    .on('GET', '/salesorders/sales-orders/dashboard_stats/', {
      status: 200,
      data: { total_orders: 5, by_status: [], total_value: '145000.00', overdue_count: 2, pending_advance_count: 1, pending_advance_value: '25000.00', this_month_value: '40000.00', last_month_value: '30000.00', month_change: '10000.00' },
    })
    .on('GET', '/invoices/dashboard_summary/', {
      status: 200,
      data: { date_from: '2026-12-01', date_to: '2026-12-07', invoiced_count: 3, invoiced_amount: '237705.00', collected_amount: '1000.00', outstanding_amount: '6500.00', overdue_count: 2, overdue_amount: '6500.00', to_approve_count: 0, by_status: [] },
    });
}

afterEach(() => cleanup());

describe('reports home', () => {
  it("opens on the 'jobs' tab with its figures and reports; the sales orders and invoices tabs summarise theirs", async () => {
    user = makeUser({ id: 5, department: 'management', designation: 'manager' });
    serve();
    show();
    expect(tabNames()).toEqual(['Jobs', 'Sales orders', 'Invoices', 'Materials']);
    expect(screen.getByRole('tab', { name: 'Jobs' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('jobs-in-process')).textContent).toBe('4');
    expect(screen.getByRole('link', { name: 'Job order reports' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sales orders' }));
    expect((await screen.findByTestId('booked')).textContent).toBe('40,000.00');
    expect(screen.getByTestId('overdue-orders').textContent).toBe('2');
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Sales order profitability' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect((await screen.findByTestId('invoiced')).textContent).toBe('2,37,705.00');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Invoice ageing' })).toBeTruthy();
  });

  it('shows only the tabs and reports the user may open', async () => {
    user = makeUser({ id: 9, department: 'stores', designation: 'executive' });
    const server = serve();
    show();
    expect(tabNames()).toEqual(['Materials']);
    expect(screen.getByRole('link', { name: 'Material reports' })).toBeTruthy();
    expect(server.calls('GET', '/invoices/dashboard_summary/')).toHaveLength(0);
    expect(server.calls('GET', '/salesorders/sales-orders/dashboard_stats/')).toHaveLength(0);
    expect(server.calls('GET', '/joborders/joborders/statuswise/detailed/')).toHaveLength(0);
  });

  it("a sales executive's sales orders tab leaves out profitability: costs and margins are not theirs to read", async () => {
    user = makeUser({ id: 11, department: 'sales', designation: 'executive' });
    serve();
    show();
    fireEvent.click(screen.getByRole('tab', { name: 'Sales orders' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Sales order analysis' })).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: 'Sales order profitability' })).toBeNull();
  });
});
