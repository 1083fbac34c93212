import { decodeToken, STORAGE_KEYS, type TokenPair } from '../../domain/auth';
import { moduleMapSchema, type ModuleMap } from '../../domain/modules';
import type { User } from '../../domain/user';
import { DAY_MS } from '../../domain/offline';
import { offlineWorkDays } from './offline-period';
// The IndexedDB mirror (and Dexie) is imported on first use, so the sign-in page does not carry it.
const tokenStore = () => import('./token-store');
/** The user schemas (and zod's classic API with them) load with the first profile to check, not with the sign-in page. */
export const userSchemas = () => import('../../domain/user');

/** The IndexedDB mirror is best effort (private windows may lack IndexedDB): localStorage stays the page's source. */
const quietly = (write: Promise<void>) => write.catch(() => undefined);

/**
 * The stored session (product-frame.md §3): access token under 'access', the refresh token,
 * the user id, and the last profile so a signed-in user stays signed in while offline. The
 * tokens are written through to IndexedDB (src/data/token-store.ts) for the service worker.
 */
export const tokens = {
  get access(): string | null {
    return localStorage.getItem(STORAGE_KEYS.access);
  },
  get refresh(): string | null {
    return localStorage.getItem(STORAGE_KEYS.refresh);
  },
  get userId(): number | null {
    const id = Number(localStorage.getItem(STORAGE_KEYS.userId));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  /** Resolves once the IndexedDB mirror has the pair too (renewal awaits it inside its lock). */
  store(pair: Partial<TokenPair>): Promise<void> {
    if (pair.access) localStorage.setItem(STORAGE_KEYS.access, pair.access);
    if (pair.refresh) localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
    return quietly(tokenStore().then(({ writeSession }) => writeSession(pair)));
  },
  storeUser(user: User, confirmedAt = Date.now()): void {
    localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
    localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.confirmedAt, String(confirmedAt));
  },
  /**
   * Whether the server confirmed this device's session within the time a device may work offline
   * (the server's setting, src/data/offline-period.ts); past it the device no longer opens from its cache.
   */
  confirmedRecently(now = Date.now()): boolean {
    const stored = localStorage.getItem(STORAGE_KEYS.confirmedAt);
    // A session from before this was kept counts from now: an upgrade locks nobody out.
    if (stored === null) localStorage.setItem(STORAGE_KEYS.confirmedAt, String(now));
    return now - Number(stored ?? now) <= offlineWorkDays() * DAY_MS;
  },
  /** The profile cached at the last successful load, if it belongs to the stored user id. */
  async cachedUser(): Promise<User | null> {
    const stored = localStorage.getItem(STORAGE_KEYS.profile);
    if (stored === null) return null;
    const { userSchema } = await userSchemas();
    try {
      const parsed = userSchema.safeParse(JSON.parse(stored));
      return parsed.success && parsed.data.id === tokens.userId ? parsed.data : null;
    } catch {
      return null;
    }
  },
  /** The module switches of the last successful load, so a switched-off module stays hidden offline. */
  storeModules(modules: ModuleMap): void {
    localStorage.setItem(STORAGE_KEYS.modules, JSON.stringify(modules));
  },
  cachedModules(): ModuleMap | null {
    try {
      const parsed = moduleMapSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEYS.modules) ?? 'null'));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  clear(): Promise<void> {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    return quietly(tokenStore().then(({ clearSession }) => clearSession()));
  },
  /**
   * Makes localStorage and the IndexedDB mirror agree: a pair the worker (or another tab's
   * replayer) rotated is taken; otherwise the page's pair is written to the mirror.
   */
  async syncWithMirror(): Promise<void> {
    const { clearSession, readSession, writeSession } = await tokenStore();
    const stored = await readSession().catch(() => null);
    const refresh = tokens.refresh;
    if (!refresh) {
      if (stored) await quietly(clearSession());
      return;
    }
    const mine = decodeToken(refresh);
    const theirs = decodeToken(stored?.refresh);
    if (stored?.access && theirs && mine && theirs.user_id === mine.user_id && stored.refresh !== refresh && theirs.iat >= mine.iat) {
      localStorage.setItem(STORAGE_KEYS.access, stored.access);
      localStorage.setItem(STORAGE_KEYS.refresh, stored.refresh!);
      return;
    }
    if (stored?.refresh !== refresh || stored?.access !== tokens.access) await quietly(writeSession({ access: tokens.access ?? undefined, refresh }));
  },
};
