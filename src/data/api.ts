import { isTokenExpired, tokenPairSchema } from '../../domain/auth';
import { tokens } from './tokens';
import { processing } from './processing';
import { API } from '../../domain/api-paths';
import { APP_VERSION_HEADER } from '../../domain/app-version';
import { APP_VERSION } from './app-version';

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 50_000;

/** Paths that work without a session: no token is attached or renewed for them. */
export const SESSIONLESS: readonly string[] = [API.auth.create, API.auth.refresh, API.auth.verify, API.auth.blacklist, API.auth.register];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** One call as the app makes it, before it becomes a fetch: what the transport sends and the test server sees. */
export interface ApiRequest {
  method: Method;
  /** The path under the base, as domain/api-paths.ts names it. */
  url: string;
  baseURL: string;
  /** The query as the caller gave it; empty values are left out of the URL. */
  params?: QueryParams;
  /** A JSON value, or FormData for an upload. */
  data?: unknown;
  headers: Headers;
  timeout: number;
  withCredentials: boolean;
  responseType: 'json' | 'blob';
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** Sends a call and brings back the server's answer, whatever its status; rejects only when no answer came. */
export type Transport = (request: ApiRequest) => Promise<ApiResponse<unknown>>;

/** A call that failed: refused by the server (`response` holds its answer), or no answer at all (offline, timeout). */
export class ApiError extends Error {
  readonly request: ApiRequest;
  readonly response: ApiResponse<unknown> | undefined;
  constructor(request: ApiRequest, response?: ApiResponse<unknown>, options?: ErrorOptions) {
    super(response ? `Request failed with status code ${response.status}` : 'Network Error', options);
    this.name = 'ApiError';
    this.request = request;
    this.response = response;
  }
}

/** The refresh token is rejected (not merely unreachable): the session is over. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Please sign in again.');
  }
}

function urlOf({ baseURL, url, params = {} }: ApiRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null) query.append(name, String(value));
  const search = query.toString();
  return `${baseURL}${url}${search ? `?${search}` : ''}`;
}

/** A body is JSON when it can be read as JSON (DRF's error pages and empty answers are not). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The browser's fetch with the client's timeout, which covers reading the answer too. The signal
 * is combined by hand: AbortSignal.any is missing from the older tablets' browsers.
 */
export const fetchTransport: Transport = async (request) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The server did not answer in time.', 'TimeoutError')), request.timeout);
  const callerAborted = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) callerAborted();
  request.signal?.addEventListener('abort', callerAborted, { once: true });
  try {
    const { data } = request;
    const response = await fetch(urlOf(request), {
      method: request.method,
      headers: request.headers,
      body: data === undefined || data instanceof FormData ? data : JSON.stringify(data),
      credentials: request.withCredentials ? 'include' : 'same-origin',
      signal: controller.signal,
    });
    const body = request.responseType === 'blob' ? await response.blob() : parsed(await response.text());
    return { data: body, status: response.status, headers: Object.fromEntries(response.headers) };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', callerAborted);
  }
};

let transport: Transport = fetchTransport;

/** Test seam: what sends the calls (the client tests' fake server); null restores fetch. */
export function setTransport(next: Transport | null): void {
  transport = next ?? fetchTransport;
}

type AnswerListener = (request: ApiRequest, response: ApiResponse<unknown>) => void;
const answerListeners = new Set<AnswerListener>();

/** Called whenever the server answers anything (an error answer too): the app is online, whatever it believed. */
export function onServerAnswer(listener: AnswerListener): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

async function answerTo(request: ApiRequest): Promise<ApiResponse<unknown>> {
  let response: ApiResponse<unknown>;
  try {
    response = await transport(request);
  } catch (cause) {
    throw new ApiError(request, undefined, { cause });
  }
  answerListeners.forEach((listener) => listener(request, response));
  return response;
}

/**
 * Called when the session cannot be renewed (the refresh token expired or was refused). The
 * session keeps its user on the device and asks them to sign in again in place (session.ts).
 */
let onSessionExpired: () => void = () => undefined;
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function sessionOver(): SessionExpiredError {
  onSessionExpired();
  return new SessionExpiredError();
}

