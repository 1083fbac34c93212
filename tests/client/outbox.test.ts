import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { ZodError } from 'zod';
import { fakeServer, makeToken, makeUser, storeSession } from './support';
import { loadCurrentUser, session } from '../../src/data/session';

// The session starts the preload on demand; not this file's concern (its import would outlive the file).
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { addEntry, discardEntry, ENQUEUE_HOLD_MS, resendEntry, serverIdOf, withDependants } from '../../src/data/outbox/entries';
import { enqueue, NOT_SIGNED_IN } from '../../src/data/outbox/enqueue';
import type { PayloadOf } from '../../src/data/outbox/operations';
import { usePendingIds } from '../../src/data/outbox/hooks';
import { OUTBOX_SYNC_TAG } from '../../src/data/outbox/replay';
import { pageReplayEnv, requestBackgroundSync } from '../../src/data/outbox/triggers';
import { idbTokenSource, readSession, sessionDb, SESSION_CHANNEL, TOKEN_REFRESH_LOCK, writeSession } from '../../src/data/token-store';
import { tokens } from '../../src/data/tokens';
import { api } from '../../src/data/api';
import { addBranch, createCustomer, createMaterial, createVendor, editBranch, updateMaterial } from '../../src/data/operations';

const ASHA = 7;
const WEEK = 7 * 86400;
const material = { id: 4, name: 'Acrylic sheet 3mm', category: 3, subcategory: null, unit: 'SHEET', brand: '', size: '', color: '', thickness: '', quantity: '12.000', reorder_level: '0.000', version: 5 };

beforeEach(async () => {
  localStorage.clear();
  await Promise.all([...outbox.tables, ...mirror.tables, ...sessionDb.tables].map((t) => t.clear()));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'locks');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('an entry (DESIGN.md "Offline-first rules")', () => {
  it('is validated by its operation’s schema and stored with its key, author, request and state', async () => {
    // The schema refuses at run time too what the types refuse (a form may hand over anything).
    await expect(addEntry(createMaterial, { name: '', unit: 'PCS' } as PayloadOf<typeof createMaterial>, { userId: ASHA })).rejects.toBeInstanceOf(ZodError);
    const before = Date.now();
    const { entryId, tempId } = await addEntry(createMaterial, { name: ' Acrylic sheet 3mm ', category: 3, unit: 'SHEET' }, { userId: ASHA });

    const entry = await outbox.entries.get(entryId);
    expect(entry).toMatchObject({
      operation: 'material.create',
      method: 'POST',
      url: '/materials/materials/',
      body: { name: 'Acrylic sheet 3mm', category: 3, unit: 'SHEET', brand: '', reorder_level: '0' },
      userId: ASHA,
      attempts: 0,
      state: 'pending',
      lastError: null,
      dependsOn: [],
      type: 'materials',
      tempId: -entryId,
      rowId: -entryId,
    });
    expect(entry!.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entry!.createdAt).toBeGreaterThanOrEqual(before);
    // The hold is lifted once the optimistic row is in the mirror.
    expect(entry!.nextAttemptAt).toBeLessThan(entry!.createdAt + ENQUEUE_HOLD_MS);
    expect(tempId).toBe(-entryId);
  });

  it('shows a row created offline in the mirror under a negative temp id, with a pending badge', async () => {
    const { result } = renderHook(() => usePendingIds('materials'));
    const { tempId } = await addEntry(createMaterial, { name: 'Steel angle', category: 3, unit: 'PCS' }, { userId: ASHA });

    expect(await mirror.rows('materials').get(tempId!)).toMatchObject({ id: tempId, name: 'Steel angle', quantity: '0', version: 1, created_by: ASHA, deleted_at: null });
    await waitFor(() => expect([...result.current]).toEqual([tempId]));
  });

  it('sends an update with If-Match of the version the user saw, the changes alone in the body', async () => {
    await mirror.rows('materials').put(material);
    const { entryId } = await addEntry(updateMaterial, { id: 4, name: 'Acrylic sheet 4mm', expected_version: 5 }, { userId: ASHA });

    expect(await outbox.entries.get(entryId)).toMatchObject({ method: 'PATCH', url: '/materials/materials/4/', body: { name: 'Acrylic sheet 4mm' }, headers: { 'If-Match': '5' }, rowId: 4, tempId: null });
    // The server's row is kept as the row's base while the change waits.
    expect(await outbox.bases.get('materials:4')).toMatchObject({ type: 'materials', id: 4, row: material });
    expect(await mirror.rows('materials').get(4)).toMatchObject({ name: 'Acrylic sheet 4mm', version: 5 });
  });

  it('makes a second change to the same row wait for the first and expect the version the first leaves', async () => {
    await mirror.rows('materials').put(material);
    const first = await addEntry(updateMaterial, { id: 4, name: 'Acrylic sheet 4mm', expected_version: 5 }, { userId: ASHA });
    const second = await addEntry(updateMaterial, { id: 4, reorder_level: '10', expected_version: 5 }, { userId: ASHA });
    expect(await outbox.entries.get(second.entryId)).toMatchObject({ dependsOn: [first.entryId], headers: { 'If-Match': `{{version:${first.entryId}}}` } });
  });

  it('takes dependencies given explicitly as well as those read from temp ids', async () => {
    const vendor = await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    const branch = await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId: ASHA, dependsOn: [vendor.entryId] });
    expect((await outbox.entries.get(branch.entryId))!.dependsOn.sort()).toEqual([vendor.entryId, customer.entryId].sort());
    expect(await mirror.rows('customerBranches').get(branch.tempId!)).toMatchObject({ customer: customer.tempId, location: 'Pune' });
  });

  it('refuses to resend an entry whose operation this version of the app no longer has', async () => {
    const { entryId } = await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });
    await outbox.entries.update(entryId, { operation: 'material.teleport' });
    await expect(resendEntry(entryId, { name: 'Sharma Metals' })).rejects.toThrow('Unknown outbox operation: material.teleport');
  });
});

