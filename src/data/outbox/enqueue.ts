import { tokens } from '../tokens';
import { addEntry, discardEntry, resendEntry, type Enqueued } from './entries';
import { requestPersistentStorage } from './storage';
import { nudgeReplay, requestBackgroundSync } from './triggers';

export const NOT_SIGNED_IN = 'Sign in to save changes.';

/**
 * Queues a write of the signed-in user (the page's entry point): validated, stored durably,
 * shown in the mirror at once, sent as soon as it can be. Screens save through this, online
 * or not, and never wait on the network.
 */
export async function enqueue(name: string, payload: unknown, options: { dependsOn?: readonly number[] } = {}): Promise<Enqueued> {
  const userId = tokens.userId;
  if (userId === null) throw new Error(NOT_SIGNED_IN);
  const queued = await addEntry(name, payload, { userId, dependsOn: options.dependsOn });
  nudgeReplay();
  void requestBackgroundSync();
  void requestPersistentStorage();
  return queued;
}

/** Fix and resend from the Sync screen. */
export async function resend(id: number, payload: unknown): Promise<void> {
  await resendEntry(id, payload);
  nudgeReplay();
  void requestBackgroundSync();
}

export const discard = discardEntry;
