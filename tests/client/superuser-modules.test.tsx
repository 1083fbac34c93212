import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { MODULE_NAMES, type ModuleDetail } from '../../domain/modules';
import { ROUTES } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, settle, type FakeServer } from './support';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import ModuleManagementScreen from '../../src/features/superuser/ModuleManagementScreen';

const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => superuser));

/** The detailed listing as the server answers it: leads switched off by the admin, the rest never touched. */
const details = (leadsOn = false): ModuleDetail[] =>
  MODULE_NAMES.map((name) => ({
    name,
    is_enabled: name === 'leads' ? leadsOn : true,
    routes: ROUTES.filter((r) => r.module === name).map((r) => r.name),
    updated_at: name === 'leads' ? '2026-12-01T09:30:00.000Z' : null,
    updated_by: name === 'leads' ? 'admin' : null,
    row_count: null,
    last_activity: null,
  }));

let server: FakeServer;
const show = () => renderRoute('module-management', ModuleManagementScreen, '/superuser/modules', []);
const card = async (name: string) => screen.findByTestId(`module-${name}`);
const switchOf = async (name: string) => within(await card(name)).getByRole('checkbox', { name: `${name} on` });
/** What the card says of its module ('On' or 'Off'), as the server answered. */
const stateOf = async (name: string) => within(await card(name)).getByTestId('module-state').textContent;
const notices = () => shownNotifications().map((n) => [n.message, n.caption]);

beforeEach(() => {
  server = fakeServer()
    .on('GET', API.system.modulesDetailed, { status: 200, data: details() })
    .on('GET', API.system.modules, { status: 200, data: {} });
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
});

describe('module management', () => {
  it('shows every module with its switch, the screens it hides and who changed it', async () => {
    show();
    expect(await stateOf('leads')).toBe('Off');
    expect(await stateOf('invoices')).toBe('On');
    expect(screen.getAllByRole('checkbox', { name: / on$/ })).toHaveLength(MODULE_NAMES.length);
    const leads = await card('leads');
    expect(within(leads).getByText(/Screens: Leads, Lead, Edit lead/)).toBeTruthy();
    expect(within(leads).getByText(/^Changed by admin on \d\d-12-2026 \d\d:\d\d$/)).toBeTruthy();
    expect(within(await card('invoices')).getByText('Never changed: on since the start.')).toBeTruthy();
  });

  it("shows each module's rows and last activity once the statistics come", async () => {
    server.on('GET', API.admin.moduleStatistics, {
      status: 200,
      data: [
        { name: 'leads', enabled: false, tables: ['leads'], rowCount: 1234, lastActivity: '2026-12-02T10:00:00.000Z' },
        { name: 'invoices', enabled: true, tables: ['invoices'], rowCount: 0, lastActivity: null },
        { name: 'HRMS', enabled: true, tables: [], rowCount: null, lastActivity: null },
      ],
    });
    show();
    await waitFor(async () => expect(within(await card('leads')).getByTestId('module-usage').textContent).toMatch(/^1,234 rows, last changed \d\d-12-2026 \d\d:\d\d$/));
    expect(within(await card('invoices')).getByTestId('module-usage').textContent).toBe('0 rows');
    expect(within(await card('HRMS')).getByTestId('module-usage').textContent).toBe('No table of its own.');
    expect(within(await card('quotations')).queryByTestId('module-usage')).toBeNull();
  });

  it('switches a module on at once and reads the switches again', async () => {
    server.on('PUT', API.system.module('leads'), () => {
      server.on('GET', API.system.modulesDetailed, { status: 200, data: details(true) });
      return { status: 200, data: details(true).find((d) => d.name === 'leads') };
    });
    show();
    fireEvent.click(await switchOf('leads'));
    await waitFor(() => expect(server.calls('PUT', API.system.module('leads'))).toHaveLength(1));
    expect(server.calls('PUT', API.system.module('leads'))[0]!.body).toEqual({ is_enabled: true });
    await waitFor(async () => expect(await stateOf('leads')).toBe('On'));
    // The superuser's own menu follows: the session's module map is read again.
    await waitFor(() => expect(server.calls('GET', API.system.modules).length).toBeGreaterThan(0));
  });

  it('asks before switching a module off, and sends its name in the path', async () => {
    server.on('PUT', API.system.module('sales orders'), { status: 200, data: { ...details()[0], is_enabled: false } });
    show();
    fireEvent.click(await switchOf('sales orders'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch sales orders off' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.click(await switchOf('sales orders'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Switch sales orders off' })).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(server.calls('PUT', '/system/modules/sales%20orders/')).toHaveLength(1));
    expect(server.calls('PUT', '/system/modules/sales%20orders/')[0]!.body).toEqual({ is_enabled: false });
  });

  it('says so when the server refuses the switch', async () => {
    server.on('PUT', API.system.module('leads'), { status: 403, data: { detail: 'Access denied: Superuser privileges required' } });
    show();
    fireEvent.click(await switchOf('leads'));
    await waitFor(() => expect(notices()).toContainEqual(['Failed to switch the module', 'Access denied: Superuser privileges required']));
    expect(await stateOf('leads')).toBe('Off');
  });
});