describe('enqueue (the page’s entry point)', () => {
  it('needs a signed-in user and records that user as the author', async () => {
    await expect(enqueue(createVendor, { name: 'Sharma Metals' })).rejects.toThrow(NOT_SIGNED_IN);
    localStorage.setItem('user_id', String(ASHA));
    const { entryId } = await enqueue(createVendor, { name: 'Sharma Metals' });
    expect(await outbox.entries.get(entryId)).toMatchObject({ userId: ASHA, operation: 'vendor.create' });
  });

  it('registers the Background Sync tag when the service worker can take it', async () => {
    const register = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ sync: { register } }) } });
    expect(await requestBackgroundSync()).toBe(true);
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    expect(OUTBOX_SYNC_TAG).toBe('fabops-outbox');

    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({}) } });
    expect(await requestBackgroundSync()).toBe(false);
  });
});

describe('fix and resend, discard', () => {
  it('resends an edited payload under a new Idempotency-Key, queued afresh, its change applied again', async () => {
    const { entryId, tempId } = await addEntry(createMaterial, { name: 'Acrylic sheet 3mm', category: 3, unit: 'SHEET' }, { userId: ASHA });
    const old = (await outbox.entries.get(entryId))!;
    await outbox.entries.update(entryId, { state: 'rejected', attempts: 2, lastError: { status: 400, body: { name: ['Exists.'] }, messages: ['name: Exists.'] } });

    await resendEntry(entryId, { name: 'Acrylic sheet 3mm clear', category: 3, unit: 'SHEET' });

    const entry = (await outbox.entries.get(entryId))!;
    expect(entry).toMatchObject({ state: 'pending', attempts: 0, lastError: null, body: { name: 'Acrylic sheet 3mm clear' }, payload: { name: 'Acrylic sheet 3mm clear' } });
    expect(entry.idempotencyKey).not.toBe(old.idempotencyKey);
    expect(await mirror.rows('materials').get(tempId!)).toMatchObject({ name: 'Acrylic sheet 3mm clear' });
  });

  it('discards an entry with everything that depends on it and takes their changes out of the mirror', async () => {
    await mirror.rows('materials').put(material);
    const edit = await addEntry(updateMaterial, { id: 4, name: 'Changed', expected_version: 5 }, { userId: ASHA });
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    const branch = await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId: ASHA });
    const branchEdit = await addEntry(editBranch, { id: branch.tempId!, location: 'Pune East' }, { userId: ASHA });

    expect((await withDependants(customer.entryId)).map((e) => e.id)).toEqual([customer.entryId, branch.entryId, branchEdit.entryId]);
    expect(await discardEntry(customer.entryId)).toBe(true);
    expect(await discardEntry(edit.entryId)).toBe(true);

    expect(await outbox.entries.count()).toBe(0);
    expect(await mirror.rows('customers').count()).toBe(0);
    expect(await mirror.rows('customerBranches').count()).toBe(0);
    expect(await mirror.rows('materials').get(4)).toMatchObject(material);
  });

  it('leaves an entry that is on the wire alone', async () => {
    const { entryId } = await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });
    await outbox.entries.update(entryId, { state: 'sending' });
    expect(await discardEntry(entryId)).toBe(false);
    expect(await outbox.entries.count()).toBe(1);
  });

  it('answers the server id of a row created offline once it is known', async () => {
    await outbox.resolutions.put({ key: 'tempId:-3', value: 55, at: Date.now() });
    expect(await serverIdOf(-3)).toBe(55);
    expect(await serverIdOf(-4)).toBeNull();
  });
});

