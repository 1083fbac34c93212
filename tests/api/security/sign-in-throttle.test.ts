import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';

/**
 * Sign-in throttling (issue 14 §1, docs/decisions.md 135): per username and address, 5 attempts
 * at once, then a wait that doubles from the first wait; per address over all usernames, 20; the
 * count and the check are one statement, so a burst cannot slip past them. The first wait is a
 * minute here (1 s by default), so that a burst on a busy machine never outlasts it.
 */
const FREE = 5;
const FREE_PER_ADDRESS = 20;
const FIRST_WAIT = 60;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_FREE_ATTEMPTS: FREE, LOGIN_FREE_ATTEMPTS_PER_ADDRESS: FREE_PER_ADDRESS, LOGIN_THROTTLE_FIRST_WAIT_SECONDS: FIRST_WAIT, LOGIN_THROTTLE_RESET_SECONDS: 900 });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const ATTACKER = '10.0.0.66';
const attempt = (username: string, password: string, address = ATTACKER) =>
  server.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username, password }, remoteAddress: address });

async function fail(times: number, username: string, address = ATTACKER): Promise<void> {
  for (let i = 0; i < times; i++) expect((await attempt(username, `wrong-${i}`, address)).statusCode).toBe(401);
}

/** Moves every key's last attempt back in time, as if the attacker had waited. */
const wait = (seconds: number) => server.database.db.execute(sql`UPDATE login_throttle SET last_attempt_at = last_attempt_at - make_interval(secs => ${seconds})`);

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

describe('a burst of guesses at once', () => {
  it('checks no more than 5 of 40 wrong passwords sent at once for one username; the rest get 429', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('stores', `guess-${i}`)));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
  });

  it('checks no more than 5 of 200 sent at once', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt('stores', `guess-${i}`)));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 195 });
  });

  it('lets the right password among 40 at once in only if it was one of the 5 checked', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 20 ? DEMO_PASSWORD : `guess-${i}`));
    const answers = await Promise.all(guesses.map((password) => attempt('stores', password)));
    const checked = answers.filter((a) => a.statusCode !== 429);
    expect(checked.length).toBe(5);
  });
});

describe('slowing down instead of locking out', () => {
  it('answers 429 with the wait in Retry-After and in words once 5 attempts are used', async () => {
    await fail(FREE, 'stores');
    const res = await attempt('stores', DEMO_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({ detail: 'Too many failed sign-in attempts. Try again in 60 seconds.' });
  });

  it('doubles the wait after each further failure: 1 minute, then 2, then 4', async () => {
    await fail(FREE, 'stores');
    await wait(60);
    await fail(1, 'stores');
    expect((await attempt('stores', 'x')).headers['retry-after']).toBe('120');
    await wait(120);
    await fail(1, 'stores');
    expect((await attempt('stores', 'x')).headers['retry-after']).toBe('240');
  });

  it('lets the owner in with the right password once the wait is over', async () => {
    await fail(FREE, 'stores');
    await wait(60);
    await fail(1, 'stores');
    expect((await attempt('stores', DEMO_PASSWORD)).statusCode).toBe(429);
    await wait(120);
    expect((await attempt('stores', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('starts a username and address over after a success', async () => {
    await fail(FREE - 1, 'stores');
    expect((await attempt('stores', DEMO_PASSWORD)).statusCode).toBe(200);
    await fail(FREE - 1, 'stores');
    expect((await attempt('stores', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('starts a key over after 900 quiet seconds', async () => {
    await fail(FREE, 'stores');
    expect((await attempt('stores', 'x')).statusCode).toBe(429);
    await wait(901);
    await fail(FREE, 'stores');
  });
});

describe('nobody can lock an account out', () => {
  it('lets the owner sign in from an address that has not been failing while an attacker is throttled', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('admin', `guess-${i}`)));
    expect((await attempt('admin', 'another-guess')).statusCode).toBe(429);
    expect((await attempt('admin', DEMO_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
  });

  it('throttles an address guessing over many usernames, and no other address', async () => {
    const names = ['sales.exec', 'sales.senior', 'sales.manager', 'foreman', 'production'];
    for (let i = 0; i < FREE_PER_ADDRESS; i++) await fail(1, names[i % names.length]!, '10.0.2.1');
    expect((await attempt('stores', DEMO_PASSWORD, '10.0.2.1')).statusCode).toBe(429);
    expect((await attempt('stores', DEMO_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it('counts a username in any letter case as the same username', async () => {
    await fail(2, 'stores');
    await fail(2, 'STORES');
    await fail(1, 'Stores');
    expect((await attempt('stores', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('throttles unknown usernames too (guessing names is guessing)', async () => {
    await fail(FREE, 'no.such.user');
    expect((await attempt('no.such.user', 'anything')).statusCode).toBe(429);
  });

  it('does not count a request refused for bad input', async () => {
    for (let i = 0; i < FREE + 1; i++) {
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username: 'stores' }, remoteAddress: ATTACKER });
      expect(res.statusCode).toBe(400);
    }
    expect((await attempt('stores', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against a shared address', async () => {
    const names = ['sales.exec', 'sales.senior', 'sales.manager', 'foreman', 'production', 'stores', 'purchase', 'accounts'];
    for (let round = 0; round < 3; round++) for (const name of names) expect((await attempt(name, DEMO_PASSWORD, '10.0.3.1')).statusCode).toBe(200);
  });
});
