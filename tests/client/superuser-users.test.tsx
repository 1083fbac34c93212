import './setup';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import type { ActiveSession } from '../../domain/session';
import type { User, UserListItem } from '../../domain/user';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, type FakeServer } from './support';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import UsersScreen from '../../src/features/users/UsersScreen';

const superuser = makeUser({ id: 1, username: 'admin', first_name: 'Asha', last_name: 'Admin', department: 'admin', designation: 'manager', is_superuser: true });
/** An Admin-department user who is not a superuser: manages accounts, but neither blocks nor ends sessions. */
const officeAdmin = makeUser({ id: 2, username: 'office.admin', department: 'admin', designation: 'executive' });
let me: User = superuser;
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => me));

const listed = (user: User, blocked_reason: string | null = null): UserListItem => ({ ...user, blocked_reason });
const suresh = makeUser({ id: 7, username: 'foreman', first_name: 'Suresh', last_name: 'Patil', department: 'production', designation: 'foreman' });
const gurpreet = makeUser({ id: 9, username: 'metal', first_name: 'Gurpreet', last_name: 'Singh', department: 'metal', designation: 'supervisor', is_active: false });
const sessions: ActiveSession[] = [
  { id: 'sess-1', userId: 7, username: 'foreman', sessionStart: '2026-12-07T03:30:00.000Z', lastActivity: '2026-12-07T06:10:00.000Z', device: 'Chrome on Android tablet', clientAddress: '10.0.4.21', appVersion: '0.1.0+202612071620' },
  { id: 'sess-2', userId: 7, username: 'foreman', sessionStart: '2026-12-06T04:00:00.000Z', lastActivity: '2026-12-06T11:00:00.000Z', device: 'Firefox on Windows', clientAddress: '10.0.1.7', appVersion: null },
];

let server: FakeServer;
const page = (rows: UserListItem[]) => ({ status: 200, data: { count: rows.length, next: null, previous: null, results: rows } });
const show = () => renderRoute('user-management', UsersScreen, '/superuser/users', []);
const rowOf = async (username: string) => (await screen.findByRole('cell', { name: username })).closest('tr')!;
const actionsOf = async (username: string) => within(await rowOf(username)).getByRole('group', { name: `Actions for ${username}` });
const press = async (username: string, action: string) => fireEvent.click(within(await actionsOf(username)).getByRole('button', { name: action }));
const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const alertDialogNamed = (name: string) => screen.findByRole('alertdialog', { name });
const notices = () => shownNotifications().map((n) => [n.message, n.caption]);

beforeEach(() => {
  me = superuser;
  server = fakeServer().on('GET', API.users.list, page([listed(superuser), listed(suresh), listed(gurpreet, 'Left the company with a tablet')]));
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
});

