import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { LEAD_MESSAGES } from '../../domain/lead';
import { auditLog, leadRemarks, leads, systemConfig } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { makeLeadWith, makeRemark } from '../support/factories-leads';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

async function setUp() {
  const exec = await userId(db(), 'sales.exec');
  const senior = await userId(db(), 'sales.senior');
  const one = await makeLeadWith(db(), exec);
  const two = await makeLeadWith(db(), exec);
  const theirs = await makeLeadWith(db(), senior);
  const remark = await makeRemark(db(), one.id);
  return { exec, senior, one, two, theirs, remark };
}

describe('reassigning leads (POST leads/leads/reassign_leads/)', () => {
  it('moves every listed lead in one transaction and one audit row; the new owner gets them and their remarks at the next sync', async () => {
    const p = await setUp();
    const senior = await as('sales.senior');
    const before = (await senior.get(`${API.leads.list}?updated_since=0`)).json().cursor as string;
    const remarksBefore = (await senior.get(`${API.leads.remarkRows}?updated_since=0`)).json().cursor as string;
    const res = await (await as('sales.manager')).post(API.leads.reassign, { lead_ids: [p.one.id, p.two.id, p.theirs.id], assign_to: p.senior });
    expect(res.statusCode).toBe(200);
    expect(res.json().assign_to).toBe(p.senior);
    expect(res.json().leads.map((l: { id: number; assign_to: number }) => [l.id, l.assign_to])).toEqual([
      [p.one.id, p.senior],
      [p.two.id, p.senior],
      [p.theirs.id, p.senior],
    ]);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'lead.reassign'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      username: 'sales.manager',
      target: `leads:${p.one.id},${p.two.id},${p.theirs.id}`,
      metadata: { to: p.senior, leads: [{ id: p.one.id, from: p.exec }, { id: p.two.id, from: p.exec }, { id: p.theirs.id, from: p.senior }] },
    });
    expect((await senior.get(`${API.leads.list}?updated_since=${before}`)).json().results.map((l: { id: number }) => l.id)).toEqual([p.one.id, p.two.id]);
    expect((await senior.get(`${API.leads.remarkRows}?updated_since=${remarksBefore}`)).json().results.map((r: { id: number }) => r.id)).toEqual([p.remark.id]);
    expect((await (await as('sales.exec')).get(API.leads.detail(p.one.id))).statusCode).toBe(404);
  });

  it('refuses an assignee who is not an active sales executive, naming assign_to, and changes nothing', async () => {
    const p = await setUp();
    const foreman = await userId(db(), 'foreman');
    const manager = await as('management');
    for (const assign_to of [foreman, 99999]) {
      const res = await manager.post(API.leads.reassign, { lead_ids: [p.one.id], assign_to });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ assign_to: [LEAD_MESSAGES.notSalesExecutive] });
    }
    await db().update(systemConfig).set({ extra_sales_executive: foreman });
    expect((await manager.post(API.leads.reassign, { lead_ids: [p.one.id], assign_to: foreman })).statusCode).toBe(200);
  });

  it('refuses the whole call when a lead is unknown or deleted, naming lead_ids, and moves none', async () => {
    const p = await setUp();
    await db().update(leads).set({ deleted_at: new Date().toISOString() }).where(eq(leads.id, p.two.id));
    const manager = await as('sales.manager');
    for (const missing of [p.two.id, 99999]) {
      const res = await manager.post(API.leads.reassign, { lead_ids: [p.one.id, missing], assign_to: p.senior });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ lead_ids: [`Invalid pk "${missing}" - object does not exist.`] });
    }
    const rows = await db().select({ assign_to: leads.assign_to }).from(leads).where(inArray(leads.id, [p.one.id]));
    expect(rows).toEqual([{ assign_to: p.exec }]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'lead.reassign'))).toHaveLength(0);
    expect((await db().select().from(leadRemarks))[0]!.version).toBe(1);
  });

  it('names the field of bad input', async () => {
    const p = await setUp();
    const manager = await as('sales.manager');
    const cases: [unknown, string][] = [
      [{ lead_ids: [], assign_to: p.senior }, 'lead_ids'],
      [{ assign_to: p.senior }, 'lead_ids'],
      [{ lead_ids: [p.one.id, p.one.id], assign_to: p.senior }, 'lead_ids'],
      [{ lead_ids: ['x'], assign_to: p.senior }, 'lead_ids.0'],
      [{ lead_ids: [p.one.id] }, 'assign_to'],
      [{ lead_ids: [p.one.id], assign_to: 'sales.senior' }, 'assign_to'],
    ];
    for (const [payload, field] of cases) {
      const res = await manager.post(API.leads.reassign, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([field]);
    }
    expect((await manager.post(API.leads.reassign, { lead_ids: [], assign_to: p.senior })).json()).toEqual({ lead_ids: [LEAD_MESSAGES.chooseLeads] });
  });

  it('is for sales managers and management only', async () => {
    await setUp();
    await expectAccessMatrix(app(), [{ method: 'POST', url: API.leads.reassign, body: { lead_ids: [99999], assign_to: 99999 }, permission: 'leads.reassign' }]);
    const exec = await as('sales.exec');
    expect((await exec.post(API.leads.reassign, { lead_ids: [1], assign_to: 1 })).statusCode).toBe(403);
  });
});
