import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { makeUser } from './support';
import { material } from './mirror-fakes';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { AppDialog } from '../../src/ui/dialog';
import SyncScreen from '../../src/features/sync/SyncScreen';
import { SyncIndicator } from '../../src/ui/SyncIndicator';
import { addBranch, createCustomer, createMaterial, createVendor, recordStockTransaction, updateMaterial } from '../../src/data/operations';

const ASHA = 7;
const RAVI = 8;

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user: makeUser({ id: ASHA }), users: [], modules: {}, offline: false }),
}));

const renderUi = (ui: ReactNode) =>
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        {ui}
        <AppDialog />
      </MemoryRouter>
    </ChakraProvider>,
  );

const reject = (id: number, status: number, body: unknown, messages: string[]) => outbox.entries.update(id, { state: 'rejected', attempts: 1, lastError: { status, body, messages } });

beforeEach(async () => {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'storage');
  vi.restoreAllMocks();
});

describe('the Sync screen', () => {
  it('lists the user’s waiting changes with when, attempts and next try, and other users’ changes apart, with their author', async () => {
    const waiting = await addEntry(createMaterial, { name: 'Acrylic sheet 3mm', category: 3, unit: 'SHEET' }, { userId: ASHA });
    await outbox.entries.update(waiting.entryId, { attempts: 2, nextAttemptAt: new Date(2030, 0, 2, 10, 30).getTime(), lastError: { status: 503, body: null, messages: ['The server could not take it (503).'] } });
    await addEntry(createVendor, { name: 'Ravi’s vendor' }, { userId: RAVI, author: { username: 'ravi', name: 'Ravi Kumar' } });

    renderUi(<SyncScreen />);

    const table = await screen.findByRole('table', { name: 'Waiting to be sent' });
    const row = within(table).getByText('New material: Acrylic sheet 3mm').closest('tr')!;
    expect(row.textContent).toContain('02-01-2030 10:30');
    expect(row.textContent).toContain('Retry later. The server could not take it (503).');
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(table).queryByText(/Ravi’s vendor/)).toBeNull();
    expect(screen.getByText('1 change made here by other users waits for them to sign in on this device again.')).toBeTruthy();
    const theirs = within(screen.getByRole('table', { name: 'Other users’ changes' })).getByText(/Ravi’s vendor/).closest('tr')!;
    expect(within(theirs).getByText('Ravi Kumar')).toBeTruthy();
  });

  it('shows a refused change with the server’s messages and a change that waits for it', async () => {
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId: ASHA });
    await reject(customer.entryId, 400, { name: ['A customer with this name already exists.'] }, ['name: A customer with this name already exists.']);

    renderUi(<SyncScreen />);

    const refused = await screen.findByRole('region', { name: 'Refused by the server' });
    expect(within(refused).getByText('New customer: Zen Displays')).toBeTruthy();
    expect(within(refused).getByText('Refused (400)')).toBeTruthy();
    expect(within(refused).getByText('name: A customer with this name already exists.')).toBeTruthy();
    expect(screen.getByText('Waits for "New customer: Zen Displays", which was refused')).toBeTruthy();
  });

  it('shows a write the server kept failing as needing attention, and "Try again" queues it as it was, under its key', async () => {
    const { entryId } = await addEntry(createMaterial, { name: 'Acrylic sheet 3mm', category: 3, unit: 'SHEET' }, { userId: ASHA });
    const key = (await outbox.entries.get(entryId))!.idempotencyKey;
    await outbox.entries.update(entryId, { state: 'rejected', attempts: 10, lastError: { status: 500, body: { detail: 'A server error occurred.' }, messages: ['A server error occurred.'], attention: true } });
    renderUi(<SyncScreen />);
    const card = (await screen.findByText('Needs attention')).closest('[data-entry]') as HTMLElement;
    expect(within(card).getByText('A server error occurred.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await outbox.entries.get(entryId)).toMatchObject({ state: 'pending', attempts: 0, idempotencyKey: key }));
  });

  it('reads a refused stock issue in the user’s words, and its fix form names the material', async () => {
    await mirror.rows('materials').put(material(131, { name: 'Copper Wire 1.5 sqmm', unit: 'SHEET' }));
    const { entryId } = await addEntry(recordStockTransaction, { material: 131, transaction_type: 'issue', quantity: '-547', transaction_date: '2026-11-25', requisition: 319, requisition_detail: 900 }, { userId: ASHA });
    await reject(entryId, 400, { quantity: ['Only 118.000 are free.'] }, ['quantity: Only 118.000 are free.']);
    renderUi(<SyncScreen />);
    const card = (await screen.findByText('Issue 547 Sheets of Copper Wire 1.5 sqmm to requisition 319')).closest('[data-entry]') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Fix and resend' }));
    expect(await within(card).findByText('Copper Wire 1.5 sqmm (Sheets)')).toBeTruthy();
  });

  it('does not say all changes are on the server while one is refused', async () => {
    const { entryId } = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    await reject(entryId, 400, { name: ['A customer with this name already exists.'] }, ['name: A customer with this name already exists.']);

    renderUi(<SyncScreen />);

    await screen.findByRole('region', { name: 'Refused by the server' });
    expect(screen.getByText('Nothing is waiting to be sent.')).toBeTruthy();
    expect(screen.queryByText('All your changes are on the server.')).toBeNull();
  });

  it('discards a refused change (and what depends on it) only after confirmation', async () => {
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: ASHA });
    await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId: ASHA });
    await reject(customer.entryId, 400, { name: ['Exists.'] }, ['name: Exists.']);
    renderUi(<SyncScreen />);

    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(/1 later change that depends on it will be discarded too/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await outbox.entries.count()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));

    await waitFor(async () => expect([await outbox.entries.count(), await mirror.rows('customers').count(), await mirror.rows('customerBranches').count()]).toEqual([0, 0, 0]));
    expect(await screen.findByText('All your changes are on the server.')).toBeTruthy();
  });

  it('fixes and resends: the payload in a form with the server’s message at its field, checked by the schema', async () => {
    const { entryId } = await addEntry(createMaterial, { name: 'Acrylic sheet 3mm', category: 3, unit: 'SHEET' }, { userId: ASHA });
    const { idempotencyKey } = (await outbox.entries.get(entryId))!;
    await reject(entryId, 400, { name: ['Material with this name already exists.'] }, ['name: Material with this name already exists.']);
    renderUi(<SyncScreen />);

    fireEvent.click(await screen.findByRole('button', { name: 'Fix and resend' }));
    const form = screen.getByRole('form', { name: 'Fix New material' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Acrylic sheet 3mm');
    expect(within(form).getByText('Material with this name already exists.')).toBeTruthy();
    expect((within(form).getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value).toBe('SHEET');

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true'));
    expect((await outbox.entries.get(entryId))!.state).toBe('rejected');

    fireEvent.change(name, { target: { value: 'Acrylic sheet 3mm clear' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Resend' }));

    await waitFor(async () => expect((await outbox.entries.get(entryId))!.state).toBe('pending'));
    const entry = (await outbox.entries.get(entryId))!;
    expect(entry).toMatchObject({ body: { name: 'Acrylic sheet 3mm clear', category: 3, unit: 'SHEET' }, lastError: null, attempts: 0 });
    expect(entry.idempotencyKey).not.toBe(idempotencyKey);
    expect(await screen.findByText('New material: Acrylic sheet 3mm clear')).toBeTruthy();
  });

  it('asks for persistent storage and shows whether it was granted, with usage and quota', async () => {
    const persist = vi.fn(async () => true);
    let granted = false;
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024 }), persisted: async () => granted, persist: async () => ((granted = await persist()), granted) },
    });
    renderUi(<SyncScreen />);

    const storage = await screen.findByTestId('storage');
    await waitFor(() => expect(storage.textContent).toContain('Used 5.00 MB of 2.00 GB'));
    expect(storage.textContent).toContain('Persistent storage granted');
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('the header’s sync indicator', () => {
  it('shows online or offline, the user’s unsent and refused changes, and opens /sync', async () => {
    await addEntry(createVendor, { name: 'Sharma Metals' }, { userId: ASHA });
    const refused = await addEntry(createVendor, { name: 'Sharma Metals 2' }, { userId: ASHA });
    await reject(refused.entryId, 403, { detail: 'Not allowed.' }, ['detail: Not allowed.']);
    await addEntry(createVendor, { name: 'Ravi’s vendor' }, { userId: RAVI });
    await outbox.meta.put({ key: 'lastSyncAt', value: new Date(2030, 0, 2, 9, 5).getTime() });

    const { rerender } = renderUi(<SyncIndicator offline={false} />);

    const link = await screen.findByRole('link', { name: 'Sync status' });
    await waitFor(() => expect(link.textContent).toBe('Online1 unsent · synced 09:051 refused'));
    expect(link.getAttribute('href')).toBe('/sync');
    rerender(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <SyncIndicator offline />
        </MemoryRouter>
      </ChakraProvider>,
    );
    expect(screen.getByRole('link', { name: 'Sync status' }).textContent).toContain('Offline');
  });
});

describe('a change someone else beat to the server (409 with their row)', () => {
  const theirs = material(4, { name: 'Acrylic 3mm (Jaipur)', brand: 'Jaipur', version: 6 });
  async function conflicted() {
    await mirror.rows('materials').put(material(4, { name: 'Acrylic 3mm', brand: '', version: 5 }));
    const { entryId } = await addEntry(updateMaterial, { id: 4, name: 'Acrylic sheet 3mm', expected_version: 5 }, { userId: ASHA });
    await reject(entryId, 409, { detail: 'This record was changed by someone else.', current: theirs }, ['This record was changed by someone else.']);
    renderUi(<SyncScreen />);
    return { entryId, table: await screen.findByRole('table', { name: 'Theirs and mine' }) };
  }

  it('shows the fields this change sets as the server has them and as this device would make them, side by side', async () => {
    const { table } = await conflicted();
    const row = within(table).getByText('name').closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['name', 'Acrylic 3mm (Jaipur)', 'Acrylic sheet 3mm']);
    expect(row.dataset.differs).toBe('true');
    expect(within(table).queryByText('expected version')).toBeNull();
  });

  it('keep mine: sends it again over the version the server has now, under a new key', async () => {
    const { entryId } = await conflicted();
    const before = (await outbox.entries.get(entryId))!;
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () => expect((await outbox.entries.get(entryId))?.state).toBe('pending'));
    const again = (await outbox.entries.get(entryId))!;
    expect(again.headers['If-Match']).toBe('6');
    expect(again.idempotencyKey).not.toBe(before.idempotencyKey);
    await waitFor(async () => expect(await mirror.rows('materials').get(4)).toMatchObject({ name: 'Acrylic sheet 3mm' }));
  });

  it('take theirs: after confirmation the change is dropped and the device shows the server’s row', async () => {
    const { entryId } = await conflicted();
    fireEvent.click(screen.getByRole('button', { name: 'Take theirs' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take theirs' }));
    // The entry goes first, then the mirror takes the server's row (two databases, two steps).
    await waitFor(async () => expect(await mirror.rows('materials').get(4)).toMatchObject({ name: 'Acrylic 3mm (Jaipur)', brand: 'Jaipur', version: 6 }));
    expect(await outbox.entries.get(entryId)).toBeUndefined();
  });
});
