import { createStore, useStore } from 'zustand';
import { isTokenExpired, SESSION_MESSAGES, STORAGE_KEYS, tokenPairSchema } from '../../domain/auth';
import type { User, UserListItem } from '../../domain/user';
import { MODULE_DISABLED_CODE, moduleMapSchema, type ModuleMap } from '../../domain/modules';
import { offlineSettingsSchema } from '../../domain/offline';
import { api, isNetworkError, onServerAnswer, responseStatus, SessionExpiredError, setSessionExpiredHandler } from './api';
import { atMost } from './at-most';
import { tokens, userSchemas } from './tokens';
import { rememberOfflineSettings } from './offline-period';
import { startPreloadSoon, stopPreloadSoon } from './preload/deferred';
import { API } from '../../domain/api-paths';

export interface SessionState {
  user: User | null;
  /** The user list (product-frame.md §7 GET /users/), loaded by the screens that need it. */
  users: UserListItem[];
  modules: ModuleMap;
  /** The profile came from the cache because the server could not be reached. */
  offline: boolean;
  /**
   * Someone signed in (or out) in another tab of this browser since this tab's user loaded: the
   * tab no longer saves, since its changes would go out under the other session (issue 15 §2).
   */
  replaced: SessionReplacement | null;
  /**
   * The session can no longer be renewed (the refresh token expired or was refused). The user
   * keeps working from the device (reading, queuing); online, they are asked to sign in again in
   * place, and their queued changes go as soon as they do.
   */
  expired: boolean;
}

/** Who holds the browser's session now: null when it was signed out. */
export interface SessionReplacement {
  by: User | null;
}

const INITIAL: SessionState = { user: null, users: [], modules: {}, offline: false, replaced: null, expired: false };
const store = createStore<SessionState>()(() => INITIAL);

/** Profiles and switches are plain JSON, read back from the cache or parsed by the same schemas. */
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what changed is replaced and announced: the server confirming the cached profile as it was
 * must not re-render every screen (a screen being drawn would start over).
 */
function setState(patch: Partial<SessionState>): void {
  const state = store.getState();
  const changed = Object.entries(patch).filter(([field, value]) => !sameValue(state[field as keyof SessionState], value));
  if (changed.length === 0) return;
  store.setState(Object.fromEntries(changed));
}

export const USER_INIT_WAIT_MS = 5000;
export const USER_INIT_POLL_MS = 100;

let loading = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchCurrentUser(): Promise<User> {
  try {
    const { data } = await api.get(API.auth.me);
    if (!data || (typeof data === 'object' && Object.keys(data).length === 0)) throw new Error(SESSION_MESSAGES.noUserData);
    const user = (await userSchemas()).userSchema.parse(data);
    tokens.storeUser(user);
    setState({ user, offline: false, expired: false });
    return user;
  } catch (error) {
    // An expired session is not a signed-out user: they stay, and sign in again in place.
    if (error instanceof SessionExpiredError) {
      const cached = await tokens.cachedUser();
      if (cached) {
        setState({ user: cached, expired: true });
        return cached;
      }
    }
    // Offline, or a server down for maintenance (503), is not signed out: keep working from the
    // cached profile (DESIGN.md offline rules); maintenance shows its own screen (src/data/maintenance.ts).
    const unavailable = responseStatus(error) === 503;
    if (isNetworkError(error) || unavailable) {
      const cached = tokens.confirmedRecently() ? await tokens.cachedUser() : null;
      if (cached) {
        setState({ user: cached, offline: !unavailable });
        return cached;
      }
      // Unreachable and nothing cached: keep the tokens for when the network is back.
      throw error;
    }
    logout();
    throw error;
  }
}

/**
 * Loads the current user. A second call while one runs waits for it, polling every 100 ms for
 * up to 5 s, then fails with 'User initialization timeout' (product-frame.md §4).
 */
export async function loadCurrentUser(): Promise<User> {
  if (loading) {
    for (let waited = 0; waited < USER_INIT_WAIT_MS; waited += USER_INIT_POLL_MS) {
      await sleep(USER_INIT_POLL_MS);
      if (!loading) {
        const { user } = store.getState();
        if (user) return user;
        throw new Error(SESSION_MESSAGES.noUserData);
      }
    }
    throw new Error(SESSION_MESSAGES.initTimeout);
  }
  loading = true;
  try {
    const user = await fetchCurrentUser();
    startPreloadSoon(user);
    return user;
  } finally {
    loading = false;
  }
}

/**
 * Learns how long this device may work offline. Best effort: until the server answers, the
 * device keeps the period it last learnt (or the default).
 */
export async function loadOfflineSettings(): Promise<void> {
  try {
    const { data } = await api.get(API.system.offline);
    await rememberOfflineSettings(offlineSettingsSchema.parse(data));
  } catch {
    // Unreachable, refused or unparsable: the period already known stands.
  }
}

export class ModuleConfigError extends Error {
  constructor() {
    super('Failed to load module configuration');
  }
}

/**
 * Module switches: a 401 falls back to defaults silently (all on); other failures are reported.
 * The offline period is learnt alongside (the device's other setting from the server).
 */
export async function loadModules(): Promise<ModuleMap> {
  const offlineSettings = loadOfflineSettings();
  try {
    const { data } = await api.get(API.system.modules);
    const modules = moduleMapSchema.parse(data);
    tokens.storeModules(modules);
    setState({ modules });
    return modules;
  } catch (error) {
    // A 401 whose renewal was refused surfaces as SessionExpiredError: still a 401 here.
    if (responseStatus(error) === 401 || error instanceof SessionExpiredError || isNetworkError(error)) return store.getState().modules;
    throw new ModuleConfigError();
  } finally {
    await offlineSettings;
  }
}

