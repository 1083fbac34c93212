import { createStore, useStore } from 'zustand';
import type { Workbox } from 'workbox-window';
import { forgetUnsavedChangesForTests, hasUnsavedChanges, onUnsavedChangesChange } from '../ui/unsaved-changes';

/**
 * The installable app's updates (DESIGN.md: "A new app version is offered, not forced: never
 * reload while the outbox is sending or a form has unsaved input").
 */

/**
 * The Web Lock the outbox replayer holds while it sends. Not imported from
 * src/data/outbox/replay.ts, which would bring the outbox into the sign-in page's bundle; a test
 * keeps the two equal.
 */
export const OUTBOX_REPLAY_LOCK = 'fabops-outbox-replay';
/** An installed app can stay open for days: look for a new version this often. */
export const UPDATE_CHECK_MS = 60 * 60_000;
/** Locks announce nothing when released, so a waiting update asks again this often. */
export const BLOCKER_POLL_MS = 1_000;

/** True while the outbox replayer (of any tab, or the service worker) holds its lock. */
export async function isOutboxSending(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks) return false;
  const { held = [] } = await navigator.locks.query();
  return held.some((lock) => lock.name === OUTBOX_REPLAY_LOCK);
}

/** Why an accepted update has not started yet. */
export type UpdateBlocker = 'unsaved' | 'sending';

export type UpdatePhase =
  /** Nothing to offer. */
  | 'none'
  /** A new version is ready; the user has not answered. */
  | 'offered'
  /** The user said "Update now"; a blocker holds it back. */
  | 'waiting'
  /** Reloading into the new version. */
  | 'updating'
  /** The user said "Later": not asked again on this page, unless another tab installs it. */
  | 'later';

export interface UpdateState {
  phase: UpdatePhase;
  blocker: UpdateBlocker | null;
}

const NONE: UpdateState = { phase: 'none', blocker: null };
const update = createStore<UpdateState>()(() => NONE);
let apply: (() => void) | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;

function setState(next: UpdateState): void {
  update.setState(next, true);
  if (next.phase === 'waiting' && pollTimer === null) pollTimer = setInterval(() => void recheck(), BLOCKER_POLL_MS);
  if (next.phase !== 'waiting' && pollTimer !== null) {
    clearInterval(pollTimer);
    pollTimer = null;
  }
}

async function currentBlocker(): Promise<UpdateBlocker | null> {
  if (hasUnsavedChanges()) return 'unsaved';
  return (await isOutboxSending()) ? 'sending' : null;
}

/** An accepted update starts as soon as nothing holds it back. */
async function recheck(): Promise<void> {
  if (update.getState().phase !== 'waiting') return;
  const blocker = await currentBlocker();
  if (update.getState().phase !== 'waiting') return;
  if (blocker) {
    if (blocker !== update.getState().blocker) setState({ phase: 'waiting', blocker });
    return;
  }
  setState({ phase: 'updating', blocker: null });
  apply?.();
}

// A form saved or emptied may be what the update waited for.
onUnsavedChangesChange(() => void recheck());

/** A new version is ready; `install` switches to it (the page reloads). */
export function offerUpdate(install: () => void): void {
  apply = install;
  if (update.getState().phase === 'none') setState({ phase: 'offered', blocker: null });
}

/** "Update now": installs at once, or waits for unsaved input and sending changes. */
export async function acceptUpdate(): Promise<void> {
  if (update.getState().phase !== 'offered' && update.getState().phase !== 'waiting') return;
  setState({ phase: 'waiting', blocker: update.getState().blocker });
  await recheck();
}

/** "Later": the offer goes away; the new version installs by itself once every tab is closed. */
export function postponeUpdate(): void {
  if (update.getState().phase === 'offered' || update.getState().phase === 'waiting') setState({ phase: 'later', blocker: null });
}

export function useUpdateState(): UpdateState {
  return useStore(update);
}

/**
 * Registers the service worker (production builds only: src/main.tsx) and offers each new version.
 * The new worker waits until the user agrees; it then takes over and the page reloads into it.
 */
export async function registerServiceWorker(given?: Workbox, reload = () => window.location.reload()): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // workbox-window is its own chunk: the sign-in screen does not wait for it.
  const workbox = given ?? new (await import('workbox-window')).Workbox('/sw.js', { scope: '/' });
  let reloadWhenControlled = false;
  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      reloadWhenControlled = true;
      workbox.messageSkipWaiting();
    }),
  );
  workbox.addEventListener('controlling', () => {
    if (reloadWhenControlled) return reload();
    // The first install taking control is not an update.
    if (update.getState().phase === 'none') return;
    // Another tab installed the new version: this page's code is now older than its worker, so
    // all that is left is a reload, offered again even after "Later".
    apply = reload;
    if (update.getState().phase === 'later') setState({ phase: 'offered', blocker: null });
  });
  try {
    await workbox.register();
    // Offline the check fails; the next one is an hour later.
    setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
  } catch (error) {
    console.warn('The service worker could not be registered', error);
  }
}

/** Test seam: forget the offer and the dirty forms. */
export function resetUpdatesForTests(): void {
  forgetUnsavedChangesForTests();
  apply = null;
  setState(NONE);
}
