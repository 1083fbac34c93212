import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { API } from '../../domain/api-paths';
import { QUANTITY_ABOVE_ZERO } from '../../domain/entity';
import { LPO_MESSAGES, LPO_REFUSALS } from '../../domain/lpo';
import type { RouteName } from '../../domain/routes';
import { businessToday } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { material } from './mirror-fakes';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import LposScreen from '../../src/features/lpos/LposScreen';
import LpoCreateScreen, { LPO_FORM_NOTICES } from '../../src/features/lpos/LpoCreateScreen';
import LpoDetailScreen from '../../src/features/lpos/LpoDetailScreen';
import LposCancelledScreen from '../../src/features/lpos/LposCancelledScreen';
import LpoPendingReceiptScreen from '../../src/features/lpos/LpoPendingReceiptScreen';
import LpoConsolidatedScreen from '../../src/features/lpos/LpoConsolidatedScreen';

const MEENA = 9;
let user: User = makeUser({ id: MEENA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['lpos-home', 'lpo-create', 'lpo-detail', 'lpos-cancelled', 'lpo-pending-receipt', 'lpo-consolidated'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};

const STEELMART = 21;
const ACRYLIC_INDIA = 22;
const SHEET = material(301, { name: 'MS Sheet 2 mm', unit: 'PCS' });
const PIPE = material(302, { name: 'GI Pipe 25 mm', unit: 'MTRS' });

const lpoRow = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  vendor: STEELMART,
  vendor_name: 'Steelmart Traders',
  lpo_date: '2026-11-20',
  expected_date: null,
  subtotal: '12500.00',
  tax_amount: '0.00',
  total_amount: '12500.00',
  status: 'draft',
  requisition: null,
  remarks: '',
  approved_by: null,
  approved_at: null,
  sent_at: null,
  closed_at: null,
  close_remarks: null,
  cancelled_at: null,
  cancellation_remarks: null,
  ...tracked(),
  ...values,
});

/** LPO 40 as GET lpos/40/ sends it: two lines, by Ravi, version 3. */
const view = (values: Record<string, unknown> = {}) => ({
  ...lpoRow(40),
  created_by_name: 'Ravi Kumar',
  approved_by_name: '',
  lpo_items: [
    { id: 401, lpo: 40, material: SHEET.id, material_name: 'MS Sheet 2 mm', material_unit: 'PCS', quantity: '10.000', rate: '1000.00', amount: '10000.00', tax_rate: '0.00', expected_date: null, quantity_received: '0.000', ...tracked() },
    { id: 402, lpo: 40, material: PIPE.id, material_name: 'GI Pipe 25 mm', material_unit: 'MTRS', quantity: '20.000', rate: '125.00', amount: '2500.00', tax_rate: '0.00', expected_date: null, quantity_received: '0.000', ...tracked() },
  ],
  ...values,
});
const serveDetail = (server: FakeServer, values: Record<string, unknown> = {}) => server.on('GET', API.lpos.detail(40), { status: 200, data: view(values) });
const actions = () => within(screen.getByRole('group', { name: 'LPO actions' })).getAllByRole('button').map((b) => b.textContent);

