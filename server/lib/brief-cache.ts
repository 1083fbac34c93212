/**
 * Reads kept briefly, per key, for the guard that every API call passes (its caller's user row,
 * session and the system settings): reading them once per call would cost database round trips
 * per request. Calls that arrive while a key is being read wait for that one read: when an entry
 * lapses under load, every call in flight would otherwise read it again (a quarter more queries
 * at 50 clients). Writes through this process forget what they change; another process's writes
 * apply within the cache's lifetime.
 */
export class BriefCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; until: number }>();

  constructor(private readonly lifetimeMs: number) {}

  /** The cached value, or `read()`'s; a value `keep` refuses (a missing row) is not kept. */
  get(key: K, read: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    // Until the read finishes, the entry is fresh.
    const entry = { value: read(), until: Infinity };
    this.entries.set(key, entry);
    const settled = (kept: boolean) => {
      if (this.entries.get(key) !== entry) return; // forgotten meanwhile: the next call reads afresh
      if (kept) entry.until = Date.now() + this.lifetimeMs;
      else this.entries.delete(key);
    };
    entry.value.then((value) => settled(keep(value)), () => settled(false));
    return entry.value;
  }

  forget(key?: K): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
