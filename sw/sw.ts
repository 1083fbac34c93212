/**
 * The FabOps service worker (DESIGN.md "Offline-first rules"): the app shell is precached so
 * every screen opens offline, navigations fall back to the shell, and the outbox is replayed on
 * Background Sync. API answers are never cached here: the IndexedDB mirror is the data cache.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { outbox } from '../src/data/outbox/db';
import { OUTBOX_SYNC_TAG, replayOutbox } from '../src/data/outbox/replay';
import { maintenanceAwareFetch } from '../src/data/maintenance-signal';
import { idbTokenSource, readSession } from '../src/data/token-store';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event; TypeScript's WebWorker library does not describe it. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const API_BASE = '/api/v1';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A deep link or reload of any screen gets the shell; the router inside it picks the screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

// A new version waits until the page says the user agreed (src/app/pwa.ts), never on its own.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

/**
 * Replays the outbox when the browser says the network is back, even with no tab open. The
 * signed-in user's entries still pending afterwards fail the event so Background Sync tries again later (with its own
 * backoff); rejected entries wait for the user in the Sync screen.
 */
async function replayOnSync(): Promise<void> {
  const fetch = maintenanceAwareFetch(self.fetch.bind(self));
  const result = await replayOutbox({ fetch, baseUrl: API_BASE, tokens: idbTokenSource({ fetch, baseUrl: API_BASE }) });
  // Another tab (or an earlier event) is replaying: it owns the retries.
  if (!result.ran) return;
  // Only the signed-in user's entries can be sent now; another user's wait for them to sign in.
  const session = await readSession();
  const pending = session?.userId ? await outbox.entries.where('userId').equals(session.userId).filter((entry) => entry.state === 'pending').count() : 0;
  if (pending > 0) throw new Error(`${pending} outbox entries are still waiting to be sent`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayOnSync());
});
