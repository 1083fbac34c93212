import Dexie, { type Table } from 'dexie';
import { decodeToken, isTokenExpired, tokenPairSchema, type TokenPair } from '../../domain/auth';

/**
 * The session tokens mirrored in IndexedDB: the service worker cannot read localStorage
 * (DESIGN.md "Offline-first rules"). src/data/tokens.ts writes through to it; a renewal made
 * here (by the worker's replay) is announced on the 'fabops-session' channel so pages take it.
 * No window, DOM or localStorage in this module: the worker imports it.
 */
export interface StoredSession {
  key: 'current';
  /** The user the tokens belong to (from the tokens' claims). */
  userId: number | null;
  access: string | null;
  refresh: string | null;
}

class SessionDatabase extends Dexie {
  session!: Table<StoredSession, string>;

  constructor() {
    super('fabops-session', { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ session: 'key' });
  }
}

export const sessionDb = new SessionDatabase();

/** The same lock src/data/api.ts renews under: rotation blacklists the old refresh token. */
export const TOKEN_REFRESH_LOCK = 'fabops-token-refresh';
export const SESSION_CHANNEL = 'fabops-session';
export interface TokensMessage {
  type: 'tokens';
  access: string;
  refresh: string;
}

const KEY = 'current';

export async function readSession(): Promise<StoredSession | null> {
  return (await sessionDb.session.get(KEY)) ?? null;
}

/** Merges tokens into the stored session; the user comes from their claims. */
export async function writeSession(pair: Partial<TokenPair>): Promise<void> {
  await sessionDb.transaction('rw', sessionDb.session, async () => {
    const current = await sessionDb.session.get(KEY);
    const access = pair.access ?? current?.access ?? null;
    const refresh = pair.refresh ?? current?.refresh ?? null;
    const userId = decodeToken(refresh)?.user_id ?? decodeToken(access)?.user_id ?? null;
    await sessionDb.session.put({ key: KEY, userId, access, refresh });
  });
}

export async function clearSession(): Promise<void> {
  await sessionDb.session.delete(KEY);
}

/** Runs under the Web Lock where there is one (all current browsers, pages and workers). */
export function withLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  // request() types its answer as a promise of the callback's promise; it resolves to its value.
  return typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request(name, run) as Promise<T>) : run();
}

/**
 * Where the replayer gets a user's token. Null means "not this user's session" (or none): the
 * entry waits for its owner. Throwing means the renewal could not reach the server.
 */
export interface TokenSource {
  accessFor(userId: number): Promise<string | null>;
  /** A new access token after a 401, renewing even if the stored one looks fresh. */
  refreshFor(userId: number): Promise<string | null>;
}

export interface TokenSourceEnv {
  fetch: typeof fetch;
  /** The API base, e.g. '/api/v1'. */
  baseUrl: string;
}

function announce(pair: TokenPair): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: 'tokens', ...pair } satisfies TokensMessage);
  channel.close();
}

/**
 * The tokens of IndexedDB as a TokenSource, for the replayer in the page and in the worker.
 * A renewal runs inside the 'fabops-token-refresh' lock and reads the store again there, so a
 * pair another tab or the worker rotated meanwhile is used rather than rotated twice.
 */
export function idbTokenSource(env: TokenSourceEnv): TokenSource {
  async function renew(userId: number, seenRefresh: string | null, force: boolean): Promise<string | null> {
    return withLock(TOKEN_REFRESH_LOCK, async () => {
      const session = await readSession();
      if (!session || session.userId !== userId || !session.refresh) return null;
      const fresh = !isTokenExpired(session.access);
      if (fresh && (!force || session.refresh !== seenRefresh)) return session.access;
      if (isTokenExpired(session.refresh)) return null;
      const response = await env.fetch(`${env.baseUrl}/auth/jwt/refresh/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh: session.refresh }),
      });
      // A server in trouble is not the end of the session: the replayer retries later.
      if (response.status >= 500) throw new Error(`Token renewal failed with ${response.status}`);
      if (!response.ok) return null;
      const pair = tokenPairSchema.parse(await response.json());
      await writeSession(pair);
      announce(pair);
      return pair.access;
    });
  }

  return {
    async accessFor(userId) {
      const session = await readSession();
      if (!session || session.userId !== userId || !session.refresh) return null;
      return isTokenExpired(session.access) ? renew(userId, session.refresh, false) : session.access;
    },
    async refreshFor(userId) {
      const session = await readSession();
      if (!session || session.userId !== userId) return null;
      return renew(userId, session.refresh, true);
    },
  };
}
