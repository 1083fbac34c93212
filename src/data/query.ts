import { onlineManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isNetworkError, responseStatus } from './api';
import { session } from './session';

/** A read the server could not answer retries this many times, then shows why. */
export const READ_RETRIES = 2;
export const RETRY_BASE_MS = 1000;
export const RETRY_MOST_MS = 10_000;

/** Worth asking again: no answer, a server hiccup (5xx), a timeout (408) or "slow down" (429). Refusals (4xx) are final. */
export function retriable(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const status = responseStatus(error);
  return status !== undefined && (status >= 500 || status === 408 || status === 429);
}

/**
 * Online reads (dashboards, reports, server-only details) and decisions. Offline a read waits,
 * paused, instead of failing, and runs when the connection is back; a dead server is asked twice
 * more, 1 then 2 seconds apart, not hammered. Screens are read again when entered (a dashboard is
 * fresh on every entry) and on reconnect, never on window focus: tablets switch apps all day.
 */
export const queryDefaults = {
  queries: {
    networkMode: 'online',
    retry: (failures, error) => failures < READ_RETRIES && retriable(error),
    retryDelay: (attempt) => Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MOST_MS),
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
  },
  // A decision is taken once, by the user's press: a failure is shown, never sent again behind their back.
  mutations: { networkMode: 'online', retry: false },
} satisfies DefaultOptions;

export function createQueryClient(defaults: DefaultOptions = queryDefaults): QueryClient {
  return new QueryClient({ defaultOptions: defaults });
}

/** The signed-in app's client (src/app/AppShell.tsx provides it). */
export const queryClient = createQueryClient();

// The app may start offline: Query hears only the events after it loads.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

// What one user read is not shown to the next on a shared tablet.
let userId = session.state.user?.id;
session.subscribe(() => {
  if (session.state.user?.id === userId) return;
  userId = session.state.user?.id;
  queryClient.clear();
});
