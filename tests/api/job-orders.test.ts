import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { JobOrderStatus } from '../../domain/job-order';
import { jobOrders } from '../../server/db/schema';
import { makeCustomer } from '../support/factories-sales';
import { userId } from '../support/factories';
import { expectAccessMatrix } from '../support/access';
import { signedInAs, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;

async function makeJobOrders(count: number, values: { status?: JobOrderStatus } = {}) {
  const customer = await makeCustomer(db(), { name: `Customer ${Math.random()}` });
  const sales_executive = await userId(db(), 'sales.exec');
  return db()
    .insert(jobOrders)
    .values(Array.from({ length: count }, () => ({ customer: customer.id, sales_executive, status: values.status ?? 'Created' })))
    .returning();
}

describe('job orders as the other areas read them', () => {
  it('lists 15 a page, newest first', async () => {
    const made = await makeJobOrders(17);
    const res = await (await signedInAs(server.app, 'foreman')).get('/joborders/joborders/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(17);
    expect(body.results).toHaveLength(15);
    expect(body.results[0].id).toBe(made.at(-1)!.id);
    expect(body.next).toContain('page=2');
  });

  it('filters by status and refuses a status that is not one of the six', async () => {
    await makeJobOrders(2);
    await makeJobOrders(1, { status: 'in-process' });
    const stores = await signedInAs(server.app, 'stores');
    const res = await stores.get('/joborders/joborders/?status=in-process');
    expect(res.json().results.map((j: { status: string }) => j.status)).toEqual(['in-process']);
    const bad = await stores.get('/joborders/joborders/?status=finished');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
  });

  it('answers the mirror a delta that carries deleted job orders, so they leave the device', async () => {
    const [kept, gone] = await makeJobOrders(2);
    const foreman = await signedInAs(server.app, 'foreman');
    const first = (await foreman.get('/joborders/joborders/?updated_since=0')).json();
    expect(first.results.map((j: { id: number }) => j.id).sort()).toEqual([kept!.id, gone!.id].sort());
    await db().update(jobOrders).set({ deleted_at: new Date().toISOString() }).where(eq(jobOrders.id, gone!.id));
    const delta = (await foreman.get(`/joborders/joborders/?updated_since=${first.cursor}`)).json();
    expect(delta.results).toMatchObject([{ id: gone!.id, deleted_at: expect.any(String) }]);
  });

  it('answers one job order with its version as ETag, and 404 for one that does not exist', async () => {
    const [job] = await makeJobOrders(1);
    const stores = await signedInAs(server.app, 'stores');
    const res = await stores.get(`/joborders/joborders/${job!.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${job!.version}"`);
    expect(res.json()).toMatchObject({ id: job!.id, status: 'Created', bucket: 'Sales' });
    expect((await stores.get('/joborders/joborders/999999/')).statusCode).toBe(404);
  });

  it('answers each demo role as domain/permissions.ts says', async () => {
    const [job] = await makeJobOrders(1);
    await expectAccessMatrix(server.app, [
      { method: 'GET', url: '/joborders/joborders/', permission: 'job-orders.read' },
      { method: 'GET', url: `/joborders/joborders/${job!.id}/`, permission: 'job-orders.read' },
    ]);
  });
});
