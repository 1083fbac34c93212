import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mirror, type MirrorRow } from '../../src/data/mirror/db';
import { outbox, type OutboxEntry } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { backoffMs, HELD_RETRY_MS, NEEDS_ATTENTION } from '../../src/data/outbox/classify';
import { OFFLINE_MESSAGES } from '../../domain/offline';
import { rememberOfflineSettings } from '../../src/data/offline-period';
import { CLAIM_BATCH, OUTBOX_REPLAY_LOCK, REPLAY_MESSAGES, replayOutbox, type ReplayEnv, type TokenSource } from '../../src/data/outbox/replay';
import { startOutboxReplay } from '../../src/data/outbox/triggers';
import { addBranch, createCustomer, createMaterial, createVendor, editBranch } from '../../src/data/operations';

const BASE = '/api/v1';
const ASHA = 7;
const RAVI = 8;

interface Seen {
  method: string;
  url: string;
  key: string | null;
  authorization: string | null;
  ifMatch: string | null;
  body: Record<string, unknown> | null;
}
type Reply = Response | 'network-error' | Promise<Response>;

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A stand-in API behind `fetch`: routes by `METHOD url`, every request recorded. */
function stubServer() {
  const seen: Seen[] = [];
  const routes = new Map<string, (request: Seen) => Reply>();
  const send = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const request: Seen = {
      method: init.method ?? 'GET',
      url: String(input).slice(BASE.length),
      key: headers.get('Idempotency-Key'),
      authorization: headers.get('Authorization'),
      ifMatch: headers.get('If-Match'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    };
    seen.push(request);
    const route = routes.get(`${request.method} ${request.url}`);
    const reply = route ? await route(request) : json(404, { detail: 'Not found.' });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return reply;
  }) as unknown as typeof globalThis.fetch;
  return {
    fetch: send,
    seen,
    on(method: string, url: string, route: (request: Seen) => Reply) {
      routes.set(`${method} ${url}`, route);
    },
  };
}
type StubServer = ReturnType<typeof stubServer>;

/** Tokens for whoever is signed in here: null for anyone else. */
function signedIn(userId: number | null): TokenSource & { refreshFor: ReturnType<typeof vi.fn> } {
  let generation = 0;
  return {
    accessFor: async (id) => (id === userId ? `access-${id}-${generation}` : null),
    refreshFor: vi.fn(async (id: number) => (id === userId ? `access-${id}-${++generation}` : null)),
  };
}

let server: StubServer;
let nextId: number;
const env = (tokens: TokenSource = signedIn(ASHA), extra: Partial<ReplayEnv> = {}): ReplayEnv => ({ fetch: server.fetch, baseUrl: BASE, tokens, ...extra });

