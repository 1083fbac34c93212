import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { LEAD_MESSAGES, LEAD_PLACEHOLDER_CONTACT_NUMBER } from '../../domain/lead';
import { EDIT_RULES } from '../../domain/row-rules';
import { auditLog, systemConfig, users } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeUser, userId } from '../support/factories';
import { makeLeadWith, makeRemark } from '../support/factories-leads';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const body = (assign_to: number, extra: Record<string, unknown> = {}) => ({ assign_to, source: 'Linkedin', requirement: 'Trays', lead_type: 'Retail', company: 'Orbit Retail', ...extra });

async function people() {
  return { exec: await userId(db(), 'sales.exec'), senior: await userId(db(), 'sales.senior'), manager: await userId(db(), 'sales.manager'), foreman: await userId(db(), 'foreman') };
}

describe('creating a lead (POST leads/leads/)', () => {
  it('lets a sales executive record a lead for themself, with defaults, audited', async () => {
    const p = await people();
    const res = await (await as('sales.exec')).post(API.leads.list, body(p.exec, { contact_number: '98765 43210', potential: '150000.50' }));
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ assign_to: p.exec, stage: 'new', status: 'warm', followup_date: null, potential: '150000.50', customer: null, created_by: p.exec, version: 1 });
    const [entry] = await audits('lead.create');
    expect(entry).toMatchObject({ username: 'sales.exec', target: `leads:${res.json().id}`, metadata: { company: 'Orbit Retail', assign_to: p.exec, stage: 'new' } });
  });

  it('refuses a sales executive assigning to someone else, naming assign_to', async () => {
    const p = await people();
    const res = await (await as('sales.senior')).post(API.leads.list, body(p.exec));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ assign_to: [LEAD_MESSAGES.assignToSelf] });
    expect(await audits('lead.create')).toHaveLength(0);
  });

  it('lets others assign to any active sales user or the extra sales executive, nobody else', async () => {
    const p = await people();
    const manager = await as('sales.manager');
    expect((await manager.post(API.leads.list, body(p.senior))).statusCode).toBe(201);
    expect((await manager.post(API.leads.list, body(p.manager))).statusCode).toBe(201);
    const refused = await manager.post(API.leads.list, body(p.foreman));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ assign_to: [LEAD_MESSAGES.notSalesExecutive] });
    expect((await manager.post(API.leads.list, body(99999))).json()).toEqual({ assign_to: [LEAD_MESSAGES.notSalesExecutive] });
    await db().update(systemConfig).set({ extra_sales_executive: p.foreman });
    expect((await manager.post(API.leads.list, body(p.foreman))).statusCode).toBe(201);
    await db().update(users).set({ is_active: false }).where(eq(users.id, p.senior));
    expect((await manager.post(API.leads.list, body(p.senior))).json()).toEqual({ assign_to: [LEAD_MESSAGES.notSalesExecutive] });
  });

  it('names the field of every bad input in a 400', async () => {
    const p = await people();
    const exec = await as('sales.exec');
    const cases: [Record<string, unknown>, string][] = [
      [{ company: '' }, 'company'],
      [{ company: undefined }, 'company'],
      [{ assign_to: 'me' }, 'assign_to'],
      [{ source: 'All' }, 'source'],
      [{ source: 'Twitter' }, 'source'],
      [{ requirement: 'Chairs' }, 'requirement'],
      [{ lead_type: 'Export' }, 'lead_type'],
      [{ stage: 'won' }, 'stage'],
      [{ stage: 'converted' }, 'stage'],
      [{ status: 'lukewarm' }, 'status'],
      [{ potential: '-1' }, 'potential'],
      [{ potential: 'lots' }, 'potential'],
      [{ followup_date: '31-12-2025' }, 'followup_date'],
      [{ contact_number: '12ab' }, 'contact_number'],
      [{ contact_number: LEAD_PLACEHOLDER_CONTACT_NUMBER }, 'contact_number'],
    ];
    for (const [change, field] of cases) {
      const res = await exec.post(API.leads.list, body(p.exec, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(change)).toEqual([field]);
    }
  });
});

