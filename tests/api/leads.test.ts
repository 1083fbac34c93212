import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { userId } from '../support/factories';
import { makeLead } from '../support/factories-sales';
import { expectAccessMatrix } from '../support/access';

const { app, as, db } = useTestServer();
const ids = (body: { results: { id: number }[] }) => body.results.map((l) => l.id).sort((a, b) => a - b);

/** Two leads for each sales executive and one for the manager. */
async function pipeline() {
  const exec = await userId(db(), 'sales.exec');
  const senior = await userId(db(), 'sales.senior');
  const manager = await userId(db(), 'sales.manager');
  const execTrays = await makeLead(db(), exec, { company: 'Tray World', contact_person: 'Anita', contact_number: '9876512345', location: 'Pune', requirement: 'Trays', source: 'Indiamart', followup_date: '2025-03-10' });
  const execMirrors = await makeLead(db(), exec, { company: 'Mirror House', stage: 'followup', requirement: 'Mirrors', lead_type: 'Wholesale', source: 'Linkedin', followup_date: '2025-03-01' });
  const seniorDisplays = await makeLead(db(), senior, { company: 'Display Hub', stage: 'negotiation', requirement: 'Displays', lead_type: 'Corporate', location: 'Chennai' });
  const seniorLost = await makeLead(db(), senior, { company: 'Rod Masters', stage: 'lost', requirement: 'Rods' });
  const managerLead = await makeLead(db(), manager, { company: 'Acrylic Art', source: 'Exhibitions' });
  return { exec, senior, manager, execTrays, execMirrors, seniorDisplays, seniorLost, managerLead };
}

describe('the lead row rule (business-areas.md §6)', () => {
  it('gives a sales executive only the leads assigned to them, on list, detail and delta', async () => {
    const p = await pipeline();
    const exec = await as('sales.exec');
    expect(ids((await exec.get('/leads/leads/')).json())).toEqual([p.execTrays.id, p.execMirrors.id]);
    expect(ids((await exec.get('/leads/leads/?updated_since=0')).json())).toEqual([p.execTrays.id, p.execMirrors.id]);
    expect((await exec.get(`/leads/leads/${p.execTrays.id}/`)).statusCode).toBe(200);
    expect((await exec.get(`/leads/leads/${p.seniorDisplays.id}/`)).statusCode).toBe(404);
    expect((await exec.get(`/leads/leads/${p.managerLead.id}/`)).statusCode).toBe(404);
  });

  it('gives a senior sales executive only their own leads too', async () => {
    const p = await pipeline();
    const senior = await as('sales.senior');
    expect(ids((await senior.get('/leads/leads/')).json())).toEqual([p.seniorDisplays.id, p.seniorLost.id]);
    expect(ids((await senior.get('/leads/leads/?updated_since=0')).json())).toEqual([p.seniorDisplays.id, p.seniorLost.id]);
    expect((await senior.get(`/leads/leads/${p.execTrays.id}/`)).statusCode).toBe(404);
  });

  it('does not let an executive widen the rule with the assign_to filter', async () => {
    const p = await pipeline();
    const exec = await as('sales.exec');
    expect((await exec.get(`/leads/leads/?assign_to=${p.senior}`)).json().count).toBe(0);
    expect((await exec.get(`/leads/leads/?assign_to=${p.senior}&updated_since=0`)).json().count).toBe(0);
  });

  it('gives the sales manager, management and the superuser every lead', async () => {
    const p = await pipeline();
    const all = [p.execTrays.id, p.execMirrors.id, p.seniorDisplays.id, p.seniorLost.id, p.managerLead.id];
    for (const username of ['sales.manager', 'management', 'admin']) {
      const client = await as(username);
      expect(ids((await client.get('/leads/leads/')).json()), username).toEqual(all);
      expect(ids((await client.get('/leads/leads/?updated_since=0')).json()), username).toEqual(all);
      expect((await client.get(`/leads/leads/${p.execTrays.id}/`)).statusCode, username).toBe(200);
    }
  });

  it('refuses every other department with 403', async () => {
    const p = await pipeline();
    for (const username of ['foreman', 'production', 'stores', 'purchase', 'accounts', 'design', 'dispatch', 'acrylic', 'metal']) {
      const client = await as(username);
      expect((await client.get('/leads/leads/')).statusCode, username).toBe(403);
      expect((await client.get(`/leads/leads/${p.execTrays.id}/`)).statusCode, username).toBe(403);
    }
  });
});

