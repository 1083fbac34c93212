/** Browser storage for the outbox and the mirror (DESIGN.md: persistence requested, usage shown). */
export interface StorageStatus {
  usage: number | null;
  quota: number | null;
  /** null: the browser cannot say (or has no Storage API). */
  persisted: boolean | null;
}

/**
 * Asks the browser not to evict this site's data under storage pressure (unsent writes live
 * there). Chromium decides silently, Firefox may ask the user; asking again is harmless.
 */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return null;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return null;
  }
}

export async function storageStatus(): Promise<StorageStatus> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}
