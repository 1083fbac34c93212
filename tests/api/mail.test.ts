import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { queryRows } from '../../server/db/client';
import { mail } from '../../server/db/schema';
import { queueMail } from '../../server/modules/mail/service';
import { renderPdf } from '../../server/modules/documents/render';
import { pdfPages } from '../support/pdf-text';
import type { Config } from '../../server/config';
import { decoded, entity, parts, useSmtpServer, type Part, type Received } from '../support/smtp';
import { useTestServer } from '../support/server';

const WAIT = { timeout: 20_000, interval: 100 };

/** A small invoice PDF, rendered as the app renders its documents (pdfmake is one configured instance per process). */
const invoicePdf = () => renderPdf({ content: ['Invoice INV-2026-0001', 'Total Rs. 1,18,000.00'] });

const pdfText = async (bytes: Buffer) => (await pdfPages(bytes)).join('\n');

describe('with SMTP_URL, mail is sent over SMTP', () => {
  const overrides: Partial<Config> = { JOBS: true, JOBS_POLL_SECONDS: 0.5 };
  const received = useSmtpServer(overrides);
  const server = useTestServer({}, overrides);

  it('delivers the message with its PDF attachment and records it as sent', async () => {
    const pdf = await invoicePdf();
    const id = await queueMail(server.db(), {
      to: ['buyer@example.com'],
      subject: 'Invoice INV-2026-0001',
      text: 'Please find invoice INV-2026-0001 attached.',
      attachments: [{ filename: 'INV-2026-0001.pdf', content_type: 'application/pdf', content: pdf }],
    });

    await expect.poll(() => received.length, WAIT).toBe(1);
    const [delivered] = received as [Received];
    expect(delivered.rcptTo).toEqual(['buyer@example.com']);
    const message = entity(delivered.raw);
    expect(message.headers).toMatchObject({ to: 'buyer@example.com', subject: 'Invoice INV-2026-0001', from: 'FabOps <fabops@localhost>' });
    const [text, attachment] = parts(message) as [Part, Part];
    expect(decoded(text).toString()).toBe('Please find invoice INV-2026-0001 attached.');
    expect(attachment.headers['content-type']).toMatch(/^application\/pdf; name="?INV-2026-0001\.pdf"?$/);
    expect(attachment.headers['content-disposition']).toMatch(/^attachment; filename="?INV-2026-0001\.pdf"?$/);
    const attached = decoded(attachment);
    expect(attached.equals(pdf)).toBe(true);
    expect(await pdfText(attached)).toBe('Invoice INV-2026-0001\nTotal Rs. 1,18,000.00');

    const admin = await server.as('admin');
    await expect.poll(async () => (await admin.get(API.mail.detail(id))).json().state, WAIT).toBe('sent');
    expect((await admin.get(API.mail.detail(id))).json()).toMatchObject({ id, to: ['buyer@example.com'], state: 'sent', attempts: 1, error: null, sent_at: expect.any(String) });
  });

  it('queues nothing when the write that queued the mail rolls back', async () => {
    const jobsBefore = await queryRows<{ n: number }>(server.db(), sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send'`);
    await expect(
      server.db().transaction(async (tx) => {
        await queueMail(tx, { to: ['buyer@example.com'], subject: 'Never sent', text: 'The invoice was not saved.' });
        throw new Error('the invoice failed to save');
      }),
    ).rejects.toThrow('the invoice failed to save');
    expect(await server.db().select().from(mail)).toEqual([]);
    expect(await queryRows(server.db(), sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send'`)).toEqual(jobsBefore);
  });
});

describe('without SMTP_URL, mail is kept for superusers and nothing is sent', () => {
  const server = useTestServer({}, { JOBS: true, JOBS_POLL_SECONDS: 0.5 });

  it('keeps the message, lists it and shows it with its attachments', async () => {
    const id = await queueMail(server.db(), {
      to: ['stores@example.com', 'purchase@example.com'],
      subject: 'LPO 42 approved',
      text: 'LPO 42 for 20 acrylic sheets was approved.',
      html: '<p>LPO 42 for 20 acrylic sheets was approved.</p>',
      attachments: [{ filename: 'LPO-42.pdf', content_type: 'application/pdf', content: Buffer.from('%PDF-1.4 LPO 42') }],
    });
    const admin = await server.as('admin');
    await expect.poll(async () => (await admin.get(API.mail.detail(id))).json().state, WAIT).toBe('kept');

    const listed = await admin.get(`${API.mail.list}?state=kept`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id, to: ['stores@example.com', 'purchase@example.com'], subject: 'LPO 42 approved', state: 'kept', error: null, attempts: 0, created_at: expect.any(String), sent_at: null }],
    });
    expect((await admin.get(API.mail.detail(id))).json()).toEqual({
      id,
      to: ['stores@example.com', 'purchase@example.com'],
      subject: 'LPO 42 approved',
      text: 'LPO 42 for 20 acrylic sheets was approved.',
      html: '<p>LPO 42 for 20 acrylic sheets was approved.</p>',
      state: 'kept',
      error: null,
      attempts: 0,
      job_id: expect.any(String),
      created_at: expect.any(String),
      sent_at: null,
      attachments: [{ id: expect.any(Number), filename: 'LPO-42.pdf', content_type: 'application/pdf', size: 15 }],
    });
  });

  it('answers 404 for an unknown mail and 400 for a bad filter', async () => {
    const admin = await server.as('admin');
    expect((await admin.get(API.mail.detail(999))).statusCode).toBe(404);
    const bad = await admin.get(`${API.mail.list}?state=lost`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['state']);
  });

  it('is for superusers only', async () => {
    const id = await queueMail(server.db(), { to: ['buyer@example.com'], subject: 'Quotation 9', text: 'Quotation 9 attached.' });
    for (const username of ['management', 'accounts', 'sales.manager']) {
      const client = await server.as(username);
      expect((await client.get(API.mail.list)).statusCode).toBe(403);
      expect((await client.get(API.mail.detail(id))).statusCode).toBe(403);
    }
  });
});
