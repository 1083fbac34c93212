import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { LEAD_REQUIREMENTS } from '../../domain/lead';
import { PERIOD_OUT_OF_ORDER } from '../../domain/query-params';
import { leads } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { dayAfter, makeLeadWith, makeRemark, noonOn } from '../support/factories-leads';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';
import { businessDayOf } from '../../domain/rules/dates';

const { app, as, db } = useTestServer();
const MARCH = '?start_date=2025-03-01&end_date=2025-03-31';
const none = { new: 0, followup: 0, negotiation: 0, converted: 0, lost: 0 };

/**
 * Ravi (sales.exec): L1 Trays new hot 1000.50 (follow-up 10 Mar, remark that day: kept), L2 Trays
 * converted warm 2000.00 (Orbit Retail, a remark), L3 Mirrors lost cold 500.00 (follow-up 8 Mar,
 * remark the day before: missed), L5 Acrylic converted warm 0, L4 Displays in April (outside
 * March), a deleted converted lead. Meera (sales.senior): S1 Trays converted hot 3000.00 (Lumen),
 * S2 Trays lost hot 100.00, S3 Trays negotiation warm 250.25 (follow-up a month ahead).
 */
async function pipeline() {
  const ravi = await userId(db(), 'sales.exec');
  const meera = await userId(db(), 'sales.senior');
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail' });
  const lumen = await makeCustomer(db(), { name: 'Lumen' });
  const l1 = await makeLeadWith(db(), ravi, { company: 'L1', requirement: 'Trays', stage: 'new', status: 'hot', potential: '1000.50', at: noonOn('2025-03-05'), followup_date: '2025-03-10' });
  const l2 = await makeLeadWith(db(), ravi, { company: 'L2', requirement: 'Trays', stage: 'converted', status: 'warm', potential: '2000.00', at: noonOn('2025-03-06'), customer: orbit.id });
  const l3 = await makeLeadWith(db(), ravi, { company: 'L3', requirement: 'Mirrors', stage: 'lost', status: 'cold', potential: '500.00', at: noonOn('2025-03-07'), followup_date: '2025-03-08' });
  const l4 = await makeLeadWith(db(), ravi, { company: 'L4', requirement: 'Displays', stage: 'followup', status: 'warm', at: noonOn('2025-04-01') });
  const l5 = await makeLeadWith(db(), ravi, { company: 'L5', requirement: 'Acrylic', stage: 'converted', status: 'warm', at: noonOn('2025-03-08') });
  const gone = await makeLeadWith(db(), ravi, { company: 'Gone', requirement: 'Trays', stage: 'converted', potential: '9999.00', at: noonOn('2025-03-05') });
  await db().update(leads).set({ deleted_at: new Date().toISOString() }).where(eq(leads.id, gone.id));
  const s1 = await makeLeadWith(db(), meera, { company: 'S1', requirement: 'Trays', stage: 'converted', status: 'hot', potential: '3000.00', at: noonOn('2025-03-10'), customer: lumen.id });
  await makeLeadWith(db(), meera, { company: 'S2', requirement: 'Trays', stage: 'lost', status: 'hot', potential: '100.00', at: noonOn('2025-03-11') });
  await makeLeadWith(db(), meera, { company: 'S3', requirement: 'Trays', stage: 'negotiation', status: 'warm', potential: '250.25', at: noonOn('2025-03-12'), followup_date: dayAfter(businessDayOf(new Date()), 30) });
  await makeRemark(db(), l1.id, { at: noonOn('2025-03-10') });
  await makeRemark(db(), l2.id, { at: noonOn('2025-03-07') });
  await makeRemark(db(), l3.id, { at: noonOn('2025-03-07') });
  return { ravi, meera, orbit, lumen, l1, l2, l3, l4, l5, s1 };
}

const summaryOf = (figures: Record<string, [number, string]>) =>
  LEAD_REQUIREMENTS.map(({ value }) => ({ requirement: value, count: figures[value]?.[0] ?? 0, potential: figures[value]?.[1] ?? '0.00' }));

