import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { pdfPages } from '../tests/support/pdf-text';
import { decoded, entity, parts, startSmtpServer, text, type Received } from '../tests/support/smtp-server';

/**
 * The run's mailbox (docs/decisions.md 337): the test runner receives the server's mail on a real
 * SMTP server and lists it, raw, on a small HTTP endpoint of its own; specs read it from there.
 */

const MAILBOX_URL = 'E2E_MAILBOX_URL';

/** Starts the SMTP server on `smtpPort` and the mailbox's endpoint on a free port, told to the workers by the environment. */
export async function startMailbox(smtpPort: number): Promise<() => Promise<void>> {
  const received: Received[] = [];
  const smtp = await startSmtpServer(received, smtpPort);
  const endpoint = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(received));
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  process.env[MAILBOX_URL] = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
  return async () => {
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    await smtp.close();
  };
}

export interface Mail {
  to: string[];
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; bytes: Buffer }[];
}

function read({ rcptTo, raw }: Received): Mail {
  const message = entity(raw);
  const [body, ...attached] = parts(message);
  return {
    to: rcptTo,
    subject: message.headers.subject ?? '',
    body: body ? text(body) : '',
    attachments: attached.map((part) => ({
      filename: /name="?([^";]+)"?/.exec(part.headers['content-disposition'] ?? part.headers['content-type'] ?? '')?.[1] ?? '',
      contentType: (part.headers['content-type'] ?? '').split(';')[0]!,
      bytes: decoded(part),
    })),
  };
}

async function mails(): Promise<Mail[]> {
  const url = process.env[MAILBOX_URL];
  if (!url) throw new Error('The mailbox is not running: e2e/global-setup.ts starts it.');
  const response = await fetch(url);
  return ((await response.json()) as Received[]).map(read);
}

/** The one mail `address` received whose subject matches `subject`, waited for (the server's mail job sends it). */
export async function mailTo(address: string, subject: RegExp): Promise<Mail> {
  const matching = async () => (await mails()).filter((mail) => mail.to.includes(address) && subject.test(mail.subject));
  await expect.poll(async () => (await matching()).length, { message: `mail to ${address} matching ${subject}`, timeout: 30_000 }).toBe(1);
  return (await matching())[0]!;
}

/** The text of a mail's PDF attachment, all pages. */
export async function attachmentText(mail: Mail, filename: string): Promise<string> {
  const attachment = mail.attachments.find((a) => a.filename === filename);
  expect(attachment, `attachment ${filename}`).toBeDefined();
  return (await pdfPages(new Uint8Array(attachment!.bytes))).join('\n');
}
