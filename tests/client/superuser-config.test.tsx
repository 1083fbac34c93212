import './setup';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { SYSTEM_CONFIG_DEFAULTS } from '../../domain/system';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, settle, type FakeServer } from './support';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import SystemConfigurationScreen from '../../src/features/superuser/SystemConfigurationScreen';

const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => superuser));

let server: FakeServer;
const show = () => renderRoute('system-configuration', SystemConfigurationScreen, '/superuser/config', []);
const form = async () => screen.findByRole('form', { name: 'System configuration' });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = async () => fireEvent.click(within(await form()).getByRole('button', { name: 'Save configuration' }));
const notices = () => shownNotifications().map((n) => [n.message, n.caption]);

beforeEach(() => {
  server = fakeServer()
    .on('GET', API.system.config, { status: 200, data: SYSTEM_CONFIG_DEFAULTS })
    .on('GET', API.system.offline, { status: 200, data: { offline_work_days: 30 } })
    .on('PUT', API.system.config, (request) => ({ status: 200, data: request.body }))
    .on('PUT', API.system.adminOffline, (request) => ({ status: 200, data: request.body }));
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
});

describe('system configuration', () => {
  it('shows the settings the server holds, the session timeout in minutes', async () => {
    show();
    await form();
    expect((screen.getByLabelText(/Session timeout \(minutes\)/) as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText(/Sessions per user/) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText(/Offline work days/) as HTMLInputElement).value).toBe('30');
    expect((screen.getByRole('checkbox', { name: 'Maintenance mode' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Allow new registrations' }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves the configuration in seconds, and the offline period only when it changed', async () => {
    show();
    await form();
    type(/Session timeout/, '15');
    type(/Sessions per user/, '2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow new registrations' }));
    await save();
    await waitFor(() => expect(server.calls('PUT', API.system.config)).toHaveLength(1));
    expect(server.calls('PUT', API.system.config)[0]!.body).toEqual({ maintenanceMode: false, allowNewRegistrations: false, sessionTimeout: 900, maxConcurrentSessions: 2 });
    await waitFor(() => expect(notices()).toContainEqual(['System configuration saved.', undefined]));
    expect(server.calls('PUT', API.system.adminOffline)).toHaveLength(0);

    type(/Offline work days/, '45');
    await save();
    await waitFor(() => expect(server.calls('PUT', API.system.adminOffline)).toHaveLength(1));
    expect(server.calls('PUT', API.system.adminOffline)[0]!.body).toEqual({ offline_work_days: 45 });
  });

  it('asks before turning maintenance mode on, and sends nothing when the superuser thinks again', async () => {
    show();
    await form();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Maintenance mode' }));
    expect(await screen.findByText(/Maintenance mode: everyone but superusers is refused/)).toBeTruthy();
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Turn maintenance mode on' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(server.calls('PUT', API.system.config)).toHaveLength(0);

    await save();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Turn maintenance mode on' })).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(server.calls('PUT', API.system.config)).toHaveLength(1));
    expect(server.calls('PUT', API.system.config)[0]!.body).toMatchObject({ maintenanceMode: true });
  });

  it('refuses what the settings cannot be before asking the server', async () => {
    show();
    await form();
    type(/Session timeout/, '0');
    type(/Sessions per user/, 'five');
    await save();
    expect(await screen.findByText('Ensure this value is greater than or equal to 1.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number.')).toBeTruthy();
    type(/Session timeout/, '50000');
    await save();
    expect(await screen.findByText('Ensure this value is less than or equal to 43200.')).toBeTruthy();
    expect(server.calls('PUT', API.system.config)).toHaveLength(0);
  });

  it("says 'Failed to update system configuration' when the server refuses, with the field's message at its box", async () => {
    server.on('PUT', API.system.config, { status: 400, data: { maxConcurrentSessions: ['Ensure this value is less than or equal to 100.'] } });
    show();
    await form();
    type(/Sessions per user/, '7');
    await save();
    expect(await screen.findByText('Ensure this value is less than or equal to 100.')).toBeTruthy();
    await waitFor(() => expect(notices()).toContainEqual(['Failed to update system configuration', undefined]));

    forgetNotificationsForTests();
    server.on('PUT', API.system.config, { status: 403, data: { detail: 'Access denied: Superuser privileges required' } });
    await save();
    await waitFor(() => expect(notices()).toContainEqual(['Failed to update system configuration', 'Access denied: Superuser privileges required']));
  });
});
