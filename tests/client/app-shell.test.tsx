import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { fakeServer, makeToken, makeUser, storeSession } from './support';
import { AppShell, SESSION_ENDED } from '../../src/app/AppShell';
import { firstScreenDrawn } from '../../src/app/first-screen';
import { RootShell } from '../../src/app/RootShell';
import { loadCurrentUser, logout, session } from '../../src/data/session';
import { Notifications } from '../../src/ui/Notifications';

// The shell's sync indicator and the session start the preload on demand; not this file's concern.
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderShell(at: string) {
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route element={<AppShell layout="stores" />}>
            <Route path="/materials" element={<Where />} />
          </Route>
          <Route path="/login" element={<Where />} />
          <Route path="/logout" element={<Where />} />
        </Routes>
      </MemoryRouter>
      <Notifications />
    </ChakraProvider>,
  );
}

beforeEach(async () => {
  localStorage.clear();
  session.resetForTests();
  const server = fakeServer();
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
  server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ department: 'stores' }) });
  await loadCurrentUser();
});

afterEach(() => cleanup());

describe('the signed-in frame', () => {
  it('goes to sign-in, with the way back, when the session ends under an open screen', async () => {
    renderShell('/materials?page=2');
    expect(screen.getByTestId('where').textContent).toBe('/materials?page=2');
    act(() => logout());
    expect(await screen.findByText(SESSION_ENDED)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/login?redirect=${encodeURIComponent('/materials?page=2')}`);
  });

  it('says when the first screen is drawn (a page load holds the preload until then)', async () => {
    const router = createMemoryRouter([{ element: <RootShell />, children: [{ index: true, element: <p>first screen</p> }] }]);
    render(
      <ChakraProvider value={defaultSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>,
    );
    await screen.findByText('first screen');
    await expect(firstScreenDrawn).resolves.toBeUndefined();
  });

  it('signs out through the sign-out screen, which ends the session', async () => {
    renderShell('/materials');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/logout'));
    // Still signed in until the sign-out screen shows: nothing sends the user to sign-in instead.
    expect(session.state.user).not.toBeNull();
  });
});