describe('the lead reports', () => {
  it('requirement_summary/: count and potential per requirement, every requirement listed', async () => {
    await pipeline();
    const manager = await as('sales.manager');
    expect((await manager.get(`${API.leads.reports.requirementSummary}${MARCH}`)).json()).toEqual(summaryOf({ Acrylic: [1, '0.00'], Trays: [5, '6350.75'], Mirrors: [1, '500.00'] }));
    expect((await manager.get(API.leads.reports.requirementSummary)).json()).toEqual(summaryOf({ Acrylic: [1, '0.00'], Trays: [5, '6350.75'], Mirrors: [1, '500.00'], Displays: [1, '0.00'] }));
    expect((await (await as('sales.exec')).get(`${API.leads.reports.requirementSummary}${MARCH}`)).json()).toEqual(summaryOf({ Acrylic: [1, '0.00'], Trays: [2, '3000.50'], Mirrors: [1, '500.00'] }));
  });

  it('requirements_based_leads_breakup/: requirement × stage', async () => {
    await pipeline();
    const rows = (await (await as('management')).get(`${API.leads.reports.requirementsBreakup}${MARCH}`)).json() as { requirement: string }[];
    expect(rows.find((r) => r.requirement === 'Trays')).toEqual({ requirement: 'Trays', stages: { new: 1, followup: 0, negotiation: 1, converted: 2, lost: 1 }, total: 5 });
    expect(rows.find((r) => r.requirement === 'Mirrors')).toEqual({ requirement: 'Mirrors', stages: { ...none, lost: 1 }, total: 1 });
    expect(rows.find((r) => r.requirement === 'Rods')).toEqual({ requirement: 'Rods', stages: none, total: 0 });
    const mine = (await (await as('sales.exec')).get(`${API.leads.reports.requirementsBreakup}${MARCH}`)).json() as { requirement: string }[];
    expect(mine.find((r) => r.requirement === 'Trays')).toEqual({ requirement: 'Trays', stages: { ...none, new: 1, converted: 1 }, total: 2 });
  });

  it('lead_status_consolidated_report/: status × stage with potential', async () => {
    await pipeline();
    expect((await (await as('sales.manager')).get(`${API.leads.reports.statusConsolidated}${MARCH}`)).json()).toEqual([
      { status: 'hot', label: 'Hot', stages: { ...none, new: 1, converted: 1, lost: 1 }, total: 3, potential: '4100.50' },
      { status: 'warm', label: 'Warm', stages: { ...none, negotiation: 1, converted: 2 }, total: 3, potential: '2250.25' },
      { status: 'cold', label: 'Cold', stages: { ...none, lost: 1 }, total: 1, potential: '500.00' },
    ]);
    expect((await (await as('sales.senior')).get(`${API.leads.reports.statusConsolidated}${MARCH}`)).json()).toEqual([
      { status: 'hot', label: 'Hot', stages: { ...none, converted: 1, lost: 1 }, total: 2, potential: '3100.00' },
      { status: 'warm', label: 'Warm', stages: { ...none, negotiation: 1 }, total: 1, potential: '250.25' },
      { status: 'cold', label: 'Cold', stages: none, total: 0, potential: '0.00' },
    ]);
  });

  it('stagewise_report/: per sales executive × stage', async () => {
    const p = await pipeline();
    const meera = { assign_to: p.meera, assign_to_name: 'Meera Iyer', stages: { ...none, negotiation: 1, converted: 1, lost: 1 }, total: 3, potential: '3350.25' };
    const ravi = { assign_to: p.ravi, assign_to_name: 'Ravi Kumar', stages: { ...none, new: 1, converted: 2, lost: 1 }, total: 4, potential: '3500.50' };
    expect((await (await as('sales.manager')).get(`${API.leads.reports.stagewise}${MARCH}`)).json()).toEqual([meera, ravi]);
    expect((await (await as('sales.exec')).get(`${API.leads.reports.stagewise}${MARCH}`)).json()).toEqual([ravi]);
  });

  it('sr_lead_quality_report/: leads, remarks, follow-ups kept and missed, converted, lost', async () => {
    const p = await pipeline();
    const meera = { assign_to: p.meera, assign_to_name: 'Meera Iyer', leads: 3, with_remarks: 0, followups_kept: 0, followups_missed: 0, converted: 1, lost: 1 };
    const ravi = { assign_to: p.ravi, assign_to_name: 'Ravi Kumar', leads: 4, with_remarks: 3, followups_kept: 1, followups_missed: 1, converted: 2, lost: 1 };
    expect((await (await as('management')).get(`${API.leads.reports.quality}${MARCH}`)).json()).toEqual([meera, ravi]);
    expect((await (await as('sales.exec')).get(`${API.leads.reports.quality}${MARCH}`)).json()).toEqual([ravi]);
  });

  it('converted_lead_report/: converted leads of the period, newest first, with their customer', async () => {
    const p = await pipeline();
    const rows = (await (await as('sales.manager')).get(`${API.leads.reports.converted}${MARCH}`)).json();
    expect(rows.map((r: { id: number; customer: number | null; customer_name: string | null; assign_to_name: string }) => [r.id, r.customer, r.customer_name, r.assign_to_name])).toEqual([
      [p.s1.id, p.lumen.id, 'Lumen', 'Meera Iyer'],
      [p.l5.id, null, null, 'Ravi Kumar'],
      [p.l2.id, p.orbit.id, 'Orbit Retail', 'Ravi Kumar'],
    ]);
    expect(rows[0]).toMatchObject({ company: 'S1', requirement: 'Trays', potential: '3000.00' });
    expect((await (await as('sales.exec')).get(`${API.leads.reports.converted}${MARCH}`)).json().map((r: { id: number }) => r.id)).toEqual([p.l5.id, p.l2.id]);
  });

  it('lead_success_ratio_report/: converted ÷ closed per executive, exact to 2 decimals', async () => {
    const p = await pipeline();
    expect((await (await as('sales.manager')).get(`${API.leads.reports.successRatio}${MARCH}`)).json()).toEqual([
      { assign_to: p.meera, assign_to_name: 'Meera Iyer', converted: 1, lost: 1, closed: 2, success_ratio: '50.00' },
      { assign_to: p.ravi, assign_to_name: 'Ravi Kumar', converted: 2, lost: 1, closed: 3, success_ratio: '66.67' },
    ]);
    expect((await (await as('sales.manager')).get(`${API.leads.reports.successRatio}?start_date=2025-04-01`)).json()).toEqual([
      { assign_to: p.ravi, assign_to_name: 'Ravi Kumar', converted: 0, lost: 0, closed: 0, success_ratio: null },
    ]);
  });

  it('conversion_stats/: totals and the conversion rate', async () => {
    await pipeline();
    const manager = await as('sales.manager');
    expect((await manager.get(`${API.leads.reports.conversionStats}${MARCH}`)).json()).toEqual({ leads: 7, open: 2, converted: 3, lost: 2, conversion_rate: '42.86' });
    expect((await manager.get(API.leads.reports.conversionStats)).json()).toEqual({ leads: 8, open: 3, converted: 3, lost: 2, conversion_rate: '37.50' });
    expect((await manager.get(`${API.leads.reports.conversionStats}?start_date=2030-01-01`)).json()).toEqual({ leads: 0, open: 0, converted: 0, lost: 0, conversion_rate: '0.00' });
    expect((await (await as('sales.exec')).get(`${API.leads.reports.conversionStats}${MARCH}`)).json()).toEqual({ leads: 4, open: 1, converted: 2, lost: 1, conversion_rate: '50.00' });
  });

  it('names the field of a bad period on every report', async () => {
    const manager = await as('sales.manager');
    for (const path of Object.values(API.leads.reports)) {
      for (const [query, field] of [['start_date=01-03-2025', 'start_date'], ['end_date=2025-13-01', 'end_date'], ['start_date=2025-03-02&end_date=2025-03-01', 'end_date']] as const) {
        const res = await manager.get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(res.json()), `${path}?${query}`).toEqual([field]);
      }
      expect((await manager.get(`${path}?start_date=2025-03-02&end_date=2025-03-01`)).json()).toEqual({ end_date: [PERIOD_OUT_OF_ORDER] });
    }
  });

  it('answers each demo role as domain/permissions.ts says', async () => {
    await expectAccessMatrix(
      app(),
      Object.values(API.leads.reports).map((url) => ({ method: 'GET' as const, url, permission: 'leads.read' as const })),
    );
  });
});