/**
 * Opens the app for the stored session from the profile and module switches cached at the last
 * successful load, without waiting for the network; the server confirms them in the background
 * (a refusal signs out, the shell then asks to sign in). Null when there is no cached profile or
 * the session can no longer be renewed: the caller loads the user from the server.
 */
export async function resumeSession(): Promise<User | null> {
  const cached = await tokens.cachedUser();
  // Another navigation resumed it while the profile was read.
  const resumed = store.getState().user;
  if (resumed) return resumed;
  if (!cached || !tokens.access) return null;
  // A device the server has not seen for longer than it may work offline keeps nothing open.
  if (!tokens.confirmedRecently()) {
    stopPreloadSoon({ clearMirror: true });
    return null;
  }
  setState({ user: cached, modules: tokens.cachedModules() ?? store.getState().modules, expired: isTokenExpired(tokens.refresh) });
  startPreloadSoon(cached);
  confirmation = loadCurrentUser()
    .then(() => loadModules())
    .then(() => undefined)
    // A refusal has signed out already; an unreachable server leaves the cached session as it is.
    .catch(() => undefined);
  return cached;
}

let confirmation: Promise<void> = Promise.resolve();

/** How long a screen the cached switches refuse waits for the server's word: flaky Wi-Fi is not left hanging. */
const CONFIRMATION_WAIT_MS = 3000;

/**
 * Settles when the server has confirmed (or could not be asked about) the session resumed from
 * the cache, or after a few seconds: a screen the cached switches would refuse waits for it, so a
 * module switched back on is not refused for the rest of the visit.
 */
export const sessionConfirmed = async (): Promise<void> => {
  await atMost(confirmation, CONFIRMATION_WAIT_MS);
};

export async function signIn(username: string, password: string): Promise<User> {
  const { data } = await api.post(API.auth.create, { username, password });
  tokens.store(tokenPairSchema.parse(data));
  const user = await loadCurrentUser();
  await loadModules().catch((error: Error) => console.warn(error.message));
  return user;
}

/**
 * Signs the user whose session expired in again, in place: the same account, a new pair; the
 * screen they were on and their queued changes stay.
 */
export async function signInAgain(password: string): Promise<User> {
  const user = store.getState().user;
  if (!user) throw new Error(SESSION_MESSAGES.noUserData);
  const { data } = await api.post(API.auth.create, { username: user.username, password });
  await tokens.store(tokenPairSchema.parse(data));
  setState({ expired: false });
  return loadCurrentUser();
}

/** The device can no longer renew the session of `userId` (the replayer found no usable token): if it is this tab's user, they are asked to sign in again. */
export function sessionExpiredFor(userId: number): void {
  if (store.getState().user?.id === userId) setState({ expired: true });
}

setSessionExpiredHandler(() => {
  if (store.getState().user) setState({ expired: true });
});

/** Ends the refresh token on the server, so a copy of it cannot renew the session; offline it simply expires. */
function revokeRefreshToken(refresh: string | null): void {
  if (refresh) api.post(API.auth.blacklist, { refresh }).catch(() => undefined);
}

/** Logout: storage, user list and current user are all cleared (the client reads the token from storage on every call). */
export function logout(): void {
  revokeRefreshToken(tokens.refresh);
  tokens.clear();
  stopPreloadSoon({ clearMirror: true });
  setState(INITIAL);
}

export async function loadUsers(): Promise<UserListItem[]> {
  const { data } = await api.get<{ results?: unknown } | unknown[] | null>(API.users.list, { params: { page_size: 1000 } });
  const results: unknown = Array.isArray(data) ? data : data?.results;
  // A non-array answer gives an empty list (product-frame.md §8), logged only.
  const { userListItemSchema } = await userSchemas();
  const users = Array.isArray(results) ? results.map((u) => userListItemSchema.parse(u)) : [];
  if (!Array.isArray(results)) console.warn('Users list is not an array');
  setState({ users });
  return users;
}

/**
 * Tabs share one stored session (localStorage): when another tab signs in as someone else, or
 * signs out, this tab's user is no longer the one whose tokens the device holds.
 */
async function noticeOtherTabs(event: StorageEvent): Promise<void> {
  if (event.key !== null && event.key !== STORAGE_KEYS.userId && event.key !== STORAGE_KEYS.profile) return;
  const mine = store.getState().user?.id;
  if (mine === undefined) return;
  const holder = tokens.userId;
  const by = holder === null || holder === mine ? null : await tokens.cachedUser();
  // Another switch came while the profile was read: its own event decides.
  if (tokens.userId !== holder) return;
  setState({ replaced: holder === mine ? null : { by } });
}
if (typeof window !== 'undefined') window.addEventListener('storage', (event) => void noticeOtherTabs(event));

/**
 * A session opened from the cache while the server could not be reached is confirmed as soon as
 * the server answers anything, or the network comes back: the header must not say "Offline" for
 * a minute after it is not (issue 15 §4).
 */
onServerAnswer((_request, response) => {
  if (store.getState().offline) setState({ offline: false });
  // A superuser switched a module off since the switches were read: read them again, so its menus and screens go.
  const body = response.data as { code?: unknown } | null;
  if (response.status === 403 && body?.code === MODULE_DISABLED_CODE && store.getState().user) loadModules().catch(() => undefined);
});
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (store.getState().user && store.getState().offline) loadCurrentUser().catch(() => undefined);
  });
}

export const session = {
  get state(): SessionState {
    return store.getState();
  },
  subscribe(listener: () => void): () => void {
    return store.subscribe(() => listener());
  },
  /** Test seam: forget everything in memory without touching storage. */
  resetForTests(): void {
    store.setState(INITIAL, true);
    loading = false;
  },
};

export function useSession(): SessionState {
  return useStore(store);
}
