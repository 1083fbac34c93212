import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { EINVOICE_REFUSALS } from '../../domain/einvoice';
import { InvoiceEinvoice } from '../../src/features/invoices/einvoice';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { AppProviders } from './providers';
import { invoiceRow } from './rows';
import { fakeServer } from './support';

/** "Download e-invoice JSON" of an issued B2B invoice (decision 331). */

const ISSUED = { invoice_number: 'INV-26-27/00001', financial_year: '2026-27', status: 'sent' };
const show = (values: Record<string, unknown> = ISSUED) =>
  render(
    <AppProviders>
      <InvoiceEinvoice invoice={{ ...invoiceRow(70, values), approved_by_name: '', amount_in_words: '', items: [] } as never} />
    </AppProviders>,
  );
const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const savedNames = () => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:einvoice');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
};

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  forgetNotificationsForTests();
});

describe('the e-invoice of an invoice', () => {
  it('downloads the JSON of an issued B2B invoice under its number', async () => {
    const server = fakeServer().on('GET', API.invoices.einvoice(70), { status: 200, data: new Blob(['{"Version":"1.1"}'], { type: 'application/json' }) });
    const names = savedNames();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Download e-invoice JSON' }));
    await waitFor(() => expect(names).toEqual(['INV-26-27-00001-einvoice.json']));
    expect(server.calls('GET', API.invoices.einvoice(70))[0]!.config.responseType).toBe('blob');
  });

  it("shows the server's 400 message when it refuses", async () => {
    const refusal = EINVOICE_REFUSALS.noPin("The customer's");
    fakeServer().on('GET', API.invoices.einvoice(70), { status: 400, data: new Blob([JSON.stringify({ non_field_errors: [refusal] })], { type: 'application/json' }) });
    const names = savedNames();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Download e-invoice JSON' }));
    await waitFor(() => expect(notices()).toEqual([['Failed to download the e-invoice', refusal]]));
    expect(names).toEqual([]);
  });

  it('is not offered on a draft, a cancelled invoice or a B2C one', () => {
    fakeServer();
    for (const values of [{ status: 'draft' }, { ...ISSUED, status: 'cancelled' }, { ...ISSUED, customer_gstin: '' }]) {
      show(values);
      expect(screen.queryByRole('button', { name: 'Download e-invoice JSON' })).toBeNull();
      cleanup();
    }
  });

  it('offline, says it needs a connection and asks nothing', () => {
    const server = fakeServer();
    show();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: 'Download e-invoice JSON' }));
    expect(notices()).toEqual([['This needs a connection to the server. Try again when you are online.']]);
    expect(server.requests).toEqual([]);
  });
});
