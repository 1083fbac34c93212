import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeServer, makeToken, makeUser, storeSession, type FakeServer } from './support';
import { AppShell } from '../../src/app/AppShell';
import { loadCurrentUser, session } from '../../src/data/session';
import { nudgeReplay } from '../../src/data/outbox/triggers';
import { sessionDb } from '../../src/data/token-store';

/** Issue 15 §4: online, a session that can no longer be renewed asks to sign in again in place, and the queue goes on. */
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));
vi.mock('../../src/data/outbox/triggers', async (original) => ({
  ...(await original<typeof import('../../src/data/outbox/triggers')>()),
  nudgeReplay: vi.fn(),
  requestBackgroundSync: async () => undefined,
}));

const ME = '/auth/users/me/';
let server: FakeServer;

async function expiredSession() {
  localStorage.clear();
  await Promise.all(sessionDb.tables.map((t) => t.clear()));
  session.resetForTests();
  server = fakeServer();
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
  server.on('GET', ME, { status: 200, data: makeUser({ first_name: 'Suresh', last_name: 'Patil', username: 'foreman' }) });
  await loadCurrentUser();
  server.on('GET', ME, { status: 401, data: { detail: 'Token is invalid or expired' } });
  server.on('POST', '/auth/jwt/refresh/', { status: 401, data: { detail: 'Token is blacklisted' } });
  await loadCurrentUser();
}

const renderShell = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/materials']}>
        <Routes>
          <Route element={<AppShell layout="production" />}>
            <Route path="/materials" element={<p>the screen the foreman was on</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );

beforeEach(expiredSession);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a session that can no longer be renewed', () => {
  it('online: asks to sign in again where the user is, and sends the queue the moment they do', async () => {
    renderShell();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Your session has ended. Sign in again as Suresh Patil to go on: your screen and your unsent changes stay as they are.')).toBeTruthy();
    expect(screen.getByText('the screen the foreman was on')).toBeTruthy();

    server.on('POST', '/auth/jwt/create/', { status: 200, data: { access: makeToken('access', 300), refresh: makeToken('refresh', 86400) } });
    server.on('GET', ME, { status: 200, data: makeUser({ first_name: 'Suresh', last_name: 'Patil', username: 'foreman' }) });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'fabops-demo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('POST', '/auth/jwt/create/')[0]!.body).toEqual({ username: 'foreman', password: 'fabops-demo' });
    expect(vi.mocked(nudgeReplay)).toHaveBeenCalledWith({ retryAll: true });
  });

  it('says why when the password is wrong, and stays', async () => {
    renderShell();
    const dialog = await screen.findByRole('alertdialog');
    server.on('POST', '/auth/jwt/create/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByText('No active account found with the given credentials')).toBeTruthy();
    expect(session.state.expired).toBe(true);
  });

  it('offline: asks nothing, the device keeps working', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderShell();
    expect(await screen.findByText('the screen the foreman was on')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
