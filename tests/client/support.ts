/** Shared helpers of the client tests: a fake HTTP server behind the API client's transport, JWTs, users. */
import './setup';
import { ApiError, setTransport, type ApiRequest, type Transport } from '../../src/data/api';
import type { User } from '../../domain/user';

/** What the fake server answers: a status and body, a network failure, or nothing ever. */
export type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network-error' | 'never';
export type Handler = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

export interface SeenRequest {
  method: string;
  url: string;
  baseURL: string;
  authorization: string | undefined;
  /** The body as it went over the wire (JSON), read back. */
  body: unknown;
  /** The call as the client made it: its query parameters as the caller gave them, its headers. */
  config: ApiRequest;
}

export interface FakeServer {
  /** Answer `METHOD url` with this (the last registration wins). */
  on(method: string, url: string, handler: Handler): FakeServer;
  /** Every request that reached the server, in order. */
  readonly requests: SeenRequest[];
  /** The requests to one `METHOD url`. */
  calls(method: string, url: string): SeenRequest[];
}

/** Installs a fake server as the API client's transport (token renewals included). Unknown requests answer 404. */
export function fakeServer(): FakeServer {
  const handlers = new Map<string, Handler>();
  const requests: SeenRequest[] = [];
  const transport: Transport = async (config) => {
    const { method, url, baseURL, data } = config;
    const seen: SeenRequest = {
      method,
      url,
      baseURL,
      authorization: config.headers.get('Authorization') ?? undefined,
      body: data === undefined || data instanceof FormData ? data : JSON.parse(JSON.stringify(data)),
      // A snapshot: a retry after a renewal changes the client's headers, not what this request carried.
      config: { ...config, headers: new Headers(config.headers) },
    };
    requests.push(seen);
    const handler = handlers.get(`${method} ${url}`) ?? { status: 404, data: { detail: 'Not found.' } };
    const reply = typeof handler === 'function' ? await handler(seen) : handler;
    if (reply === 'never') return new Promise(() => {});
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return { data: reply.data, status: reply.status, headers: reply.headers ?? {} };
  };
  setTransport(transport);
  const server: FakeServer = {
    on(method, url, handler) {
      handlers.set(`${method.toUpperCase()} ${url}`, handler);
      return server;
    },
    requests,
    calls: (method, url) => requests.filter((r) => r.method === method.toUpperCase() && r.url === url),
  };
  return server;
}

const callTo = (url: string): ApiRequest => ({ method: 'GET', url, baseURL: '/api/v1', headers: new Headers(), timeout: 50_000, withCredentials: true, responseType: 'json' });

/** The failure of a call that got no answer (offline, timeout). */
export const networkFailure = (url = '/somewhere/') => new ApiError(callTo(url), undefined, { cause: new TypeError('Failed to fetch') });

/** The failure of a call the server refused with `status` and `data`. */
export const refusal = (status: number, data: unknown = { detail: 'No.' }, url = '/somewhere/') => new ApiError(callTo(url), { status, data, headers: {} });

/**
 * Retries `assertion` on every turn of the event loop until it passes (after 50,000 turns, some
 * seconds, its last failure is thrown). Unlike vi.waitFor it never moves faked timers, which would
 * let a timer the test holds back go off.
 */
export async function until(assertion: () => unknown): Promise<void> {
  for (let turn = 1; ; turn += 1) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (turn === 50_000) throw error;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Lets the work already started run to its end before a test checks that something did NOT
 * happen: the fake server, fake-indexeddb and promises move on turns of the event loop, never on
 * the clock, so the count of turns does not depend on the machine’s speed (a sync takes a few dozen).
 */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 200; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A promise with its resolve exposed, to hold a reply until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
let jti = 0;

/**
 * A simplejwt-shaped HS256 token with `secondsLeft` of life. The signature is junk: the client
 * only reads the claims, it never verifies them.
 */
export function makeToken(type: 'access' | 'refresh', secondsLeft: number, userId = 1): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { token_type: type, exp: now + secondsLeft, iat: now, jti: `jti-${++jti}`, user_id: userId };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.not-a-real-signature`;
}

/** Stores a session in localStorage the way the app does (keys of product-frame.md §3). */
export function storeSession({ access, refresh, userId }: { access?: string; refresh?: string; userId?: number }): void {
  if (access) localStorage.setItem('access', access);
  if (refresh) localStorage.setItem('refresh', refresh);
  if (userId !== undefined) localStorage.setItem('user_id', String(userId));
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'asha',
    first_name: 'Asha',
    last_name: 'Menon',
    email: 'asha@example.com',
    department: 'sales',
    designation: 'executive',
    is_active: true,
    is_superuser: false,
    can_create_materials: false,
    ...overrides,
  };
}
