import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { leadRow } from './rows';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import LeadsScreen from '../../src/features/leads/LeadsScreen';
import { LEADS_USER_WAIT_MS, useLeadsViewer } from '../../src/data/lead-mirror';

/** business-areas.md §8, the leads loading path, on the device (decision 228). */
const ASHA = 7;
const RAVI = 8;
let user: User | null = null;

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

const companies = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((l) => l.textContent)
    .sort();

beforeEach(async () => {
  localStorage.clear();
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  // A device that held another executive's leads (a shared tablet) before this user's sync.
  await mirror.rows('leads').bulkPut([leadRow(71, 'Orbit'), leadRow(72, 'Zen', { assign_to: RAVI }), leadRow(73, 'Lulu')]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('whose leads the list shows', () => {
  it('shows a sales executive only the leads assigned to them', async () => {
    user = makeUser({ id: ASHA, department: 'sales', designation: 'executive' });
    renderRoute('leads-home', LeadsScreen, '/leads', []);
    await waitFor(() => expect(companies()).toEqual(['Lulu', 'Orbit']));
  });

  it('shows a sales manager every lead', async () => {
    user = makeUser({ id: 3, department: 'sales', designation: 'manager' });
    renderRoute('leads-home', LeadsScreen, '/leads', []);
    await waitFor(() => expect(companies()).toEqual(['Lulu', 'Orbit', 'Zen']));
  });
});

describe('when the signed-in user is not known', () => {
  it('waits 10 s for the user, then uses the stored user id and its own leads', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    user = null;
    storeSession({ userId: RAVI });
    const { result } = renderHook(() => useLeadsViewer());
    expect(LEADS_USER_WAIT_MS).toBe(10_000);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ id: RAVI, scope: 'assigned-to-me' });
  });

  it('shows no leads when no user id is stored either', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    user = null;
    const { result } = renderHook(() => useLeadsViewer());
    act(() => vi.advanceTimersByTime(LEADS_USER_WAIT_MS));
    expect(result.current).toBeNull();
  });

  it('takes the user as soon as it loads, without waiting out the 10 s', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    user = null;
    const { result, rerender } = renderHook(() => useLeadsViewer());
    act(() => vi.advanceTimersByTime(2_000));
    user = makeUser({ id: ASHA, department: 'sales', designation: 'executive' });
    rerender();
    expect(result.current).toEqual({ id: ASHA, scope: 'assigned-to-me' });
  });
});
