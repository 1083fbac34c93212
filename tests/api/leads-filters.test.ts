import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { businessDayOf } from '../../domain/rules/dates';
import { LEAD_FILTERS, matchesLeadFilter, type Lead, type LeadFilter } from '../../domain/lead';
import { PERIOD_OUT_OF_ORDER } from '../../domain/query-params';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { dayAfter, makeLeadWith, makeRemark, noonOn } from '../support/factories-leads';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const ids = (page: { results: { id: number }[] }) => page.results.map((l) => l.id).sort((a, b) => a - b);

/** One lead per case of the display filters (business-areas.md §4), the executive's, and one of a colleague. */
async function board() {
  const exec = await userId(db(), 'sales.exec');
  const senior = await userId(db(), 'sales.senior');
  const today = businessDayOf(new Date());
  const yesterday = dayAfter(today, -1);
  const tomorrow = dayAfter(today, 1);
  const old = noonOn(dayAfter(today, -3));
  const a = await makeLeadWith(db(), exec, { company: 'A followup today', stage: 'new', followup_date: today, requirement: 'Trays', source: 'Indiamart' });
  const b = await makeLeadWith(db(), exec, { company: 'B missed', stage: 'followup', followup_date: yesterday, at: old, status: 'hot', lead_type: 'Corporate' });
  const c = await makeLeadWith(db(), exec, { company: 'C untouched', stage: 'negotiation', followup_date: tomorrow, at: old });
  const d = await makeLeadWith(db(), exec, { company: 'D lost untouched', stage: 'lost', followup_date: yesterday, at: old });
  const e = await makeLeadWith(db(), exec, { company: 'E converted', stage: 'converted', followup_date: today });
  const f = await makeLeadWith(db(), exec, { company: 'F open, no follow-up', stage: 'new', at: old });
  const g = await makeLeadWith(db(), senior, { company: 'G colleague today', stage: 'new', followup_date: today });
  await makeRemark(db(), b.id);
  await makeRemark(db(), e.id);
  await makeRemark(db(), f.id);
  return { exec, senior, today, yesterday, tomorrow, a, b, c, d, e, f, g, remarked: new Set([b.id, e.id, f.id]) };
}

describe('the display filters (filter_leads/?filter=)', () => {
  it('shows each filter its leads, Open by default, as the table says', async () => {
    const p = await board();
    const exec = await as('sales.exec');
    const expected: Record<LeadFilter, number[]> = {
      todays: [p.a.id],
      missed: [p.b.id],
      open: [p.a.id, p.b.id, p.c.id, p.f.id],
      not_actioned: [p.c.id, p.d.id],
    };
    for (const [filter, leads] of Object.entries(expected)) expect(ids((await exec.get(`${API.leads.filter}?filter=${filter}`)).json()), filter).toEqual(leads);
    expect(ids((await exec.get(API.leads.filter)).json())).toEqual(expected.open);
    expect(ids((await (await as('sales.manager')).get(`${API.leads.filter}?filter=todays`)).json())).toEqual([p.a.id, p.g.id]);
  });

  it('agrees with matchesLeadFilter, the device’s rule, on every lead and filter', async () => {
    const p = await board();
    const manager = await as('sales.manager');
    const all = (await manager.get(`${API.leads.list}?page_size=100`)).json().results as Lead[];
    expect(all).toHaveLength(7);
    for (const { value: filter } of LEAD_FILTERS) {
      const onDevice = all.filter((lead) => matchesLeadFilter(lead, filter, p.today, p.remarked.has(lead.id))).map((l) => l.id).sort((x, y) => x - y);
      expect(ids((await manager.get(`${API.leads.filter}?filter=${filter}&page_size=100`)).json()), filter).toEqual(onDevice);
    }
  });
});

