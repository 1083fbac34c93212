import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { useTestServer } from '../support/server';
import { userId } from '../support/factories';

/** Issue 15 §2: what a supervisor does with the unsent changes another user left on a shared tablet is on record. */
const server = useTestServer();
const change = (author_id: number, operation = 'requisition.create') => ({
  author_id,
  author: 'foreman',
  operation,
  made_at: '2026-11-20T09:15:00.000Z',
  idempotency_key: `tablet-3:${operation}:${author_id}`,
});

describe('POST /device-outbox/', () => {
  it('records each change a supervisor discards, naming its author, kind, time and key', async () => {
    const foreman = await userId(server.db(), 'foreman');
    const supervisor = await server.as('production');
    const res = await supervisor.post('/device-outbox/', { action: 'discard', entries: [change(foreman), change(foreman, 'stock.issue')] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recorded: 2 });
    const rows = await server.db().select().from(auditLog).where(eq(auditLog.action, 'device_outbox.discard'));
    expect(rows.map((r) => ({ by: r.username, target: r.target, risk: r.risk_level, operation: (r.metadata as { operation: string }).operation }))).toEqual([
      { by: 'production', target: `user:${foreman}`, risk: 'high', operation: 'requisition.create' },
      { by: 'production', target: `user:${foreman}`, risk: 'high', operation: 'stock.issue' },
    ]);
  });

  it('records an export as well', async () => {
    const supervisor = await server.as('acrylic');
    expect((await supervisor.post('/device-outbox/', { action: 'export', entries: [change(await userId(server.db(), 'foreman'))] })).statusCode).toBe(201);
    expect(await server.db().select().from(auditLog).where(eq(auditLog.action, 'device_outbox.export'))).toHaveLength(1);
  });

  it('is for supervisors, managers and superusers: a foreman or an executive is refused', async () => {
    const entries = [change(await userId(server.db(), 'sales.exec'))];
    for (const username of ['foreman', 'stores', 'sales.exec']) expect((await (await server.as(username)).post('/device-outbox/', { action: 'discard', entries })).statusCode, username).toBe(403);
    for (const username of ['admin', 'sales.manager', 'dispatch']) expect((await (await server.as(username)).post('/device-outbox/', { action: 'export', entries })).statusCode, username).toBe(201);
  });

  it('refuses a record of one’s own changes only, an empty list and an unknown action', async () => {
    const supervisor = await server.as('production');
    const own = await supervisor.post('/device-outbox/', { action: 'discard', entries: [change(await userId(server.db(), 'production'))] });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'These are your own changes: they are sent from the Sync screen.' });
    expect((await supervisor.post('/device-outbox/', { action: 'discard', entries: [] })).json()).toEqual({ entries: ['Name at least one change.'] });
    expect((await supervisor.post('/device-outbox/', { action: 'burn', entries: [change(1)] })).statusCode).toBe(400);
  });
});
