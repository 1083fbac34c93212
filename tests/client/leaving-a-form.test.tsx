import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { User } from '../../domain/user';
import { routeByName } from '../../domain/routes';
import { AppShell } from '../../src/app/AppShell';
import { RootShell } from '../../src/app/RootShell';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import RequisitionCreateScreen from '../../src/features/requisitions/RequisitionCreateScreen';
import { AppProviders } from './providers';
import { makeUser, storeSession } from './support';

/** Issue 17 §4: typed requisition lines were lost on a menu click. Leaving a form with unsaved input asks first. */
let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The app's frame as the router has it: the root shell, the production layout with its menu, the new requisition screen. */
function showNewRequisition() {
  const route = routeByName('requisition-create');
  const router = createMemoryRouter(
    [{ element: <RootShell />, children: [{ element: <AppShell layout="production" />, children: [{ path: route.path, element: <RequisitionCreateScreen />, handle: { route } }, { path: '*', element: <Where /> }] }] }],
    { initialEntries: [route.path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function typeALine() {
  fireEvent.change(await screen.findByLabelText('Find a material'), { target: { value: 'clear 3mm' } });
  fireEvent.click(await screen.findByRole('button', { name: /Acrylic sheet clear 3mm/ }));
  fireEvent.change(screen.getByLabelText('Quantity of Acrylic sheet clear 3mm'), { target: { value: '4' } });
}

const menuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main menu', hidden: true })).getByRole('link', { name, hidden: true });

beforeEach(async () => {
  user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
  storeSession({ userId: 5 });
  forgetUnsavedChangesForTests();
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').put({ id: 11, name: 'Acrylic sheet clear 3mm', unit: 'SHEET', quantity: '40.000', brand: '', size: '', color: '', thickness: '3mm', category: 1, ...tracked });
  await mirror.rows('materialNames').put({ id: 11, name: 'Acrylic sheet clear 3mm', unit: 'SHEET', brand: '', size: '', color: '', thickness: '3mm', category: 1, ...tracked });
});

afterEach(() => cleanup());

describe('leaving a form with unsaved input', () => {
  it('asks before a menu link leaves typed requisition lines, and Stay keeps them', async () => {
    const router = showNewRequisition();
    await typeALine();
    fireEvent.click(menuLink('Requisitions'));

    const question = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(question).getByText('What you typed will be lost.')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/requisition/create');
    expect((screen.getByLabelText('Quantity of Acrylic sheet clear 3mm') as HTMLInputElement).value).toBe('4');
  });

  it('goes where the link leads when the user chooses Leave', async () => {
    showNewRequisition();
    await typeALine();
    fireEvent.click(menuLink('Requisitions'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/requisitions');
  });

  it('leaves an untouched form without asking', async () => {
    showNewRequisition();
    await screen.findByLabelText('Find a material');
    fireEvent.click(menuLink('Requisitions'));
    expect((await screen.findByTestId('where')).textContent).toBe('/requisitions');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves on to the saved requisition without asking: saved input is not lost', async () => {
    const router = showNewRequisition();
    fireEvent.change(await screen.findByLabelText(/^Requisition type/), { target: { value: 'consumables' } });
    await typeALine();
    fireEvent.click(screen.getByRole('button', { name: 'Save requisition' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/detail\/requisition\/-\d+$/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the browser to confirm closing the tab while input is unsaved, and not otherwise', async () => {
    showNewRequisition();
    await screen.findByLabelText('Find a material');
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closeTab()).toBe(false);
    await typeALine();
    await waitFor(() => expect(closeTab()).toBe(true));
  });
});