/** The server's row for a created material: what POST materials/materials/ answers. */
function materialRow(body: Record<string, unknown> | null, id = nextId++) {
  return { id, ...body, subcategory: null, quantity: '0.000', created_by: ASHA, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', version: 1, deleted_at: null };
}
const newMaterial = (name: string) => ({ name, category: 3, unit: 'PCS' as const });
const entries = () => outbox.entries.toArray();
const entry = async (id: number) => (await outbox.entries.get(id)) as OutboxEntry;

beforeEach(async () => {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  localStorage.clear();
  server = stubServer();
  nextId = 101;
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.useRealTimers();
});

describe('replay order and reconcile', () => {
  it('sends entries oldest first, each with its Idempotency-Key and its author’s token, and puts the server rows in place of the temp rows', async () => {
    server.on('POST', '/materials/materials/', (r) => json(201, materialRow(r.body)));
    const first = await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
    const second = await addEntry(createMaterial, newMaterial('Steel angle'), { userId: ASHA });
    const keys = (await entries()).map((e) => e.idempotencyKey);
    expect(await mirror.rows('materials').toArray()).toMatchObject([{ id: second.tempId }, { id: first.tempId }]);

    const result = await replayOutbox(env());

    expect(result).toEqual({ ran: true, sent: 2, rejected: 0, remaining: 0 });
    expect(server.seen.map((r) => [r.body?.name, r.key, r.authorization])).toEqual([
      ['Acrylic sheet 3mm', keys[0], `JWT access-${ASHA}-0`],
      ['Steel angle', keys[1], `JWT access-${ASHA}-0`],
    ]);
    expect((await mirror.rows('materials').toArray()).map((r) => [r.id, r.name])).toEqual([
      [101, 'Acrylic sheet 3mm'],
      [102, 'Steel angle'],
    ]);
    expect(await entries()).toEqual([]);
    expect((await outbox.meta.get('lastSyncAt'))?.value).toBeGreaterThan(0);
  });

  it('sends a branch added to a customer created offline after the customer, with the customer’s server id in its body and url', async () => {
    server.on('POST', '/customers/add/', (r) => json(201, { id: 55, ...r.body, branches: [], lpo_codes: [], version: 1 }));
    server.on('POST', '/customers/branch/add/', (r) => json(201, { id: 900, ...r.body, version: 1 }));
    server.on('PATCH', '/customers/branches/edit/900/', (r) => json(200, { id: 900, customer: 55, location: r.body?.location, version: 2 }));
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    const branch = await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId: ASHA });
    const edit = await addEntry(editBranch, { id: branch.tempId!, location: 'Pune East', expected_version: 1 }, { userId: ASHA });
    expect(await entry(branch.entryId)).toMatchObject({ dependsOn: [customer.entryId], body: { customer: `{{tempId:${customer.tempId}}}` } });
    expect(await entry(edit.entryId)).toMatchObject({
      dependsOn: [branch.entryId],
      url: `/customers/branches/edit/{{tempId:${branch.tempId}}}/`,
      headers: { 'If-Match': `{{version:${branch.entryId}}}` },
    });

    // The customer cannot go yet: nothing that depends on it may go either.
    server.on('POST', '/customers/add/', () => json(503, { detail: 'Down for maintenance' }));
    await replayOutbox(env());
    expect(server.seen.map((r) => r.url)).toEqual(['/customers/add/']);
    expect(await entry(branch.entryId)).toMatchObject({ state: 'pending', attempts: 0 });

    server.on('POST', '/customers/add/', (r) => json(201, { id: 55, ...r.body, branches: [], lpo_codes: [], version: 1 }));
    await replayOutbox(env(undefined, { now: () => Date.now() + backoffMs(1) }));

    expect(server.seen.slice(1).map((r) => [r.method, r.url, r.body?.customer, r.ifMatch])).toEqual([
      ['POST', '/customers/add/', undefined, null],
      ['POST', '/customers/branch/add/', 55, null],
      ['PATCH', '/customers/branches/edit/900/', undefined, '1'],
    ]);
    expect(await entries()).toEqual([]);
    expect(await mirror.rows('customers').toArray()).toMatchObject([{ id: 55, name: 'Zen Displays' }]);
    expect(await mirror.rows('customerBranches').toArray()).toMatchObject([{ id: 900, customer: 55, location: 'Pune East', version: 2 }]);
  });

  it('rejects an entry naming a row created offline that was never saved, instead of sending a placeholder', async () => {
    await addEntry(addBranch, { customer: -99, location: 'Pune' }, { userId: ASHA });
    const result = await replayOutbox(env());
    expect(result).toMatchObject({ sent: 0, rejected: 1 });
    expect(server.seen).toEqual([]);
    expect((await entries())[0]).toMatchObject({ state: 'rejected', lastError: { status: null, messages: [REPLAY_MESSAGES.neverSaved] } });
  });

  it('keeps a dependant waiting while its parent is rejected, and sends later independent entries', async () => {
    server.on('POST', '/customers/add/', () => json(400, { name: ['A customer with this name already exists.'] }));
    server.on('POST', '/vendors/vendors/', (r) => json(201, { id: 31, ...r.body, version: 1 }));
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId: ASHA });
    await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });

    expect(await replayOutbox(env())).toEqual({ ran: true, sent: 1, rejected: 1, remaining: 2 });
    expect(server.seen.map((r) => r.url)).toEqual(['/customers/add/', '/vendors/vendors/']);
    expect((await entries()).map((e) => [e.operation, e.state])).toEqual([
      ['customer.create', 'rejected'],
      ['customer-branch.add', 'pending'],
    ]);
  });

  it('does not send an entry whose optimistic change is still being applied (it would come back over the server’s row)', async () => {
    server.on('POST', '/materials/materials/', (r) => json(201, materialRow(r.body)));
    let release!: () => void;
    const applying = new Promise<void>((resolve) => (release = resolve));
    const put = mirror.rows('materials').put.bind(mirror.rows('materials'));
    // Only the optimistic (temp) row is slow to land.
    const slowPut = async (row: MirrorRow) => {
      if (row.id < 0) await applying;
      return put(row);
    };
    const spy = vi.spyOn(mirror.rows('materials'), 'put').mockImplementation(slowPut as unknown as typeof put);

    const queued = addEntry(createMaterial, newMaterial('Glass 5mm'), { userId: ASHA });
    await vi.waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    expect(await replayOutbox(env())).toMatchObject({ sent: 0 });
    release();
    await queued;
    spy.mockRestore();

    expect(await replayOutbox(env())).toMatchObject({ sent: 1 });
    expect(await mirror.rows('materials').toArray()).toMatchObject([{ id: 101, name: 'Glass 5mm' }]);
  });
});

