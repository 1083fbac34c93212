import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process, and the reading of what nodemailer sent it: the API
 * tests start one per file (tests/support/smtp.ts), the end-to-end run one for the run (e2e/mailbox.ts).
 */

export interface Received {
  rcptTo: string[];
  raw: string;
}

export interface RunningSmtpServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (`port` 0: any free port) and pushes each message it accepts onto `received`. */
export async function startSmtpServer(received: Received[], port = 0): Promise<RunningSmtpServer> {
  const smtp = new SMTPServer({
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
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
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
