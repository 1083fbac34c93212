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
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import VendorsScreen from '../../src/features/vendors/VendorsScreen';
import VendorDetailScreen from '../../src/features/vendors/VendorDetailScreen';
import { NOTHING_CHANGED, VENDOR_SAVED_OFFLINE } from '../../src/features/vendors/VendorForm';
import VendorWisePurchasesScreen from '../../src/features/vendors/VendorWisePurchasesScreen';
import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';

const MEENA = 9;
let user: User = makeUser({ id: MEENA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['vendors-home', 'vendor-detail', 'vendor-wise-purchases'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

const STEELMART = { id: 21, name: 'Steelmart Traders', contact_person: 'Ravi Kumar', phone: '+919845012345', email: 'sales@steelmart.in', gst_number: '29AAGCB7383J1Z4', address: 'Peenya, Bengaluru', state: 'Karnataka', payment_terms: '30 days from invoice', ...tracked(), version: 3 };
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
    for (const text of ['Ravi Kumar', '+919845012345', 'sales@steelmart.in', '29AAGCB7383J1Z4', 'Karnataka', 'Peenya, Bengaluru', '30 days from invoice']) expect(screen.getByText(text)).toBeTruthy();
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

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe("the vendor's purchases, from the server", () => {
  beforeEach(() => {
    setOnline(true);
    fakeServer()
      .on('GET', API.vendors.openLpos, {
        status: 200,
        data: {
          count: 1,
          pending_value: '600.00',
          results: [{ id: 310, lpo_date: '2026-10-05', expected_date: '2026-10-20', status: 'partially_received', total_amount: '1000.00', pending_value: '600.00', late: true }],
        },
      })
      .on('GET', API.vendors.priceHistory, {
        status: 200,
        data: {
          count: 1,
          results: [{ material: 12, material_name: 'MS sheet 2mm', material_unit: 'SHEET', receipts: 2, last_rate: '92.50', last_date: '2026-10-12', lowest_rate: '92.50', highest_rate: '100.00' }],
          deliveries: { on_time: 2, late: 1, on_time_percent: '66.7' },
        },
      })
      .on('GET', API.vendors.gras, { status: 200, data: { count: 1, next: null, previous: null, results: [{ id: 77, gra_date: '2026-10-12', lpo: 310, invoice_number: 'INV-9', challan_number: '', value: '400.00' }] } })
      .on('GET', API.vendors.vendorWise, {
        status: 200,
        data: {
          count: 1,
          ordered_value: '7500.50',
          received_value: '1000.00',
          results: [{ vendor: 21, vendor_name: 'Steelmart Traders', lpo_count: 2, ordered_value: '7500.50', gra_count: 1, received_value: '1000.00' }],
        },
      });
  });

  it("shows a vendor's open LPOs with what is still to come, its price history with the on-time rate, and its GRAs", async () => {
    show('vendor-detail', VendorDetailScreen, '/vendors/detail/21');
    // A report section: its heading's row, then its figures and table.
    const sectionOf = (heading: HTMLElement) => heading.parentElement!.parentElement!;
    const openSection = sectionOf(await screen.findByRole('heading', { name: 'Open LPOs' }));
    await waitFor(() => expect(cellsOf(within(openSection).getByRole('table'))).toEqual([['310', '05-10-2026', '20-10-2026', 'Partially Received', '1,000.00', '600.00', 'Late']]));
    const prices = sectionOf(await screen.findByRole('heading', { name: 'Price history' }));
    await waitFor(() => expect(cellsOf(within(prices).getByRole('table'))).toEqual([['MS sheet 2mm', '2', '12-10-2026', '92.50', '92.50', '100.00']]));
    expect(within(prices).getByText('On time (%): 66.7')).toBeTruthy();
    const gras = sectionOf(await screen.findByRole('heading', { name: 'GRAs' }));
    await waitFor(() => expect(cellsOf(within(gras).getByRole('table'))).toEqual([['77', '12-10-2026', '310', 'INV-9', '', '400.00']]));
  });

  it('asks no purchases of a vendor made on this device and not yet sent', async () => {
    await mirror.rows('vendors').put({ ...ACRYLIC, id: -4, name: 'Kochi Glass Works' });
    show('vendor-detail', VendorDetailScreen, '/vendors/detail/-4');
    expect(await screen.findByRole('heading', { name: 'Kochi Glass Works' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Open LPOs' })).toBeNull();
  });

  it('lists every vendor’s purchases of the last 90 days unless a period is chosen, each vendor opening its record', async () => {
    const server = fakeServer().on('GET', API.vendors.vendorWise, {
      status: 200,
      data: { count: 1, ordered_value: '7500.50', received_value: '1000.00', results: [{ vendor: 21, vendor_name: 'Steelmart Traders', lpo_count: 2, ordered_value: '7500.50', gra_count: 1, received_value: '1000.00' }] },
    });
    show('vendor-wise-purchases', VendorWisePurchasesScreen, '/purchases/vendor-wise');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(cellsOf(table)).toEqual([['Steelmart Traders', '2', '7,500.50', '1', '1,000.00']]));
    expect(server.calls('GET', API.vendors.vendorWise)[0]!.config.params).toEqual({ start_date: businessToday(-90) });
    expect(within(table).getByRole('link', { name: 'Steelmart Traders' }).getAttribute('href')).toBe('/vendors/detail/21');
  });
});