describe('filter_leads/ filters', () => {
  it('narrows by stage, source, requirement, type, status, assignee, follow-up and created days, and search', async () => {
    const p = await board();
    const manager = await as('sales.manager');
    const cases: [string, number[]][] = [
      ['filter=open&stage=followup', [p.b.id]],
      ['filter=open&source=All', [p.a.id, p.b.id, p.c.id, p.f.id, p.g.id]],
      ['filter=open&source=Indiamart', [p.a.id]],
      ['filter=open&requirement=Trays', [p.a.id]],
      ['filter=open&lead_type=Corporate', [p.b.id]],
      ['filter=open&status=hot', [p.b.id]],
      [`filter=open&assign_to=${p.senior}`, [p.g.id]],
      [`filter=open&followup_from=${p.today}&followup_to=${p.tomorrow}`, [p.a.id, p.c.id, p.g.id]],
      [`filter=open&followup_to=${p.yesterday}`, [p.b.id]],
      [`filter=open&created_from=${p.today}`, [p.a.id, p.g.id]],
      [`filter=open&created_to=${p.yesterday}`, [p.b.id, p.c.id, p.f.id]],
      ['filter=not_actioned&search=lost', [p.d.id]],
    ];
    for (const [query, expected] of cases) expect(ids((await manager.get(`${API.leads.filter}?${query}`)).json()), query).toEqual(expected);
  });

  it("never widens a sales executive's view", async () => {
    const p = await board();
    const exec = await as('sales.exec');
    for (const query of [`assign_to=${p.senior}`, `assign_to=${p.senior}&filter=todays`, 'search=colleague']) {
      expect((await exec.get(`${API.leads.filter}?${query}`)).json().count, query).toBe(0);
    }
  });

  it('names the field of bad input, periods in order', async () => {
    const p = await board();
    const exec = await as('sales.exec');
    const cases: [string, string][] = [
      ['filter=all', 'filter'],
      ['filter=Todays', 'filter'],
      ['stage=won', 'stage'],
      ['source=Twitter', 'source'],
      ['followup_from=31-12-2025', 'followup_from'],
      ['created_to=2025-02-30', 'created_to'],
      [`followup_from=${p.tomorrow}&followup_to=${p.today}`, 'followup_to'],
      [`created_from=${p.today}&created_to=${p.yesterday}`, 'created_to'],
      ['priority=high', 'non_field_errors'],
    ];
    for (const [query, field] of cases) {
      const res = await exec.get(`${API.leads.filter}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    expect((await exec.get(`${API.leads.filter}?created_from=${p.today}&created_to=${p.yesterday}`)).json()).toEqual({ created_to: [PERIOD_OUT_OF_ORDER] });
  });
});

describe('sales_exec_leads/', () => {
  it("answers one executive's leads: the caller's by default; an executive never another's", async () => {
    const p = await board();
    const mine = [p.a.id, p.b.id, p.c.id, p.d.id, p.e.id, p.f.id];
    const exec = await as('sales.exec');
    expect(ids((await exec.get(`${API.leads.salesExecLeads}?page_size=50`)).json())).toEqual(mine);
    expect(ids((await exec.get(`${API.leads.salesExecLeads}?assign_to=${p.exec}&page_size=50`)).json())).toEqual(mine);
    expect((await exec.get(`${API.leads.salesExecLeads}?assign_to=${p.senior}`)).json().count).toBe(0);
    const manager = await as('sales.manager');
    expect(ids((await manager.get(`${API.leads.salesExecLeads}?assign_to=${p.senior}`)).json())).toEqual([p.g.id]);
    expect((await manager.get(API.leads.salesExecLeads)).json().count).toBe(0);
    expect(Object.keys((await manager.get(`${API.leads.salesExecLeads}?assign_to=abc`)).json())).toEqual(['assign_to']);
  });
});

describe('who may read the filtered lists', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.leads.filter, permission: 'leads.read' },
      { method: 'GET', url: API.leads.salesExecLeads, permission: 'leads.read' },
    ]);
  });
});