describe('the tokens mirrored in IndexedDB for the service worker', () => {
  const fetchStub = (reply: () => Response) => vi.fn(async () => reply()) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
  const pairJson = (pair: { access: string; refresh: string }) => new Response(JSON.stringify(pair), { status: 200, headers: { 'Content-Type': 'application/json' } });

  it('follow localStorage: stored with the user of their claims, cleared on sign-out', async () => {
    const pair = { access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA) };
    await tokens.store(pair);
    expect(localStorage.getItem('access')).toBe(pair.access);
    expect(await readSession()).toMatchObject({ userId: ASHA, ...pair });
    await tokens.clear();
    expect(await readSession()).toBeNull();
  });

  it('give the author a fresh access token and nobody else one', async () => {
    const access = makeToken('access', 300, ASHA);
    await writeSession({ access, refresh: makeToken('refresh', WEEK, ASHA) });
    const source = idbTokenSource({ fetch: fetchStub(() => new Response(null, { status: 500 })), baseUrl: '/api/v1' });
    expect(await source.accessFor(ASHA)).toBe(access);
    expect(await source.accessFor(8)).toBeNull();
    expect(await source.refreshFor(8)).toBeNull();
  });

  it('in the page, give the signed-in author the page’s own fresh token, and anyone else what the shared store says', async () => {
    const pageAccess = makeToken('access', 300, ASHA);
    storeSession({ access: pageAccess, refresh: makeToken('refresh', WEEK, ASHA), userId: ASHA });
    await writeSession({ access: makeToken('access', 200, ASHA), refresh: makeToken('refresh', WEEK - 60, ASHA) });
    const { tokens: source } = pageReplayEnv();
    expect(await source.accessFor(ASHA)).toBe(pageAccess);
    expect(await source.accessFor(8)).toBeNull();
  });

  it('in the page, tell the session when its own user’s session can no longer be renewed, so they are asked to sign in again (issue 15 §4)', async () => {
    fakeServer().on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: ASHA }) });
    storeSession({ access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA), userId: ASHA });
    await loadCurrentUser();
    storeSession({ access: makeToken('access', -10, ASHA), refresh: makeToken('refresh', -10, ASHA) });
    await writeSession({ access: makeToken('access', -10, ASHA), refresh: makeToken('refresh', -10, ASHA) });
    expect(await pageReplayEnv().tokens.accessFor(ASHA)).toBeNull();
    expect(session.state.expired).toBe(true);
  });

  it('renew an expired access token under the renewal lock, store the new pair and announce it to the pages', async () => {
    await writeSession({ access: makeToken('access', 10, ASHA), refresh: makeToken('refresh', WEEK, ASHA) });
    const rotated = { access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA) };
    const fetch = fetchStub(() => pairJson(rotated));
    const lockNames: string[] = [];
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request: async (name: string, run: () => Promise<unknown>) => (lockNames.push(name), run()) } });
    const heard = new Promise((resolve) => {
      const channel = new BroadcastChannel(SESSION_CHANNEL);
      channel.onmessage = (event) => (channel.close(), resolve(event.data));
    });

    expect(await idbTokenSource({ fetch, baseUrl: '/api/v1' }).accessFor(ASHA)).toBe(rotated.access);

    expect(lockNames).toEqual([TOKEN_REFRESH_LOCK]);
    expect(fetch).toHaveBeenCalledWith('/api/v1/auth/jwt/refresh/', expect.objectContaining({ method: 'POST' }));
    expect(await readSession()).toMatchObject(rotated);
    expect(await heard).toEqual({ type: 'tokens', ...rotated });
  });

  it('use a pair rotated by another tab while waiting for the lock instead of rotating again', async () => {
    const seen = makeToken('refresh', WEEK, ASHA);
    await writeSession({ access: makeToken('access', 10, ASHA), refresh: seen });
    const otherTab = { access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA) };
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { request: async (_name: string, run: () => Promise<unknown>) => (await writeSession(otherTab), run()) },
    });
    const fetch = fetchStub(() => pairJson(otherTab));

    expect(await idbTokenSource({ fetch, baseUrl: '/api/v1' }).refreshFor(ASHA)).toBe(otherTab.access);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('after a 401, renew even a token that looks fresh; a refused renewal gives null, a failing server throws', async () => {
    await writeSession({ access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA) });
    const rotated = { access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA) };
    expect(await idbTokenSource({ fetch: fetchStub(() => pairJson(rotated)), baseUrl: '/api/v1' }).refreshFor(ASHA)).toBe(rotated.access);
    expect(await idbTokenSource({ fetch: fetchStub(() => new Response('{}', { status: 401 })), baseUrl: '/api/v1' }).refreshFor(ASHA)).toBeNull();
    await expect(idbTokenSource({ fetch: fetchStub(() => new Response('{}', { status: 502 })), baseUrl: '/api/v1' }).refreshFor(ASHA)).rejects.toThrow();
  });

  it('a pair the worker rotated is taken by the page’s renewal instead of rotating a blacklisted token', async () => {
    const server = fakeServer();
    server.on('GET', '/users/', { status: 200, data: [] });
    server.on('POST', '/auth/jwt/refresh/', { status: 401, data: { detail: 'Token is blacklisted' } });
    storeSession({ access: makeToken('access', 10, ASHA), refresh: makeToken('refresh', WEEK - 60, ASHA), userId: ASHA });
    // The worker renewed: IndexedDB has the newer pair, localStorage still the old one.
    const workers = { access: makeToken('access', 300, ASHA), refresh: makeToken('refresh', WEEK, ASHA) };
    await writeSession(workers);

    await api.get('/users/');

    expect(server.calls('POST', '/auth/jwt/refresh/')).toHaveLength(0);
    expect(server.calls('GET', '/users/')[0]!.authorization).toBe(`JWT ${workers.access}`);
    expect(localStorage.getItem('refresh')).toBe(workers.refresh);
  });
});