describe('classification of the server’s answer (DESIGN.md "Offline-first rules")', () => {
  const NOW = Date.now() + 60_000;
  const answer = (reply: () => Reply) => {
    server.on('POST', '/materials/materials/', reply);
    return addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
  };

  it.each([
    ['200', () => json(200, materialRow(newMaterial('x')))],
    ['201', () => json(201, materialRow(newMaterial('x')))],
    ['204', () => json(204)],
  ])('%s: sent, the entry is gone', async (_status, reply) => {
    await answer(reply);
    expect(await replayOutbox(env(undefined, { now: () => NOW }))).toMatchObject({ sent: 1, remaining: 0 });
  });

  it.each([
    [400, { name: ['Material with this name already exists.'] }, ['name: Material with this name already exists.']],
    [403, { detail: 'You do not have permission to perform this action.' }, ['You do not have permission to perform this action.']],
    [404, { detail: 'Not found.' }, ['Not found.']],
    [409, { detail: 'This record was changed by someone else.', current: { id: 4, version: 3 } }, ['This record was changed by someone else.']],
    [422, { detail: 'This Idempotency-Key was already used with a different request.' }, ['This Idempotency-Key was already used with a different request.']],
  ])('%s: rejected with the server’s messages, kept for the user', async (status, body, messages) => {
    await answer(() => json(status, body));
    expect(await replayOutbox(env(undefined, { now: () => NOW }))).toMatchObject({ sent: 0, rejected: 1, remaining: 1 });
    expect((await entries())[0]).toMatchObject({ state: 'rejected', attempts: 1, lastError: { status, body, messages } });
  });

  it.each([
    ['429 with Retry-After in seconds', () => json(429, { detail: 'Slow down' }, { 'Retry-After': '120' }), 429, 120_000],
    ['503 with Retry-After as a date', () => json(503, { detail: 'Down' }, { 'Retry-After': new Date(NOW + 30_000).toUTCString() }), 503, 30_000],
    ['502', () => json(502, null), 502, backoffMs(1)],
    ['a network error', () => 'network-error' as const, null, backoffMs(1)],
  ])('%s (the server’s or the network’s trouble): retried later with backoff, the round stops', async (_what, reply, status, delay) => {
    await answer(reply);
    await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });
    expect(await replayOutbox(env(undefined, { now: () => NOW }))).toMatchObject({ sent: 0, rejected: 0, remaining: 2 });
    const [first, second] = await entries();
    // Date headers have whole seconds.
    expect(first!.nextAttemptAt - NOW).toBeGreaterThan(delay - 1000);
    expect(first!.nextAttemptAt - NOW).toBeLessThanOrEqual(delay);
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: { status } });
    expect(second).toMatchObject({ state: 'pending', attempts: 0 });
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    ['500', () => json(500, { detail: 'A server error occurred.' }), 500],
    ['408', () => json(408, { detail: 'Request timeout' }), 408],
  ])('%s (this write’s trouble): it alone is retried later, the writes that do not depend on it go on', async (_what, reply, status) => {
    await answer(reply);
    server.on('POST', '/vendors/vendors/', (r) => json(201, { id: 55, ...r.body, version: 1 }));
    await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });
    expect(await replayOutbox(env(undefined, { now: () => NOW }))).toMatchObject({ sent: 1, rejected: 0, remaining: 1 });
    const [first] = await entries();
    expect(first!.nextAttemptAt - NOW).toBe(backoffMs(1));
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: { status } });
  });

  it('doubles the backoff per attempt up to ten minutes', () => {
    expect([1, 2, 3, 4, 10, 30].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 600_000, 600_000]);
  });

  it('sends later independent entries of the author past one that waits for its retry; a later change to the same row waits for it', async () => {
    let fail = true;
    server.on('POST', '/materials/materials/', (r) => (fail && r.body?.name === 'First' ? json(500, { detail: 'A server error occurred.' }) : json(201, materialRow(r.body))));
    const first = await addEntry(createMaterial, newMaterial('First'), { userId: ASHA });
    await addEntry(createMaterial, newMaterial('Second'), { userId: ASHA });
    await addEntry(createMaterial, newMaterial('Third'), { userId: ASHA, dependsOn: [first.entryId] });
    await replayOutbox(env(undefined, { now: () => NOW }));
    expect(server.seen.map((r) => r.body?.name)).toEqual(['First', 'Second']);
    fail = false;
    await replayOutbox(env(undefined, { now: () => NOW + 1000 }));
    expect(server.seen.map((r) => r.body?.name)).toEqual(['First', 'Second']);
    await replayOutbox(env(undefined, { now: () => NOW + backoffMs(1) }));
    expect(server.seen.map((r) => r.body?.name)).toEqual(['First', 'Second', 'First', 'Third']);
  });

  it(`sets aside a write the server fails ${NEEDS_ATTENTION.attempts} times as needing attention, with the server’s message, and sends the rest`, async () => {
    server.on('POST', '/materials/materials/', () => json(500, { detail: 'A server error occurred.' }));
    await addEntry(createMaterial, newMaterial('Doomed'), { userId: ASHA });
    for (let attempt = 0; attempt < NEEDS_ATTENTION.attempts; attempt++) await replayOutbox(env(undefined, { now: () => NOW + attempt * 3_600_000 }));
    expect((await entries())[0]).toMatchObject({ state: 'rejected', attempts: NEEDS_ATTENTION.attempts, lastError: { status: 500, attention: true, messages: ['A server error occurred.'] } });
  });

  it('sets aside a write the server has failed for a day even with fewer attempts', async () => {
    server.on('POST', '/materials/materials/', () => json(500, {}));
    await addEntry(createMaterial, newMaterial('Old'), { userId: ASHA });
    await replayOutbox(env(undefined, { now: () => NOW }));
    expect((await entries())[0]).toMatchObject({ state: 'pending' });
    await replayOutbox(env(undefined, { now: () => Date.now() + NEEDS_ATTENTION.afterMs }));
    expect((await entries())[0]).toMatchObject({ state: 'rejected', attempts: 2, lastError: { attention: true } });
  });

  it('never sets aside a write for want of a network, however long the tablet is offline', async () => {
    server.on('POST', '/materials/materials/', () => 'network-error');
    await addEntry(createMaterial, newMaterial('Patient'), { userId: ASHA });
    for (let attempt = 0; attempt < NEEDS_ATTENTION.attempts + 2; attempt++) await replayOutbox(env(undefined, { now: () => Date.now() + NEEDS_ATTENTION.afterMs + attempt * 3_600_000 }));
    expect((await entries())[0]).toMatchObject({ state: 'pending', lastError: { status: null } });
  });

  it('does not send a write older than a device may work offline (30 days until the server says otherwise): it waits for its author', async () => {
    server.on('POST', '/materials/materials/', (r) => json(201, materialRow(r.body)));
    await addEntry(createMaterial, newMaterial('Ancient'), { userId: ASHA });
    expect(await replayOutbox(env(undefined, { now: () => Date.now() + 31 * 86_400_000 }))).toMatchObject({ sent: 0, rejected: 1 });
    expect(server.seen).toHaveLength(0);
    expect((await entries())[0]).toMatchObject({
      state: 'rejected',
      lastError: { messages: ['This change was made more than 30 days ago, so the server may no longer know whether it already has it. Check it, then resend or discard it.'] },
    });
  });

  it('follows the offline period the server set: with 10 days, a write of 9 days ago goes and one of 11 days ago waits', async () => {
    await rememberOfflineSettings({ offline_work_days: 10 });
    server.on('POST', '/materials/materials/', (r) => json(201, materialRow(r.body)));
    const recent = await addEntry(createMaterial, newMaterial('Recent'), { userId: ASHA });
    const stale = await addEntry(createMaterial, newMaterial('Stale'), { userId: ASHA });
    await outbox.entries.update(recent.entryId, { createdAt: Date.now() - 9 * 86_400_000 });
    await outbox.entries.update(stale.entryId, { createdAt: Date.now() - 11 * 86_400_000 });
    expect(await replayOutbox(env())).toMatchObject({ sent: 1, rejected: 1 });
    expect(server.seen.map((r) => r.body?.name)).toEqual(['Recent']);
    expect((await entries())[0]).toMatchObject({ state: 'rejected', lastError: { messages: [OFFLINE_MESSAGES.tooOld(10)] } });
  });

  it('"Send now" skips every wait, the server’s trouble and the write’s alike', async () => {
    let fail = true;
    server.on('POST', '/materials/materials/', (r) => (fail ? json(500, {}) : json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Retried'), { userId: ASHA });
    await replayOutbox(env(undefined, { now: () => NOW }));
    fail = false;
    expect(await replayOutbox(env(undefined, { now: () => NOW + 1, retryNow: true }))).toMatchObject({ sent: 0 });
    expect(await replayOutbox(env(undefined, { now: () => NOW + 1, retryAll: true }))).toMatchObject({ sent: 1 });
  });

  it('asks the server whether it is back while writes wait on it, and sends them the moment it answers', async () => {
    let down = true;
    server.on('POST', '/materials/materials/', (r) => (down ? json(503, {}) : json(201, materialRow(r.body))));
    server.on('GET', '/health/', () => (down ? 'network-error' : json(200, { status: 'ok' })));
    await addEntry(createMaterial, newMaterial('Waiting'), { userId: ASHA });
    await replayOutbox(env());
    expect((await entries())[0]!.nextAttemptAt).toBeGreaterThan(Date.now() + 1000);

    const stillDown = startOutboxReplay(env());
    await vi.waitFor(() => expect(server.seen.filter((r) => r.url === '/health/')).toHaveLength(1));
    stillDown();
    expect(await outbox.entries.count()).toBe(1);

    down = false;
    const stop = startOutboxReplay(env());
    await vi.waitFor(async () => expect(await outbox.entries.count()).toBe(0));
    stop();
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /materials/materials/', 'GET /health/', 'GET /health/', 'POST /materials/materials/']);
  });

  it('holds a write of a switched-off module with the server’s reason, neither refused nor drawn back, and sends it once the module is on', async () => {
    let switchedOff = true;
    const reason = 'The materials module is switched off. Ask a superuser to switch it on.';
    server.on('POST', '/materials/materials/', (r) => (switchedOff ? json(403, { detail: reason, code: 'module_disabled' }) : json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Held'), { userId: ASHA });
    expect(await replayOutbox(env(undefined, { now: () => NOW }))).toMatchObject({ sent: 0, rejected: 0, remaining: 1 });
    const [held] = await entries();
    expect(held).toMatchObject({ state: 'pending', nextAttemptAt: NOW + HELD_RETRY_MS, lastError: { status: 403, messages: [reason] } });
    // A day of it is no reason to give up: it is not the write's fault.
    for (let day = 1; day <= 12; day++) await replayOutbox(env(undefined, { now: () => NOW + day * 24 * 3600_000 }));
    expect((await entries())[0]).toMatchObject({ state: 'pending' });
    switchedOff = false;
    expect(await replayOutbox(env(undefined, { now: () => NOW + 13 * 24 * 3600_000 }))).toMatchObject({ sent: 1 });
  });

  it('skips the wait of a write that failed for want of a server (503) once it answers again', async () => {
    let down = true;
    server.on('POST', '/materials/materials/', (r) => (down ? json(503, {}) : json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Back'), { userId: ASHA });
    await replayOutbox(env(undefined, { now: () => NOW }));
    down = false;
    expect(await replayOutbox(env(undefined, { now: () => NOW + 1, retryNow: true }))).toMatchObject({ sent: 1 });
  });

  it('skips the wait of an entry that failed for want of a network when the network is back', async () => {
    let offline = true;
    server.on('POST', '/materials/materials/', (r) => (offline ? 'network-error' : json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
    await replayOutbox(env(undefined, { now: () => NOW }));
    offline = false;
    expect(await replayOutbox(env(undefined, { now: () => NOW + 1, retryNow: true }))).toMatchObject({ sent: 1 });
  });

  it('401: renews the token once and sends again with the same Idempotency-Key', async () => {
    const tokens = signedIn(ASHA);
    server.on('POST', '/materials/materials/', (r) => (r.authorization === `JWT access-${ASHA}-1` ? json(201, materialRow(r.body)) : json(401, { detail: 'Token is invalid or expired' })));
    await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });

    expect(await replayOutbox(env(tokens))).toMatchObject({ sent: 1 });
    expect(tokens.refreshFor).toHaveBeenCalledTimes(1);
    expect(server.seen.map((r) => r.authorization)).toEqual([`JWT access-${ASHA}-0`, `JWT access-${ASHA}-1`]);
    expect(new Set(server.seen.map((r) => r.key)).size).toBe(1);
  });

  it('401 that a renewal does not cure: the entry waits for its author to sign in again, not rejected', async () => {
    const tokens = signedIn(ASHA);
    server.on('POST', '/materials/materials/', () => json(401, { detail: 'Token is blacklisted' }));
    await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
    await addEntry(createMaterial, newMaterial('Steel angle'), { userId: ASHA });

    expect(await replayOutbox(env(tokens))).toMatchObject({ sent: 0, rejected: 0, remaining: 2 });
    expect(tokens.refreshFor).toHaveBeenCalledTimes(1);
    expect(server.seen).toHaveLength(2);
    expect((await entries())[0]).toMatchObject({ state: 'pending', lastError: { status: 401, messages: [REPLAY_MESSAGES.signInAgain] } });
  });
});

describe('a long queue', () => {
  it('sends more entries than one claim takes, in order, each once; the server rows replace the temp rows and nothing is left sending', async () => {
    server.on('POST', '/materials/materials/', (r) => json(201, materialRow(r.body)));
    const names = Array.from({ length: CLAIM_BATCH * 2 + 3 }, (_, i) => `Sheet ${String(i).padStart(2, '0')}`);
    for (const name of names) await addEntry(createMaterial, newMaterial(name), { userId: ASHA });

    expect(await replayOutbox(env())).toEqual({ ran: true, sent: names.length, rejected: 0, remaining: 0 });
    expect(server.seen.map((r) => r.body?.name)).toEqual(names);
    const rows = await mirror.rows('materials').orderBy('name').toArray();
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(rows.every((r) => r.id > 0)).toBe(true);
  });

  it('a network failure in the middle of a claim: the entries not tried are pending again with their attempts as they were', async () => {
    let answered = 0;
    server.on('POST', '/materials/materials/', (r) => (++answered === 3 ? 'network-error' : json(201, materialRow(r.body))));
    for (let i = 0; i < CLAIM_BATCH; i++) await addEntry(createMaterial, newMaterial(`Sheet ${i}`), { userId: ASHA });

    expect(await replayOutbox(env())).toMatchObject({ sent: 2, rejected: 0, remaining: CLAIM_BATCH - 2 });
    const left = await entries();
    expect(left[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: { status: null } });
    expect(left.slice(1).every((e) => e.state === 'pending' && e.attempts === 0)).toBe(true);
  });

  it('a 401 no renewal cures holds back its author’s later entries; another signed-in author’s entries still go', async () => {
    const tokens: TokenSource = { accessFor: async (id) => `access-${id}`, refreshFor: async () => null };
    server.on('POST', '/materials/materials/', (r) => (r.authorization === `JWT access-${ASHA}` ? json(401, { detail: 'Token is blacklisted' }) : json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Asha 1'), { userId: ASHA });
    await addEntry(createMaterial, newMaterial('Ravi 1'), { userId: RAVI });
    await addEntry(createMaterial, newMaterial('Asha 2'), { userId: ASHA });
    await addEntry(createMaterial, newMaterial('Ravi 2'), { userId: RAVI });

    expect(await replayOutbox(env(tokens))).toMatchObject({ sent: 2, rejected: 0, remaining: 2 });
    expect(server.seen.map((r) => r.body?.name)).toEqual(['Asha 1', 'Ravi 1', 'Ravi 2']);
    expect((await entries()).map((e) => [(e.payload as { name: string }).name, e.state, e.attempts])).toEqual([
      ['Asha 1', 'pending', 1],
      ['Asha 2', 'pending', 0],
    ]);
  });
});

describe('the owner rule', () => {
  it('never sends an entry under another user’s token: it waits for its author', async () => {
    server.on('POST', '/materials/materials/', (r) => json(201, materialRow(r.body)));
    await addEntry(createMaterial, newMaterial('Ravi’s material'), { userId: RAVI });
    await addEntry(createMaterial, newMaterial('Asha’s material'), { userId: ASHA });

    expect(await replayOutbox(env(signedIn(ASHA)))).toEqual({ ran: true, sent: 1, rejected: 0, remaining: 1 });
    expect(server.seen.map((r) => [r.body?.name, r.authorization])).toEqual([['Asha’s material', `JWT access-${ASHA}-0`]]);
    expect((await entries())[0]).toMatchObject({ userId: RAVI, state: 'pending', attempts: 0 });

    expect(await replayOutbox(env(signedIn(null)))).toMatchObject({ sent: 0, remaining: 1 });
    expect(await replayOutbox(env(signedIn(RAVI)))).toMatchObject({ sent: 1, remaining: 0 });
    expect(server.seen.at(-1)).toMatchObject({ body: { name: 'Ravi’s material' }, authorization: `JWT access-${RAVI}-0` });
  });
});

/** Web Locks as the browser grants them; `crash()` is a context dying, which frees its locks. */
function fakeLocks() {
  const held = new Set<string>();
  const requested: { name: string; ifAvailable: boolean }[] = [];
  const locks = {
    async request(name: string, options: { ifAvailable?: boolean } | (() => unknown), callback?: (lock: { name: string } | null) => unknown) {
      const run = typeof options === 'function' ? options : callback!;
      const ifAvailable = typeof options === 'object' && !!options.ifAvailable;
      requested.push({ name, ifAvailable });
      if (held.has(name)) {
        if (ifAvailable) return run(null);
        throw new Error('the fake only grants free locks');
      }
      held.add(name);
      try {
        return await run({ name });
      } finally {
        held.delete(name);
      }
    },
    crash: () => held.clear(),
    requested,
  };
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
  return locks;
}

describe('one replayer at a time', () => {
  it('under Web Locks: a second replay while one runs does nothing, and each entry reaches the server once', async () => {
    const locks = fakeLocks();
    server.on('POST', '/materials/materials/', async (r) => (await new Promise((resolve) => setTimeout(resolve, 5)), json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
    await addEntry(createMaterial, newMaterial('Steel angle'), { userId: ASHA });

    const results = await Promise.all([replayOutbox(env()), replayOutbox(env()), replayOutbox(env())]);

    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.filter((r) => !r.ran)).toHaveLength(2);
    expect(server.seen).toHaveLength(2);
    expect(locks.requested.every((r) => r.name === OUTBOX_REPLAY_LOCK && r.ifAvailable)).toBe(true);
  });

  it('without Web Locks: the same within the context', async () => {
    server.on('POST', '/materials/materials/', async (r) => (await new Promise((resolve) => setTimeout(resolve, 5)), json(201, materialRow(r.body))));
    await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
    const results = await Promise.all([replayOutbox(env()), replayOutbox(env())]);
    expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(server.seen).toHaveLength(1);
  });
});

describe('a crash in the middle of a send', () => {
  it('resends the entry left "sending" after the restart with the same Idempotency-Key; the server stores one row', async () => {
    const locks = fakeLocks();
    // The server applies a key once and answers a repeat from its record (docs/api.md).
    const stored: Record<string, unknown>[] = [];
    const answered = new Map<string, Record<string, unknown>>();
    let crashAfterApplying = true;
    server.on('POST', '/materials/materials/', (r) => {
      const earlier = answered.get(r.key!);
      if (earlier) return json(201, earlier);
      const row = materialRow(r.body);
      stored.push(row);
      answered.set(r.key!, row);
      // The page dies after the server applied the write and before the answer arrived.
      return crashAfterApplying ? new Promise<Response>(() => {}) : json(201, row);
    });
    await addEntry(createMaterial, newMaterial('Acrylic sheet 3mm'), { userId: ASHA });
    const { idempotencyKey } = (await entries())[0]!;

    void replayOutbox(env());
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    expect((await entries())[0]).toMatchObject({ state: 'sending', attempts: 1 });
    locks.crash();
    crashAfterApplying = false;

    // The restart.
    expect(await replayOutbox(env())).toEqual({ ran: true, sent: 1, rejected: 0, remaining: 0 });

    expect(server.seen.map((r) => r.key)).toEqual([idempotencyKey, idempotencyKey]);
    expect(stored).toHaveLength(1);
    expect(await mirror.rows('materials').toArray()).toMatchObject([{ id: 101, name: 'Acrylic sheet 3mm' }]);
  });
});
