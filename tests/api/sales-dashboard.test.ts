import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { businessDayOf } from '../../domain/rules/dates';
import type { SalesDashboard, SalesFigures } from '../../domain/sales-dashboard';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { dayAfter, makeLeadWith, makeRemark, noonOn } from '../support/factories-leads';
import { makeCustomer, makeQuotation, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

const today = businessDayOf(new Date());
const lastMonthDay = `${dayAfter(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;

async function dashboard(username: string): Promise<SalesDashboard> {
  const res = await (await as(username)).get(API.dashboard.sales);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Ravi (sales.exec): a follow-up today, one missed (yesterday), a lead untouched since three days
 * ago, a lost lead; Q1 sent (118.00), Q2 accepted; the order made from Q2 by the manager (his, as
 * Q2 is his: accepted, advance pending, 1000.00, this month), an order he took last month (in
 * production, 500.50), a cancelled one. Meera (sales.senior): a follow-up today, Q3 sent (118.00),
 * a completed order this month (200.00).
 */
async function salesDesk() {
  const ravi = await userId(db(), 'sales.exec');
  const meera = await userId(db(), 'sales.senior');
  const manager = await userId(db(), 'sales.manager');
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail' });
  const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
  await makeLeadWith(db(), ravi, { company: 'Today Co', stage: 'followup', followup_date: today });
  const missed = await makeLeadWith(db(), ravi, { company: 'Missed Co', stage: 'negotiation', followup_date: dayAfter(today, -1) });
  await makeRemark(db(), missed.id);
  await makeLeadWith(db(), ravi, { company: 'Untouched Co', stage: 'new', at: noonOn(dayAfter(today, -3)) });
  await makeLeadWith(db(), ravi, { company: 'Lost Co', stage: 'lost', followup_date: dayAfter(today, -2) });
  await makeLeadWith(db(), meera, { company: 'Meera Today', stage: 'new', followup_date: today });
  const q1 = await makeQuotation(db(), { sales_exec: ravi, customer: orbit.id, status: 'sent', sent_at: noonOn(dayAfter(today, -4)), quotation_date: today });
  const q2 = await makeQuotation(db(), { sales_exec: ravi, customer: orbit.id, status: 'accepted', quotation_date: today });
  await makeQuotation(db(), { sales_exec: meera, customer: lumen.id, status: 'sent', sent_at: noonOn(today), quotation_date: today });
  const fromQ2 = await makeSalesOrder(db(), { customer: orbit.id, quotation: q2.id, created_by: manager, status: 'accepted', advance_pending: true, order_date: today, items: [{ quantity: '4', unit_price: '250.00' }] });
  await makeSalesOrder(db(), { customer: orbit.id, created_by: ravi, status: 'in_production', order_date: lastMonthDay, expected_delivery_date: dayAfter(today, 10), items: [{ quantity: '1', unit_price: '500.50' }] });
  await makeSalesOrder(db(), { customer: orbit.id, created_by: ravi, status: 'cancelled', order_date: today, items: [{ quantity: '1', unit_price: '999.00' }] });
  await makeSalesOrder(db(), { customer: lumen.id, created_by: meera, status: 'completed', order_date: today, items: [{ quantity: '2', unit_price: '100.00' }] });
  return { ravi, meera, manager, q1, fromQ2 };
}

const zero: SalesFigures = {
  followups_today: 0,
  followups_missed: 0,
  not_actioned: 0,
  quotations_awaiting: { count: 0, value: '0.00' },
  open_orders: { count: 0, value: '0.00' },
  pending_advance: { count: 0, value: '0.00' },
  this_month: { orders_count: 0, orders_value: '0.00', quotations_count: 0 },
  last_month: { orders_count: 0, orders_value: '0.00', quotations_count: 0 },
  orders_value_change: '0.00',
};
const ravisFigures: SalesFigures = {
  followups_today: 1,
  followups_missed: 1,
  not_actioned: 1,
  quotations_awaiting: { count: 1, value: '118.00' },
  open_orders: { count: 2, value: '1500.50' },
  pending_advance: { count: 1, value: '1000.00' },
  this_month: { orders_count: 1, orders_value: '1000.00', quotations_count: 2 },
  last_month: { orders_count: 1, orders_value: '500.50', quotations_count: 0 },
  orders_value_change: '499.50',
};
const meerasFigures: SalesFigures = {
  ...zero,
  followups_today: 1,
  quotations_awaiting: { count: 1, value: '118.00' },
  this_month: { orders_count: 1, orders_value: '200.00', quotations_count: 1 },
  orders_value_change: '200.00',
};

describe('sales-dash (GET /dashboard/sales/)', () => {
  it("gives a sales executive their own figures only: follow-ups, quotations awaiting an answer, open orders, pending advances, this month against last", async () => {
    const { q1, fromQ2 } = await salesDesk();
    const mine = await dashboard('sales.exec');
    expect(mine).toMatchObject({ today, month_start: `${today.slice(0, 7)}-01`, last_month_start: lastMonthDay, scope: 'own', team: null });
    expect(mine.figures).toEqual(ravisFigures);
    expect(mine.followups_today.results.map((l) => l.company)).toEqual(['Today Co']);
    expect(mine.followups_missed.results.map((l) => l.company)).toEqual(['Missed Co']);
    expect(mine.not_actioned.results.map((l) => l.company)).toEqual(['Untouched Co']);
    expect(mine.quotations_awaiting).toEqual({
      count: 1,
      value: '118.00',
      results: [{ id: q1.id, number: q1.number, customer_name: 'Orbit Retail', total_amount: '118.00', sent_on: dayAfter(today, -4), days_waiting: 4, sales_exec_name: 'Ravi Kumar' }],
    });
    expect(mine.open_orders).toMatchObject({ count: 2, value: '1500.50' });
    expect(mine.pending_advance).toMatchObject({ count: 1, value: '1000.00', results: [{ id: fromQ2.id, status: 'accepted', total_order_value: '1000.00' }] });
  });

  it("never shows a sales executive another executive's figures or rows", async () => {
    await salesDesk();
    const meera = await dashboard('sales.senior');
    expect(meera.figures).toEqual(meerasFigures);
    expect(meera.followups_today.results.map((l) => l.company)).toEqual(['Meera Today']);
    expect(meera.open_orders).toEqual({ count: 0, value: '0.00', results: [] });
    expect(meera.team).toBeNull();
  });

  it("gives managers and management everyone's figures and the team's rows, one per sales executive", async () => {
    const { ravi, meera, manager } = await salesDesk();
    for (const username of ['sales.manager', 'management']) {
      const all = await dashboard(username);
      expect(all.scope).toBe('all');
      expect(all.figures).toEqual({
        followups_today: 2,
        followups_missed: 1,
        not_actioned: 1,
        quotations_awaiting: { count: 2, value: '236.00' },
        open_orders: { count: 2, value: '1500.50' },
        pending_advance: { count: 1, value: '1000.00' },
        this_month: { orders_count: 2, orders_value: '1200.00', quotations_count: 3 },
        last_month: { orders_count: 1, orders_value: '500.50', quotations_count: 0 },
        orders_value_change: '699.50',
      });
      expect(all.team).toEqual([
        { id: meera, name: 'Meera Iyer', ...meerasFigures },
        { id: ravi, name: 'Ravi Kumar', ...ravisFigures },
        { id: manager, name: 'Vikram Shah', ...zero },
      ]);
    }
  });

  it('takes no query parameters: any is a 400 in the spec shape', async () => {
    const res = await (await as('sales.exec')).get(`${API.dashboard.sales}?sales_exec=2`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('non_field_errors');
  });

  it('is for sales and management', async () => {
    await expectAccessMatrix(app(), [{ method: 'GET', url: API.dashboard.sales, permission: 'dashboard.sales' }]);
  });
});
