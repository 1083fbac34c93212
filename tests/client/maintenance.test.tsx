import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeServer, makeToken, makeUser, storeSession, type FakeServer } from './support';
import { AppShell } from '../../src/app/AppShell';
import { api } from '../../src/data/api';
import { loadCurrentUser, session } from '../../src/data/session';
import { noteMaintenanceAnswer, onMaintenanceOver } from '../../src/data/maintenance';
import { maintenanceAwareFetch } from '../../src/data/maintenance-signal';
import { outbox } from '../../src/data/outbox';
import { sessionDb } from '../../src/data/token-store';

/** Issue 23 §2: in maintenance mode the app shows a maintenance screen; what waits on the device stays and goes afterwards. */
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

const ME = '/auth/users/me/';
const MESSAGE = 'FabOps is down for maintenance. Your work is kept on this device and sent when it is back.';
const IN_MAINTENANCE = { status: 503, data: { detail: MESSAGE, code: 'maintenance' }, headers: { 'retry-after': '60' } };
const FOREMAN = makeUser({ id: 5, first_name: 'Suresh', last_name: 'Patil', username: 'foreman', department: 'production', designation: 'foreman' });
let server: FakeServer;

async function signedIn(user = FOREMAN) {
  localStorage.clear();
  await Promise.all(sessionDb.tables.map((t) => t.clear()));
  await outbox.entries.clear();
  session.resetForTests();
  noteMaintenanceAnswer(200, null, true);
  server = fakeServer();
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
  server.on('GET', ME, { status: 200, data: user });
  await loadCurrentUser();
}

const renderShell = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/requisitions']}>
        <Routes>
          <Route element={<AppShell layout="production" />}>
            <Route path="/requisitions" element={<p>the foreman’s requisitions</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );

/** A write queued on the device by a user, as the outbox keeps it. */
const queuedBy = (userId: number) =>
  outbox.entries.add({
    idempotencyKey: `key-${userId}-${Math.random()}`,
    operation: 'requisitions.create',
    payload: {},
    method: 'POST',
    url: '/requisitions/requisitions/',
    body: {},
    headers: {},
    userId,
    createdAt: Date.now(),
    attempts: 1,
    nextAttemptAt: Date.now() + 60_000,
    state: 'pending',
    lastError: { status: 503, body: IN_MAINTENANCE.data, messages: [MESSAGE] },
    dependsOn: [],
    type: null,
  } as never);

beforeEach(() => signedIn());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the maintenance screen', () => {
  it('replaces the screen when the server answers that it is down for maintenance, saying what waits on the device', async () => {
    await queuedBy(FOREMAN.id);
    await queuedBy(99);
    renderShell();
    expect(screen.getByText('the foreman’s requisitions')).toBeTruthy();
    server.on('GET', ME, IN_MAINTENANCE);
    await api.get(ME).catch(() => undefined);
    const notice = await screen.findByRole('region', { name: 'Down for maintenance' });
    expect(notice.textContent).toContain(MESSAGE);
    expect(await screen.findByText('1 change you made waits on this device and is sent when FabOps is back.')).toBeTruthy();
    expect(screen.queryByText('the foreman’s requisitions')).toBeNull();
    // Signing out stays within reach.
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('goes when the server answers again, and lets the queued writes go at once', async () => {
    const over = vi.fn();
    const forget = onMaintenanceOver(over);
    renderShell();
    server.on('GET', ME, IN_MAINTENANCE);
    await api.get(ME).catch(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(server.calls('GET', ME).length).toBeGreaterThanOrEqual(3));
    expect(screen.getByRole('region', { name: 'Down for maintenance' })).toBeTruthy();
    expect(over).not.toHaveBeenCalled();

    server.on('GET', ME, { status: 200, data: FOREMAN });
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('the foreman’s requisitions')).toBeTruthy();
    expect(over).toHaveBeenCalledTimes(1);
    forget();
  });

  it('shows when a replayer — the page’s, or the service worker’s with no screen of its own — has a queued write turned away', async () => {
    renderShell();
    const workerFetch = maintenanceAwareFetch(async () => new Response(JSON.stringify(IN_MAINTENANCE.data), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '60' } }));
    const response = await workerFetch('/api/v1/requisitions/requisitions/', { method: 'POST' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(IN_MAINTENANCE.data);
    expect(await screen.findByRole('region', { name: 'Down for maintenance' })).toBeTruthy();
  });

  it('is not shown to a superuser, who works on', async () => {
    await signedIn(makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true }));
    renderShell();
    noteMaintenanceAnswer(503, IN_MAINTENANCE.data, true);
    expect(await screen.findByText('the foreman’s requisitions')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Down for maintenance' })).toBeNull();
  });

  it('is not ended by an answer that maintenance leaves open (the health check, a sign-in refusal)', async () => {
    renderShell();
    noteMaintenanceAnswer(503, IN_MAINTENANCE.data, true);
    noteMaintenanceAnswer(200, { status: 'ok' }, false);
    noteMaintenanceAnswer(401, { detail: 'No active account found with the given credentials' }, false);
    noteMaintenanceAnswer(500, null, true);
    expect(await screen.findByRole('region', { name: 'Down for maintenance' })).toBeTruthy();
  });
});
