import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { invoices, mail } from '../../server/db/schema';
import type { Config } from '../../server/config';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { pdfPages } from '../support/pdf-text';
import { decoded, entity, parts, text, useSmtpServer, type Part, type Received } from '../support/smtp';
import { useTestServer } from '../support/server';
import { MIXED_GST_LINES } from '../support/invoice-lines';

/** Sending an invoice (POST invoices/{id}/send/, send_reminder/): its PDF mailed through a real SMTP server; and GET generate_pdf/. */

const WAIT = { timeout: 20_000, interval: 100 };

describe('sending invoices to customers', () => {
  const overrides: Partial<Config> = { JOBS: true, JOBS_POLL_SECONDS: 0.5 };
  const received = useSmtpServer(overrides);
  const { as, db } = useTestServer({}, overrides);

  /** The mixed GST lines, approved: INV-26-27/00001 for 4,228.00. */
  async function issued(values: { email?: string; invoice_date?: string; due_date?: string } = {}) {
    await makeCompany(db());
    await makeGstRates(db());
    const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7', email: values.email ?? 'accounts@orbitretail.in' });
    const made = await (await as('accounts')).post(API.invoices.list, {
      customer: customer.id,
      invoice_date: values.invoice_date ?? '2026-11-20',
      due_date: values.due_date ?? '2026-12-20',
      items: MIXED_GST_LINES,
    });
    expect(made.statusCode, made.body).toBe(201);
    const approved = await (await as('management')).post(API.invoices.approve(made.json().id), {});
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json();
  }

  it('mails the PDF to the customer, marks the invoice sent and records the send in its history', async () => {
    received.length = 0;
    const invoice = await issued();
    const res = await (await as('accounts')).post(API.invoices.send(invoice.id), { notes: 'Thank you for your order.', expected_version: invoice.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', sent_at: expect.any(String) });

    await expect.poll(() => received.length, WAIT).toBe(1);
    const [delivered] = received as [Received];
    expect(delivered.rcptTo).toEqual(['accounts@orbitretail.in']);
    const message = entity(delivered.raw);
    expect(message.headers).toMatchObject({ subject: 'Tax invoice INV-26-27/00001 from Shree Ganesh Fabricators Pvt. Ltd.' });
    const [body, attachment] = parts(message) as [Part, Part];
    expect(text(body).replace(/\r\n/g, '\n').trimEnd()).toBe('Thank you for your order.\n\nPlease find attached our tax invoice INV-26-27/00001 of 20-11-2026 for ₹4,228.00, due on 20-12-2026.');
    expect(attachment.headers['content-type']).toMatch(/^application\/pdf; name="?INV-26-27-00001\.pdf"?$/);
    const [page] = await pdfPages(decoded(attachment));
    expect(page).toContain('Tax Invoice');
    expect(page).toContain('GSTIN: 27AAGFO4321K1Z7');
    expect(page).toContain('3926');
    expect(page).toContain('CGST\n₹317.33\nSGST\n₹317.33\nRound off\n₹0.03\nGrand total\n₹4,228.00');
    expect(page).toContain('Rupees Four Thousand Two Hundred Twenty Eight Only');

    const history = (await (await as('accounts')).get(`${API.invoices.statusHistory}?invoice=${invoice.id}`)).json();
    expect(history.at(-1)).toMatchObject({ from_status: 'approved', to_status: 'sent', reason: 'Sent to accounts@orbitretail.in', notes: 'Thank you for your order.' });
  });

  it('refuses a customer without an e-mail address and a draft, and queues nothing', async () => {
    const invoice = await issued({ email: '' });
    const client = await as('accounts');
    expect((await client.post(API.invoices.send(invoice.id), {})).json()).toEqual({ email_addresses: ['The customer has no e-mail address: give the address to send the invoice to.'] });
    expect(await db().select().from(mail)).toEqual([]);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'approved', sent_at: null });
    received.length = 0;
    const sent = await client.post(API.invoices.sendEmail(invoice.id), { email_addresses: ['owner@orbitretail.in'] });
    expect(sent.json()).toMatchObject({ status: 'sent' });
    await expect.poll(() => received.length, WAIT).toBe(1);
    expect((received[0] as Received).rcptTo).toEqual(['owner@orbitretail.in']);
  });

  it('reminds the customer of an overdue invoice only', async () => {
    received.length = 0;
    const overdue = await issued({ invoice_date: '2026-04-01', due_date: '2026-05-01' });
    const client = await as('accounts');
    const res = await client.post(API.invoices.sendReminder(overdue.id), {});
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => received.length, WAIT).toBe(1);
    const message = entity((received[0] as Received).raw);
    expect(message.headers.subject).toBe('Payment reminder: invoice INV-26-27/00001 from Shree Ganesh Fabricators Pvt. Ltd.');
    expect(text(parts(message)[0] as Part)).toMatch(/fell due on 01-05-2026, \d+ days ago; ₹4,228\.00 of ₹4,228\.00 is still to be paid/);
    const history = (await client.get(`${API.invoices.statusHistory}?invoice=${overdue.id}`)).json();
    expect(history.at(-1)).toMatchObject({ from_status: 'approved', to_status: 'approved', reason: 'Payment reminder sent to accounts@orbitretail.in' });
  });

  it('serves the PDF with a template\'s title and the payments received', async () => {
    const invoice = await issued({ due_date: '2099-12-31' });
    const client = await as('accounts');
    expect((await client.post(API.invoices.sendReminder(invoice.id), {})).json()).toEqual({ non_field_errors: ['Only an overdue invoice gets a payment reminder.'] });
    await client.post(API.receipts.list, { customer: invoice.customer, receipt_date: '2026-11-25', amount: '1000', mode: 'cash', allocations: [{ invoice: invoice.id, amount: '1000' }] });
    const res = await client.get(`${API.invoices.pdf(invoice.id)}?include_payments=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="INV-26-27-00001.pdf"');
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain('Grand total\n₹4,228.00\nReceived\n₹1,000.00\nBalance due\n₹3,228.00');
    expect((await client.get(`${API.invoices.pdf(invoice.id)}?template=999`)).json()).toEqual({ template: ['Invalid pk "999" - object does not exist.'] });
    expect((await (await as('stores')).get(API.invoices.pdf(invoice.id))).statusCode).toBe(403);
  });
});
