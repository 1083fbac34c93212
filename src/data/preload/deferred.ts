import type { RouteDef } from '../../../domain/routes';
import type { User } from '../../../domain/user';

/**
 * The session and the guard reach the preload through here: it is imported on demand, so the
 * mirror and Dexie stay out of the sign-in page's JavaScript. A stop cancels what was asked for
 * before it but has not started yet, so a late import never preloads for a signed-out user.
 */
export const preloadGeneration = { current: 0 };

const preload = () => import('./index');

export function startPreloadSoon(user: User): void {
  const asked = preloadGeneration.current;
  void preload().then(({ startPreload }) => {
    if (asked === preloadGeneration.current) startPreload(user);
  });
}

export function loadRouteDataSoon(from: RouteDef | null, to: RouteDef, user: User): void {
  const asked = preloadGeneration.current;
  void preload().then(({ loadRouteData }) => {
    if (asked === preloadGeneration.current) loadRouteData(from, to, user);
  });
}

export function stopPreloadSoon(options: { clearMirror?: boolean }): void {
  preloadGeneration.current += 1;
  void preload().then(({ stopPreload }) => stopPreload(options));
}
