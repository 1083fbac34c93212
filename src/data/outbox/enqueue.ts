import { displayName } from '../../../domain/user';
import { session } from '../session';
import { tokens } from '../tokens';
import { addEntry, discardEntry, resendEntry, retryEntry, type Enqueued } from './entries';
import { requestPersistentStorage } from './storage';
import { nudgeReplay, requestBackgroundSync } from './triggers';

export const NOT_SIGNED_IN = 'Sign in to save changes.';
export const SESSION_REPLACED = 'Someone else has signed in on this device since this screen was opened, so it can no longer save. Nothing was saved: reload the page.';

/**
 * Queues a write of the signed-in user (the page's entry point): validated, stored durably,
 * shown in the mirror at once, sent as soon as it can be. Screens save through this, online
 * or not, and never wait on the network.
 */
export async function enqueue(name: string, payload: unknown, options: { dependsOn?: readonly number[] } = {}): Promise<Enqueued> {
  const userId = tokens.userId;
  if (userId === null) throw new Error(NOT_SIGNED_IN);
  // The author is the person this tab shows: once another tab has taken the device's session, this tab saves nothing.
  const shown = session.state.user;
  if (session.state.replaced || (shown && shown.id !== userId)) throw new Error(SESSION_REPLACED);
  const author = shown ?? tokens.cachedUser();
  const queued = await addEntry(name, payload, { userId, author: author ? { username: author.username, name: displayName(author) } : undefined, dependsOn: options.dependsOn });
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

/** "Try again" from the Sync screen, on a write the server kept failing. */
export async function retry(id: number): Promise<void> {
  if (await retryEntry(id)) nudgeReplay({ retryAll: true });
}

export const discard = discardEntry;