async function refreshAccessToken(): Promise<string> {
  const refresh = tokens.refresh;
  // Not the end of the user's work on this device: their changes wait, and they sign in again (issue 15 §4).
  if (!refresh || isTokenExpired(refresh)) throw sessionOver();
  try {
    // Not through `send`: a renewal is no write of the user's, so it shows no overlay.
    const request = requestOf({ method: 'POST', url: API.auth.refresh, data: { refresh } });
    const pair = tokenPairSchema.parse(accepted(request, await answerTo(request)).data);
    await tokens.store(pair);
    return pair.access;
  } catch (error) {
    // Offline or a server hiccup is not the end of the session; a rejection by the server is.
    if (error instanceof ApiError && error.response && error.response.status < 500) throw sessionOver();
    throw error;
  }
}

let refreshing: Promise<string> | null = null;

/** One renewal at a time across the tab (rotation blacklists the old refresh token) and across tabs. */
export function renewAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const before = tokens.refresh;
    const run = async () => {
      // The worker's replayer may have rotated the pair: take it rather than reuse a blacklisted token.
      await tokens.syncWithMirror();
      return tokens.refresh !== before && !isTokenExpired(tokens.access) ? tokens.access! : refreshAccessToken();
    };
    return navigator.locks ? navigator.locks.request('fabops-token-refresh', run) : run();
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

interface CallOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

type Call = Pick<ApiRequest, 'method' | 'url' | 'data'> & CallOptions;

function requestOf({ method, url, data, params, headers, responseType = 'json', signal }: Call): ApiRequest {
  const request: ApiRequest = { method, url, baseURL: API_BASE, params, data, headers: new Headers(headers), timeout: REQUEST_TIMEOUT_MS, withCredentials: true, responseType, signal };
  request.headers.set(APP_VERSION_HEADER, APP_VERSION);
  if (data !== undefined && !(data instanceof FormData)) request.headers.set('Content-Type', 'application/json');
  return request;
}

/** A 2xx answer, or the refusal as an ApiError. */
function accepted(request: ApiRequest, response: ApiResponse<unknown>): ApiResponse<unknown> {
  if (response.status < 200 || response.status > 299) throw new ApiError(request, response);
  return response;
}

/**
 * One call: JSON to /api/v1 with cookies and the 50 s timeout; the access token renewed before
 * it when it is about to expire, and once more after a 401 on a token that looked fresh (then
 * the call is sent again). Writes show the global "processing" overlay; reads never block the screen.
 */
async function send<T>(call: Call): Promise<ApiResponse<T>> {
  const request = requestOf(call);
  const { method, url } = call;
  const withSession = !SESSIONLESS.includes(url);
  const done = method === 'GET' ? undefined : processing.begin();
  try {
    if (withSession && tokens.refresh && isTokenExpired(tokens.access)) await renewAccessToken();
    if (withSession && tokens.access) request.headers.set('Authorization', `JWT ${tokens.access}`);
    let response = await answerTo(request);
    if (response.status === 401 && withSession && tokens.refresh) {
      request.headers.set('Authorization', `JWT ${await renewAccessToken()}`);
      response = await answerTo(request);
    }
    return accepted(request, response) as ApiResponse<T>;
  } finally {
    done?.();
  }
}

type Read = <T = unknown>(url: string, options?: CallOptions) => Promise<ApiResponse<T>>;
type Write = <T = unknown>(url: string, data?: unknown, options?: CallOptions) => Promise<ApiResponse<T>>;

/** The app's HTTP client. A DELETE may carry a body (`data`), as the spec's cancellations with a reason do. */
export const api: {
  get: Read;
  delete: <T = unknown>(url: string, options?: CallOptions & { data?: unknown }) => Promise<ApiResponse<T>>;
  post: Write;
  put: Write;
  patch: Write;
  request: <T = unknown>(call: Call) => Promise<ApiResponse<T>>;
} = {
  get: (url, options) => send({ ...options, method: 'GET', url }),
  delete: (url, options) => send({ ...options, method: 'DELETE', url }),
  post: (url, data, options) => send({ ...options, method: 'POST', url, data }),
  put: (url, data, options) => send({ ...options, method: 'PUT', url, data }),
  patch: (url, data, options) => send({ ...options, method: 'PATCH', url, data }),
  request: send,
};

/** Is this failure the network's (offline, timeout) rather than the server's answer? */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && !error.response;
}

export function responseBody(error: unknown): unknown {
  return error instanceof ApiError ? error.response?.data : undefined;
}

export function responseStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.response?.status : undefined;
}
