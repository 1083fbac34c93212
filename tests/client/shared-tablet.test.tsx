import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeServer, makeToken, makeUser, storeSession, until, type FakeServer } from './support';
import { AppShell } from '../../src/app/AppShell';
import { loadCurrentUser, session } from '../../src/data/session';
import { addEntry, enqueue, outbox, SESSION_REPLACED } from '../../src/data/outbox';
import { mirror } from '../../src/data/mirror/db';
import { AppDialog } from '../../src/ui/dialog';
import { Notifications } from '../../src/ui/Notifications';
import SyncScreen from '../../src/features/sync/SyncScreen';
import { createMaterialCategory, createRequisition } from '../../src/data/operations';

/** Issue 15 §2: on a shared tablet the author of a change is the person on the screen, and nothing anyone leaves behind is lost silently. */
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const FOREMAN = makeUser({ id: 5, username: 'foreman', first_name: 'Suresh', last_name: 'Patil', department: 'production', designation: 'foreman' });
const STORES = makeUser({ id: 9, username: 'stores', first_name: 'Farida', last_name: 'Khan', department: 'stores', designation: 'executive' });
const SUPERVISOR = makeUser({ id: 6, username: 'production', first_name: 'Anil', last_name: 'Nair', department: 'production', designation: 'supervisor' });

let server: FakeServer;
async function signInAs(user: typeof FOREMAN) {
  localStorage.clear();
  session.resetForTests();
  server = fakeServer();
  storeSession({ access: makeToken('access', 300, user.id), refresh: makeToken('refresh', 86400, user.id) });
  server.on('GET', '/auth/users/me/', { status: 200, data: user });
  await loadCurrentUser();
}

/** What another tab of the same browser does when someone signs in there: the shared storage changes, and this tab hears of it. */
function anotherTabSignsIn(user: typeof FOREMAN | null) {
  act(() => {
    if (user) {
      localStorage.setItem('user_id', String(user.id));
      localStorage.setItem('user_profile', JSON.stringify(user));
    } else {
      localStorage.clear();
    }
    window.dispatchEvent(new StorageEvent('storage', { key: user ? 'user_profile' : null }));
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const renderUi = (ui: React.ReactNode) =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/sync']}>
        <Routes>
          <Route element={<AppShell layout="production" />}>
            <Route path="/sync" element={ui} />
          </Route>
          <Route path="/logout" element={<Where />} />
        </Routes>
        <AppDialog />
      </MemoryRouter>
      <Notifications />
    </ChakraProvider>,
  );

const categoryPayload = { name: 'Glass' };
/** What a foreman queues: a consumables requisition. */
const requisitionPayload = (material: number) => ({ requisition_type: 'consumables' as const, requisition_items: [{ material, quantity: '2' }] });

beforeEach(async () => {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await signInAs(FOREMAN);
});
afterEach(() => cleanup());

describe('a tab whose session another tab replaced', () => {
  it('saves nothing once someone else signs in in another tab, and says who is signed in now', async () => {
    anotherTabSignsIn(STORES);
    // The notice names the new user once their profile is read (the user schemas load with it).
    await until(() => expect(session.state.replaced).toEqual({ by: STORES }));
    await expect(enqueue(createMaterialCategory, categoryPayload)).rejects.toThrow(SESSION_REPLACED);
    expect(await outbox.entries.count()).toBe(0);

    renderUi(<p>screen</p>);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Farida Khan has signed in on this device in another tab. This tab was opened by Suresh Patil and can no longer save changes: reload it to work as Farida Khan.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('saves nothing once the other tab signs out either', async () => {
    anotherTabSignsIn(null);
    await until(() => expect(session.state.replaced).toEqual({ by: null }));
    await expect(enqueue(createMaterialCategory, categoryPayload)).rejects.toThrow();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('records the person on the screen as the author of what it saves', async () => {
    await enqueue(createRequisition, requisitionPayload(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ userId: FOREMAN.id, author: { username: 'foreman', name: 'Suresh Patil' } });
  });
});

describe('signing out with unsent changes', () => {
  it('warns that they stay on this device until the same user signs in again, and how many', async () => {
    await enqueue(createRequisition, requisitionPayload(1));
    await enqueue(createRequisition, requisitionPayload(2));
    renderUi(<p>screen</p>);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 changes you made have not reached the server yet. They stay on this device and are sent when Suresh Patil signs in here again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('where')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/logout'));
    expect(await outbox.entries.count()).toBe(2);
  });
});

describe('changes a user left on the device', () => {
  const leftByForeman = async () => {
    await addEntry(createMaterialCategory, categoryPayload, { userId: FOREMAN.id, author: { username: 'foreman', name: 'Suresh Patil' } });
    await addEntry(createMaterialCategory, { name: 'Metal' }, { userId: FOREMAN.id, author: { username: 'foreman', name: 'Suresh Patil' } });
  };

  it('are listed with kind, date and author; a supervisor exports them, recorded by the server first', async () => {
    await leftByForeman();
    await signInAs(SUPERVISOR);
    server.on('POST', '/device-outbox/', { status: 201, data: { recorded: 2 } });
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderUi(<SyncScreen />);
    const table = await screen.findByRole('table', { name: 'Other users’ changes' });
    expect(within(table).getAllByText('Suresh Patil')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const [record] = server.calls('POST', '/device-outbox/');
    expect(record!.body).toMatchObject({ action: 'export', entries: [{ author_id: 5, author: 'foreman', operation: 'material-category.create' }, { author_id: 5 }] });
    expect(await outbox.entries.count()).toBe(2);
  });

  it('are discarded by a supervisor only after the server recorded it', async () => {
    await leftByForeman();
    await signInAs(SUPERVISOR);
    server.on('POST', '/device-outbox/', { status: 201, data: { recorded: 2 } });
    renderUi(<SyncScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(0));
    expect(server.calls('POST', '/device-outbox/')[0]!.body).toMatchObject({ action: 'discard' });
  });

  it('stay when the server does not record the discard', async () => {
    await leftByForeman();
    await signInAs(SUPERVISOR);
    server.on('POST', '/device-outbox/', 'network-error');
    renderUi(<SyncScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('The server did not record it, so nothing was done.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(2);
  });

  it('cannot be exported or discarded by someone who is not a supervisor', async () => {
    await leftByForeman();
    await signInAs(STORES);
    renderUi(<SyncScreen />);
    await screen.findByRole('table', { name: 'Other users’ changes' });
    expect(screen.queryByRole('button', { name: 'Export to a file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });
});
