import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { isTokenExpired, tokenPairSchema } from '../../domain/auth';
import { tokens } from './tokens';
import { processing } from '../ui/processing';

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 50_000;

/** Paths that work without a session: no token is attached or renewed for them. */
const SESSIONLESS = ['/auth/jwt/create/', '/auth/jwt/refresh/', '/auth/jwt/verify/', '/auth/jwt/blacklist/', '/auth/users/'];

/** The refresh token is rejected (not merely unreachable): the session is over. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Please sign in again.');
  }
}

/**
 * Called when the session cannot be renewed (the refresh token expired or was refused). The
 * session keeps its user on the device and asks them to sign in again in place (session.ts).
 */
let onSessionExpired: () => void = () => undefined;
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

const bare = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS, withCredentials: true, headers: { 'Content-Type': 'application/json' } });

let refreshing: Promise<string> | null = null;

async function refreshAccessToken(): Promise<string> {
  const refresh = tokens.refresh;
  // Not the end of the user's work on this device: their changes wait, and they sign in again (issue 15 §4).
  if (!refresh || isTokenExpired(refresh)) {
    onSessionExpired();
    throw new SessionExpiredError();
  }
  try {
    const { data } = await bare.post('/auth/jwt/refresh/', { refresh });
    const pair = tokenPairSchema.parse(data);
    await tokens.store(pair);
    return pair.access;
  } catch (error) {
    // Offline or a server hiccup is not the end of the session; a rejection by the server is.
    if (error instanceof AxiosError && error.response && error.response.status < 500) {
      onSessionExpired();
      throw new SessionExpiredError();
    }
    throw error;
  }
}

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

async function authorize(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  if (SESSIONLESS.some((p) => config.url === p)) return config;
  let access = tokens.access;
  if (tokens.refresh && isTokenExpired(access)) access = await renewAccessToken();
  if (access) config.headers.set('Authorization', `JWT ${access}`);
  return config;
}

/** The app's HTTP client: base /api/v1, cookies, JSON, 50 s timeout, `JWT` header, renewal before a request. */
export const api = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS, withCredentials: true, headers: { 'Content-Type': 'application/json' } });

api.interceptors.request.use(authorize);

// Writes show the global "processing" overlay; reads never block the screen.
api.interceptors.request.use((config) => {
  if (config.method && config.method !== 'get') {
    (config as InternalAxiosRequestConfig & { _done?: () => void })._done = processing.begin();
  }
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean; _done?: () => void };

const answerListeners = new Set<() => void>();

/** Called whenever the server answers anything (an error answer too): the app is online, whatever it believed. */
export function onServerAnswer(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}
const serverAnswered = () => answerListeners.forEach((listener) => listener());

api.interceptors.response.use(
  (response) => {
    (response.config as RetriableConfig)._done?.();
    serverAnswered();
    return response;
  },
  async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    config?._done?.();
    if (error.response) serverAnswered();
    // A 401 on a request made with a token that looked fresh: renew once and retry.
    if (config && error.response?.status === 401 && !config._retried && tokens.refresh && !SESSIONLESS.includes(config.url ?? '')) {
      config._retried = true;
      const access = await renewAccessToken();
      config.headers = AxiosHeaders.from(config.headers);
      config.headers.set('Authorization', `JWT ${access}`);
      return api.request(config);
    }
    throw error;
  },
);

/** Is this failure the network's (offline, timeout) rather than the server's answer? */
export function isNetworkError(error: unknown): boolean {
  return error instanceof AxiosError && !error.response;
}

export function responseBody(error: unknown): unknown {
  return error instanceof AxiosError ? error.response?.data : undefined;
}

export function responseStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
