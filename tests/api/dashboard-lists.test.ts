import { describe, expect, it } from 'vitest';
import { jobOrders } from '../../server/db/schema';
import type { WorkshopDashboard } from '../../domain/dashboard';
import { userId } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Issue 17 §2: a dashboard list sends its first ten rows and the count of all; the list screen has the rest. */

const { db, as } = useTestServer({ seed: 'users' });

describe('a workshop dashboard list', () => {
  it('sends the oldest 10 of 12 job orders in process, with the count and value of all 12', async () => {
    const customer = (await makeCustomer(db())).id;
    const sales_executive = await userId(db(), 'sales.exec');
    const start = Date.now() - 12 * 86_400_000;
    const made = await db()
      .insert(jobOrders)
      .values(Array.from({ length: 12 }, (_, i) => ({ customer, sales_executive, status: 'in-process' as const, total_value: '100.00', created_at: new Date(start + i * 86_400_000).toISOString() })))
      .returning();
    const res = await (await as('foreman')).get('/dashboard/foreman/');
    expect(res.statusCode, res.body).toBe(200);
    const { in_process } = res.json() as WorkshopDashboard;
    expect(in_process.count).toBe(12);
    expect(in_process.value).toBe('1200.00');
    expect(in_process.results.map((j) => j.id)).toEqual(made.slice(0, 10).map((j) => j.id));
  });
});
