import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../server/config';

/** A real SMTP server in the test process, and the reading of what nodemailer sent it. */

export interface Received {
  rcptTo: string[];
  raw: string;
}

/**
 * Starts an SMTP server for the file and points `overrides.SMTP_URL` at it before the file's test
 * server starts (call it before `useTestServer(…, overrides)`); answers the messages it receives.
 */
export function useSmtpServer(overrides: Partial<Config>): Received[] {
  const received: Received[] = [];
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    overrides.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));
  return received;
}

export interface Part {
  headers: Record<string, string>;
  body: string;
}

/** Headers (unfolded, lower-cased names) and body of a MIME entity. */
export function entity(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { headers, body: raw.slice(split + 4) };
}

/** The parts of a multipart message, as nodemailer writes it (one level: text, then attachments). */
export function parts(message: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [message];
  return message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => entity(chunk.replace(/^\r\n/, '')));
}

/** A part's bytes, base64 decoded where it says so. */
export const decoded = (part: Part) => (/base64/i.test(part.headers['content-transfer-encoding'] ?? '') ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64') : Buffer.from(part.body.trimEnd()));

/** A text part as text, quoted-printable decoded where it says so. */
export const text = (part: Part) =>
  /quoted-printable/i.test(part.headers['content-transfer-encoding'] ?? '')
    ? Buffer.from(part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : decoded(part).toString('utf8');
