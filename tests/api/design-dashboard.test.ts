import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import type { DesignDashboard } from '../../domain/design-dashboard';
import { jobOrderLabel } from '../../domain/job-order';
import { businessDayOf } from '../../domain/rules/dates';
import { estimations, jobOrders } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { dayAfter } from '../support/factories-leads';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeCustomer, makeLead, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

const today = businessDayOf(new Date());
/** Monday of today's ISO week, as the company counts days. */
const weekStart = dayAfter(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
/** An instant of a business day at hh:mm in India (UTC+5:30). */
const indiaTime = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`).toISOString();

async function dashboard(username = 'design'): Promise<DesignDashboard> {
  const res = await (await as(username)).get(API.dashboard.design);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type EstimationValues = Partial<typeof estimations.$inferInsert> & { title: string };
async function makeEstimation(database: Db, values: EstimationValues) {
  const [row] = await database
    .insert(estimations)
    .values({ estimation_date: '2026-11-02', created_by: await userId(database, 'design'), ...values })
    .returning();
  return row!;
}

async function jobAt(database: Db, bucket: 'Design' | 'Sales' | 'Production', values: { customer: number; due?: string | null; status?: 'Created' | 'in-process' | 'closed'; cancelled?: boolean }) {
  const order = values.due === undefined ? null : await makeSalesOrder(database, { customer: values.customer, expected_delivery_date: values.due });
  const job = await makeJobOrder(database, { customer: values.customer, status: values.status ?? 'Created', cancelled: values.cancelled, closed: values.status === 'closed' });
  const [row] = await database.update(jobOrders).set({ bucket, sales_order: order?.id ?? null }).where(eq(jobOrders.id, job.id)).returning();
  return row!;
}

describe('design-home figures', () => {
  it('counts the estimations waiting for approval and in costing, newest first, and those approved this week', async () => {
    const orbit = await makeCustomer(db(), { name: 'Orbit Retail' });
    const lead = await makeLead(db(), await userId(db(), 'sales.exec'), { company: 'Lumen Opticals' });
    const manager = await userId(db(), 'management');
    const older = await makeEstimation(db(), { title: 'Display wall', customer: orbit.id, status: 'submitted', total_cost: '12500.50', submitted_at: indiaTime(dayAfter(today, -2), '10:00') });
    const newer = await makeEstimation(db(), { title: 'Mirror frames', lead: lead.id, status: 'submitted', total_cost: '800', submitted_at: indiaTime(today, '09:00') });
    await makeEstimation(db(), { title: 'Deleted one', customer: orbit.id, status: 'submitted', submitted_at: indiaTime(today, '09:30'), deleted_at: indiaTime(today, '09:40') });
    const draft = await makeEstimation(db(), { title: 'Acrylic trays', customer: orbit.id });
    // Approved on Monday five minutes past midnight in India (still Sunday in UTC), and just before: only the first is this week's.
    await makeEstimation(db(), { title: 'Approved Monday', customer: orbit.id, status: 'approved', approved_by: manager, approved_at: indiaTime(weekStart, '00:05') });
    await makeEstimation(db(), { title: 'Approved Sunday', customer: orbit.id, status: 'approved', approved_by: manager, approved_at: indiaTime(dayAfter(weekStart, -1), '23:55') });
    await makeEstimation(db(), { title: 'Quoted today', customer: orbit.id, status: 'quoted', approved_by: manager, approved_at: indiaTime(today, '00:30') });

    const figures = await dashboard();
    expect(figures.today).toBe(today);
    expect(figures.week_start).toBe(weekStart);
    expect(figures.awaiting_approval.count).toBe(2);
    expect(figures.awaiting_approval.results.map((e) => [e.id, e.title, e.party_name, e.total_cost])).toEqual([
      [newer.id, 'Mirror frames', 'Lumen Opticals', '800.00'],
      [older.id, 'Display wall', 'Orbit Retail', '12500.50'],
    ]);
    expect(figures.in_costing).toMatchObject({ count: 1, results: [{ id: draft.id, title: 'Acrylic trays', status: 'draft', submitted_at: null }] });
    expect(figures.approved_this_week).toEqual({ count: 2 });
  });

  it('lists the job orders waiting in the Design bucket, soonest due first, the overdue marked and those with no due date last', async () => {
    const customer = await makeCustomer(db(), { name: 'Orbit Retail' });
    const late = await jobAt(db(), 'Design', { customer: customer.id, due: dayAfter(today, -3) });
    const undated = await jobAt(db(), 'Design', { customer: customer.id });
    const dueToday = await jobAt(db(), 'Design', { customer: customer.id, due: today, status: 'in-process' });
    const later = await jobAt(db(), 'Design', { customer: customer.id, due: dayAfter(today, 10) });
    await jobAt(db(), 'Design', { customer: customer.id, due: dayAfter(today, -9), cancelled: true });
    await jobAt(db(), 'Design', { customer: customer.id, due: dayAfter(today, -9), status: 'closed' });
    await jobAt(db(), 'Production', { customer: customer.id, due: dayAfter(today, -9) });
    await jobAt(db(), 'Sales', { customer: customer.id, due: dayAfter(today, -9) });

    const { jobs_waiting } = await dashboard();
    expect(jobs_waiting.count).toBe(4);
    expect(jobs_waiting.overdue).toBe(1);
    expect(jobs_waiting.results.map((j) => [j.id, j.due_date, j.overdue, j.customer_name])).toEqual([
      [late.id, dayAfter(today, -3), true, 'Orbit Retail'],
      [dueToday.id, today, false, 'Orbit Retail'],
      [later.id, dayAfter(today, 10), false, 'Orbit Retail'],
      [undated.id, null, false, 'Orbit Retail'],
    ]);
    expect(jobs_waiting.results[0]!.label).toBe(jobOrderLabel(late));
    expect(jobs_waiting.results[1]!.status).toBe('in-process');
  });

  it('answers zeros and empty lists with nothing to show', async () => {
    const figures = await dashboard('management');
    expect(figures.awaiting_approval).toEqual({ count: 0, results: [] });
    expect(figures.in_costing).toEqual({ count: 0, results: [] });
    expect(figures.approved_this_week).toEqual({ count: 0 });
    expect(figures.jobs_waiting).toEqual({ count: 0, overdue: 0, results: [] });
  });

  it('opens to design and management only, and refuses a query it does not know', async () => {
    await expectAccessMatrix(app(), [{ method: 'GET', url: API.dashboard.design, permission: 'dashboard.design' }]);
    const res = await (await as('design')).get(`${API.dashboard.design}?week=2`);
    expect(res.statusCode).toBe(400);
  });
});
