import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/server';

const PER_USERNAME = 3;
const PER_IP = 5;
// A day-long window, so a test never straddles two windows.
const WINDOW_SECONDS = 86_400;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_USERNAME: PER_USERNAME,
    LOGIN_MAX_FAILURES_PER_IP: PER_IP,
    LOGIN_FAILURE_WINDOW_SECONDS: WINDOW_SECONDS,
  });
});
afterAll(() => server.close());
// Every test counts failures from zero.
beforeEach(() => server.reset());

const attempt = (username: string, password: string, ip = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username, password }, remoteAddress: ip });

async function fail(times: number, username: string, ip?: string): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await attempt(username, `wrong-${i}`, ip);
    expect(res.statusCode).toBe(401);
  }
}

function expectTooMany(res: Awaited<ReturnType<typeof attempt>>): void {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.json().detail).toBe(`Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`);
}

describe('sign-in rate limit per username', () => {
  it('answers 429 with Retry-After once a username has too many failures, even with the right password', async () => {
    await fail(PER_USERNAME, 'sales.exec');
    expectTooMany(await attempt('sales.exec', DEMO_PASSWORD));
  });

  it('allows a sign-in with the right password just below the limit', async () => {
    await fail(PER_USERNAME - 1, 'sales.exec');
    expect((await attempt('sales.exec', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures per username across client addresses', async () => {
    for (let i = 0; i < PER_USERNAME; i++) await fail(1, 'sales.exec', `10.0.1.${i}`);
    expectTooMany(await attempt('sales.exec', DEMO_PASSWORD, '10.0.9.9'));
  });

  it('counts a username in any letter case as the same username', async () => {
    await fail(1, 'sales.exec');
    await fail(1, 'SALES.EXEC');
    await fail(1, 'Sales.Exec');
    expectTooMany(await attempt('sales.exec', DEMO_PASSWORD));
  });

  it('leaves other usernames unaffected', async () => {
    await fail(PER_USERNAME, 'sales.exec');
    expect((await attempt('sales.manager', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('also limits unknown usernames (guessing names is throttled too)', async () => {
    await fail(PER_USERNAME, 'no.such.user');
    expect((await attempt('no.such.user', 'anything')).statusCode).toBe(429);
  });

  it('does not count successful sign-ins as failures', async () => {
    for (let i = 0; i < PER_USERNAME + 2; i++) expect((await attempt('sales.exec', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count a request refused for bad input as a failure', async () => {
    for (let i = 0; i < PER_USERNAME + 1; i++) {
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username: 'sales.exec' }, remoteAddress: '10.0.0.1' });
      expect(res.statusCode).toBe(400);
    }
    expect((await attempt('sales.exec', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign-in rate limit per client address', () => {
  it('answers 429 to an address with too many failures over different usernames', async () => {
    const names = ['sales.exec', 'sales.senior', 'sales.manager', 'foreman', 'production'];
    for (const name of names.slice(0, PER_IP)) await fail(1, name, '10.0.2.1');
    expectTooMany(await attempt('stores', DEMO_PASSWORD, '10.0.2.1'));
  });

  it('leaves other addresses unaffected', async () => {
    const names = ['sales.exec', 'sales.senior', 'sales.manager', 'foreman', 'production'];
    for (const name of names.slice(0, PER_IP)) await fail(1, name, '10.0.2.1');
    expect((await attempt('stores', DEMO_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });
});
