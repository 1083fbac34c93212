import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import { VENDOR_MESSAGES } from '../../domain/vendor';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import VendorsScreen from '../../src/features/vendors/VendorsScreen';
import VendorDetailScreen from '../../src/features/vendors/VendorDetailScreen';
import { NOTHING_CHANGED, VENDOR_SAVED_OFFLINE } from '../../src/features/vendors/VendorForm';

const MEENA = 9;
let user: User = makeUser({ id: MEENA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['vendors-home', 'vendor-detail'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

const STEELMART = { id: 21, name: 'Steelmart Traders', contact_person: 'Ravi Kumar', phone: '+919845012345', email: 'sales@steelmart.in', gst_number: '29AAGCB7383J1Z4', address: 'Peenya, Bengaluru', state: 'Karnataka', ...tracked(), version: 3 };
const ACRYLIC = { id: 22, name: 'Acrylic Sheets India', contact_person: '', phone: '', email: '', gst_number: '', address: '', state: 'Maharashtra', ...tracked() };

beforeEach(async () => {
  user = makeUser({ id: MEENA, department: 'purchase', designation: 'executive' });
  storeSession({ userId: MEENA });
  setOnline(false);
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('vendors').bulkPut([STEELMART, ACRYLIC, { ...ACRYLIC, id: 23, name: 'Gone Glass Co', deleted_at: '2026-11-01T10:00:00.000Z' }]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the vendors list', () => {
  it('lists the live vendors by name, each opening its detail', async () => {
    show('vendors-home', VendorsScreen, '/vendors');
    const link = await screen.findByRole('link', { name: 'Acrylic Sheets India' });
    const names = [...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')!.textContent);
    expect(names).toEqual(['Acrylic Sheets India', 'Steelmart Traders']);
    fireEvent.click(link);
    await screen.findByText('vendor-detail');
  });

  it('adds a vendor offline: one queued entry, the row at once with its pending badge', async () => {
    show('vendors-home', VendorsScreen, '/vendors');
    fireEvent.click(await screen.findByRole('button', { name: 'New vendor' }));
    const form = screen.getByRole('form', { name: 'New vendor' });
    fireEvent.change(field(form, 'Name'), { target: { value: 'Kochi Glass Works' } });
    fireEvent.change(field(form, 'GST number'), { target: { value: '32aapfu0939f1z4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save vendor' }));
    await screen.findByText(VENDOR_SAVED_OFFLINE);
    const [entry, ...others] = await outbox.entries.toArray();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ operation: 'vendor.create', method: 'POST', url: '/vendors/vendors/' });
    expect(entry!.body).toMatchObject({ name: 'Kochi Glass Works', gst_number: '32AAPFU0939F1Z4', state: 'N/A' });
    const row = (await screen.findByRole('link', { name: 'Kochi Glass Works' })).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
  });

  it('refuses a name the device already has and a GSTIN whose check character is wrong, and queues nothing', async () => {
    show('vendors-home', VendorsScreen, '/vendors');
    fireEvent.click(await screen.findByRole('button', { name: 'New vendor' }));
    const form = screen.getByRole('form', { name: 'New vendor' });
    fireEvent.change(field(form, 'Name'), { target: { value: 'steelmart  traders' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save vendor' }));
    await screen.findByText(VENDOR_MESSAGES.duplicateName);
    fireEvent.change(field(form, 'Name'), { target: { value: 'Kochi Glass Works' } });
    fireEvent.change(field(form, 'GST number'), { target: { value: '32AAPFU0939F1ZW' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save vendor' }));
    await screen.findByText('Enter a valid GST number.');
    expect(await outbox.entries.count()).toBe(0);
  });

  it('offers New vendor only to those who may write vendors', async () => {
    user = makeUser({ id: MEENA, department: 'stores', designation: 'executive' });
    show('vendors-home', VendorsScreen, '/vendors');
    await screen.findByRole('link', { name: 'Steelmart Traders' });
    expect(screen.queryByRole('button', { name: 'New vendor' })).toBeNull();
  });
});

describe('the vendor detail', () => {
  it('shows the contact, GSTIN and state', async () => {
    show('vendor-detail', VendorDetailScreen, '/vendors/detail/21');
    expect(await screen.findByRole('heading', { name: 'Steelmart Traders' })).toBeTruthy();
    for (const text of ['Ravi Kumar', '+919845012345', 'sales@steelmart.in', '29AAGCB7383J1Z4', 'Karnataka', 'Peenya, Bengaluru']) expect(screen.getByText(text)).toBeTruthy();
  });

  it('sends only the changed fields, at the version it opened on', async () => {
    show('vendor-detail', VendorDetailScreen, '/vendors/detail/21');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit vendor' }));
    const form = screen.getByRole('form', { name: 'Edit vendor' });
    expect(field(form, 'Contact person').value).toBe('Ravi Kumar');
    fireEvent.change(field(form, 'Phone'), { target: { value: '9845099999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save vendor' }));
    await screen.findByText(VENDOR_SAVED_OFFLINE);
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'vendor.edit', method: 'PATCH', url: '/vendors/vendors/21/', body: { phone: '9845099999' }, headers: { 'If-Match': '3' } });
    await waitFor(() => expect(screen.getByText('9845099999')).toBeTruthy());
  });

  it('queues nothing when nothing changed', async () => {
    show('vendor-detail', VendorDetailScreen, '/vendors/detail/21');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit vendor' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Edit vendor' })).getByRole('button', { name: 'Save vendor' }));
    await screen.findByText(NOTHING_CHANGED);
    expect(await outbox.entries.count()).toBe(0);
  });

  it('says when the vendor is not on the device', async () => {
    show('vendor-detail', VendorDetailScreen, '/vendors/detail/23');
    await screen.findByText('Vendor 23 is not on this device. It may have been deleted, or the list has not loaded yet.');
  });
});
