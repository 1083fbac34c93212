import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { User } from '../../domain/user';
import { businessDayOf } from '../../domain/rules/dates';
import type { MissedOpportunityPage, SalesAnalysis, SalesDashboard, SalesFigures } from '../../domain/sales-dashboard';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import SalesDashboardScreen from '../../src/features/sales-dashboard/SalesDashboardScreen';
import MissedSrpScreen from '../../src/features/sales-dashboard/MissedSrpScreen';
import SalesAnalysisScreen from '../../src/features/sales-dashboard/SalesAnalysisScreen';
import LandingScreen from '../../src/features/landing/LandingScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

const RAVI = 7;
const EXECUTIVE = makeUser({ id: RAVI, first_name: 'Ravi', last_name: 'Kumar', department: 'sales', designation: 'executive' });
const MANAGER = makeUser({ id: 3, first_name: 'Vikram', last_name: 'Shah', department: 'sales', designation: 'manager' });

const figures = (values: Partial<SalesFigures> = {}): SalesFigures => ({
  followups_today: 2,
  followups_missed: 1,
  not_actioned: 0,
  quotations_awaiting: { count: 3, value: '354000.00' },
  open_orders: { count: 2, value: '150050.50' },
  pending_advance: { count: 1, value: '100000.00' },
  this_month: { orders_count: 1, orders_value: '100000.00', quotations_count: 4 },
  last_month: { orders_count: 2, orders_value: '125000.00', quotations_count: 6 },
  orders_value_change: '-25000.00',
  ...values,
});

function dashboard(values: Partial<SalesDashboard> = {}): SalesDashboard {
  return {
    today: '2026-11-20',
    month_start: '2026-11-01',
    last_month_start: '2026-10-01',
    scope: 'own',
    figures: figures(),
    followups_today: {
      count: 2,
      results: [
        { id: 71, company: 'Orbit Retail', contact_person: 'Anand', contact_number: '98450 12345', stage: 'followup', followup_date: '2026-11-20', assign_to_name: 'Ravi Kumar' },
        { id: 72, company: 'Zen Opticals', contact_person: '', contact_number: '', stage: 'new', followup_date: '2026-11-20', assign_to_name: 'Ravi Kumar' },
      ],
    },
    followups_missed: { count: 6, results: [{ id: 73, company: 'Lulu', contact_person: '', contact_number: '', stage: 'negotiation', followup_date: '2026-11-12', assign_to_name: 'Ravi Kumar' }] },
    not_actioned: { count: 0, results: [] },
    quotations_awaiting: { count: 3, value: '354000.00', results: [{ id: 5, number: 1042, customer_name: 'Orbit Retail', total_amount: '118000.00', sent_on: '2026-11-16', days_waiting: 4, sales_exec_name: 'Ravi Kumar' }] },
    open_orders: { count: 2, value: '150050.50', results: [{ id: 31, customer_name: 'Orbit Retail', order_date: '2026-11-02', expected_delivery_date: '2026-12-01', status: 'accepted', total_order_value: '100000.00', advance_amount: '0.00' }] },
    pending_advance: { count: 1, value: '100000.00', results: [{ id: 31, customer_name: 'Orbit Retail', order_date: '2026-11-02', expected_delivery_date: '2026-12-01', status: 'accepted', total_order_value: '100000.00', advance_amount: '0.00' }] },
    team: null,
    ...values,
  };
}

const TEAM = [
  { id: 8, name: 'Meera Iyer', ...figures({ followups_today: 0, followups_missed: 4 }) },
  { id: RAVI, name: 'Ravi Kumar', ...figures() },
];

const tile = (key: string) => screen.getByTestId(`tile-${key}`);
const NEIGHBOURS = ['leads-home', 'lead-detail', 'sales-orders', 'sales-order-detail', 'sales-dash', 'sales-quotations', 'sales-quotation-detail'] as const;

