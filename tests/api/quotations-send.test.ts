import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, mail } from '../../server/db/schema';
import type { Config } from '../../server/config';
import { userId } from '../support/factories';
import { makeCustomer, makeQuotation } from '../support/factories-sales';
import { pdfPages } from '../support/pdf-text';
import { decoded, entity, parts, text, useSmtpServer, type Part, type Received } from '../support/smtp';
import { useTestServer } from '../support/server';

/** Sending a quotation (POST {id}/send/) with its PDF through a real SMTP server, and its status steps (PATCH {id}/status/). */

const WAIT = { timeout: 20_000, interval: 100 };

describe('sending a quotation', () => {
  const overrides: Partial<Config> = { JOBS: true, JOBS_POLL_SECONDS: 0.5 };
  const received = useSmtpServer(overrides);
  const { as, db } = useTestServer({}, overrides);

  /** 10 × 250.00 − 100.00 at 18%: 2,400.00 + 432.00 = 2,832.00. */
  const draft = async (username = 'sales.exec') =>
    makeQuotation(db(), { customer: (await makeCustomer(db())).id, sales_exec: await userId(db(), username), subject: 'Eyewear stands', tax_rate: '18', items: [{ code: 'EW-10', description: 'Acrylic eyewear stand', quantity: '10', unit_price: '250.00', discount: '100.00' }] });

  it('mails the PDF to the addresses with the note, marks the quotation sent, and records it', async () => {
    received.length = 0;
    const quotation = await draft();
    const res = await (await as('sales.exec')).post(API.quotations.send(quotation.id), { email_addresses: ['buyer@example.com', 'ravi@example.com'], notes: 'Dear Ravi, as discussed.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', sent_at: expect.any(String), revision: 1 });

    await expect.poll(() => received.length, WAIT).toBe(1);
    const [delivered] = received as [Received];
    expect(delivered.rcptTo).toEqual(['buyer@example.com', 'ravi@example.com']);
    const message = entity(delivered.raw);
    expect(message.headers).toMatchObject({ to: 'buyer@example.com, ravi@example.com', subject: `Quotation ${quotation.number}` });
    const [body, attachment] = parts(message) as [Part, Part];
    expect(text(body).replace(/\r\n/g, '\n').trimEnd()).toBe(`Dear Ravi, as discussed.\n\nPlease find attached our quotation No. ${quotation.number} for Eyewear stands, total ₹2,832.00.`);
    expect(attachment.headers['content-type']).toMatch(new RegExp(`^application/pdf; name="?Quotation-${quotation.number}\\.pdf"?$`));
    const [page] = await pdfPages(decoded(attachment));
    expect(page).toContain('EW-10\nAcrylic eyewear stand\n10.000\n250.00\n100.00\n2,400.00');
    expect(page).toContain('Subtotal\n₹2,500.00\nDiscount\n₹100.00\nTax (18.00%)\n₹432.00\nTotal\n₹2,832.00');

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'quotation.send'));
    expect(audit).toMatchObject({ username: 'sales.exec', target: `quotations:${quotation.id}`, metadata: { from: 'draft', to: ['buyer@example.com', 'ravi@example.com'], revision: 1 } });

    // Sent again: the first sending stays its sent_at.
    const again = await (await as('sales.exec')).post(API.quotations.send(quotation.id), { email_addresses: ['buyer@example.com'] });
    expect(again.statusCode).toBe(200);
    expect(again.json().sent_at).toBe(res.json().sent_at);
    await expect.poll(() => received.length, WAIT).toBe(2);
  });

  it('names the field of a bad request, and queues no mail for a refused one', async () => {
    const quotation = await draft();
    const exec = await as('sales.exec');
    const cases: [unknown, string, string?][] = [
      [{}, 'email_addresses', 'This field is required.'],
      [{ email_addresses: [] }, 'email_addresses', 'Add at least one e-mail address.'],
      [{ email_addresses: ['buyer@'] }, 'email_addresses.0', 'Enter a valid email address.'],
      [{ email_addresses: 'buyer@example.com' }, 'email_addresses'],
      [{ email_addresses: ['buyer@example.com'], notes: 'x'.repeat(5001) }, 'notes'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await exec.post(API.quotations.send(quotation.id), payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json()), field).toEqual([field]);
      if (message) expect(res.json()[field], field).toEqual([message]);
    }
    expect((await exec.post(API.quotations.send(99999), { email_addresses: ['buyer@example.com'] })).statusCode).toBe(404);
    const theirs = await draft('sales.senior');
    expect((await exec.post(API.quotations.send(theirs.id), { email_addresses: ['buyer@example.com'] })).statusCode).toBe(403);
    for (const username of ['design', 'accounts', 'stores']) {
      expect((await (await as(username)).post(API.quotations.send(quotation.id), { email_addresses: ['buyer@example.com'] })).statusCode, username).toBe(403);
    }
    const accepted = await makeQuotation(db(), { sales_exec: await userId(db(), 'sales.exec'), status: 'accepted', sent_at: '2026-11-21T10:00:00Z' });
    const refused = await exec.post(API.quotations.send(accepted.id), { email_addresses: ['buyer@example.com'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['A quotation that is Accepted cannot become Sent: it is final.'] });
    expect(await db().select().from(mail)).toEqual([]);
  });
});

