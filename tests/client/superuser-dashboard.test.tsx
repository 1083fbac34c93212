import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_REFRESH_MS } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, type FakeServer } from './support';
import { alert, auditEntry, health, security } from './superuser-fixtures';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import SuperuserDashboardScreen from '../../src/features/superuser/SuperuserDashboardScreen';

const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => superuser));

let server: FakeServer;
const show = () => renderRoute('superuser-dashboard', SuperuserDashboardScreen, '/superuser', ['audit-logs']);
const tile = async (testId: string) => (await screen.findByTestId(testId)).textContent;
const notices = () => shownNotifications().map((n) => [n.message, n.caption]);
const page = (results: unknown[]) => ({ status: 200, data: { count: results.length, next: null, previous: null, results } });

beforeEach(() => {
  server = fakeServer()
    .on('GET', API.admin.health, { status: 200, data: health() })
    .on('GET', API.admin.ping, { status: 200, data: { status: 'ok', timestamp: '2026-12-07T06:00:00.000Z', instance: 'api-1' } })
    .on('GET', API.admin.alerts, { status: 200, data: [alert(3), alert(4, { type: 'error', source: 'errors', message: 'Error rate 6 % (above 5 %).' })] })
    .on('GET', API.admin.securityMetrics, { status: 200, data: security() })
    .on('GET', API.admin.audit, page([auditEntry(20), auditEntry(19, { action: 'module.disable', target: 'module:leads', riskLevel: 'high', username: null, userId: null })]));
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  vi.useRealTimers();
});

describe('superuser dashboard', () => {
  it('shows the health score, the API status from a ping, the database, memory, risk and the open alerts', async () => {
    show();
    await waitFor(async () => expect(await tile('health-score')).toBe('90 / 100'));
    await waitFor(async () => expect(await tile('api-status')).toBe('Connected'));
    expect(await tile('database')).toBe('Healthy');
    expect(await tile('memory')).toBe('87 %');
    await waitFor(async () => expect(await tile('security-risk')).toBe('Medium'));
    await waitFor(async () => expect(await tile('open-alerts')).toBe('2'));
    expect(await tile('signed-in')).toBe('7');
    expect(screen.getByText('In 9 sessions')).toBeTruthy();
    expect(await tile('failed-sign-ins')).toBe('4');
    expect(within(await screen.findByTestId('alert-4')).getByText('Error rate 6 % (above 5 %).')).toBeTruthy();
    // Only unresolved alerts are asked for.
    expect(server.calls('GET', API.admin.alerts)[0]!.config.params).toEqual({ resolved: false });
  });

  it('shows the latest 10 audit entries of the last 24 hours, the system named for entries without a user', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Latest audit entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('module.disable')).toBeTruthy();
    expect(within(table).getByText('System')).toBeTruthy();
    const { limit, offset, from } = server.calls('GET', API.admin.audit)[0]!.config.params as { limit: number; offset: number; from: string };
    expect([limit, offset]).toEqual([10, 0]);
    expect(Math.abs(Date.now() - 24 * 3_600_000 - Date.parse(from))).toBeLessThan(60_000);
    expect(screen.getByRole('link', { name: 'All audit logs' }).getAttribute('href')).toBe('/superuser/audit');
  });

  it('says the API failed when the ping gets no answer', async () => {
    server.on('GET', API.admin.ping, 'network-error');
    show();
    await waitFor(async () => expect(await tile('api-status')).toBe('Failed'));
    expect(screen.getByText('No answer to the ping')).toBeTruthy();
  });

  it('resolves an alert, and reads the alerts again', async () => {
    server.on('PUT', API.admin.resolveAlert(3), () => {
      server.on('GET', API.admin.alerts, { status: 200, data: [alert(4)] });
      return { status: 200, data: alert(3, { resolved: true }) };
    });
    show();
    fireEvent.click(within(await screen.findByTestId('alert-3')).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(server.calls('PUT', API.admin.resolveAlert(3))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('alert-3')).toBeNull());
    expect(notices()).toContainEqual(['Alert resolved.', undefined]);
  });

  it("says 'Failed to resolve the alert' with the server's reason", async () => {
    server.on('PUT', API.admin.resolveAlert(3), { status: 409, data: { detail: 'This alert is already resolved.' } });
    show();
    fireEvent.click(within(await screen.findByTestId('alert-3')).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(notices()).toContainEqual(['Failed to resolve the alert', 'This alert is already resolved.']));
  });

  it('reads everything again every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show();
    await waitFor(() => expect(server.calls('GET', API.admin.health)).toHaveLength(1));
    await waitFor(() => expect(server.calls('GET', API.admin.audit)).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS);
    for (const path of [API.admin.health, API.admin.ping, API.admin.alerts, API.admin.securityMetrics, API.admin.audit]) {
      await waitFor(() => expect(server.calls('GET', path).length, path).toBeGreaterThanOrEqual(2));
    }
  });

  it('says why it shows nothing when the server refuses', async () => {
    server.on('GET', API.admin.health, { status: 403, data: { detail: 'Access denied: Superuser privileges required' } });
    show();
    expect(await screen.findByText('Access denied: Superuser privileges required')).toBeTruthy();
  });
});
