import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SUPERUSER_REQUIRED } from '../../domain/permissions';
import { keyRetentionDays } from '../../domain/offline';
import { auditLog, idempotencyKeys, systemConfig } from '../../server/db/schema';
import { purgeIdempotencyKeys } from '../../server/plugins/idempotency';
import { as, useTestServer } from '../support/server';
import { makeCategory } from '../support/factories';

const server = useTestServer({ seed: 'users' });
const db = server.db;
const DAY = 86_400_000;

/** Keys named by age in days, each a real keyed write, then aged in the table. */
async function keysAged(ages: number[]): Promise<void> {
  const stores = await server.as('stores');
  const category = await makeCategory(db(), { name: 'Sheets' });
  for (const age of ages) {
    const res = await stores.post('/materials/materials/', { name: `Sheet ${age}`, category: category.id, unit: 'SHEET' }, { 'idempotency-key': `aged-${age}` });
    expect(res.statusCode).toBe(201);
    await db().update(idempotencyKeys).set({ created_at: sql`now() - make_interval(days => ${age})` }).where(eq(idempotencyKeys.key, `aged-${age}`));
  }
}
const keptKeys = async () => (await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((k) => k.key).sort();

describe('How long a device may work offline (issue 15 §4, §5)', () => {
  it('is 30 days by default, and every signed-in user can read it', async () => {
    for (const username of ['foreman', 'stores', 'sales.exec']) {
      const res = await (await server.as(username)).get('/system/offline/');
      expect(res.statusCode, username).toBe(200);
      expect(res.json()).toEqual({ offline_work_days: 30 });
    }
    expect((await as(server.app(), null).get('/system/offline/')).statusCode).toBe(401);
  });

  it('is set by a superuser only, audited, and refused out of range with the field named', async () => {
    const admin = await server.as('admin');
    const changed = await admin.put('/admin/system/offline/', { offline_work_days: 14 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ offline_work_days: 14 });
    expect((await (await server.as('foreman')).get('/system/offline/')).json()).toEqual({ offline_work_days: 14 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'system.config.offline'));
    expect(audit).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'high', metadata: { from: 30, to: 14 } })]);

    for (const value of [0, 366, 7.5, '14']) {
      const res = await admin.put('/admin/system/offline/', { offline_work_days: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['offline_work_days']);
    }
    const manager = await (await server.as('stores.manager')).put('/admin/system/offline/', { offline_work_days: 60 });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual({ detail: SUPERUSER_REQUIRED });
    expect((await admin.get('/system/offline/')).json()).toEqual({ offline_work_days: 14 });
  });

  it('keeps Idempotency-Keys a week beyond it: with 10 days set long ago, a key of 16 days stays and one of 18 days goes', async () => {
    await db().insert(systemConfig).values({ id: 1, offline_work_days: 10, offline_work_days_previous: 30, offline_work_days_changed_at: new Date(Date.now() - 60 * DAY) }).onConflictDoUpdate({
      target: systemConfig.id,
      set: { offline_work_days: 10, offline_work_days_previous: 30, offline_work_days_changed_at: new Date(Date.now() - 60 * DAY) },
    });
    await keysAged([16, 18]);
    await purgeIdempotencyKeys(db());
    expect(await keptKeys()).toEqual(['aged-16']);
  });

  it('after the period is lowered, keeps keys by the longer one until devices that learnt it are past it', async () => {
    await (await server.as('admin')).put('/admin/system/offline/', { offline_work_days: 10 });
    await keysAged([20, 36, 38]);
    await purgeIdempotencyKeys(db());
    expect(await keptKeys()).toEqual(['aged-20', 'aged-36']);
  });

  it('keeps keys longer at once when the period is raised', async () => {
    await (await server.as('admin')).put('/admin/system/offline/', { offline_work_days: 60 });
    await keysAged([40, 66, 68]);
    await purgeIdempotencyKeys(db());
    expect(await keptKeys()).toEqual(['aged-40', 'aged-66']);
  });
});

describe('keyRetentionDays', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  it('is the period and a week when it was never changed', () => {
    expect(keyRetentionDays({ offline_work_days: 30, previous_days: null, changed_at: null }, now)).toBe(37);
  });
  it('holds to a longer previous period until that period and its week have passed since the change', () => {
    const changedDaysAgo = (days: number) => new Date(now.getTime() - days * DAY);
    expect(keyRetentionDays({ offline_work_days: 10, previous_days: 30, changed_at: changedDaysAgo(36) }, now)).toBe(37);
    expect(keyRetentionDays({ offline_work_days: 10, previous_days: 30, changed_at: changedDaysAgo(38) }, now)).toBe(17);
    expect(keyRetentionDays({ offline_work_days: 60, previous_days: 30, changed_at: changedDaysAgo(1) }, now)).toBe(67);
  });
});
