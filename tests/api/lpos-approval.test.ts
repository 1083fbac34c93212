import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, lpos } from '../../server/db/schema';
import { makeUser, userId } from '../support/factories';
import { makeLpo, makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

/** A draft LPO of `total` raised by `author` (a demo or made username). */
async function draftBy(author: string, total: string) {
  const vendor = await makeVendor(db());
  const lpo = await makeLpo(db(), vendor.id, { status: 'draft', total_amount: total });
  await db()
    .update(lpos)
    .set({ created_by: await userId(db(), author) })
    .where(eq(lpos.id, lpo.id));
  return lpo;
}

const approve = async (username: string, id: number) => (await as(username)).post(API.lpos.approve(id));

describe('the approval threshold (lpo/settings/)', () => {
  it('is 50000.00 until a superuser changes it, and the change is audited', async () => {
    const admin = await as('admin');
    expect((await admin.get(API.lpos.settings)).json()).toEqual({ lpo_approval_threshold: '50000.00' });
    const res = await admin.put(API.lpos.settings, { lpo_approval_threshold: '75000.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ lpo_approval_threshold: '75000.50' });
    expect((await admin.get(API.lpos.settings)).json()).toEqual({ lpo_approval_threshold: '75000.50' });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'system.config.purchase'))).toMatchObject([{ username: 'admin', risk_level: 'critical' }]);
  });

  it('refuses a negative or non-numeric threshold naming the field', async () => {
    const admin = await as('admin');
    for (const value of ['-1', 'lots', '1.234']) {
      const res = await admin.put(API.lpos.settings, { lpo_approval_threshold: value });
      expect(res.statusCode, value).toBe(400);
      expect(Object.keys(res.json())).toEqual(['lpo_approval_threshold']);
    }
  });

  it('is set only by a superuser: a purchase manager is refused', async () => {
    expect((await (await as('purchase.manager')).put(API.lpos.settings, { lpo_approval_threshold: '1' })).statusCode).toBe(403);
    expect((await (await as('purchase.manager')).get(API.lpos.settings)).statusCode).toBe(403);
  });
});

describe('approving an LPO (maker-checker above the threshold)', () => {
  it('at the threshold any purchase user approves, its author too; who and when are recorded and audited', async () => {
    const lpo = await draftBy('purchase', '50000.00');
    const res = await approve('purchase', lpo.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approved_by: await userId(db(), 'purchase'), approved_by_name: 'Deepak Rao', approved_at: expect.any(String) });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'lpo.approve'))).toMatchObject([{ target: `lpos:${lpo.id}`, username: 'purchase' }]);
  });

  it('above the threshold a purchase executive is refused with the reason, and the LPO stays a draft', async () => {
    const lpo = await draftBy('purchase.manager', '50000.01');
    const res = await approve('purchase', lpo.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'This LPO is above 50000.00: only a purchase manager may approve it.' });
    expect((await (await as('purchase')).get(API.lpos.detail(lpo.id))).json()).toMatchObject({ status: 'draft', approved_by: null });
  });

  it('above the threshold its author, though a purchase manager, is refused (a duty rule)', async () => {
    const lpo = await draftBy('purchase.manager', '120000.00');
    const res = await approve('purchase.manager', lpo.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You cannot approve your own LPO: another user must approve it.' });
  });

  it('above the threshold another purchase manager or assistant manager approves', async () => {
    const lpo = await draftBy('purchase', '120000.00');
    const res = await approve('purchase.manager', lpo.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approved_by: await userId(db(), 'purchase.manager') });
    await makeUser(db(), { username: 'purchase.asst', department: 'purchase', designation: 'assistant-manager' });
    const other = await draftBy('purchase.manager', '120000.00');
    expect((await approve('purchase.asst', other.id)).statusCode).toBe(200);
  });

  it('follows the threshold as set: raised to 200000.00, the executive approves a 120000.00 LPO', async () => {
    await (await as('admin')).put(API.lpos.settings, { lpo_approval_threshold: '200000' });
    const lpo = await draftBy('purchase', '120000.00');
    expect((await approve('purchase', lpo.id)).statusCode).toBe(200);
  });

  it('is refused to stores, accounts and management, who only read LPOs', async () => {
    const lpo = await draftBy('purchase', '100.00');
    for (const username of ['stores', 'accounts', 'management', 'sales.manager']) expect((await approve(username, lpo.id)).statusCode, username).toBe(403);
  });

  it('refuses a stale version, an LPO already approved, and one that does not exist', async () => {
    const lpo = await draftBy('purchase', '100.00');
    const purchase = await as('purchase');
    const { version } = (await purchase.get(API.lpos.detail(lpo.id))).json();
    expect((await purchase.post(API.lpos.approve(lpo.id), { expected_version: version + 1 })).statusCode).toBe(409);
    expect((await purchase.post(API.lpos.approve(lpo.id), { expected_version: 'one' })).statusCode).toBe(400);
    expect((await purchase.post(API.lpos.approve(lpo.id), {}, { 'if-match': `"${version}"` })).statusCode).toBe(200);
    const again = await purchase.post(API.lpos.approve(lpo.id));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ['An approved LPO cannot be approved: it is already approved.'] });
    expect((await purchase.post(API.lpos.approve(999999))).statusCode).toBe(404);
  });
});
