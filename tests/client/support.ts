/** Shared helpers of the client tests: a fake HTTP server behind an axios adapter, JWTs, users. */
// The setup first: it must install the axios fallback adapter before src/data/api.ts loads.
import { setFallbackAdapter } from './setup';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../src/data/api';
import type { User } from '../../domain/user';

/** What the fake server answers: a status and body, a network failure, or nothing ever. */
export type Reply = { status: number; data?: unknown } | 'network-error' | 'never';
export type Handler = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

export interface SeenRequest {
  method: string;
  url: string;
  baseURL: string | undefined;
  authorization: string | undefined;
  body: unknown;
  config: InternalAxiosRequestConfig;
}

export interface FakeServer {
  /** Answer `METHOD url` with this (the last registration wins). */
  on(method: string, url: string, handler: Handler): FakeServer;
  /** Every request that reached the server, in order. */
  readonly requests: SeenRequest[];
  /** The requests to one `METHOD url`. */
  calls(method: string, url: string): SeenRequest[];
}

/**
 * Installs a fake server as the adapter of `api` (and of every other axios instance, through the
 * setup's fallback). Unknown requests answer 404.
 */
export function fakeServer(): FakeServer {
  const handlers = new Map<string, Handler>();
  const requests: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const headers = AxiosHeaders.from(config.headers);
    const authorization = headers.get('Authorization');
    const seen: SeenRequest = {
      method,
      url,
      baseURL: config.baseURL,
      authorization: typeof authorization === 'string' ? authorization : undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      config,
    };
    requests.push(seen);
    const handler = handlers.get(`${method} ${url}`) ?? { status: 404, data: { detail: 'Not found.' } };
    const reply = typeof handler === 'function' ? await handler(seen) : handler;
    if (reply === 'never') return new Promise<AxiosResponse>(() => {});
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: String(reply.status), headers: {}, config, request: {} };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  api.defaults.adapter = adapter;
  setFallbackAdapter(adapter);
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
