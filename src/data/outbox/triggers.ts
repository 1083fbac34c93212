import { API_BASE } from '../api';
import { onMaintenanceOver } from '../maintenance';
import { maintenanceAwareFetch } from '../maintenance-signal';
import { tokens } from '../tokens';
import { sessionExpiredFor } from '../session';
import { decodeToken, isTokenExpired } from '../../../domain/auth';
import { idbTokenSource, SESSION_CHANNEL, type TokenSource, type TokenSourceEnv } from '../token-store';
import { outbox, type OutboxEntry } from './db';
import { failedForServer } from './classify';
import { OUTBOX_SYNC_TAG, replayOutbox, type ReplayEnv } from './replay';

/**
 * When the page replays the outbox (DESIGN.md: Safari and Firefox lack Background Sync): on
 * start, on the `online` event, after each enqueue, and on a timer that follows the entries'
 * backoff. The service worker replays on its `sync` event as well.
 */

/** While entries are queued, a look at least this often (another user's, a busy replayer's). */
export const REPLAY_POLL_MS = 60_000;
/** Another tab or the worker held the replay lock: look again soon, in case it just finished. */
export const REPLAY_BUSY_RETRY_MS = 5_000;
const MIN_WAKE_MS = 1_000;

type SyncCapableRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the service worker for a `sync` event when the network is back (Chromium only); false where it cannot. */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncCapableRegistration | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * The page's tokens for the replayer: its own fresh access token when the entry's author is the
 * one signed in here (no IndexedDB read per entry); otherwise, and for every renewal, the
 * IndexedDB mirror the worker shares. A renewal there is taken into localStorage at once.
 */
function pageTokenSource(env: TokenSourceEnv): TokenSource {
  const shared = idbTokenSource(env);
  // No token for the user signed in here: their session is over, so they are asked to sign in again (the queue waits meanwhile).
  const expiredUnlessGot = (userId: number, token: string | null) => {
    if (token === null) sessionExpiredFor(userId);
    return token;
  };
  return {
    async accessFor(userId) {
      const access = tokens.access;
      if (decodeToken(access)?.user_id === userId && !isTokenExpired(access)) return access;
      return expiredUnlessGot(userId, await shared.accessFor(userId));
    },
    async refreshFor(userId) {
      const renewed = await shared.refreshFor(userId);
      if (renewed) await tokens.syncWithMirror();
      return expiredUnlessGot(userId, renewed);
    },
  };
}

/** The page's replay: the browser's fetch, the API base, the page's tokens. */
export function pageReplayEnv(): ReplayEnv {
  // A write turned away for maintenance: the app shows its maintenance screen while it waits.
  const pageFetch = maintenanceAwareFetch((input, init) => fetch(input, init));
  return { fetch: pageFetch, baseUrl: API_BASE, tokens: pageTokenSource({ fetch: pageFetch, baseUrl: API_BASE }) };
}

/** How long until the earliest queued entry is due (or the server is asked again); null when nothing waits. */
async function nextWakeMs(now: number): Promise<number | null> {
  const queued = await outbox.entries.where('state').equals('pending').toArray();
  if (queued.length === 0) return null;
  const due = Math.min(...queued.map((e) => e.nextAttemptAt));
  const ceiling = waitsOnServer(queued, now) ? SERVER_PROBE_MS : REPLAY_POLL_MS;
  return Math.min(Math.max(due - now, MIN_WAKE_MS), ceiling);
}

/** While writes wait on the server's trouble, it is asked this often whether it is back. */
export const SERVER_PROBE_MS = 15_000;

interface Runner {
  run(retry: Retry): void;
  stop(): void;
}

/** none: each entry at its time; unreachable: also those that waited on the network or the server; all: every one ("Send now"). */
type Retry = 'none' | 'unreachable' | 'all';
const RETRY_ORDER: Retry[] = ['none', 'unreachable', 'all'];
const stronger = (a: Retry, b: Retry) => (RETRY_ORDER.indexOf(a) >= RETRY_ORDER.indexOf(b) ? a : b);

/** Whether a pending write waits on the network or the server (a probe may let it go early). */
const waitsOnServer = (entries: readonly OutboxEntry[], now: number) => entries.some((e) => e.nextAttemptAt > now && e.attempts > 0 && failedForServer(e.lastError?.status));

/** Does the server answer? A cheap look while writes wait on it, so they go the moment it is back. */
async function serverAnswers(env: ReplayEnv): Promise<boolean> {
  try {
    const response = await env.fetch(`${env.baseUrl}/health/`, { signal: AbortSignal.timeout(5_000) });
    return response.ok;
  } catch {
    return false;
  }
}

function createRunner(env: ReplayEnv): Runner {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let queued: Retry | null = null; // a run asked for while one was going
  let stopped = false;
  const now = env.now ?? Date.now;
  const schedule = (ms: number | null) => {
    clearTimeout(timer);
    if (!stopped && ms !== null) timer = setTimeout(() => run('none'), ms);
  };

  async function round(retry: Retry): Promise<number | null> {
    // Offline for sure: no point failing every entry once more.
    if (!navigator.onLine) return (await nextWakeMs(now())) === null ? null : REPLAY_POLL_MS;
    // Writes waiting on a server that went away go the moment it answers again, not at their backoff.
    if (retry === 'none' && waitsOnServer(await outbox.entries.where('state').equals('pending').toArray(), now()) && (await serverAnswers(env))) retry = 'unreachable';
    await tokens.syncWithMirror();
    const result = await replayOutbox({ ...env, retryNow: retry !== 'none', retryAll: retry === 'all' });
    return result.ran ? nextWakeMs(now()) : REPLAY_BUSY_RETRY_MS;
  }

  function run(retry: Retry): void {
    if (stopped) return;
    if (busy) {
      queued = stronger(queued ?? 'none', retry);
      return;
    }
    busy = true;
    round(retry)
      .catch(() => REPLAY_POLL_MS)
      .then((wake) => {
        busy = false;
        if (queued !== null) {
          const again = queued;
          queued = null;
          run(again);
        } else schedule(wake);
      });
  }

  const onOnline = () => run('unreachable');
  window.addEventListener('online', onOnline);
  const forgetMaintenance = onMaintenanceOver(() => run('unreachable'));
  // A pair the worker rotated: take it into localStorage at once.
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  if (channel) channel.onmessage = () => void tokens.syncWithMirror();
  return {
    run,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      forgetMaintenance();
      channel?.close();
    },
  };
}

let runner: Runner | null = null;
let holders = 0;

/** Starts the page's replay triggers (once however many callers); returns the stop. */
export function startOutboxReplay(env: ReplayEnv = pageReplayEnv()): () => void {
  holders++;
  if (!runner) {
    runner = createRunner(env);
    runner.run('none');
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--holders === 0) {
      runner?.stop();
      runner = null;
    }
  };
}

/** A replay soon, if the triggers are running (after an enqueue or a resend; "Send now" retries every write at once). */
export function nudgeReplay({ retryAll = false }: { retryAll?: boolean } = {}): void {
  runner?.run(retryAll ? 'all' : 'none');
}
