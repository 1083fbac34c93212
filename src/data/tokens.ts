import { STORAGE_KEYS, type TokenPair } from '../../domain/auth';
import { userSchema, type User } from '../../domain/user';

/**
 * The stored session (product-frame.md §3): access token under 'access', the refresh token,
 * the user id, and the last profile so a signed-in user stays signed in while offline.
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
  store(pair: Partial<TokenPair>): void {
    if (pair.access) localStorage.setItem(STORAGE_KEYS.access, pair.access);
    if (pair.refresh) localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
  },
  storeUser(user: User): void {
    localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
    localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(user));
  },
  /** The profile cached at the last successful load, if it belongs to the stored user id. */
  cachedUser(): User | null {
    try {
      const parsed = userSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEYS.profile) ?? 'null'));
      return parsed.success && parsed.data.id === tokens.userId ? parsed.data : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};
