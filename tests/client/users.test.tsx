import './setup';
import { AppProviders } from './providers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { fakeServer, makeUser } from './support';
import { renderRoute } from './render-screen';
import UsersScreen from '../../src/features/users/UsersScreen';
import RegisterScreen from '../../src/features/auth/RegisterScreen';

/** Issue 14 §3: an account registers with no department; the admin who activates it assigns one. */
const officeAdmin = makeUser({ id: 2, username: 'office.admin', department: 'admin', designation: 'executive' });
vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user: officeAdmin, users: [], modules: {}, offline: false }),
}));

const joiner = { id: 31, username: 'new.joiner', first_name: 'Nisha', last_name: 'Joshi', email: '', department: null, designation: null, is_active: false, is_superuser: false, can_create_materials: false };

const show = (screenElement: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{screenElement}</MemoryRouter>
    </AppProviders>,
  );

afterEach(() => cleanup());

describe('activating a self-registered account', () => {
  it('asks for the department and designation, does not offer the Admin department to a non-superuser, and sends both', async () => {
    const server = fakeServer()
      .on('GET', '/users/', { status: 200, data: { count: 1, next: null, previous: null, results: [joiner] } })
      .on('POST', '/users/activate/31/', { status: 200, data: { ...joiner, is_active: true, department: 'stores', designation: 'executive' } });
    renderRoute('users-home', UsersScreen, '/users', []);
    const row = (await screen.findByRole('cell', { name: 'new.joiner' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    const department = within(dialog).getByLabelText(/Department/) as HTMLSelectElement;
    expect([...department.options].map((o) => o.value)).not.toContain('admin');
    expect([...department.options].map((o) => o.value)).toContain('stores');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText('Choose the department this account works in.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the designation of this account.')).toBeTruthy();
    expect(server.calls('POST', '/users/activate/31/')).toHaveLength(0);

    fireEvent.change(department, { target: { value: 'stores' } });
    fireEvent.change(within(dialog).getByLabelText(/Designation/), { target: { value: 'executive' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(server.calls('POST', '/users/activate/31/')).toHaveLength(1));
    expect(server.calls('POST', '/users/activate/31/')[0]!.body).toEqual({ department: 'stores', designation: 'executive' });
  });
});

describe('requesting an account', () => {
  it('asks for no department or designation', () => {
    fakeServer().on('GET', '/auth/registration/', { status: 200, data: { open: true } });
    show(<RegisterScreen />);
    expect(screen.getByLabelText(/Username/)).toBeTruthy();
    expect(screen.queryByLabelText(/Department/)).toBeNull();
    expect(screen.queryByLabelText(/Designation/)).toBeNull();
  });

  it('says registrations are closed, instead of a form that cannot be sent, while a superuser has them off', async () => {
    fakeServer().on('GET', '/auth/registration/', { status: 200, data: { open: false } });
    show(<RegisterScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('New registrations are currently closed.');
    expect(screen.queryByLabelText(/Username/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });
});
