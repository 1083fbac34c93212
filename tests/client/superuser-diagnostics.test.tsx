import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import type { Job } from '../../domain/jobs';
import type { Mail } from '../../domain/mail';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, type FakeServer, type SeenRequest } from './support';
import { health } from './superuser-fixtures';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import SystemDiagnosticsScreen from '../../src/features/superuser/SystemDiagnosticsScreen';

const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => superuser));

const JOB_ID = '0b9f3a52-1f0e-4a39-9d6c-2f4f0b7f1c11';
const deadLetter: Job = {
  id: JOB_ID,
  name: 'mail.send',
  state: 'failed',
  data: { mail: 12 },
  retry_count: 4,
  retry_limit: 4,
  error: 'connect ECONNREFUSED 10.0.0.9:587',
  created_on: '2026-12-07T04:00:00.000Z',
  start_after: '2026-12-07T04:00:00.000Z',
  started_on: '2026-12-07T04:20:00.000Z',
  completed_on: '2026-12-07T04:21:00.000Z',
};
const failedMail: Mail = { id: 12, to: ['accounts@orbitretail.in'], subject: 'Invoice INV-26-27/00001', state: 'failed', error: 'connect ECONNREFUSED 10.0.0.9:587', attempts: 5, created_at: '2026-12-07T04:00:00.000Z', sent_at: null };

let server: FakeServer;
const page = (results: unknown[], count = results.length) => ({ status: 200, data: { count, next: null, previous: null, results } });
/** The list answers as many as `counts` says for the state asked (the dead letters' page for `failed`). */
const byState = (counts: Record<string, number>, failed: unknown[]) => (request: SeenRequest) => {
  const { state } = request.config.params as { state: string };
  return state === 'failed' ? page(failed) : page([], counts[state] ?? 0);
};
const show = () => renderRoute('system-diagnostics', SystemDiagnosticsScreen, '/superuser/diagnostics', []);
const tile = async (testId: string) => (await screen.findByTestId(testId)).textContent;
const notices = () => shownNotifications().map((n) => [n.message, n.caption]);

beforeEach(() => {
  server = fakeServer()
    .on('GET', API.admin.health, { status: 200, data: health({ database: { healthy: false, latencyMs: null, error: 'connection refused' }, stores: { jobs: true, liveUpdates: false } }) })
    .on('GET', API.jobs.list, byState({ created: 3, retry: 1, active: 0 }, [deadLetter]))
    .on('GET', API.mail.list, byState({ queued: 2, kept: 5 }, [failedMail]))
    .on('GET', API.admin.activeSessions, { status: 200, data: liveSessions });
});

/** Three tablets and a desk: two foremen's tablets still on last week's build. */
const session = (id: string, userId: number, appVersion: string | null, lastActivity: string) => ({ id, userId, username: `user-${userId}`, sessionStart: '2026-12-07T03:00:00.000Z', lastActivity, device: 'Chrome', clientAddress: '10.0.4.2', appVersion });
const liveSessions = [
  session('a', 5, '0.1.0+202611300900', '2026-12-07T06:00:00.000Z'),
  session('b', 6, '0.1.0+202611300900', '2026-12-07T06:20:00.000Z'),
  session('c', 7, 'development', '2026-12-07T06:30:00.000Z'),
  session('d', 7, null, '2026-12-07T05:00:00.000Z'),
];

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
});

describe('system diagnostics', () => {
  it('shows the database, the stores, memory and the process as the health call measures them', async () => {
    show();
    expect(await screen.findByText('Failing')).toBeTruthy();
    expect(screen.getByText('connection refused')).toBeTruthy();
    expect(screen.getByText('Not listening')).toBeTruthy();
    expect(screen.getByText('180 MB of 2,048 MB')).toBeTruthy();
    expect(screen.getByText('5 h 7 min')).toBeTruthy();
  });

  it('counts the jobs waiting and the mail by state, a page of one row each', async () => {
    show();
    await waitFor(async () => expect(await tile('jobs-created')).toBe('3'));
    expect(await tile('jobs-retry')).toBe('1');
    await waitFor(async () => expect(await tile('mail-kept')).toBe('5'));
    expect(await tile('mail-queued')).toBe('2');
    expect(await tile('mail-failed')).toBe('1');
    expect(server.calls('GET', API.jobs.list).map((r) => r.config.params)).toContainEqual({ state: 'created', page_size: 1 });
    const failed = await screen.findByRole('table', { name: 'Failed mail' });
    expect(within(failed).getByText('Invoice INV-26-27/00001')).toBeTruthy();
  });

  it('shows the builds of the app the signed-in devices run, the most used first, and which is this console’s', async () => {
    show();
    const builds = await screen.findByRole('table', { name: 'App builds in use' });
    await waitFor(() => expect(within(builds).getAllByRole('row')).toHaveLength(4));
    const rows = within(builds).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent));
    expect(rows).toEqual([
      ['0.1.0+202611300900', '2', '2'],
      ["development (this console's)", '1', '1'],
      ['Not named yet', '1', '1'],
    ]);
  });

  it('lists the dead letters and retries one', async () => {
    server.on('POST', API.jobs.retry(JOB_ID), { status: 200, data: { ...deadLetter, state: 'created' } });
    show();
    const letters = await screen.findByRole('table', { name: 'Dead letters' });
    const row = (await within(letters).findByText('mail.send')).closest('tr')!;
    expect(within(row).getByText('connect ECONNREFUSED 10.0.0.9:587')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.calls('POST', API.jobs.retry(JOB_ID))).toHaveLength(1));
    await waitFor(() => expect(notices()).toContainEqual(['mail.send is queued again.', undefined]));
  });

  it("says 'Failed to retry the job' with the server's reason", async () => {
    server.on('POST', API.jobs.retry(JOB_ID), { status: 409, data: { detail: 'Only a failed job can be retried.' } });
    show();
    const letters = await screen.findByRole('table', { name: 'Dead letters' });
    fireEvent.click(within((await within(letters).findByText('mail.send')).closest('tr')!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(notices()).toContainEqual(['Failed to retry the job', 'Only a failed job can be retried.']));
  });
});
