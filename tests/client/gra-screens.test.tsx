import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { API } from '../../domain/api-paths';
import { GRA_MESSAGES } from '../../domain/gra';
import { businessToday, DATE_MESSAGES, formatDisplayDate } from '../../domain/rules/dates';
import { STOCK_MESSAGES } from '../../domain/stock';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import GrasScreen from '../../src/features/gras/GrasScreen';
import GraCreateScreen, { GRA_SAVED_OFFLINE, NO_GRA_DATE, NO_LINES } from '../../src/features/gras/GraCreateScreen';
import GraDetailScreen, { GRA_CANCELLED, GRA_LINE_NOTICES } from '../../src/features/gras/GraDetailScreen';
import GrasCancelledScreen from '../../src/features/gras/GrasCancelledScreen';

const SUNIL = 12;
let user: User = makeUser({ id: SUNIL });
/** What the next "Scan label" reads: the camera is the scanner's own test's business (qr-scanner.test.tsx). */
let label = '';

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));
vi.mock('../../src/ui/QrScanner', () => ({ QrScanner: ({ onScan }: { onScan: (text: string) => void }) => <button onClick={() => onScan(label)}>Scan label</button> }));

const NEIGHBOURS: RouteName[] = ['gra-home', 'gra-create', 'gra-detail', 'gras-cancelled'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

const STEEL = 21;
const SHEET = 301;
const PIPE = 302;
const SENT_LPO = 41;
/** Mahalaxmi Steel's LPO 41: 20 MS sheets (8 came already) and 60 m of MS pipe. */
const lpo = (id: number, status: string, values: Record<string, unknown> = {}) => ({
  id,
  vendor: STEEL,
  vendor_name: 'Mahalaxmi Steel Traders',
  lpo_date: '2026-11-10',
  expected_date: null,
  total_amount: '7269.00',
  status,
  requisition: null,
  remarks: '',
  approved_by: 3,
  approved_at: '2026-11-10T09:00:00.000Z',
  sent_at: null,
  cancelled_at: null,
  cancellation_remarks: null,
  ...tracked(),
  ...values,
});
const lpoItem = (id: number, lpoId: number, material: number, quantity: string, received: string, rate: string) => ({ id, lpo: lpoId, material, quantity, rate, amount: '0.00', quantity_received: received, ...tracked() });
const gra = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  lpo: SENT_LPO,
  vendor: STEEL,
  vendor_name: 'Mahalaxmi Steel Traders',
  gra_date: '2026-11-18',
  invoice_number: 'MST/0398',
  challan_number: 'DC-112',
  remarks: '',
  without_lpo_reason: null,
  cancelled_at: null,
  cancellation_remarks: null,
  ...tracked(),
  ...values,
});

beforeEach(async () => {
  user = makeUser({ id: SUNIL, department: 'stores', designation: 'executive' });
  storeSession({ userId: SUNIL });
  setOnline(false);
  label = '';
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('vendors').bulkPut([{ id: STEEL, name: 'Mahalaxmi Steel Traders', state: 'Maharashtra', ...tracked() }]);
  await mirror.rows('materials').bulkPut([
    { id: SHEET, name: 'MS sheet 2mm', unit: 'SHEET', quantity: '40.000', ...tracked() },
    { id: PIPE, name: 'MS pipe 25mm', unit: 'MTRS', quantity: '0.000', ...tracked() },
  ]);
  await mirror.rows('lpos').bulkPut([
    lpo(SENT_LPO, 'sent'),
    lpo(42, 'cancelled', { cancelled_at: '2026-11-12T09:00:00.000Z' }),
    lpo(43, 'received'),
    lpo(44, 'draft'),
  ]);
  await mirror.rows('lpoItems').bulkPut([lpoItem(411, SENT_LPO, SHEET, '20.000', '8.000', '123.45'), lpoItem(412, SENT_LPO, PIPE, '60.000', '0.000', '80.00')]);
});