describe('user management: the list', () => {
  it('lists the accounts under its title, a blocked one with its reason and Unblock instead of Activate', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    const blockedRow = await rowOf('metal');
    expect(within(blockedRow).getByText('Blocked')).toBeTruthy();
    expect(within(blockedRow).getByText('Left the company with a tablet')).toBeTruthy();
    expect(within(await actionsOf('metal')).queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(within(await actionsOf('metal')).getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it("hides Block on the superuser's own account and keeps them from deactivating it", async () => {
    show();
    const own = await actionsOf('admin');
    expect(within(own).queryByRole('button', { name: 'Block' })).toBeNull();
    expect((within(own).getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(await actionsOf('foreman')).getByRole('button', { name: 'Block' })).toBeTruthy();
  });

  it('searches and filters by department and status on the server', async () => {
    show();
    await rowOf('foreman');
    fireEvent.change(screen.getByLabelText('Search by name or username'), { target: { value: 'sur' } });
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'production' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    await waitFor(() => expect(server.calls('GET', API.users.list).at(-1)!.config.params).toEqual({ page: 1, page_size: 15, search: 'sur', department: 'production', is_active: false }));
  });

  it('offers an Admin-department user without superuser rights no blocking and no sessions', async () => {
    me = officeAdmin;
    show();
    const actions = await actionsOf('foreman');
    expect(within(actions).queryByRole('button', { name: 'Block' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Sessions' })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Reset password' })).toBeTruthy();
  });
});

describe('user management: creating an account', () => {
  const fill = async (values: Record<string, string>) => {
    const form = await screen.findByRole('form', { name: 'New user' });
    for (const [label, value] of Object.entries(values)) fireEvent.change(within(form).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    return form;
  };

  it('creates it active with its department and designation, the Admin department offered to a superuser', async () => {
    server.on('POST', API.users.list, (request) => ({ status: 201, data: { ...makeUser({ id: 40 }), ...(request.body as object) } }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const form = await fill({ Username: 'new.welder', 'First name': 'Kiran', 'Last name': 'Pawar', Password: 'Weld-Bay-Seven-42', 'Repeat password': 'Weld-Bay-Seven-42' });
    expect([...(within(form).getByLabelText(/^Department/) as HTMLSelectElement).options].map((o) => o.value)).toContain('admin');

    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(await within(form).findByText('Choose the department this account works in.')).toBeTruthy();
    expect(server.calls('POST', API.users.list)).toHaveLength(0);

    await fill({ Department: 'metal', Designation: 'executive' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(server.calls('POST', API.users.list)).toHaveLength(1));
    expect(server.calls('POST', API.users.list)[0]!.body).toEqual({
      username: 'new.welder',
      first_name: 'Kiran',
      last_name: 'Pawar',
      email: '',
      password: 'Weld-Bay-Seven-42',
      re_password: 'Weld-Bay-Seven-42',
      department: 'metal',
      designation: 'executive',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New user' })).toBeNull());
    expect(notices()).toContainEqual(['new.welder created: they may sign in now.', undefined]);
  });

  it("shows the server's refusal at the field it names", async () => {
    server.on('POST', API.users.list, { status: 400, data: { username: ['A user with that username already exists.'] } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const form = await fill({ Username: 'metal', Password: 'Weld-Bay-Seven-42', 'Repeat password': 'Weld-Bay-Seven-42', Department: 'metal', Designation: 'executive' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(await within(form).findByText('A user with that username already exists.')).toBeTruthy();
  });
});

describe('user management: actions on an account', () => {
  it('blocks with a reason', async () => {
    server.on('POST', API.system.blockUser(7), { status: 200, data: { ...suresh, is_active: false } });
    show();
    await press('foreman', 'Block');
    const dialog = await alertDialogNamed('Block user');
    expect((within(dialog).getByRole('button', { name: 'Block' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Shared his password  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(server.calls('POST', API.system.blockUser(7))).toHaveLength(1));
    expect(server.calls('POST', API.system.blockUser(7))[0]!.body).toEqual({ reason: 'Shared his password' });
  });

  it("says 'Failed to block user' with the server's reason when it refuses", async () => {
    server.on('POST', API.system.blockUser(7), { status: 400, data: { non_field_errors: ['You cannot block your own account.'] } });
    show();
    await press('foreman', 'Block');
    const dialog = await alertDialogNamed('Block user');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(notices()).toContainEqual(['Failed to block user', 'You cannot block your own account.']));
  });

  it('unblocks', async () => {
    server.on('POST', API.system.unblockUser(9), { status: 200, data: gurpreet });
    show();
    await press('metal', 'Unblock');
    fireEvent.click(within(await dialogNamed('Unblock user')).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(server.calls('POST', API.system.unblockUser(9))).toHaveLength(1));
  });

  it('activates with a department and designation, deactivates, and resets a password', async () => {
    const ravi = makeUser({ id: 12, username: 'new.joiner', department: null, designation: null, is_active: false });
    server
      .on('GET', API.users.list, page([listed(suresh), listed(ravi)]))
      .on('POST', API.users.activate(12), { status: 200, data: ravi })
      .on('POST', API.users.deactivate(7), { status: 200, data: suresh })
      .on('POST', API.users.resetPassword(7), { status: 204 });
    show();
    await press('new.joiner', 'Activate');
    const activation = await screen.findByRole('form', { name: 'Activate user' });
    fireEvent.change(within(activation).getByLabelText(/Department/), { target: { value: 'stores' } });
    fireEvent.change(within(activation).getByLabelText(/Designation/), { target: { value: 'executive' } });
    fireEvent.click(within(activation).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(server.calls('POST', API.users.activate(12))[0]?.body).toEqual({ department: 'stores', designation: 'executive' }));

    await press('foreman', 'Deactivate');
    fireEvent.click(within(await alertDialogNamed('Deactivate user')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(server.calls('POST', API.users.deactivate(7))).toHaveLength(1));

    await press('foreman', 'Reset password');
    const reset = await dialogNamed('Reset password');
    fireEvent.change(within(reset).getByLabelText('New password'), { target: { value: 'Bay-Four-Lathe-77' } });
    fireEvent.click(within(reset).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(server.calls('POST', API.users.resetPassword(7))[0]?.body).toEqual({ new_password: 'Bay-Four-Lathe-77' }));
  });

  it('grants and revokes material creation', async () => {
    const grant = (granted: boolean) => () => {
      server.on('GET', API.users.list, page([listed({ ...suresh, can_create_materials: granted })]));
      return { status: 200, data: { user_id: 7, can_create_materials: granted } };
    };
    server.on('POST', API.users.materialCreation(7), grant(true)).on('DELETE', API.users.materialCreation(7), grant(false));
    show();
    const permission = async () => within(await rowOf('foreman')).getByRole('checkbox', { name: 'Material creation for foreman' }) as HTMLInputElement;
    fireEvent.click(await permission());
    await waitFor(() => expect(server.calls('POST', API.users.materialCreation(7))).toHaveLength(1));
    await waitFor(async () => expect((await permission()).checked).toBe(true));
    fireEvent.click(await permission());
    await waitFor(() => expect(server.calls('DELETE', API.users.materialCreation(7))).toHaveLength(1));
  });
});

describe("user management: a user's sessions", () => {
  it('lists them by device and terminates one', async () => {
    server
      .on('GET', API.admin.activeSessions, { status: 200, data: sessions })
      .on('POST', API.admin.terminateSession('sess-2'), () => {
        server.on('GET', API.admin.activeSessions, { status: 200, data: sessions.slice(0, 1) });
        return { status: 204 };
      });
    show();
    await press('foreman', 'Sessions');
    const dialog = await dialogNamed('Sessions of foreman');
    expect(await within(dialog).findByText('Chrome on Android tablet')).toBeTruthy();
    expect(server.calls('GET', API.admin.activeSessions)[0]!.config.params).toEqual({ user: 7 });
    expect(within(dialog).getByText(/^From 10\.0\.1\.7, signed in 06-12-2026 \d\d:\d\d, last active 06-12-2026/)).toBeTruthy();

    fireEvent.click(within(within(dialog).getByTestId('session-sess-2')).getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(server.calls('POST', API.admin.terminateSession('sess-2'))).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('Firefox on Windows')).toBeNull());
  });

  it("says 'Failed to terminate user session' when the server refuses", async () => {
    server.on('GET', API.admin.activeSessions, { status: 200, data: sessions }).on('POST', API.admin.terminateSession('sess-1'), { status: 404, data: { detail: 'Not found.' } });
    show();
    await press('foreman', 'Sessions');
    const dialog = await dialogNamed('Sessions of foreman');
    fireEvent.click(within(await within(dialog).findByTestId('session-sess-1')).getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(notices()).toContainEqual(['Failed to terminate user session', 'Not found.']));
  });

  it('says when the user is signed in nowhere', async () => {
    server.on('GET', API.admin.activeSessions, { status: 200, data: [] });
    show();
    await press('foreman', 'Sessions');
    expect(await within(await dialogNamed('Sessions of foreman')).findByText('foreman is not signed in anywhere.')).toBeTruthy();
  });
});