beforeEach(async () => {
  user = makeUser({ id: MEENA, department: 'purchase', designation: 'executive' });
  storeSession({ userId: MEENA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('vendors').bulkPut([
    { id: STEELMART, name: 'Steelmart Traders', ...tracked() },
    { id: ACRYLIC_INDIA, name: 'Acrylic Sheets India', ...tracked() },
  ]);
  await mirror.rows('materials').bulkPut([SHEET, PIPE]);
  await mirror.rows('materialNames').bulkPut([SHEET, PIPE]);
});

afterEach(() => {
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  vi.restoreAllMocks();
});

describe('the LPO list, read from the device', () => {
  it('shows the live LPOs newest first with date, vendor, status and total, each opening its detail', async () => {
    await mirror.rows('lpos').bulkPut([
      lpoRow(40),
      lpoRow(41, { vendor: ACRYLIC_INDIA, vendor_name: 'Acrylic Sheets India', lpo_date: '2026-11-22', status: 'sent', total_amount: '125000.50' }),
      lpoRow(42, { status: 'cancelled', deleted_at: '2026-11-23T05:00:00.000Z' }),
    ]);
    const router = show('lpos-home', LposScreen, '/lpo');
    await screen.findByRole('link', { name: '41' });
    const rows = [...document.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['41', '22-11-2026', 'Acrylic Sheets India', 'Sent', '1,25,000.50'],
      ['40', '20-11-2026', 'Steelmart Traders', 'Draft', '12,500.00'],
    ]);
    fireEvent.click(screen.getByRole('link', { name: '40' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpo/detail/40'));
  });

  it('offers New LPO to purchase staff only, and links the cancelled LPOs', async () => {
    const router = show('lpos-home', LposScreen, '/lpo');
    fireEvent.click(await screen.findByRole('button', { name: "Cancelled LPO's" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpo/cancelled'));
    cleanup();
    user = makeUser({ id: MEENA, department: 'stores', designation: 'executive' });
    show('lpos-home', LposScreen, '/lpo');
    await screen.findByRole('button', { name: "Cancelled LPO's" });
    expect(screen.queryByRole('button', { name: 'New LPO' })).toBeNull();
  });
});

/** Chooses a vendor once the device's vendors are in the select (a value chosen before would not stick). */
async function chooseVendor(id: number) {
  const select = await screen.findByLabelText<HTMLSelectElement>('Vendor');
  await waitFor(() => expect(select.querySelector(`option[value="${id}"]`)).not.toBeNull());
  fireEvent.change(select, { target: { value: String(id) } });
}

async function pick(term: string, name: string) {
  fireEvent.change(screen.getByLabelText('Find a material'), { target: { value: term } });
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));
}

describe('a new LPO', () => {
  it('refuses a line of no quantity with the schema’s message and posts nothing', async () => {
    const server = fakeServer();
    show('lpo-create', LpoCreateScreen, '/lpo/create');
    const vendor = (await screen.findByLabelText('Vendor')) as HTMLSelectElement;
    await waitFor(() => expect([...vendor.options].map((o) => o.textContent)).toEqual(['Select the vendor', 'Acrylic Sheets India', 'Steelmart Traders']));
    fireEvent.change(vendor, { target: { value: String(STEELMART) } });
    await pick('sheet', 'MS Sheet 2 mm');
    fireEvent.change(screen.getByLabelText('Quantity of MS Sheet 2 mm'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Rate of MS Sheet 2 mm'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save LPO' }));
    expect(await screen.findByText(QUANTITY_ABOVE_ZERO)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('posts a good LPO with each line’s GST % and own expected date, showing the totals as typed, and opens it', async () => {
    const server = fakeServer();
    server.on('POST', API.lpos.list, { status: 201, data: view() });
    serveDetail(server);
    const router = show('lpo-create', LpoCreateScreen, '/lpo/create');
    await chooseVendor(STEELMART);
    await pick('sheet', 'MS Sheet 2 mm');
    fireEvent.change(screen.getByLabelText('Quantity of MS Sheet 2 mm'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Rate of MS Sheet 2 mm'), { target: { value: '125.50' } });
    fireEvent.change(screen.getByLabelText('GST % of MS Sheet 2 mm'), { target: { value: '18' } });
    fireEvent.change(screen.getByLabelText('Expected date of MS Sheet 2 mm'), { target: { value: businessToday(7) } });
    await pick('pipe', 'GI Pipe 25 mm');
    fireEvent.change(screen.getByLabelText('Quantity of GI Pipe 25 mm'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Rate of GI Pipe 25 mm'), { target: { value: '99.99' } });
    fireEvent.change(screen.getByLabelText('GST % of GI Pipe 25 mm'), { target: { value: '5' } });
    expect(await screen.findByText('Pieces · ₹ 1,255.00')).toBeTruthy();
    // 1255.00 + 299.97; GST 225.90 + 15.00
    const totals = screen.getByLabelText('LPO totals');
    expect([...totals.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Subtotal ₹ 1,554.97', 'GST ₹ 240.90', 'Total ₹ 1,795.87']);
    fireEvent.change(screen.getByLabelText(/^Terms and remarks/), { target: { value: 'Delivery at the Peenya works' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save LPO' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpo/detail/40'));
    expect(server.calls('POST', API.lpos.list)[0]!.body).toEqual({
      vendor: STEELMART,
      lpo_date: businessToday(),
      expected_date: null,
      requisition: null,
      remarks: 'Delivery at the Peenya works',
      lpo_items: [
        { material: SHEET.id, quantity: '10', rate: '125.50', tax_rate: '18', expected_date: businessToday(7) },
        { material: PIPE.id, quantity: '3', rate: '99.99', tax_rate: '5', expected_date: null },
      ],
    });
  });

  it('refuses a line expected before the LPO date, at that line’s date', async () => {
    const server = fakeServer();
    show('lpo-create', LpoCreateScreen, '/lpo/create');
    await chooseVendor(STEELMART);
    await pick('sheet', 'MS Sheet 2 mm');
    fireEvent.change(screen.getByLabelText('Quantity of MS Sheet 2 mm'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Rate of MS Sheet 2 mm'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Expected date of MS Sheet 2 mm'), { target: { value: businessToday(-1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save LPO' }));
    expect(await screen.findByText(LPO_MESSAGES.expectedDate)).toBeTruthy();
    expect(screen.getByLabelText('Expected date of MS Sheet 2 mm').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toEqual([]);
  });

  it('fills one LPO per proposal of the materials short of their reorder level (not those just at it), the next after each save, asking for the vendor of materials never bought', async () => {
    const server = fakeServer();
    server.on('GET', API.materialReports.reorder, { status: 200, data: { count: 2, next: null, previous: null, results: [{ ...SHEET, shortfall: '10.000' }, { ...PIPE, shortfall: '5.000' }, { ...material(303), shortfall: '0.000' }] } });
    server.on('POST', API.lpos.fromReorder, {
      status: 200,
      data: {
        proposals: [
          { vendor: STEELMART, vendor_name: 'Steelmart Traders', requisition: null, lpo_items: [{ material: SHEET.id, material_name: 'MS Sheet 2 mm', material_unit: 'PCS', quantity: '10.000', rate: '980.00', tax_rate: '18.00' }] },
          { vendor: null, vendor_name: null, requisition: null, lpo_items: [{ material: PIPE.id, material_name: 'GI Pipe 25 mm', material_unit: 'MTRS', quantity: '5.000', rate: '0.00', tax_rate: '0.00' }] },
        ],
      },
    });
    server.on('POST', API.lpos.list, { status: 201, data: view() });
    show('lpo-create', LpoCreateScreen, '/lpo/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Raise from reorder list' }));
    expect(await screen.findByText('Proposed LPO 1 of 2: Steelmart Traders')).toBeTruthy();
    expect(server.calls('POST', API.lpos.fromReorder)[0]!.body).toEqual({ materials: [{ material: SHEET.id }, { material: PIPE.id }] });
    expect((screen.getByLabelText('Vendor') as HTMLSelectElement).value).toBe(String(STEELMART));
    expect((screen.getByLabelText('Quantity of MS Sheet 2 mm') as HTMLInputElement).value).toBe('10.000');
    expect((screen.getByLabelText('Rate of MS Sheet 2 mm') as HTMLInputElement).value).toBe('980.00');
    expect((screen.getByLabelText('GST % of MS Sheet 2 mm') as HTMLInputElement).value).toBe('18.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save LPO' }));
    expect(await screen.findByText(`Proposed LPO 2 of 2. ${LPO_FORM_NOTICES.pickVendor}`)).toBeTruthy();
    expect(server.calls('POST', API.lpos.list)[0]!.body).toMatchObject({ vendor: STEELMART, lpo_items: [{ material: SHEET.id, quantity: '10.000', rate: '980.00', tax_rate: '18.00' }] });
    expect((screen.getByLabelText('Vendor') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Quantity of GI Pipe 25 mm') as HTMLInputElement).value).toBe('5.000');
  });

  it('opened from the reorder report or a requisition, fills the form with their proposals at once', async () => {
    const server = fakeServer();
    server.on('GET', API.materialReports.reorder, { status: 200, data: { count: 1, next: null, previous: null, results: [{ ...SHEET, shortfall: '10.000' }] } });
    server.on('POST', API.lpos.fromReorder, { status: 200, data: { proposals: [] } });
    show('lpo-create', LpoCreateScreen, '/lpo/create?from=reorder');
    expect(await screen.findByText(LPO_FORM_NOTICES.nothingToReorder)).toBeTruthy();
    cleanup();
    server.on('GET', API.lpos.fromRequisition(900), {
      status: 200,
      data: { proposals: [{ vendor: ACRYLIC_INDIA, vendor_name: 'Acrylic Sheets India', requisition: 900, lpo_items: [{ material: PIPE.id, material_name: 'GI Pipe 25 mm', material_unit: 'MTRS', quantity: '8.000', rate: '120.00', tax_rate: '12.00' }] }] },
    });
    server.on('POST', API.lpos.list, { status: 201, data: view() });
    server.on('GET', API.lpos.detail(40), { status: 200, data: view() });
    show('lpo-create', LpoCreateScreen, '/lpo/create?requisition=900');
    expect(await screen.findByText('Proposed LPO 1 of 1: Acrylic Sheets India')).toBeTruthy();
    expect((screen.getByLabelText('Quantity of GI Pipe 25 mm') as HTMLInputElement).value).toBe('8.000');
    fireEvent.click(screen.getByRole('button', { name: 'Save LPO' }));
    await waitFor(() => expect(server.calls('POST', API.lpos.list)).toHaveLength(1));
    expect(server.calls('POST', API.lpos.list)[0]!.body).toMatchObject({ vendor: ACRYLIC_INDIA, requisition: 900, lpo_items: [{ material: PIPE.id, quantity: '8.000', rate: '120.00' }] });
  });

  it('offline, says saving needs the connection and keeps what was typed', async () => {
    const server = fakeServer();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      show('lpo-create', LpoCreateScreen, '/lpo/create');
      await chooseVendor(STEELMART);
      await pick('pipe', 'GI Pipe 25 mm');
      fireEvent.change(screen.getByLabelText('Quantity of GI Pipe 25 mm'), { target: { value: '5' } });
      fireEvent.change(screen.getByLabelText('Rate of GI Pipe 25 mm'), { target: { value: '125' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save LPO' }));
      expect(await screen.findByText(LPO_FORM_NOTICES.offline)).toBeTruthy();
      expect((screen.getByLabelText('Quantity of GI Pipe 25 mm') as HTMLInputElement).value).toBe('5');
      expect(server.requests).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });
});

describe('the LPO detail', () => {
  it('shows the vendor, author, lines with their GST % and due dates, the totals, and a draft offers Approve and Cancel only', async () => {
    const server = fakeServer();
    serveDetail(server, {
      expected_date: '2026-11-30',
      subtotal: '12500.00',
      tax_amount: '1925.00',
      total_amount: '14425.00',
      lpo_items: [{ ...view().lpo_items[0], tax_rate: '18.00' }, { ...view().lpo_items[1], tax_rate: '5.00', expected_date: '2026-12-10' }],
    });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'LPO 40' })).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    const lines = [...screen.getByRole('table', { name: 'LPO lines' }).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(lines).toEqual([
      ['MS Sheet 2 mm', '10.000 Pieces', '0.000', '1,000.00', '18.00', '30-11-2026', '10,000.00', 'ChangeRemove'],
      ['GI Pipe 25 mm', '20.000 Meters', '0.000', '125.00', '5.00', '10-12-2026', '2,500.00', 'ChangeRemove'],
    ]);
    expect([...screen.getByLabelText('LPO totals').querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Subtotal ₹ 12,500.00', 'GST ₹ 1,925.00', 'Total ₹ 14,425.00']);
    expect(actions()).toEqual(['Approve', 'Cancel LPO']);
  });

  it('changes a draft’s line at the line’s version, showing the server’s 400 on its field, then the new totals', async () => {
    const server = fakeServer();
    serveDetail(server);
    const changed = { ...view().lpo_items[1], tax_rate: '18.00', expected_date: '2026-11-30', version: 4 };
    server.on('PUT', API.lpoItems.detail(402), ({ body }) => {
      if ((body as { expected_date: string }).expected_date < '2026-11-20') return { status: 400, data: { expected_date: [LPO_MESSAGES.expectedDate] } };
      serveDetail(server, { tax_amount: '450.00', total_amount: '12950.00', lpo_items: [view().lpo_items[0], changed] });
      return { status: 200, data: changed };
    });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Change GI Pipe 25 mm' }));
    const form = screen.getByRole('form', { name: 'Change GI Pipe 25 mm' });
    expect((within(form).getByLabelText('Quantity of GI Pipe 25 mm') as HTMLInputElement).value).toBe('20.000');
    expect((within(form).getByLabelText('GST % of GI Pipe 25 mm') as HTMLInputElement).value).toBe('0.00');
    fireEvent.change(within(form).getByLabelText('GST % of GI Pipe 25 mm'), { target: { value: '18' } });
    fireEvent.change(within(form).getByLabelText('Expected date of GI Pipe 25 mm'), { target: { value: '2026-11-19' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save line' }));
    expect(await within(form).findByText(LPO_MESSAGES.expectedDate)).toBeTruthy();
    expect(within(form).getByLabelText('Expected date of GI Pipe 25 mm').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(form).getByLabelText('Expected date of GI Pipe 25 mm'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save line' }));
    expect(await screen.findByText('GI Pipe 25 mm changed.')).toBeTruthy();
    const [, saved] = server.calls('PUT', API.lpoItems.detail(402));
    expect(saved!.body).toEqual({ quantity: '20.000', rate: '125.00', tax_rate: '18', expected_date: '2026-11-30' });
    expect(saved!.config.headers.get('If-Match')).toBe('3');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change GI Pipe 25 mm' })).toBeNull());
    await waitFor(() => expect(screen.getByText('Total ₹ 12,950.00')).toBeTruthy());
    expect(screen.getByText('GST ₹ 450.00')).toBeTruthy();
  });

  it('offers no line changes once the LPO is approved', async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'approved' });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    await screen.findByRole('table', { name: 'LPO lines' });
    expect(screen.queryByRole('button', { name: /^Change / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('downloads the LPO’s PDF from the server', async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'sent' });
    server.on('GET', API.lpos.pdf(40), { status: 200, data: new Blob(['%PDF-1.7']) });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:lpo');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(names).toEqual(['LPO-40.pdf']));
    expect(server.calls('GET', API.lpos.pdf(40))[0]!.config.responseType).toBe('blob');
  });

  it('takes a line off a draft at the line’s version, and shows the server’s refusal of the last line', async () => {
    const server = fakeServer();
    serveDetail(server);
    server.on('DELETE', API.lpoItems.detail(402), () => {
      serveDetail(server, { total_amount: '10000.00', lpo_items: [view().lpo_items[0]] });
      return { status: 200, data: view().lpo_items[1] };
    });
    server.on('DELETE', API.lpoItems.detail(401), { status: 400, data: { non_field_errors: [LPO_REFUSALS.lastLine] } });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove GI Pipe 25 mm' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Take off' }));
    expect(await screen.findByText('GI Pipe 25 mm taken off the LPO.')).toBeTruthy();
    expect(server.calls('DELETE', API.lpoItems.detail(402))[0]!.config.headers.get('If-Match')).toBe('3');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove GI Pipe 25 mm' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove MS Sheet 2 mm' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Take off' }));
    expect(await screen.findByText(LPO_REFUSALS.lastLine)).toBeTruthy();
  });

  it('a partially received LPO offers Close short, not Cancel; a received one nothing', async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'partially_received' });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    await waitFor(() => expect(actions()).toEqual(['Close short']));
    cleanup();
    serveDetail(server, { status: 'received' });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    await screen.findByText('Ravi Kumar');
    expect(screen.getAllByText('Received')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'LPO actions' })).toBeNull();
  });

  it('approves at the version shown, then offers Send to vendor', async () => {
    const server = fakeServer();
    serveDetail(server);
    server.on('POST', API.lpos.approve(40), () => {
      serveDetail(server, { status: 'approved', version: 4, approved_by: 11, approved_by_name: 'Anil Shah' });
      return { status: 200, data: view({ status: 'approved', version: 4, approved_by: 11, approved_by_name: 'Anil Shah' }) };
    });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('LPO approved.')).toBeTruthy();
    expect(server.calls('POST', API.lpos.approve(40))[0]!.body).toEqual({ expected_version: 3 });
    await waitFor(() => expect(actions()).toEqual(['Send to vendor', 'Cancel LPO']));
  });

  it('sends to the addresses in the box, the vendor’s own at first, at the version shown', async () => {
    await mirror.rows('vendors').put({ id: STEELMART, name: 'Steelmart Traders', email: 'orders@steelmart.example', ...tracked() });
    const server = fakeServer();
    serveDetail(server, { status: 'approved' });
    server.on('POST', API.lpos.send(40), { status: 200, data: view({ status: 'sent', version: 4 }) });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Send to vendor' }));
    const dialog = await dialogElement();
    const box = within(dialog).getByLabelText('E-mail addresses') as HTMLInputElement;
    expect(box.value).toBe('orders@steelmart.example');
    fireEvent.change(box, { target: { value: 'orders@steelmart.example, ravi@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'orders@steelmart.example; ravi@steelmart.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('LPO sent to orders@steelmart.example, ravi@steelmart.example.')).toBeTruthy();
    expect(server.calls('POST', API.lpos.send(40))[0]!.body).toEqual({ email_addresses: ['orders@steelmart.example', 'ravi@steelmart.example'], expected_version: 3 });
  });

  it('shows the server’s words when it refuses the approval', async () => {
    const server = fakeServer();
    serveDetail(server, { total_amount: '250000.00' });
    server.on('POST', API.lpos.approve(40), { status: 403, data: { detail: LPO_REFUSALS.managerOnly('1,00,000.00') } });
    show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(LPO_REFUSALS.managerOnly('1,00,000.00'))).toBeTruthy();
  });

  it('cancels with the cancellation remarks at the version shown', async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'sent' });
    server.on('DELETE', API.lpos.detail(40), { status: 200, data: view({ status: 'cancelled' }) });
    server.on('GET', API.lpos.cancelled, { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    const router = show('lpo-detail', LpoDetailScreen, '/lpo/detail/40');
    await waitFor(() => expect(actions()).toEqual(['Send again', 'Cancel LPO']));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel LPO' }));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog).getByLabelText('Cancellation remarks'), { target: { value: 'Vendor out of stock' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel LPO' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpo/cancelled'));
    expect(server.calls('DELETE', API.lpos.detail(40))[0]!.body).toEqual({ cancellation_remarks: 'Vendor out of stock', expected_version: 3 });
  });
});

describe('the cancelled LPOs', () => {
  it('lists a page from the server with the cancellation remarks', async () => {
    const server = fakeServer();
    server.on('GET', API.lpos.cancelled, { status: 200, data: { count: 1, next: null, previous: null, results: [view({ status: 'cancelled', cancelled_at: '2026-11-24T05:00:00.000Z', cancellation_remarks: 'Vendor out of stock' })] } });
    show('lpos-cancelled', LposCancelledScreen, '/lpo/cancelled');
    expect(await screen.findByText('Vendor out of stock')).toBeTruthy();
    expect(screen.getByText('24-11-2026')).toBeTruthy();
    expect(server.calls('GET', API.lpos.cancelled)[0]!.config.params).toEqual({ page: 1, page_size: 15 });
    expect(screen.queryByText(LPO_MESSAGES.cancelledNotFound)).toBeNull();
  });

  it("says Cancelled Lpo's not found when there are none", async () => {
    fakeServer().on('GET', API.lpos.cancelled, { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    show('lpos-cancelled', LposCancelledScreen, '/lpo/cancelled');
    expect(await screen.findByText("Cancelled Lpo's not found")).toBeTruthy();
  });
});

describe('the LPO lines pending receipt', () => {
  it('shows what is still to come as the server orders it, a line expected before today marked Late', async () => {
    const pending = (id: number, values: Record<string, unknown>) => ({
      ...{ id, lpo: 40, lpo_date: '2026-10-01', expected_date: null, vendor: STEELMART, vendor_name: 'Steelmart Traders', status: 'sent' },
      ...{ material: SHEET.id, material_name: 'MS Sheet 2 mm', material_unit: 'PCS', quantity: '10.000', quantity_received: '0.000', outstanding: '10.000' },
      ...values,
    });
    const server = fakeServer();
    server.on('GET', API.lpos.pendingReceipt, {
      status: 200,
      data: {
        count: 2,
        next: null,
        previous: null,
        results: [
          pending(401, { expected_date: businessToday(-1), material: PIPE.id, material_name: 'GI Pipe 25 mm', material_unit: 'MTRS', quantity: '20.000', quantity_received: '12.500', outstanding: '7.500' }),
          pending(402, { lpo: 41, expected_date: businessToday(3) }),
        ],
      },
    });
    show('lpo-pending-receipt', LpoPendingReceiptScreen, '/lpo/pending/receipt');
    const late = (await screen.findByText('7.500 Meters')).closest('tr')!;
    expect(within(late).getByText('Late')).toBeTruthy();
    const soon = screen.getByText('10.000 Pieces').closest('tr')!;
    expect(within(soon).queryByText('Late')).toBeNull();
    expect([...document.querySelectorAll('tbody tr td:first-child a')].map((a) => a.textContent)).toEqual(['40', '41']);
  });
});

describe('the consolidated purchases', () => {
  it('shows each material’s orders of the last 30 days unless a period is chosen, with what is still to come', async () => {
    const server = fakeServer().on('GET', API.lpos.consolidated, {
      status: 200,
      data: {
        count: 1,
        value: '3600.00',
        results: [{ material: 12, material_name: 'MS sheet 2mm', material_unit: 'PCS', lpo_count: 2, ordered: '30.000', received: '19.000', pending: '6.000', value: '3600.00', average_rate: '120.00' }],
      },
    });
    show('lpo-consolidated', LpoConsolidatedScreen, '/lpo/consolidated');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('MS sheet 2mm');
    for (const text of ['2', '30.00', '19.00', '6.00', '120.00', '3,600.00']) expect(within(within(table).getAllByRole('row')[1]!).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText('Ordered in all (₹): 3,600.00')).toBeTruthy();
    expect(server.calls('GET', API.lpos.consolidated)[0]!.config.params).toEqual({ start_date: businessToday(-30) });
  });
});
