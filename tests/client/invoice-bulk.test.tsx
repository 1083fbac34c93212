import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { invoiceRow } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { customer } from './mirror-fakes';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import InvoicesScreen from '../../src/features/invoices/InvoicesScreen';

/** The invoices list's bulk selection: choosing rows, the actions on many, the export and the PDFs. */

const LAKSHMI = 11;
const ROHAN = 12;
const lakshmi = () => makeUser({ id: LAKSHMI, username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
const rohan = () => makeUser({ id: ROHAN, username: 'management', first_name: 'Rohan', last_name: 'Mehta', department: 'management', designation: 'manager' });
const ravi = () => makeUser({ id: 13, username: 'sales.exec', first_name: 'Ravi', last_name: 'Kumar', department: 'sales', designation: 'executive' });
let user: User = rohan();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const show = (path = '/invoices') => renderRoute('invoices-home', InvoicesScreen, path, ['invoices-home', 'invoice-detail']);
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
/** Clicks a box and waits until it shows the change. */
async function tick(name: string) {
  const target = box(name);
  const was = target.checked;
  fireEvent.click(target);
  await waitFor(() => expect(target.checked).toBe(!was));
}
const bar = () => within(screen.getByRole('group', { name: 'Bulk actions' }));
const notices = () => shownNotifications().map((n) => [n.type, n.message, n.caption]);

beforeEach(async () => {
  user = rohan();
  storeSession({ userId: ROHAN });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([customer(31, { name: 'Orbit Retail LLP', state: 'Maharashtra' })]);
  await mirror.rows('invoices').bulkPut([
    invoiceRow(70, { customer: 31, created_by: LAKSHMI }),
    invoiceRow(71, { customer: 31, created_by: ROHAN }),
    invoiceRow(72, { customer: 31, created_by: LAKSHMI, status: 'sent', invoice_number: 'INV-26-27/00001' }),
  ]);
});

afterEach(() => {
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('bulk actions on the invoices list', () => {
  it("approves the invoices ticked, and shows '{n} successful, {m} failed' with each refusal", async () => {
    const server = fakeServer();
    server.on('POST', API.invoices.bulkApprove, {
      status: 200,
      data: {
        operation: 'approve',
        successful: [{ id: 70, invoice_number: 'INV-26-27/00002', status: 'approved' }],
        failed: [{ id: 71, status_code: 403, reason: 'You cannot approve your own invoice: another user must approve it.', errors: { detail: 'You cannot approve your own invoice: another user must approve it.' } }],
        message: '1 successful, 1 failed',
      },
    });
    show();
    await screen.findByRole('link', { name: 'INV-26-27/00001' });
    await tick('Select Draft invoice 70');
    await tick('Select Draft invoice 71');
    expect(await bar().findByText('2 selected')).toBeTruthy();
    fireEvent.click(bar().getByRole('button', { name: 'Approve' }));
    const dialog = await dialogElement();
    expect(within(dialog).getByText('Approve 2 invoices?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('heading', { name: '1 successful, 1 failed' })).toBeTruthy();
    expect(server.calls('POST', API.invoices.bulkApprove).map((c) => c.body)).toEqual([{ invoice_ids: [70, 71] }]);
    expect(within(screen.getByRole('list', { name: 'Failed invoices' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Draft invoice 71: You cannot approve your own invoice: another user must approve it.',
    ]);
    expect(notices()).toEqual([['warning', '1 successful, 1 failed', undefined]]);
    // The approved one leaves the choice; the refused one stays chosen to act on again.
    expect([box('Select Draft invoice 70').checked, box('Select Draft invoice 71').checked]).toEqual([false, true]);
    expect(await bar().findByText('1 selected')).toBeTruthy();
  });

  it('warns when nothing is selected, and calls nothing', async () => {
    const server = fakeServer();
    show();
    await screen.findByRole('link', { name: 'INV-26-27/00001' });
    for (const action of ['Approve', 'Send', 'Cancel', 'PDFs']) {
      fireEvent.click(bar().getByRole('button', { name: action }));
      await waitFor(() => expect(notices().at(-1)).toEqual(['warning', 'No invoices selected for bulk operation', undefined]));
    }
    expect(shownNotifications()).toHaveLength(4);
    expect(document.querySelector(DIALOG)).toBeNull();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('selects all on the page shown, and cancels them with the reason asked for', async () => {
    await mirror.rows('invoices').bulkPut(Array.from({ length: 15 }, (_, i) => invoiceRow(100 + i, { customer: 31, created_by: LAKSHMI, status: 'approved', invoice_number: `INV-26-27/${String(10 + i).padStart(5, '0')}` })));
    const server = fakeServer();
    server.on('POST', API.invoices.bulkCancel, ({ body }) => ({
      status: 200,
      data: { operation: 'cancel', successful: (body as { invoice_ids: number[] }).invoice_ids.map((id) => ({ id, invoice_number: null, status: 'cancelled' })), failed: [], message: '15 successful, 0 failed' },
    }));
    show();
    await screen.findByRole('link', { name: 'INV-26-27/00024' });
    await tick('Select all on this page');
    expect(await bar().findByText('15 selected')).toBeTruthy();
    // Page 1 of 18 invoices, newest first: 114 down to 100; the drafts 70, 71 and 72 are on page 2.
    fireEvent.click(bar().getByRole('button', { name: 'Cancel' }));
    const dialog = await dialogElement();
    expect(within(dialog).getByText('Cancel 15 invoices?')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: 'Cancel invoices' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: '  Raised twice  ' } });
    fireEvent.click(ok);

    expect(await screen.findByRole('heading', { name: '15 successful, 0 failed' })).toBeTruthy();
    expect(server.calls('POST', API.invoices.bulkCancel)[0]!.body).toEqual({ invoice_ids: Array.from({ length: 15 }, (_, i) => 114 - i), reason: 'Raised twice' });
    expect(screen.queryByRole('list', { name: 'Failed invoices' })).toBeNull();
    expect(notices()).toEqual([['positive', '15 successful, 0 failed', undefined]]);
    expect(await bar().findByText('0 selected')).toBeTruthy();
  });

  it('shows the spec\'s failure with the server\'s message when the call as a whole fails', async () => {
    const server = fakeServer();
    server.on('POST', API.invoices.bulkSend, { status: 400, data: { invoice_ids: ['Ensure this field has no more than 100 elements.'] } });
    show();
    await screen.findByRole('link', { name: 'INV-26-27/00001' });
    await tick('Select Invoice INV-26-27/00001');
    fireEvent.click(bar().getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notices()).toEqual([['negative', 'Failed to send invoice', 'Ensure this field has no more than 100 elements.']]));
    expect(server.calls('POST', API.invoices.bulkSend)[0]!.body).toEqual({ invoice_ids: [72] });
  });

  it("exports the list under the screen's filters, and downloads the chosen invoices' PDFs in one file", async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.export, { status: 200, data: new Blob(['Invoice No.\r\nDraft\r\n'], { type: 'text/csv' }) });
    server.on('POST', API.invoices.bulkPdf, { status: 200, data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoices');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show('/invoices?status=draft&customer=31');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Draft' })).toHaveLength(2));
    fireEvent.click(bar().getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(names).toEqual(['invoices.xlsx']));
    const [call] = server.calls('GET', API.invoices.export);
    expect([call!.config.params, call!.config.responseType]).toEqual([{ status: 'draft', customer: '31', format: 'xlsx' }, 'blob']);

    await tick('Select Draft invoice 71');
    await tick('Select Draft invoice 70');
    fireEvent.click(bar().getByRole('button', { name: 'PDFs' }));
    await waitFor(() => expect(names).toEqual(['invoices.xlsx', 'invoices.pdf']));
    const [pdf] = server.calls('POST', API.invoices.bulkPdf);
    expect([pdf!.body, pdf!.config.responseType]).toEqual([{ invoice_ids: [71, 70] }, 'blob']);
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it('offline, says the actions need the server and keeps the invoices choosable', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const server = fakeServer();
    show();
    await screen.findByRole('link', { name: 'INV-26-27/00001' });
    expect(screen.getByText(/Approving, sending and cancelling invoices, their PDFs and the export need the server/)).toBeTruthy();
    await tick('Select Draft invoice 70');
    expect(await bar().findByText('1 selected')).toBeTruthy();
    for (const action of ['Approve', 'Send', 'Cancel', 'PDFs', 'Export CSV', 'Export Excel']) expect((bar().getByRole('button', { name: action }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it('offers each user the actions their role allows', async () => {
    fakeServer();
    const shownActions = async () => {
      show();
      await screen.findByRole('link', { name: 'INV-26-27/00001' });
      const names = bar()
        .getAllByRole('button')
        .map((b) => b.textContent);
      cleanup();
      return names;
    };
    expect(await shownActions()).toEqual(['Clear selection', 'Approve', 'Send', 'Cancel', 'PDFs', 'Export CSV', 'Export Excel']);
    user = lakshmi();
    expect(await shownActions()).toEqual(['Clear selection', 'Send', 'Cancel', 'PDFs', 'Export CSV', 'Export Excel']);
    user = ravi();
    expect(await shownActions()).toEqual(['Clear selection', 'PDFs', 'Export CSV', 'Export Excel']);
  });
});
