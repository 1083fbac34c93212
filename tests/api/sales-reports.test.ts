import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { businessDayOf } from '../../domain/rules/dates';
import { PERIOD_OUT_OF_ORDER } from '../../domain/query-params';
import { STALE_FOLLOWUP_DAYS, UNANSWERED_QUOTATION_DAYS, type MissedOpportunityPage, type SalesAnalysis } from '../../domain/sales-dashboard';
import { quotations } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { dayAfter, makeLeadWith, makeRemark, noonOn } from '../support/factories-leads';
import { makeCustomer, makeQuotation, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const today = businessDayOf(new Date());

async function get<T>(username: string, url: string): Promise<T> {
  const res = await (await as(username)).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Ravi: a lead whose follow-up passed STALE_FOLLOWUP_DAYS ago untouched (Stale Co, 5000.00), one
 * whose follow-up passed as long ago but got a remark after (Kept Co), one only 2 days late
 * (Recent Co), a lost lead (Lost Co, 700.00); a quotation sent UNANSWERED_QUOTATION_DAYS ago
 * (Orbit, 118.00), one sent yesterday. Meera: a rejected quotation (Lumen, 236.00).
 */
async function slipping() {
  const ravi = await userId(db(), 'sales.exec');
  const meera = await userId(db(), 'sales.senior');
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail' });
  const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
  const staleDay = dayAfter(today, -STALE_FOLLOWUP_DAYS);
  const stale = await makeLeadWith(db(), ravi, { company: 'Stale Co', requirement: 'Trays', stage: 'followup', potential: '5000.00', followup_date: staleDay });
  const kept = await makeLeadWith(db(), ravi, { company: 'Kept Co', stage: 'followup', followup_date: staleDay });
  await makeRemark(db(), kept.id, { at: noonOn(dayAfter(staleDay, 1)) });
  await makeLeadWith(db(), ravi, { company: 'Recent Co', stage: 'new', followup_date: dayAfter(today, -2) });
  const lost = await makeLeadWith(db(), ravi, { company: 'Lost Co', requirement: 'Mirrors', stage: 'lost', potential: '700.00' });
  const sentDay = dayAfter(today, -UNANSWERED_QUOTATION_DAYS);
  const unanswered = await makeQuotation(db(), { sales_exec: ravi, customer: orbit.id, status: 'sent', sent_at: noonOn(sentDay) });
  await db().update(quotations).set({ lead: stale.id }).where(eq(quotations.id, unanswered.id));
  await makeQuotation(db(), { sales_exec: ravi, customer: orbit.id, status: 'sent', sent_at: noonOn(dayAfter(today, -1)) });
  const rejected = await makeQuotation(db(), { sales_exec: meera, customer: lumen.id, status: 'rejected', sent_at: noonOn(sentDay), items: [{ quantity: '2', unit_price: '100.00' }] });
  return { ravi, meera, stale, lost, unanswered, rejected, staleDay, sentDay };
}

describe('missed SRP opportunities (GET /reports/sales/missed_srp_opportunities/)', () => {
  it('lists stale and lost leads, unanswered and rejected quotations, newest slip first, with their value and the figures per kind', async () => {
    const { ravi, meera, stale, lost, unanswered, rejected, staleDay, sentDay } = await slipping();
    const page = await get<MissedOpportunityPage>('sales.manager', API.salesReports.missedSrpOpportunities);
    expect(page.results).toEqual([
      { kind: 'lost_lead', id: lost.id, company: 'Lost Co', number: null, requirement: 'Mirrors', sales_exec: ravi, sales_exec_name: 'Ravi Kumar', value: '700.00', since: today, days: 0 },
      { kind: 'rejected_quotation', id: rejected.id, company: 'Lumen Opticals', number: rejected.number, requirement: null, sales_exec: meera, sales_exec_name: 'Meera Iyer', value: '236.00', since: today, days: 0 },
      { kind: 'stale_lead', id: stale.id, company: 'Stale Co', number: null, requirement: 'Trays', sales_exec: ravi, sales_exec_name: 'Ravi Kumar', value: '5000.00', since: staleDay, days: STALE_FOLLOWUP_DAYS },
      { kind: 'unanswered_quotation', id: unanswered.id, company: 'Orbit Retail', number: unanswered.number, requirement: 'Trays', sales_exec: ravi, sales_exec_name: 'Ravi Kumar', value: '118.00', since: sentDay, days: UNANSWERED_QUOTATION_DAYS },
    ]);
    expect(page).toMatchObject({ count: 4, value: '6054.00', next: null, previous: null });
    expect(page.by_kind).toEqual([
      { kind: 'stale_lead', label: 'Follow-up missed', count: 1, value: '5000.00' },
      { kind: 'lost_lead', label: 'Lead lost', count: 1, value: '700.00' },
      { kind: 'unanswered_quotation', label: 'Quotation unanswered', count: 1, value: '118.00' },
      { kind: 'rejected_quotation', label: 'Quotation rejected', count: 1, value: '236.00' },
    ]);
  });

  it('filters by executive, kind and the day it slipped, and pages', async () => {
    const { meera, stale, unanswered } = await slipping();
    const manager = 'sales.manager';
    const ofMeera = await get<MissedOpportunityPage>(manager, `${API.salesReports.missedSrpOpportunities}?sales_exec=${meera}`);
    expect(ofMeera.results.map((r) => r.kind)).toEqual(['rejected_quotation']);
    const staleOnly = await get<MissedOpportunityPage>(manager, `${API.salesReports.missedSrpOpportunities}?kind=stale_lead`);
    expect(staleOnly.results.map((r) => r.id)).toEqual([stale.id]);
    expect(staleOnly.by_kind.map((k) => k.count)).toEqual([1, 1, 1, 1]);
    const older = await get<MissedOpportunityPage>(manager, `${API.salesReports.missedSrpOpportunities}?end_date=${dayAfter(today, -1)}`);
    expect(older.results.map((r) => r.id)).toEqual([stale.id, unanswered.id]);
    const first = await get<MissedOpportunityPage>(manager, `${API.salesReports.missedSrpOpportunities}?page_size=3`);
    expect(first).toMatchObject({ count: 4, value: '6054.00', previous: null });
    expect(first.results).toHaveLength(3);
    expect(first.next).toBe(`/api/v1${API.salesReports.missedSrpOpportunities}?page_size=3&page=2`);
    const second = await get<MissedOpportunityPage>(manager, `${API.salesReports.missedSrpOpportunities}?page_size=3&page=2`);
    expect(second.results.map((r) => r.id)).toEqual([unanswered.id]);
  });

  it("never shows a sales executive another executive's opportunities, even when asked by id", async () => {
    const { meera } = await slipping();
    const mine = await get<MissedOpportunityPage>('sales.exec', API.salesReports.missedSrpOpportunities);
    expect(mine.results.map((r) => r.sales_exec_name)).toEqual(['Ravi Kumar', 'Ravi Kumar', 'Ravi Kumar']);
    expect(mine.by_kind.find((k) => k.kind === 'rejected_quotation')).toMatchObject({ count: 0, value: '0.00' });
    const asked = await get<MissedOpportunityPage>('sales.exec', `${API.salesReports.missedSrpOpportunities}?sales_exec=${meera}`);
    expect(asked).toMatchObject({ count: 0, value: '0.00', results: [] });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const exec = await as('sales.exec');
    const bad = async (query: string) => {
      const res = await exec.get(`${API.salesReports.missedSrpOpportunities}?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json() as Record<string, string[]>;
    };
    expect(await bad('kind=late')).toHaveProperty('kind');
    expect(await bad('sales_exec=abc')).toEqual({ sales_exec: ['A valid integer is required.'] });
    expect(await bad('start_date=2026-02-30')).toHaveProperty('start_date');
    expect(await bad('start_date=2026-03-02&end_date=2026-03-01')).toEqual({ end_date: [PERIOD_OUT_OF_ORDER] });
    expect(await bad('page=0')).toHaveProperty('page');
    expect((await exec.get(`${API.salesReports.missedSrpOpportunities}?page=9`)).statusCode).toBe(404);
  });
});

/**
 * In March 2025. Ravi: leads L1 (Trays, Indiamart, quoted, ordered), L2 (Trays, Self, quoted),
 * L3 (Mirrors, Self, converted), L4 in April (outside). Quotations: Q1 for L1 (Orbit, 118.00,
 * accepted), Q2 for L2 (Orbit, 118.00, sent), order from Q1 (Orbit, 1000.00). Meera: lead M1
 * (Acrylic, Indiamart), quotation Q3 (Lumen, 236.00, sent, no lead), an order she took
 * (Lumen, 300.00), a cancelled order.
 */
async function march() {
  const ravi = await userId(db(), 'sales.exec');
  const meera = await userId(db(), 'sales.senior');
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail' });
  const lumen = await makeCustomer(db(), { name: 'Lumen Opticals' });
  const l1 = await makeLeadWith(db(), ravi, { company: 'L1', requirement: 'Trays', source: 'Indiamart', potential: '1000.00', at: noonOn('2025-03-03') });
  const l2 = await makeLeadWith(db(), ravi, { company: 'L2', requirement: 'Trays', source: 'Self', potential: '500.50', at: noonOn('2025-03-04') });
  await makeLeadWith(db(), ravi, { company: 'L3', requirement: 'Mirrors', source: 'Self', stage: 'converted', at: noonOn('2025-03-05') });
  await makeLeadWith(db(), ravi, { company: 'L4', requirement: 'Trays', at: noonOn('2025-04-02') });
  await makeLeadWith(db(), meera, { company: 'M1', requirement: 'Acrylic', source: 'Indiamart', at: noonOn('2025-03-06') });
  const q1 = await makeQuotation(db(), { sales_exec: ravi, customer: orbit.id, status: 'accepted', quotation_date: '2025-03-10' });
  const q2 = await makeQuotation(db(), { sales_exec: ravi, customer: orbit.id, status: 'sent', quotation_date: '2025-03-11' });
  await db().update(quotations).set({ lead: l1.id }).where(eq(quotations.id, q1.id));
  await db().update(quotations).set({ lead: l2.id }).where(eq(quotations.id, q2.id));
  await makeQuotation(db(), { sales_exec: meera, customer: lumen.id, status: 'sent', quotation_date: '2025-03-12', items: [{ quantity: '2', unit_price: '100.00' }] });
  await makeSalesOrder(db(), { customer: orbit.id, quotation: q1.id, status: 'accepted', order_date: '2025-03-15', items: [{ quantity: '1', unit_price: '1000.00' }] });
  await makeSalesOrder(db(), { customer: lumen.id, created_by: meera, status: 'draft', order_date: '2025-03-20', items: [{ quantity: '3', unit_price: '100.00' }] });
  await makeSalesOrder(db(), { customer: lumen.id, created_by: meera, status: 'cancelled', order_date: '2025-03-20', items: [{ quantity: '1', unit_price: '900.00' }] });
  return { ravi, meera, orbit, lumen };
}
const MARCH = '?start_date=2025-03-01&end_date=2025-03-31';
const leadsOf = (rows: SalesAnalysis['by_requirement'], requirement: string) => rows.find((r) => r.requirement === requirement);

describe('the sales analysis (GET /reports/sales/sales_analysis/)', () => {
  it('gives the funnel lead → quotation → order with exact conversion rates, and quotations that became orders', async () => {
    await march();
    const all = await get<SalesAnalysis>('management', `${API.salesReports.analysis}${MARCH}`);
    expect(all).toMatchObject({ start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(all.funnel).toEqual({ leads: 4, quoted: 2, ordered: 1, lead_to_quotation: '50.00', quotation_to_order: '50.00', lead_to_order: '25.00' });
    expect(all).toMatchObject({ quotations_sent: 3, quotations_ordered: 1, quotation_success_rate: '33.33' });
  });

  it('breaks the period down by executive, customer, requirement, source and month', async () => {
    const { ravi, meera, orbit, lumen } = await march();
    const all = await get<SalesAnalysis>('sales.manager', `${API.salesReports.analysis}${MARCH}`);
    expect(all.by_executive).toEqual([
      { id: meera, name: 'Meera Iyer', leads: 1, converted: 0, potential: '0.00', quotations: 1, quotations_value: '236.00', orders: 1, orders_value: '300.00', lead_to_order: '0.00' },
      { id: ravi, name: 'Ravi Kumar', leads: 3, converted: 1, potential: '1500.50', quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '1000.00', lead_to_order: '33.33' },
    ]);
    expect(all.by_customer).toEqual([
      { id: orbit.id, name: 'Orbit Retail', quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '1000.00' },
      { id: lumen.id, name: 'Lumen Opticals', quotations: 1, quotations_value: '236.00', orders: 1, orders_value: '300.00' },
    ]);
    expect(leadsOf(all.by_requirement, 'Trays')).toEqual({ requirement: 'Trays', leads: 2, converted: 0, potential: '1500.50' });
    expect(leadsOf(all.by_requirement, 'Rods')).toEqual({ requirement: 'Rods', leads: 0, converted: 0, potential: '0.00' });
    expect(all.by_source.find((s) => s.source === 'Indiamart')).toEqual({ source: 'Indiamart', leads: 2, converted: 0, potential: '1000.00' });
    expect(all.by_source.map((s) => s.source)).not.toContain('All');
    expect(all.by_month).toEqual([{ month: '2025-03', leads: 4, quotations: 3, quotations_value: '472.00', orders: 2, orders_value: '1300.00' }]);
    const spring = await get<SalesAnalysis>('sales.manager', `${API.salesReports.analysis}?start_date=2025-03-01&end_date=2025-04-30`);
    expect(spring.by_month.map((m) => [m.month, m.leads])).toEqual([
      ['2025-03', 4],
      ['2025-04', 1],
    ]);
  });

  it('without a period covers the last 12 calendar months up to today', async () => {
    const analysis = await get<SalesAnalysis>('sales.manager', API.salesReports.analysis);
    expect(analysis.end_date).toBe(today);
    expect(analysis.by_month).toHaveLength(12);
    expect(analysis.by_month.at(-1)!.month).toBe(today.slice(0, 7));
    expect(analysis.funnel).toEqual({ leads: 0, quoted: 0, ordered: 0, lead_to_quotation: null, quotation_to_order: null, lead_to_order: null });
  });

  it("gives a sales executive their own figures only, even when asked for a colleague's", async () => {
    const { ravi, meera } = await march();
    const mine = await get<SalesAnalysis>('sales.exec', `${API.salesReports.analysis}${MARCH}`);
    expect(mine.by_executive.map((r) => r.id)).toEqual([ravi]);
    expect(mine.funnel).toMatchObject({ leads: 3, quoted: 2, ordered: 1 });
    expect(mine.by_customer.map((c) => c.name)).toEqual(['Orbit Retail']);
    expect(mine.by_month[0]).toEqual({ month: '2025-03', leads: 3, quotations: 2, quotations_value: '236.00', orders: 1, orders_value: '1000.00' });
    const asked = await get<SalesAnalysis>('sales.exec', `${API.salesReports.analysis}${MARCH}&sales_exec=${meera}`);
    expect(asked.by_executive).toEqual([]);
    expect(asked.by_customer).toEqual([]);
    const managerAsks = await get<SalesAnalysis>('sales.manager', `${API.salesReports.analysis}${MARCH}&sales_exec=${meera}`);
    expect(managerAsks.by_executive.map((r) => r.id)).toEqual([meera]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const exec = await as('sales.exec');
    const res = await exec.get(`${API.salesReports.analysis}?start_date=2025-03-02&end_date=2025-03-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ end_date: [PERIOD_OUT_OF_ORDER] });
    expect((await exec.get(`${API.salesReports.analysis}?start_date=01-03-2025`)).json()).toHaveProperty('start_date');
    expect((await exec.get(`${API.salesReports.analysis}?sales_exec=0`)).json()).toHaveProperty('sales_exec');
    expect((await exec.get(`${API.salesReports.analysis}?group=month`)).statusCode).toBe(400);
  });

  it('missed SRP opportunities are for sales and management, the sales analysis for accounts too', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.salesReports.analysis, permission: 'sales.analysis' },
      { method: 'GET', url: API.salesReports.missedSrpOpportunities, permission: 'sales.reports' },
    ]);
  });
});