describe('leads list', () => {
  it('pages by 15, newest first by default, with DRF links', async () => {
    const exec = await userId(db(), 'sales.exec');
    const made = [];
    for (let i = 0; i < 17; i++) made.push(await makeLead(db(), exec, { company: `Lead ${i}` }));
    const manager = await as('sales.manager');
    const first = (await manager.get('/leads/leads/')).json();
    expect(first.count).toBe(17);
    expect(first.results).toHaveLength(15);
    expect(first.results[0].id).toBe(made.at(-1)!.id);
    expect(first.results[0].txid).toBeUndefined();
    expect(first.next).toContain('page=2');
    const second = (await manager.get('/leads/leads/?page=2')).json();
    expect(second.results.map((l: { id: number }) => l.id)).toEqual([made[1]!.id, made[0]!.id]);
    const past = await manager.get('/leads/leads/?page=3');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('filters by stage, source, requirement, lead type, status and assignee', async () => {
    const p = await pipeline();
    const manager = await as('sales.manager');
    const cases: [string, number[]][] = [
      ['stage=negotiation', [p.seniorDisplays.id]],
      ['source=Indiamart', [p.execTrays.id]],
      ['source=All', [p.execTrays.id, p.execMirrors.id, p.seniorDisplays.id, p.seniorLost.id, p.managerLead.id]],
      ['requirement=Mirrors', [p.execMirrors.id]],
      ['lead_type=Corporate', [p.seniorDisplays.id]],
      ['status=warm', [p.execTrays.id, p.execMirrors.id, p.seniorDisplays.id, p.seniorLost.id, p.managerLead.id]],
      [`assign_to=${p.senior}`, [p.seniorDisplays.id, p.seniorLost.id]],
      [`assign_to=${p.exec}&stage=followup`, [p.execMirrors.id]],
    ];
    for (const [query, expected] of cases) expect(ids((await manager.get(`/leads/leads/?${query}`)).json()), query).toEqual(expected);
  });

  it('searches company, contact person, contact number and location', async () => {
    const p = await pipeline();
    const manager = await as('management');
    for (const [term, expected] of [['tray', [p.execTrays.id]], ['anita', [p.execTrays.id]], ['98765', [p.execTrays.id]], ['chennai', [p.seniorDisplays.id]]] as const) {
      expect(ids((await manager.get(`/leads/leads/?search=${term}`)).json()), term).toEqual(expected);
    }
  });

  it('orders by follow-up date, creation, company and id', async () => {
    const p = await pipeline();
    const manager = await as('sales.manager');
    const order = async (ordering: string) => (await manager.get(`/leads/leads/?ordering=${ordering}`)).json().results.map((l: { id: number }) => l.id);
    expect((await order('followup_date')).slice(0, 2)).toEqual([p.execMirrors.id, p.execTrays.id]);
    expect(await order('company')).toEqual([p.managerLead.id, p.seniorDisplays.id, p.execMirrors.id, p.seniorLost.id, p.execTrays.id]);
    expect(await order('-company')).toEqual([p.execTrays.id, p.seniorLost.id, p.execMirrors.id, p.seniorDisplays.id, p.managerLead.id]);
    expect(await order('created_at')).toEqual([p.execTrays.id, p.execMirrors.id, p.seniorDisplays.id, p.seniorLost.id, p.managerLead.id]);
    expect(await order('id')).toEqual([p.execTrays.id, p.execMirrors.id, p.seniorDisplays.id, p.seniorLost.id, p.managerLead.id]);
  });
});

describe('a lead in detail', () => {
  it('returns the row with its version as ETag, 404 for unknown ids', async () => {
    const p = await pipeline();
    const exec = await as('sales.exec');
    const res = await exec.get(`/leads/leads/${p.execTrays.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({
      id: p.execTrays.id,
      assign_to: p.exec,
      company: 'Tray World',
      stage: 'new',
      source: 'Indiamart',
      requirement: 'Trays',
      lead_type: 'Retail',
      status: 'warm',
      potential: '0.00',
      followup_date: '2025-03-10',
      deleted_at: null,
      version: 1,
    });
    expect(res.json().txid).toBeUndefined();
    for (const id of ['99999', 'abc', '-1', '0', '1.5']) expect((await exec.get(`/leads/leads/${id}/`)).statusCode, id).toBe(404);
  });
});

describe('who may call the leads endpoints', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const p = await pipeline();
    await expectAccessMatrix(app(), [
      { method: 'GET', url: '/leads/leads/', permission: 'leads.read' },
      { method: 'GET', url: `/leads/leads/${p.execTrays.id}/`, permission: 'leads.read' },
    ]);
  });
});
