import { useEffect, useEffectEvent } from 'react';
import { isTokenExpired } from '../../domain/auth';
import { LIVE_CHANNELS, LIVE_PATH, serverSentEvents, type LiveChannel } from '../../domain/live';
import { API_BASE, renewAccessToken } from './api';
import { tokens } from './tokens';

export type LiveListener = (channel: LiveChannel, data: Record<string, unknown>) => void;

/** Waits after a failed connection, growing to half a minute: a server that is down is not hammered. */
const RETRY_MS = [1000, 2000, 5000, 15_000, 30_000];

const listeners = new Set<LiveListener>();
let stop: (() => void) | null = null;

const isChannel = (name: string): name is LiveChannel => (LIVE_CHANNELS as readonly string[]).includes(name);

function untilOnline(signal: AbortSignal): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** One read of the stream; true when it ended as the server ends it (the token's time is up), so the next starts at once. */
async function follow(signal: AbortSignal): Promise<boolean> {
  let access = tokens.access;
  if (!access) return false;
  if (isTokenExpired(access)) access = await renewAccessToken();
  const res = await fetch(`${API_BASE}${LIVE_PATH}`, { headers: { Authorization: `JWT ${access}`, Accept: 'text/event-stream' }, signal });
  if (res.status === 401) {
    await renewAccessToken();
    return true;
  }
  if (!res.ok || !res.body) return false;
  for await (const { event, data } of serverSentEvents(res.body)) {
    if (!isChannel(event)) continue;
    const payload = JSON.parse(data) as Record<string, unknown>;
    for (const listener of listeners) listener(event, payload);
  }
  return true;
}

/**
 * Reads the stream until it ends or the browser says the network is gone: a stream left open
 * across "offline" would go on delivering the server's rows to a device that believes itself
 * offline, and a half-open connection may never end by itself.
 */
async function followWhileOnline(signal: AbortSignal): Promise<boolean> {
  const read = new AbortController();
  const cut = () => read.abort();
  signal.addEventListener('abort', cut);
  window.addEventListener('offline', cut);
  try {
    // Cut by going offline is no failure: the loop waits for the network, not a backoff.
    return await follow(read.signal).catch(() => read.signal.aborted);
  } finally {
    signal.removeEventListener('abort', cut);
    window.removeEventListener('offline', cut);
  }
}

/**
 * One stream per tab, however many screens listen: a browser allows six connections to a server,
 * and every screen holding its own would starve the API calls. Opened with the first listener,
 * closed with the last; offline it closes and waits for the network, on failure it retries with backoff.
 */
function connect(): () => void {
  const abort = new AbortController();
  void (async () => {
    let failures = 0;
    while (!abort.signal.aborted) {
      await untilOnline(abort.signal);
      const ended = await followWhileOnline(abort.signal);
      if (abort.signal.aborted) return;
      failures = ended ? 0 : failures + 1;
      if (failures) await pause(RETRY_MS[Math.min(failures, RETRY_MS.length) - 1]!, abort.signal);
    }
  })();
  return () => abort.abort();
}

/** Hears live events until the returned function is called. */
export function listenLive(listener: LiveListener): () => void {
  listeners.add(listener);
  stop ??= connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}

/**
 * Calls `onEvent` for each live event on `channels` while the component is mounted (a dashboard
 * refetches its figures, the messages screen its unread count).
 */
export function useLiveEvents(channels: readonly LiveChannel[], onEvent: (channel: LiveChannel, data: Record<string, unknown>) => void): void {
  const handle = useEffectEvent(onEvent);
  const key = channels.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return listenLive((channel, data) => {
      if (wanted.has(channel)) handle(channel, data);
    });
  }, [key]);
}
