import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import type { User } from '../../domain/user';
import { InvoiceAttachments } from '../../src/features/invoices/InvoiceAttachments';
import { AppDialog } from '../../src/ui/dialog';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { AppProviders } from './providers';
import { tracked } from './rows';
import { fakeServer, makeUser } from './support';

/** The attachments of an invoice (decision 332): listed, downloaded, uploaded as multipart, deleted. */

const lakshmi = () => makeUser({ id: 11, username: 'accounts', first_name: 'Lakshmi', department: 'accounts', designation: 'executive' });
const asha = () => makeUser();
const show = (user: User) =>
  render(
    <AppProviders>
      <InvoiceAttachments invoice={{ id: 70 }} user={user} />
      <AppDialog />
    </AppProviders>,
  );
/** The customer's signed purchase order, 240 KB, kept as file 9. */
const attachment = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  invoice: 70,
  file: 9,
  file_path: API.files.content(9),
  original_name: 'orbit-po-4471.pdf',
  content_type: 'application/pdf',
  size: 245_760,
  description: 'Signed purchase order',
  ...tracked(),
  ...values,
});
const page = (...results: unknown[]) => ({ status: 200, data: { count: results.length, next: null, previous: null, results } });
const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
const upload = () => document.querySelector('form[aria-label="Attach a file"]') as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
});

describe('the attachments of an invoice', () => {
  it('lists them and downloads one under its name with the session', async () => {
    const server = fakeServer().on('GET', API.invoices.attachments.list, page(attachment(1)));
    server.on('GET', API.files.content(9), { status: 200, data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:po');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show(asha());
    await waitFor(() => expect(rows()).toEqual([['orbit-po-4471.pdf', 'Signed purchase order', '240.0 KB', '20-11-2026', 'Download']]));
    expect(server.calls('GET', API.invoices.attachments.list)[0]!.config.params).toEqual({ invoice: 70, page_size: 1000 });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(names).toEqual(['orbit-po-4471.pdf']));
    expect(server.calls('GET', API.files.content(9))[0]!.config.responseType).toBe('blob');
  });

  it('uploads a file with its description as multipart', async () => {
    const server = fakeServer().on('GET', API.invoices.attachments.list, page());
    server.on('POST', API.invoices.attachments.list, { status: 201, data: attachment(2, { original_name: 'delivery-proof.jpg', description: 'Proof of delivery' }) });
    show(lakshmi());
    await screen.findByText('No attachments.');
    const photo = new File(['jpeg bytes'], 'delivery-proof.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(upload()).getByLabelText(/^File/), { target: { files: [photo] } });
    fireEvent.change(within(upload()).getByRole('textbox', { name: 'Description' }), { target: { value: 'Proof of delivery' } });
    fireEvent.click(within(upload()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(notices()).toEqual([['delivery-proof.jpg attached to the invoice.']]));
    const body = server.calls('POST', API.invoices.attachments.list)[0]!.body as FormData;
    expect([body.get('invoice'), body.get('description'), (body.get('file') as File).name]).toEqual(['70', 'Proof of delivery', 'delivery-proof.jpg']);
    expect((within(upload()).getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('');
  });

  it("puts the server's messages under the file and the description", async () => {
    const server = fakeServer().on('GET', API.invoices.attachments.list, page());
    server.on('POST', API.invoices.attachments.list, { status: 400, data: { file: ['This file type is not accepted.'], description: ['Ensure this field has no more than 500 characters.'] } });
    show(lakshmi());
    await screen.findByText('No attachments.');
    fireEvent.change(within(upload()).getByLabelText(/^File/), { target: { files: [new File(['MZ'], 'setup.exe')] } });
    fireEvent.click(within(upload()).getByRole('button', { name: 'Upload' }));
    expect(await within(upload()).findByText('This file type is not accepted.')).toBeTruthy();
    expect(within(upload()).getByText('Ensure this field has no more than 500 characters.')).toBeTruthy();
    expect(notices()).toEqual([['Failed to upload the attachment', 'This file type is not accepted.']]);
  });

  it('deletes one for invoices.write; a reader sees no upload or delete', async () => {
    const server = fakeServer().on('GET', API.invoices.attachments.list, page(attachment(1)));
    server.on('DELETE', API.invoices.attachments.detail(1), { status: 200, data: attachment(1) });
    show(asha());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(upload()).toBeNull();
    cleanup();
    show(lakshmi());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    fireEvent.click(within(document.querySelector('[role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notices()).toEqual([['orbit-po-4471.pdf removed from the invoice.']]));
    expect(server.calls('DELETE', API.invoices.attachments.detail(1))).toHaveLength(1);
  });

  it('offline, says it needs a connection and sends nothing', async () => {
    const server = fakeServer().on('GET', API.invoices.attachments.list, page(attachment(1)));
    show(lakshmi());
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(within(upload()).getByLabelText(/^File/), { target: { files: [new File(['x'], 'note.pdf')] } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    for (const step of ['Download', 'Delete', 'Upload']) fireEvent.click(screen.getByRole('button', { name: step }));
    expect(notices()).toEqual(Array.from({ length: 3 }, () => ['This needs a connection to the server. Try again when you are online.']));
    expect(server.requests.filter((r) => r.method !== 'GET' || r.url === API.files.content(9))).toEqual([]);
  });
});