beforeEach(async () => {
  user = EXECUTIVE;
  storeSession({ userId: RAVI });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => cleanup());

describe('sales-dash (/sales/home)', () => {
  it("shows a sales executive's figures in Indian digits, each follow-up tile opening the leads list on its filter", async () => {
    fakeServer().on('GET', '/dashboard/sales/', { status: 200, data: dashboard() });
    renderRoute('sales-dash', SalesDashboardScreen, '/sales/home', NEIGHBOURS);
    await waitFor(() => expect(tile('followupsToday').textContent).toBe('2'));
    expect(tile('followupsToday').closest('a')!.getAttribute('href')).toBe('/leads?filter=todays');
    expect(tile('followupsMissed').closest('a')!.getAttribute('href')).toBe('/leads?filter=missed');
    expect(tile('notActioned').closest('a')!.getAttribute('href')).toBe('/leads?filter=not_actioned');
    expect(tile('quotationsAwaiting').textContent).toBe('3');
    expect(tile('quotationsAwaiting').closest('a')!.getAttribute('href')).toBe('/sales/quotations');
    expect(screen.getByText('₹ 3,54,000.00 sent, not yet accepted or rejected')).toBeTruthy();
    expect(tile('openOrders').textContent).toBe('2');
    expect(tile('pendingAdvance').closest('a')!.getAttribute('href')).toBe('/sales/orders?advance_pending=true');
    expect(tile('ordersThisMonth').textContent).toBe('₹ 1,00,000.00');
    expect(screen.getByText('1 orders · Down ₹ 25,000.00 on last month (₹ 1,25,000.00)')).toBeTruthy();
    expect(tile('quotationsThisMonth').textContent).toBe('4');
    expect(screen.queryByRole('table', { name: 'Sales team' })).toBeNull();
  });

  it('lists the follow-ups with a link to each lead, the quotations awaiting an answer and the orders, with View all to the rest', async () => {
    fakeServer().on('GET', '/dashboard/sales/', { status: 200, data: dashboard() });
    renderRoute('sales-dash', SalesDashboardScreen, '/sales/home', NEIGHBOURS);
    const today = await screen.findByRole('table', { name: "Today's follow-ups" });
    expect(within(today).getByRole('link', { name: 'Orbit Retail' }).getAttribute('href')).toBe('/leads/detail/71');
    expect(today.textContent).toContain('Anand · 98450 12345');
    expect(screen.getByRole('link', { name: 'View all 6' }).getAttribute('href')).toBe('/leads?filter=missed');
    expect(screen.getByText('Every lead has a remark.')).toBeTruthy();
    const quotations = screen.getByRole('table', { name: 'Quotations awaiting an answer' });
    expect(quotations.textContent).toContain('1,18,000.00');
    expect(within(quotations).getByRole('link', { name: '1042' }).getAttribute('href')).toBe('/sales/quotations/detail/5');
    expect(quotations.textContent).toContain('4 days');
    const orders = screen.getByRole('table', { name: 'Open orders' });
    expect(within(orders).getByRole('link', { name: '31' }).getAttribute('href')).toBe('/sales/order/31');
    const chart = screen.getByRole('img', { name: 'Orders value, last month and this month' });
    expect([...chart.querySelectorAll('[data-value]')].map((b) => b.getAttribute('data-value'))).toEqual(['1,25,000.00', '1,00,000.00']);
  });

  it("shows a manager everyone's figures with the team's rows and whose each lead is", async () => {
    user = MANAGER;
    fakeServer().on('GET', '/dashboard/sales/', { status: 200, data: dashboard({ scope: 'all', team: TEAM }) });
    renderRoute('sales-dash', SalesDashboardScreen, '/sales/home', NEIGHBOURS);
    const team = await screen.findByRole('table', { name: 'Sales team' });
    expect(within(team).getByTestId('team-8').textContent).toContain('Meera Iyer');
    expect(within(team).getByTestId(`team-${RAVI}`).textContent).toContain('3 · 3,54,000.00');
    expect(screen.getByRole('table', { name: "Today's follow-ups" }).textContent).toContain('Ravi Kumar');
  });

  it('offline, says it needs the server and counts the follow-ups on the leads this device holds', async () => {
    const today = businessDayOf(new Date());
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const lead = (id: number, values: Record<string, unknown>) => ({
      id,
      assign_to: RAVI,
      stage: 'new',
      followup_date: null,
      source: 'Self',
      requirement: 'Trays',
      lead_type: 'Retail',
      company: `Lead ${id}`,
      contact_person: '',
      contact_number: '',
      location: '',
      status: 'warm',
      potential: '0.00',
      customer: null,
      ...tracked(`${yesterday}T06:30:00.000Z`),
      ...values,
    });
    await mirror.rows('leads').bulkPut([
      lead(1, { followup_date: today }),
      lead(2, { stage: 'followup', followup_date: yesterday }),
      lead(3, { stage: 'lost', followup_date: yesterday }),
      lead(4, { followup_date: today }),
    ]);
    await mirror.rows('leadRemarks').bulkPut([{ id: 9, lead: 4, remark: 'Called', ...tracked(`${yesterday}T06:30:00.000Z`) }]);
    await mirror.meta.bulkPut((['leads', 'leadRemarks'] as const).map((type) => ({ key: metaKey(RAVI, type), userId: RAVI, type, cursor: '9', loadedAt: Date.now() - 60_000, rowCount: 1, error: null })));
    fakeServer().on('GET', '/dashboard/sales/', 'network-error');
    renderRoute('sales-dash', SalesDashboardScreen, '/sales/home', NEIGHBOURS);
    expect(await screen.findByText("This dashboard needs the server: its figures are today's. Connect to see them.")).toBeTruthy();
    // Today: 1 and 4; missed: 2 (3 is lost); not actioned: 1, 2 and 3 (4 has a remark).
    await waitFor(() => expect(screen.getByTestId('device-todays').textContent).toBe('2'));
    expect(screen.getByTestId('device-missed').textContent).toBe('1');
    expect(screen.getByTestId('device-not_actioned').textContent).toBe('3');
    expect(screen.queryByTestId('tile-followupsToday')).toBeNull();
  });

  it('loads its figures again on every entry', async () => {
    const server = fakeServer().on('GET', '/dashboard/sales/', { status: 200, data: dashboard() });
    renderRoute('sales-dash', SalesDashboardScreen, '/sales/home', NEIGHBOURS);
    await waitFor(() => expect(tile('followupsToday').textContent).toBe('2'));
    cleanup();
    renderRoute('sales-dash', SalesDashboardScreen, '/sales/home', NEIGHBOURS);
    await waitFor(() => expect(server.calls('GET', '/dashboard/sales/')).toHaveLength(2));
    await waitFor(() => expect(tile('followupsToday').textContent).toBe('2'));
  });
});

describe("the sales manager's landing", () => {
  const landing = { job_order_value: '0.00', job_order_count: 0, status_counts: [], monthly_purchases: [] };

  it("gains the team's view", async () => {
    user = MANAGER;
    fakeServer().on('GET', '/dashboard/landing/', { status: 200, data: landing }).on('GET', '/dashboard/sales/', { status: 200, data: dashboard({ scope: 'all', team: TEAM }) });
    renderRoute('landing', LandingScreen, '/landing', NEIGHBOURS);
    const team = await screen.findByRole('table', { name: 'Sales team' });
    expect(within(team).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Sales dashboard' }).getAttribute('href')).toBe('/sales/home');
  });

  it('shows no team to users who do not read the sales figures', async () => {
    user = makeUser({ id: 11, department: 'stores', designation: 'executive' });
    const server = fakeServer().on('GET', '/dashboard/landing/', { status: 200, data: landing });
    renderRoute('landing', LandingScreen, '/landing', NEIGHBOURS);
    await waitFor(() => expect(screen.getByTestId('job-order-value').textContent).toBe('₹ 0.00'));
    expect(screen.queryByText('Sales team')).toBeNull();
    expect(server.calls('GET', '/dashboard/sales/')).toHaveLength(0);
  });
});

const missedPage = (): MissedOpportunityPage => ({
  count: 2,
  next: null,
  previous: null,
  value: '123000.00',
  by_kind: [],
  results: [
    { kind: 'stale_lead', id: 71, company: 'Orbit Retail', number: null, requirement: 'Trays', sales_exec: RAVI, sales_exec_name: 'Ravi Kumar', value: '5000.00', since: '2026-11-10', days: 10 },
    { kind: 'unanswered_quotation', id: 5, company: 'Lumen Opticals', number: 1042, requirement: null, sales_exec: RAVI, sales_exec_name: 'Ravi Kumar', value: '118000.00', since: '2026-11-01', days: 19 },
  ],
});

describe('missed SRP opportunities (/missed-srp-opportunities)', () => {
  it('lists what slipped with its value and a link to each lead; an executive has no executive filter', async () => {
    const server = fakeServer().on('GET', '/reports/sales/missed_srp_opportunities/', { status: 200, data: missedPage() });
    renderRoute('missed-srp-opportunities', MissedSrpScreen, '/missed-srp-opportunities', NEIGHBOURS);
    expect((await screen.findByRole('link', { name: 'Lead 71' })).getAttribute('href')).toBe('/leads/detail/71');
    expect(screen.getAllByText('Follow-up missed')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Quotation 1042' }).getAttribute('href')).toBe('/sales/quotations/detail/5');
    expect(screen.getByText('1,18,000.00')).toBeTruthy();
    expect(screen.getByText('Value at stake (₹): 1,23,000.00')).toBeTruthy();
    expect(screen.queryByLabelText('Executive')).toBeNull();
    expect(server.calls('GET', '/users/sales_executives/')).toHaveLength(0);
  });

  it("offers a manager the executive filter from the sales executive dropdown and asks the server for that executive's", async () => {
    user = MANAGER;
    const server = fakeServer()
      .on('GET', '/reports/sales/missed_srp_opportunities/', { status: 200, data: missedPage() })
      .on('GET', '/users/sales_executives/', { status: 200, data: [{ label: 'Select', value: null }, { label: 'ravi', value: RAVI }] });
    renderRoute('missed-srp-opportunities', MissedSrpScreen, `/missed-srp-opportunities?sales_exec=${RAVI}`, NEIGHBOURS);
    await waitFor(() => expect(screen.getByRole('option', { name: 'ravi' })).toBeTruthy());
    await waitFor(() => expect(server.calls('GET', '/reports/sales/missed_srp_opportunities/').some((r) => (r.config.params as Record<string, unknown>)?.sales_exec === String(RAVI))).toBe(true));
    expect(await screen.findAllByText('Ravi Kumar')).toHaveLength(2);
  });
});

const analysis = (): SalesAnalysis => ({
  start_date: '2025-03-01',
  end_date: '2025-03-31',
  funnel: { leads: 4, quoted: 2, ordered: 1, lead_to_quotation: '50.00', quotation_to_order: '50.00', lead_to_order: '25.00' },
  quotations_sent: 3,
  quotations_ordered: 1,
  quotation_success_rate: '33.33',
  by_executive: [{ id: RAVI, name: 'Ravi Kumar', leads: 3, converted: 1, potential: '1500.50', quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '100000.00', lead_to_order: '33.33' }],
  by_customer: [{ id: 4, name: 'Orbit Retail', quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '100000.00' }],
  by_requirement: [
    { requirement: 'Trays', leads: 2, converted: 0, potential: '1500.50' },
    { requirement: 'Rods', leads: 0, converted: 0, potential: '0.00' },
  ],
  by_source: [{ source: 'Indiamart', leads: 2, converted: 0, potential: '1000.00' }],
  by_month: [{ month: '2025-03', leads: 4, quotations: 3, quotations_value: '472.00', orders: 2, orders_value: '100300.00' }],
});

describe('the sales analysis (/sales-analysis)', () => {
  it('shows the funnel with its exact conversion rates and the figures by executive, customer, requirement, source and month', async () => {
    const server = fakeServer().on('GET', '/reports/sales/sales_analysis/', { status: 200, data: analysis() });
    renderRoute('sales-analysis', SalesAnalysisScreen, '/sales-analysis?start_date=2025-03-01&end_date=2025-03-31', NEIGHBOURS);
    await waitFor(() => expect(screen.getByTestId('funnel-leads').textContent).toBe('4'));
    expect(server.calls('GET', '/reports/sales/sales_analysis/')[0]!.config.params).toEqual({ start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(screen.getByText('50.00 % of the leads got a quotation')).toBeTruthy();
    expect(screen.getByText('50.00 % of the quoted leads ordered')).toBeTruthy();
    expect(screen.getByTestId('funnel-rate').textContent).toBe('25.00 %');
    expect(screen.getByText('Quotations sent that became orders: 33.33 % (1 of 3)')).toBeTruthy();
    const executives = screen.getByRole('table', { name: 'By executive' });
    expect(executives.textContent).toContain('1 · 1,00,000.00');
    expect(executives.textContent).toContain('33.33 %');
    expect(screen.getByRole('table', { name: 'By customer' }).textContent).toContain('Orbit Retail');
    expect(screen.getByRole('table', { name: 'By requirement' }).textContent).not.toContain('Rods');
    const funnel = screen.getByRole('img', { name: 'Leads, quoted and ordered' });
    expect([...funnel.querySelectorAll('[data-value]')].map((b) => b.getAttribute('data-value'))).toEqual(['4', '2', '1']);
    expect(screen.getByRole('img', { name: 'Orders value by month' }).querySelector('[data-value]')!.getAttribute('data-value')).toBe('1,00,300.00');
    expect(screen.getByRole('img', { name: 'Leads by source' })).toBeTruthy();
    expect(screen.queryByLabelText('Executive')).toBeNull();
  });
});
