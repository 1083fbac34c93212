import { can } from '../../../domain/permissions';
import { displayName } from '../../../domain/user';
import { session } from '../session';
import { tokens } from '../tokens';
import { addEntry, discardEntry, resendEntry, retryEntry, type Enqueued } from './entries';
import type { Operation } from './operations';
import { requestPersistentStorage } from './storage';
import { isStorageFull } from './quota';
import { notify } from '../../ui/notify';
import { nudgeReplay, requestBackgroundSync } from './triggers';

export const NOT_SIGNED_IN = 'Sign in to save changes.';
export const SESSION_REPLACED = 'Someone else has signed in on this device since this screen was opened, so it can no longer save. Nothing was saved: reload the page.';
export const STORAGE_FULL = 'This device’s storage is full, so the change was not saved. Free some space (the Sync screen shows how much is used), then save again: your form is still here.';

/**
 * A change the device could not keep, already told to the user; the screen stays as it was (its
 * form keeps the input). The app's unhandled-rejection handler knows to say nothing more.
 */
export class ChangeNotSavedError extends Error {
  readonly told = true;
}

/** A change the signed-in user's role may not make: refused before it is queued, never sent. */
export class NotPermittedError extends ChangeNotSavedError {}

export const notPermitted = (label: string) => `${label}: your role does not allow this change, so it was not saved.`;

/** Refuses with a message the user sees at once: the screens need not catch it. */
function notSaved(message: string, Refusal: typeof ChangeNotSavedError = ChangeNotSavedError): never {
  notify({ type: 'negative', message });
  throw new Refusal(message);
}

/**
 * Queues a write of the signed-in user (the page's entry point): validated, stored durably,
 * shown in the mirror at once, sent as soon as it can be. Screens save through this, online
 * or not, and never wait on the network.
 */
export async function enqueue<P, I>(operation: Operation<P, I>, payload: NoInfer<I>, options: { dependsOn?: readonly number[] } = {}): Promise<Enqueued> {
  const userId = tokens.userId;
  if (userId === null) notSaved(NOT_SIGNED_IN);
  // The author is the person this tab shows: once another tab has taken the device's session, this tab saves nothing.
  const shown = session.state.user;
  if (session.state.replaced || (shown && shown.id !== userId)) notSaved(SESSION_REPLACED);
  const author = shown ?? (await tokens.cachedUser());
  // The server would refuse it in the background while the screen said "saved": refuse it here, at once.
  if (author && !can(author, operation.permission)) notSaved(notPermitted(operation.label), NotPermittedError);
  let queued: Enqueued;
  try {
    queued = await addEntry(operation, payload, { userId, author: author ? { username: author.username, name: displayName(author) } : undefined, dependsOn: options.dependsOn });
  } catch (error) {
    // The entry and its bases are one transaction: a full disk leaves nothing half-written.
    if (isStorageFull(error)) notSaved(STORAGE_FULL);
    throw error;
  }
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
