import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeServer, makeToken, makeUser, storeSession } from './support';
import { AppShell } from '../../src/app/AppShell';
import { loadCurrentUser, session } from '../../src/data/session';
import type { Layout } from '../../domain/routes';
import type { User } from '../../domain/user';

/** Issue 17 §1: a screen keeps the user's own department layout, and the menu shows where the screen belongs in it. */
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

async function signInAs(user: Partial<User>) {
  localStorage.clear();
  session.resetForTests();
  const server = fakeServer();
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
  server.on('GET', '/auth/users/me/', { status: 200, data: makeUser(user) });
  await loadCurrentUser();
}

/** A screen of `routeLayout` (the layout its route belongs to) opened at `path`. */
function openScreen(routeLayout: Layout, path: string) {
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AppShell layout={routeLayout} />}>
            <Route path="*" element={<p>screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

// The side menu is hidden below the desktop width (a drawer there): the same links either way.
const menu = () => screen.getAllByRole('navigation', { name: 'Main menu', hidden: true })[0]!;
const menuLinks = () =>
  within(menu())
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent);
const highlighted = () =>
  within(menu())
    .queryAllByRole('link', { current: 'page', hidden: true })
    .map((link) => link.textContent);

afterEach(() => cleanup());

describe("the frame of the signed-in user's department", () => {
  it('keeps a stores user in the stores frame on a requisition, with the stores requisitions highlighted', async () => {
    await signInAs({ department: 'stores', designation: 'executive' });
    openScreen('production', '/detail/requisition/5');

    expect(screen.getByRole('heading', { name: 'FabOps · Stores & purchase' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'FabOps · Production' })).toBeNull();
    expect(highlighted()).toEqual(['Stores requisitions']);
  });

  it('keeps a dispatch user in the packing and dispatch frame on a delivery note, with the dispatches highlighted', async () => {
    await signInAs({ department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' });
    openScreen('production', '/dnotes/detail/3');

    expect(screen.getByRole('heading', { name: 'FabOps · Packing & dispatch' })).toBeTruthy();
    expect(highlighted()).toEqual(['Dispatches']);
  });

  it("highlights a menu entry's own screen", async () => {
    await signInAs({ department: 'production', designation: 'supervisor' });
    openScreen('production', '/requisitions');

    expect(screen.getByRole('heading', { name: 'FabOps · Production' })).toBeTruthy();
    expect(highlighted()).toEqual(['Requisitions']);
  });
});

describe('the menu offers only what the user may open', () => {
  it('shows production no job order valuation or status-wise reports, and a production manager all three', async () => {
    await signInAs({ department: 'production', designation: 'supervisor' });
    openScreen('production', '/production');
    const links = menuLinks();
    expect(links).toContain('Job orders');
    expect(links).not.toContain('Job order valuation');
    expect(links).not.toContain('Status-wise job orders');
    expect(links).not.toContain('Status-wise ageing');
    expect(links).not.toContain('New job order');
    cleanup();

    await signInAs({ department: 'production', designation: 'manager' });
    openScreen('production', '/production');
    expect(menuLinks()).toEqual(expect.arrayContaining(['Job order valuation', 'Status-wise job orders', 'Status-wise ageing', 'New job order']));
  });

  it('offers Reassign leads to a sales manager, never to a sales executive', async () => {
    await signInAs({ department: 'sales', designation: 'executive' });
    openScreen('sales', '/leads');
    expect(menuLinks()).toContain('Leads');
    expect(menuLinks()).not.toContain('Reassign leads');
    cleanup();

    await signInAs({ department: 'sales', designation: 'manager' });
    openScreen('sales', '/leads');
    expect(menuLinks()).toContain('Reassign leads');
  });
});