afterEach(() => {
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

const lpoSelect = () => screen.getByRole('combobox', { name: 'LPO' }) as HTMLSelectElement;
const rowOf = (material: string) => within(screen.getByRole('table', { name: 'Lines of the LPO' })).getByText(material).closest('tr')!;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent);

async function chooseSentLpo() {
  show('gra-create', GraCreateScreen, '/gra/create');
  await waitFor(() => expect(lpoSelect().options.length).toBe(2));
  fireEvent.change(lpoSelect(), { target: { value: String(SENT_LPO) } });
  await screen.findByRole('table', { name: 'Lines of the LPO' });
}

describe('a new GRA against an LPO', () => {
  it('offers only the LPOs awaiting goods, and shows each open line with what was ordered, received so far and is still to come', async () => {
    await chooseSentLpo();
    expect([...lpoSelect().options].map((o) => o.textContent)).toEqual(['Choose an LPO', 'LPO 41 · Mahalaxmi Steel Traders · 10-11-2026']);
    expect(cells(rowOf('MS sheet 2mm'))).toEqual(['20.000', '8.000', '12.000']);
    expect(cells(rowOf('MS pipe 25mm'))).toEqual(['60.000', '0.000', '60.000']);
  });

  it('flags a quantity above what is still to come: the server alone knows the over-receipt tolerance', async () => {
    await chooseSentLpo();
    fireEvent.change(screen.getByLabelText('Received of MS sheet 2mm'), { target: { value: '15' } });
    expect(within(rowOf('MS sheet 2mm')).getByRole('alert').textContent).toBe('More than is still to come on the LPO (12.000 Sheets). The server takes it only within the over-receipt tolerance.');
    fireEvent.change(screen.getByLabelText('Accepted of MS sheet 2mm'), { target: { value: '12' } });
    expect(within(rowOf('MS sheet 2mm')).queryByRole('alert')).toBeNull();
  });

  it('saves offline as one queued gra.create: the GRA shows pending in the list, stock and the LPO line move by what was accepted', async () => {
    await chooseSentLpo();
    fireEvent.change(screen.getByLabelText('Received of MS sheet 2mm'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Accepted of MS sheet 2mm'), { target: { value: '9.5' } });
    fireEvent.change(screen.getByLabelText('Invoice number'), { target: { value: 'MST/0412' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    await screen.findByText(GRA_SAVED_OFFLINE);
    await screen.findByText('gra-detail');

    const [entry, ...others] = await outbox.entries.toArray();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ operation: 'gra.create', method: 'POST', url: API.gras.list });
    expect(entry!.body).toEqual({
      lpo: SENT_LPO,
      vendor: STEEL,
      gra_date: businessToday(),
      invoice_number: 'MST/0412',
      challan_number: '',
      remarks: '',
      gra_items: [{ lpo_item: 411, material: SHEET, quantity_received: '10', quantity_accepted: '9.5', remarks: '' }],
    });
    expect(await mirror.rows('materials').get(SHEET)).toMatchObject({ quantity: '49.500' });
    expect(await mirror.rows('lpoItems').get(411)).toMatchObject({ quantity_received: '17.500' });

    cleanup();
    show('gra-home', GrasScreen, '/gra');
    const row = (await screen.findByRole('link', { name: 'New GRA' })).closest('tr')!;
    expect(await within(row).findByText('Pending')).toBeTruthy();
    expect(within(row).getByText('LPO 41')).toBeTruthy();
    expect(within(row).getByText('MST/0412')).toBeTruthy();
  });

  it('takes all that was received as accepted when Accepted is left empty', async () => {
    await chooseSentLpo();
    fireEvent.change(screen.getByLabelText('Received of MS pipe 25mm'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    await screen.findByText(GRA_SAVED_OFFLINE);
    const [entry] = await outbox.entries.toArray();
    expect((entry!.body as { gra_items: unknown[] }).gra_items).toEqual([{ lpo_item: 412, material: PIPE, quantity_received: '60', quantity_accepted: '60', remarks: '' }]);
  });

  it('refuses to save with no quantity, or more accepted than received, and queues nothing', async () => {
    await chooseSentLpo();
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    await screen.findByText(NO_LINES);
    fireEvent.change(screen.getByLabelText('Received of MS sheet 2mm'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Accepted of MS sheet 2mm'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    await screen.findByText(GRA_MESSAGES.acceptedOverReceived);
    expect(await outbox.entries.count()).toBe(0);
  });

  it('jumps to the scanned material’s line, and says so when the material is not on the LPO', async () => {
    await chooseSentLpo();
    label = `fabops:material:${PIPE}`;
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Received of MS pipe 25mm')));
    expect(rowOf('MS pipe 25mm').dataset.scanned).toBe('true');

    await mirror.rows('materials').put({ id: 303, name: 'Clear glass 5mm', unit: 'SQMTR', quantity: '0.000', ...tracked() });
    label = 'fabops:material:303';
    fireEvent.click(screen.getByRole('button', { name: 'Scan label' }));
    await screen.findByText('Clear glass 5mm is not on this LPO.');
  });
});

describe('the GRA date', () => {
  const dateField = () => screen.getByLabelText(/^GRA date/) as HTMLInputElement;
  const saveWithDate = (typed: string) => {
    fireEvent.change(screen.getByLabelText('Received of MS sheet 2mm'), { target: { value: '2' } });
    fireEvent.change(dateField(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
  };

  it('is typed DD-MM-YYYY like every date of the app, today offered, and is sent as the ISO day', async () => {
    await chooseSentLpo();
    expect(dateField().value).toBe(formatDisplayDate(businessToday()));
    expect(dateField().placeholder).toBe('DD-MM-YYYY');
    expect(dateField().inputMode).toBe('numeric');
    expect(dateField().type).toBe('text');
    const yesterday = businessToday(-1);
    saveWithDate(`${yesterday.slice(8, 10)}/${yesterday.slice(5, 7)}/${yesterday.slice(0, 4)}`);
    await screen.findByText(GRA_SAVED_OFFLINE);
    const [entry] = await outbox.entries.toArray();
    expect((entry!.body as { gra_date: string }).gra_date).toBe(yesterday);
  });

  it('refuses a date that is not one, none, or one after today, with the date rule’s words, and queues nothing', async () => {
    await chooseSentLpo();
    saveWithDate('31-02-2026');
    expect(await screen.findByText(DATE_MESSAGES.date)).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    expect(await screen.findByText(NO_GRA_DATE)).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: formatDisplayDate(businessToday(1)) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    expect(await screen.findByText(STOCK_MESSAGES.futureDate)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe('a new GRA without an LPO', () => {
  it('needs the vendor and the reason', async () => {
    show('gra-create', GraCreateScreen, '/gra/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Without LPO' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save GRA' }));
    await screen.findByText(GRA_MESSAGES.vendorRequired);
    expect(screen.getByText(GRA_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.getByText(NO_LINES)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });
});

/** Opens GRA 7 and cancels it with `reason`. */
async function cancelGra7(reason: string) {
  show('gra-detail', GraDetailScreen, '/gra/detail/7');
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel GRA' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel GRA' }));
}

describe('a GRA’s detail', () => {
  beforeEach(async () => {
    await mirror.rows('gras').put(gra(7));
    await mirror.rows('graItems').bulkPut([
      { id: 71, gra: 7, lpo_item: 411, material: SHEET, quantity_received: '8.000', quantity_accepted: '8.000', rate: '123.45', remarks: '', ...tracked() },
    ]);
  });

  it('shows the vendor, the LPO and each line with what was accepted at what rate', async () => {
    show('gra-detail', GraDetailScreen, '/gra/detail/7');
    await screen.findByRole('heading', { name: 'GRA 7' });
    expect(screen.getByText('Mahalaxmi Steel Traders')).toBeTruthy();
    expect(screen.getByText('LPO 41')).toBeTruthy();
    const line = [...screen.getByRole('table', { name: 'Lines of the GRA' }).querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(line).toEqual(['MS sheet 2mm', '8.000 Sheets', '8.000 Sheets', '123.45', '987.60', 'CorrectTake off']);
  });

  it('cancels it online with the reason given, and the GRA leaves the list', async () => {
    setOnline(true);
    const server = fakeServer().on('DELETE', API.gras.detail(7), { status: 200, data: { ...gra(7, { cancelled_at: '2026-11-20T10:00:00.000Z', cancellation_remarks: 'Wrong vendor challan' }), lpo_date: '2026-11-10', gra_items: [] } });
    await cancelGra7('Wrong vendor challan');
    await screen.findByText(GRA_CANCELLED);
    const [call] = server.calls('DELETE', API.gras.detail(7));
    expect(call!.body).toEqual({ cancellation_remarks: 'Wrong vendor challan' });
    expect(call!.config.headers.get('If-Match')).toBe('3');
    expect(await mirror.rows('gras').get(7)).toMatchObject({ cancelled_at: '2026-11-20T10:00:00.000Z' });
    await screen.findByText('gra-home');
  });

  it('shows the server’s refusal when the goods were already issued onward', async () => {
    setOnline(true);
    const refusal = '8 of MS sheet 2mm cannot be taken back out of stock: only 2 is left in stores unissued and unreserved. The goods were issued onward; return them to stores first.';
    fakeServer().on('DELETE', API.gras.detail(7), { status: 409, data: { detail: refusal } });
    await cancelGra7('Wrong vendor challan');
    await screen.findByText(refusal);
    expect(await mirror.rows('gras').get(7)).toMatchObject({ cancelled_at: null });
  });
});

const SHEET_LINE = { id: 71, gra: 7, lpo_item: 411, material: SHEET, quantity_received: '8.000', quantity_accepted: '8.000', rate: '123.45', remarks: '', ...tracked() };
const PIPE_LINE = { id: 72, gra: 7, lpo_item: 412, material: PIPE, quantity_received: '30.000', quantity_accepted: '30.000', rate: '80.00', remarks: '', ...tracked() };
const graLines = () => [...screen.getByRole('table', { name: 'Lines of the GRA' }).querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));

/** Opens GRA 7 online and the correction of its MS sheet line with `received` and `accepted` typed. */
async function correctSheet(received: string, accepted: string) {
  setOnline(true);
  show('gra-detail', GraDetailScreen, '/gra/detail/7');
  fireEvent.click(await screen.findByRole('button', { name: 'Correct MS sheet 2mm' }));
  const form = screen.getByRole('form', { name: 'Correct MS sheet 2mm' });
  fireEvent.change(within(form).getByLabelText('Received (Sheets)'), { target: { value: received } });
  fireEvent.change(within(form).getByLabelText('Accepted (Sheets)'), { target: { value: accepted } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save correction' }));
  return form;
}

describe('correcting and taking off a live GRA’s lines', () => {
  beforeEach(async () => {
    await mirror.rows('gras').put(gra(7));
    await mirror.rows('graItems').bulkPut([SHEET_LINE, PIPE_LINE]);
  });

  it('corrects a line’s received and accepted quantities at its version, and the detail shows what the server now holds', async () => {
    const server = fakeServer().on('PATCH', API.graItems.detail(71), { status: 200, data: { ...SHEET_LINE, quantity_received: '7.000', quantity_accepted: '6.500', version: 4 } });
    await correctSheet('7', '6.5');
    await screen.findByText(GRA_LINE_NOTICES.corrected('MS sheet 2mm'));
    const [call, ...more] = server.calls('PATCH', API.graItems.detail(71));
    expect(more).toEqual([]);
    expect(call!.body).toEqual({ quantity_received: '7', quantity_accepted: '6.5' });
    expect(call!.config.headers.get('If-Match')).toBe('3');
    await waitFor(() =>
      expect(graLines()).toEqual([
        ['MS sheet 2mm', '7.000 Sheets', '6.500 Sheets'],
        ['MS pipe 25mm', '30.000 Meters', '30.000 Meters'],
      ]),
    );
    expect(screen.queryByRole('form', { name: 'Correct MS sheet 2mm' })).toBeNull();
  });

  it('refuses more accepted than received before asking the server', async () => {
    const server = fakeServer();
    const form = await correctSheet('7', '7.5');
    expect(await within(form).findByText(GRA_MESSAGES.acceptedOverReceived)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('shows the server’s over-receipt refusal under Accepted, and the line stays as it was', async () => {
    const refusal = 'Only 12.000 of MS sheet 2mm can still be received against this LPO, with the over-receipt tolerance of 5%: 20.000 ordered, 8.000 received.';
    fakeServer().on('PATCH', API.graItems.detail(71), { status: 400, data: { quantity_accepted: [refusal] } });
    const form = await correctSheet('25', '25');
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(within(form).getByLabelText('Accepted (Sheets)').closest('[data-invalid]')).toBeTruthy();
    expect(await mirror.rows('graItems').get(71)).toMatchObject({ quantity_accepted: '8.000', version: 3 });
  });

  it('shows the server’s refusal to take back goods already issued onward as the notice’s caption', async () => {
    const refusal = '2.000 of MS sheet 2mm cannot be taken back out of stock: only 1.000 is left in stores unissued and unreserved. The goods were issued onward; return them to stores first.';
    fakeServer().on('PATCH', API.graItems.detail(71), { status: 409, data: { detail: refusal } });
    await correctSheet('6', '6');
    await screen.findByText(GRA_LINE_NOTICES.failed);
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(await mirror.rows('graItems').get(71)).toMatchObject({ quantity_accepted: '8.000' });
  });

  it('takes a line off after asking, at its version; the line leaves the detail', async () => {
    setOnline(true);
    const server = fakeServer().on('DELETE', API.graItems.detail(72), { status: 200, data: { ...PIPE_LINE, deleted_at: '2026-11-20T10:00:00.000Z', version: 4 } });
    show('gra-detail', GraDetailScreen, '/gra/detail/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Take MS pipe 25mm off' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('What it accepted (30.000 Meters) leaves stock, and its LPO expects it again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take off' }));
    await screen.findByText(GRA_LINE_NOTICES.removed('MS pipe 25mm'));
    const [call] = server.calls('DELETE', API.graItems.detail(72));
    expect(call!.config.headers.get('If-Match')).toBe('3');
    await waitFor(() => expect(graLines()).toEqual([['MS sheet 2mm', '8.000 Sheets', '8.000 Sheets']]));
  });

  it('keeps the line when the user keeps it, and shows the server’s refusal of a GRA’s last line', async () => {
    setOnline(true);
    const server = fakeServer().on('DELETE', API.graItems.detail(71), { status: 400, data: { non_field_errors: [GRA_MESSAGES.lastLine] } });
    show('gra-detail', GraDetailScreen, '/gra/detail/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Take MS sheet 2mm off' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Take MS sheet 2mm off' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Take off' }));
    await screen.findByText(GRA_MESSAGES.lastLine);
    expect(screen.getByText(GRA_LINE_NOTICES.failed)).toBeTruthy();
    expect(graLines()).toHaveLength(2);
  });

  it('offline, says a correction needs the connection', async () => {
    show('gra-detail', GraDetailScreen, '/gra/detail/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Take MS pipe 25mm off' }));
    expect(await screen.findByText('This needs a connection to the server. Try again when you are online.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('a cancelled GRA’s detail', () => {
  it('is read-only and says when and why it was cancelled, with the lines its cancellation removed but not one taken off before', async () => {
    await mirror.rows('gras').put(gra(7, { cancelled_at: '2026-11-20T10:00:00.000Z', cancellation_remarks: 'Booked twice' }));
    await mirror.rows('graItems').bulkPut([
      { ...SHEET_LINE, deleted_at: '2026-11-20T10:00:00.000Z' },
      { ...PIPE_LINE, deleted_at: '2026-11-19T08:00:00.000Z' },
    ]);
    show('gra-detail', GraDetailScreen, '/gra/detail/7');
    await screen.findByText('Booked twice');
    expect(screen.getByText('Cancellation reason')).toBeTruthy();
    expect(screen.getByText('20-11-2026')).toBeTruthy();
    expect(graLines()).toEqual([['MS sheet 2mm', '8.000 Sheets', '8.000 Sheets']]);
    expect(screen.queryByRole('button', { name: 'Cancel GRA' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Correct / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Take .* off$/ })).toBeNull();
  });

  it('is read from the server when the device does not hold it', async () => {
    setOnline(true);
    const view = {
      ...gra(9, { cancelled_at: '2026-11-19T10:00:00.000Z', cancellation_remarks: 'Wrong vendor challan' }),
      lpo_date: '2026-11-10',
      gra_items: [{ ...SHEET_LINE, gra: 9, material_name: 'MS sheet 2mm', material_unit: 'SHEET', amount: '987.60', deleted_at: '2026-11-19T10:00:00.000Z' }],
    };
    fakeServer().on('GET', API.gras.detail(9), { status: 200, data: view });
    show('gra-detail', GraDetailScreen, '/gra/detail/9');
    await screen.findByText('Wrong vendor challan');
    expect(screen.getByRole('heading', { name: 'GRA 9' })).toBeTruthy();
    expect(graLines()).toEqual([['MS sheet 2mm', '8.000 Sheets', '8.000 Sheets']]);
    expect(screen.queryByRole('button', { name: /^Correct / })).toBeNull();
  });
});

describe('the cancelled GRAs', () => {
  it('reads cancelled_gras/ from the server, 15 a page, with why each was cancelled', async () => {
    setOnline(true);
    const server = fakeServer().on('GET', API.gras.cancelled, {
      status: 200,
      data: { count: 1, results: [{ ...gra(9, { cancelled_at: '2026-11-19T10:00:00.000Z', cancellation_remarks: 'Booked twice' }), lpo_date: '2026-11-10', gra_items: [] }] },
    });
    show('gras-cancelled', GrasCancelledScreen, '/gra/cancelled');
    await screen.findByText('Booked twice');
    expect(screen.getByRole('link', { name: 'GRA 9' }).getAttribute('href')).toBe('/gra/detail/9');
    expect(server.calls('GET', API.gras.cancelled)[0]!.config.params).toEqual({ page: 1, page_size: 15 });
  });

  it("says Cancelled GRA's not found when there are none", async () => {
    setOnline(true);
    fakeServer().on('GET', API.gras.cancelled, { status: 200, data: { count: 0, results: [] } });
    show('gras-cancelled', GrasCancelledScreen, '/gra/cancelled');
    expect(await screen.findByText("Cancelled GRA's not found")).toBeTruthy();
  });
});
