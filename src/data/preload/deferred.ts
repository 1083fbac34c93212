import type { RouteDef } from '../../../domain/routes';
import type { User } from '../../../domain/user';
import { atMost } from '../at-most';

/**
 * The session and the guard reach the preload through here: it is imported on demand, so the
 * mirror and Dexie stay out of the sign-in page's JavaScript. A stop cancels what was asked for
 * before it but has not started yet, so a late import never preloads for a signed-out user.
 */
export const preloadGeneration = { current: 0 };

/** A first screen that takes longer than this to draw does not hold the data back any longer. */
export const PRELOAD_HOLD_MS = 1000;

let held: Promise<void> = Promise.resolve();

/**
 * The app holds the preload and the route data back until its first screen is drawn (at most
 * PRELOAD_HOLD_MS): on a page load the device already has the user's data, and the syncs that
 * refresh it would otherwise take the tablet's processor while it draws that screen. The tiers'
 * timing (0, 100 and 300 ms) counts from the start. Without a hold (a sign-in, tests) nothing waits.
 */
export function holdPreloadUntil(drawn: Promise<unknown>): void {
  held = atMost(drawn, PRELOAD_HOLD_MS);
}

const preload = () => import('./index');
const heldPreload = () => held.then(preload);

export function startPreloadSoon(user: User): void {
  const asked = preloadGeneration.current;
  void heldPreload().then(({ startPreload }) => {
    if (asked === preloadGeneration.current) startPreload(user);
  });
}

export function loadRouteDataSoon(from: RouteDef | null, to: RouteDef, user: User): void {
  const asked = preloadGeneration.current;
  void heldPreload().then(({ loadRouteData }) => {
    if (asked === preloadGeneration.current) loadRouteData(from, to, user);
  });
}

/** Never held: a sign-out empties the device at once. */
export function stopPreloadSoon(options: { clearMirror?: boolean }): void {
  preloadGeneration.current += 1;
  void preload().then(({ stopPreload }) => stopPreload(options));
}