describe('updating a lead (PATCH leads/leads/{id}/update/)', () => {
  it('changes stage, follow-up and status with If-Match, audited; a stale version is a 409 with the row', async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.exec);
    const exec = await as('sales.exec');
    const res = await exec.patch(API.leads.update(lead.id), { stage: 'followup', followup_date: '2026-01-15', status: 'hot' }, { 'if-match': '"1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'followup', followup_date: '2026-01-15', status: 'hot', version: 2 });
    expect(res.headers.etag).toBe('"2"');
    const stale = await exec.patch(API.leads.update(lead.id), { stage: 'negotiation', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: lead.id, version: 2, stage: 'followup' });
    const [entry] = await audits('lead.update');
    expect(entry).toMatchObject({ target: `leads:${lead.id}`, metadata: { fields: ['stage', 'followup_date', 'status'] } });
  });

  it("answers a sales executive 404 for another executive's lead", async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.senior);
    expect((await (await as('sales.exec')).patch(API.leads.update(lead.id), { status: 'hot' })).statusCode).toBe(404);
    expect((await (await as('sales.exec')).patch(API.leads.update(99999), { status: 'hot' })).statusCode).toBe(404);
  });

  it('moves a lead to another executive only for those who reassign; converting has its own call', async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.exec);
    const exec = await as('sales.exec');
    expect((await exec.patch(API.leads.update(lead.id), { assign_to: p.senior })).json()).toEqual({ assign_to: [LEAD_MESSAGES.assignToSelf] });
    await makeUser(db(), { username: 'marketing', department: 'marketing', designation: 'executive' });
    const marketing = await as('marketing');
    expect((await marketing.patch(API.leads.update(lead.id), { assign_to: p.senior })).json()).toEqual({ assign_to: ['Only sales managers and management move a lead to another sales executive.'] });
    expect((await marketing.patch(API.leads.update(lead.id), { status: 'cold' })).statusCode).toBe(200);
    const manager = await as('sales.manager');
    expect((await manager.patch(API.leads.update(lead.id), { assign_to: p.foreman })).json()).toEqual({ assign_to: [LEAD_MESSAGES.notSalesExecutive] });
    const moved = await manager.patch(API.leads.update(lead.id), { assign_to: p.senior });
    expect(moved.json()).toMatchObject({ assign_to: p.senior });
    expect((await audits('lead.update')).at(-1)!.metadata).toEqual({ fields: ['assign_to'], assign_to: { from: p.exec, to: p.senior } });
    expect((await manager.patch(API.leads.update(lead.id), { stage: 'converted' })).json()).toEqual({ stage: ['A lead is converted with convert/, which names its customer.'] });
  });

  it('names the field of bad input', async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.exec);
    const exec = await as('sales.exec');
    for (const [change, field] of [
      [{ stage: 'won' }, 'stage'],
      [{ followup_date: 'tomorrow' }, 'followup_date'],
      [{ company: '' }, 'company'],
      [{ potential: '1.234' }, 'potential'],
      [{ contact_number: LEAD_PLACEHOLDER_CONTACT_NUMBER }, 'contact_number'],
      [{ expected_version: 0 }, 'expected_version'],
    ] as const) {
      const res = await exec.patch(API.leads.update(lead.id), change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(change)).toEqual([field]);
    }
    expect(Object.keys((await exec.patch(API.leads.update(lead.id), { status: 'hot' }, { 'if-match': 'abc' })).json())).toEqual(['If-Match']);
  });
});

