/** IndexedDB (through Dexie) refused a write for want of space. */
export function isStorageFull(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { inner?: unknown }).inner) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
  }
  return false;
}
