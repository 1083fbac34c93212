import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import type { User } from '../../domain/user';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { hasUnsavedChanges } from '../../src/ui/unsaved-changes';
import { Notifications } from '../../src/ui/Notifications';
import CustomersScreen from '../../src/features/customers/CustomersScreen';
import { SAVED, SAVED_OFFLINE } from '../../src/features/customers/NewCustomerForm';

const ASHA = 7;
let department: User['department'] = 'sales';

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => makeUser({ id: ASHA, department })));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const renderScreen = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <CustomersScreen />
        <Notifications />
      </MemoryRouter>
    </ChakraProvider>,
  );

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

async function openForm() {
  renderScreen();
  fireEvent.click(await screen.findByRole('button', { name: 'New customer' }));
  return screen.getByRole('form', { name: 'New customer' });
}

beforeEach(async () => {
  department = 'sales';
  setOnline(true);
  storeSession({ userId: ASHA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('a new customer from the customers list', () => {
  it('is queued in the outbox, shown at once with a temporary id and a pending badge, and the form closes', async () => {
    const form = await openForm();
    fireEvent.change(field('Name'), { target: { value: 'Lulu Hypermarket' } });
    fireEvent.change(field('Phone'), { target: { value: '98450 12345' } });
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'Kerala' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));

    const row = (await screen.findByRole('cell', { name: /Lulu Hypermarket/ })).closest('tr')!;
    await waitFor(() => expect(row.getAttribute('data-pending')).toBe('true'));
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(row.textContent).toContain('Kerala');
    expect(await screen.findByText(SAVED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New customer' })).toBeNull());
    expect(screen.getByText('1 change waiting to be sent')).toBeTruthy();

    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer.create', method: 'POST', url: '/customers/add/', userId: ASHA, state: 'pending' });
    expect(entry!.payload).toMatchObject({ name: 'Lulu Hypermarket', phone: '98450 12345', state: 'Kerala', enable_lpo_codes: false });
    const [local] = await mirror.rows('customers').toArray();
    expect(local!.id).toBeLessThan(0);
    expect(local!.id).toBe(entry!.tempId);
  });

  it('says offline that the customer waits on this device for the connection', async () => {
    setOnline(false);
    await openForm();
    fireEvent.change(field('Name'), { target: { value: 'Nesto Group' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(await screen.findByText(SAVED_OFFLINE)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(1);
  });

  it('refuses a name the device already has, ignoring case and spaces, and queues nothing', async () => {
    await mirror.rows('customers').put({ id: 12, name: 'Lulu Hypermarket', state: 'Kerala', phone: '', email: '', deleted_at: null });
    await openForm();
    fireEvent.change(field('Name'), { target: { value: 'lulu  hyper market' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(await screen.findByText('A customer with this name already exists.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('checks the fields with the domain schema before queueing: a name is required, a phone must be valid', async () => {
    await openForm();
    fireEvent.change(field('Phone'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await outbox.entries.count()).toBe(0);
  });

  it('holds back an app update while it has unsaved input, and not after cancel', async () => {
    await openForm();
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(field('Name'), { target: { value: 'Half typed' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(await outbox.entries.count()).toBe(0);
  });

  it('is offered only to the roles that may write customers', async () => {
    department = 'stores';
    renderScreen();
    await screen.findByRole('heading', { name: 'Customers' });
    expect(screen.queryByRole('button', { name: 'New customer' })).toBeNull();
  });
});