describe('remarks (leads/remarks/, leads/lead_remarks/)', () => {
  it('writes a remark on a lead the user sees, audited, and lists them newest first', async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.exec);
    const older = await makeRemark(db(), lead.id, { remark: 'First call', at: '2025-01-01T10:00:00Z' });
    const exec = await as('sales.exec');
    const res = await exec.post(API.leads.remarks, { lead: lead.id, remark: 'Sent the catalogue' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ lead: lead.id, remark: 'Sent the catalogue', created_by: p.exec, version: 1 });
    expect((await audits('lead_remark.create'))[0]).toMatchObject({ target: `lead_remarks:${res.json().id}`, metadata: { lead: lead.id } });
    const list = await exec.get(`${API.leads.remarks}?lead_id=${lead.id}`);
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([res.json().id, older.id]);
  });

  it("keeps another executive's lead and its remarks out of a sales executive's reach", async () => {
    const p = await people();
    const theirs = await makeLeadWith(db(), p.senior);
    const remark = await makeRemark(db(), theirs.id);
    const mine = await makeLeadWith(db(), p.exec);
    const myRemark = await makeRemark(db(), mine.id);
    const exec = await as('sales.exec');
    expect((await exec.get(`${API.leads.remarks}?lead_id=${theirs.id}`)).statusCode).toBe(404);
    const refused = await exec.post(API.leads.remarks, { lead: theirs.id, remark: 'Hello' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ lead: [`Invalid pk "${theirs.id}" - object does not exist.`] });
    const mirror = (await exec.get(`${API.leads.remarkRows}?updated_since=0`)).json();
    expect(mirror.results.map((r: { id: number }) => r.id)).toEqual([myRemark.id]);
    expect((await exec.get(`${API.leads.remarkRows}?lead=${theirs.id}`)).json().count).toBe(0);
    const manager = (await (await as('sales.manager')).get(`${API.leads.remarkRows}?updated_since=0`)).json();
    expect(manager.results.map((r: { id: number }) => r.id)).toEqual([remark.id, myRemark.id]);
  });

  it('names the field of bad input', async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.exec);
    const exec = await as('sales.exec');
    for (const [query, field] of [['', 'lead_id'], ['lead_id=abc', 'lead_id'], ['lead_id=0', 'lead_id']] as const) {
      const res = await exec.get(`${API.leads.remarks}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    for (const [payload, field] of [
      [{ lead: lead.id, remark: '   ' }, 'remark'],
      [{ lead: lead.id }, 'remark'],
      [{ remark: 'Hi' }, 'lead'],
      [{ lead: 'x', remark: 'Hi' }, 'lead'],
      [{ lead: 99999, remark: 'Hi' }, 'lead'],
    ] as const) {
      const res = await exec.post(API.leads.remarks, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([field]);
    }
  });
});

describe('deleting a lead (DELETE leads/leads/{id}/set_deleted/)', () => {
  it("lets the lead's executive and sales managers delete it, audited; others 403 with who may", async () => {
    const p = await people();
    const mine = await makeLeadWith(db(), p.exec);
    const theirs = await makeLeadWith(db(), p.senior);
    const exec = await as('sales.exec');
    expect((await exec.delete(API.leads.setDeleted(theirs.id))).statusCode).toBe(404);
    const res = await exec.delete(API.leads.setDeleted(mine.id), { 'if-match': '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
    expect((await exec.get(API.leads.detail(mine.id))).statusCode).toBe(404);
    expect((await audits('lead.delete'))[0]).toMatchObject({ target: `leads:${mine.id}`, risk_level: 'medium' });
    await makeUser(db(), { username: 'marketing', department: 'marketing', designation: 'executive' });
    const refused = await (await as('marketing')).delete(API.leads.setDeleted(theirs.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: EDIT_RULES.lead.refusal });
    expect((await (await as('management')).delete(API.leads.setDeleted(theirs.id))).statusCode).toBe(200);
    expect((await (await as('management')).delete(API.leads.setDeleted(theirs.id))).statusCode).toBe(404);
  });
});

describe('the sales executive dropdown (GET users/sales_executives/)', () => {
  it("offers 'Select' first, then active sales users and the extra one by username", async () => {
    const p = await people();
    const client = await as('foreman');
    expect((await client.get(API.users.salesExecutives)).json()).toEqual([
      { label: 'Select', value: null },
      { label: 'sales.exec', value: p.exec },
      { label: 'sales.manager', value: p.manager },
      { label: 'sales.senior', value: p.senior },
    ]);
    await db().update(systemConfig).set({ extra_sales_executive: p.foreman });
    await db().update(users).set({ is_active: false }).where(eq(users.id, p.senior));
    expect((await client.get(API.users.salesExecutives)).json()).toEqual([
      { label: 'Select', value: null },
      { label: 'foreman', value: p.foreman },
      { label: 'sales.exec', value: p.exec },
      { label: 'sales.manager', value: p.manager },
    ]);
  });
});

describe('who may call the lead writes', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const p = await people();
    const lead = await makeLeadWith(db(), p.exec);
    await expectAccessMatrix(app(), [
      { method: 'POST', url: API.leads.list, body: {}, permission: 'leads.write' },
      { method: 'PATCH', url: API.leads.update(lead.id), body: {}, permission: 'leads.write' },
      { method: 'POST', url: API.leads.remarks, body: {}, permission: 'leads.write' },
      { method: 'GET', url: `${API.leads.remarks}?lead_id=${lead.id}`, permission: 'leads.read' },
      { method: 'GET', url: API.leads.remarkRows, permission: 'leads.read' },
      { method: 'DELETE', url: API.leads.setDeleted(99999), permission: 'leads.write' },
      { method: 'GET', url: API.users.salesExecutives, permission: 'users.list' },
    ]);
  });
});
