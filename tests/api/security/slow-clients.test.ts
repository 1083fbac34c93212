import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';

/**
 * Issue 14 §2: a client that sends its headers and then stalls must not hold a connection for
 * ever. The server here listens on a real socket with short limits; each test speaks raw HTTP.
 */

const LIMITS = { HEADERS_TIMEOUT_SECONDS: 0.5, REQUEST_TIMEOUT_SECONDS: 1, KEEP_ALIVE_TIMEOUT_SECONDS: 0.5, IDLE_TIMEOUT_SECONDS: 5, MAX_CONNECTIONS: 4 };
/** Node looks for overdue requests at intervals (half the headers timeout here); beyond that, a little slack for a busy machine. */
const SLACK_MS = 1500;

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer(LIMITS);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

const openConnections = () => new Promise<number>((resolve, reject) => server.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))));

// Each test starts with no connection left over from the one before (a cap counts them all).
beforeEach(async () => {
  const until = Date.now() + 5000;
  while ((await openConnections()) > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
});

interface Client {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection, and when; null if it had not closed by `ms`. */
  closedWithin(ms: number): Promise<{ data: string; afterMs: number } | null>;
}

async function connect(): Promise<Client> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const opened = Date.now();
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => {});
  const closed = new Promise<{ data: string; afterMs: number }>((resolve) => socket.on('close', () => resolve({ data, afterMs: Date.now() - opened })));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return {
    socket,
    closedWithin: (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
      return Promise.race([closed, timeout]).finally(() => {
        clearTimeout(timer);
        socket.destroy();
      });
    },
  };
}

const SIGN_IN_HEAD = 'POST /api/v1/auth/jwt/create/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n';

describe('slow and stalled clients', () => {
  it('answers 408 and closes a connection whose body stalls, within the request timeout', async () => {
    const client = await connect();
    client.socket.write(SIGN_IN_HEAD + '{"username": "admin", "pass');
    const closed = await client.closedWithin(LIMITS.REQUEST_TIMEOUT_SECONDS * 1000 + SLACK_MS);
    expect(closed).not.toBeNull();
    expect(closed!.data).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed!.afterMs).toBeGreaterThanOrEqual(LIMITS.REQUEST_TIMEOUT_SECONDS * 1000 - 100);
  });

  it('closes a connection whose headers stall, within the headers timeout', async () => {
    const client = await connect();
    client.socket.write('GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const closed = await client.closedWithin(LIMITS.HEADERS_TIMEOUT_SECONDS * 1000 + SLACK_MS);
    expect(closed).not.toBeNull();
    expect(closed!.data).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('closes a connection that never sends a byte, within the headers timeout', async () => {
    const client = await connect();
    const closed = await client.closedWithin(LIMITS.HEADERS_TIMEOUT_SECONDS * 1000 + SLACK_MS);
    expect(closed).not.toBeNull();
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const client = await connect();
    client.socket.write('GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const closed = await client.closedWithin(LIMITS.KEEP_ALIVE_TIMEOUT_SECONDS * 1000 + SLACK_MS);
    expect(closed).not.toBeNull();
    expect(closed!.data).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('holds no more than MAX_CONNECTIONS at once: the next is closed unanswered, and served once they are gone', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.MAX_CONNECTIONS }, () => connect()));
    for (const client of held) client.socket.write(SIGN_IN_HEAD);
    const refused = await connect();
    refused.socket.write('GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const answer = await refused.closedWithin(SLACK_MS);
    expect(answer).toEqual({ data: '', afterMs: expect.any(Number) });

    // The held ones time out; then the server takes connections again.
    const timedOut = await Promise.all(held.map((client) => client.closedWithin(LIMITS.REQUEST_TIMEOUT_SECONDS * 1000 + SLACK_MS)));
    expect(timedOut.every((closed) => closed?.data.startsWith('HTTP/1.1 408 '))).toBe(true);
    const later = await connect();
    later.socket.write('GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect((await later.closedWithin(SLACK_MS))?.data).toMatch(/^HTTP\/1\.1 200 /);
  });
});