describe("a quotation's status steps", () => {
  const { as, db } = useTestServer();

  it('are accepted or rejected once sent, along the table of steps, audited', async () => {
    const exec = await as('sales.exec');
    const quotation = await makeQuotation(db(), { sales_exec: await userId(db(), 'sales.exec') });
    const early = await exec.patch(API.quotations.status(quotation.id), { status: 'accepted' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ status: ['A quotation that is Draft cannot become Accepted: it can become Sent.'] });
    await exec.post(API.quotations.send(quotation.id), { email_addresses: ['buyer@example.com'] });
    const accepted = await exec.patch(API.quotations.status(quotation.id), { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect((await exec.patch(API.quotations.status(quotation.id), { status: 'rejected' })).json()).toEqual({ status: ['A quotation that is Accepted cannot become Rejected: it is final.'] });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'quotation.status'))).toEqual([expect.objectContaining({ username: 'sales.exec', metadata: { number: quotation.number, from: 'sent', to: 'accepted' } })]);
  });

  it('names the field of a bad status and refuses other executives and readers', async () => {
    const senior = await userId(db(), 'sales.senior');
    const theirs = await makeQuotation(db(), { sales_exec: senior, status: 'sent', sent_at: '2026-11-21T10:00:00Z' });
    const exec = await as('sales.exec');
    expect((await exec.patch(API.quotations.status(theirs.id), { status: 'rejected' })).statusCode).toBe(403);
    const manager = await as('sales.manager');
    expect((await manager.patch(API.quotations.status(theirs.id), { status: 'won' })).json()).toEqual({ status: ['Choose accepted or rejected; a quotation is sent with send/.'] });
    expect((await manager.patch(API.quotations.status(theirs.id), { status: 'sent' })).statusCode).toBe(400);
    expect(Object.keys((await manager.patch(API.quotations.status(theirs.id), {})).json())).toEqual(['status']);
    expect((await manager.patch(API.quotations.status(theirs.id), { status: 'rejected' }, { 'if-match': '"99"' })).statusCode).toBe(409);
    expect((await manager.patch(API.quotations.status(99999), { status: 'rejected' })).statusCode).toBe(404);
    for (const username of ['design', 'accounts', 'stores']) expect((await (await as(username)).patch(API.quotations.status(theirs.id), { status: 'rejected' })).statusCode, username).toBe(403);
    expect((await manager.patch(API.quotations.status(theirs.id), { status: 'rejected' })).json()).toMatchObject({ status: 'rejected' });
  });
});
