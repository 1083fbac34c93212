import { SESSION_MESSAGES } from '../../domain/auth';
import { isModuleEnabled } from '../../domain/modules';
import { mayOpen } from '../../domain/menus';
import { PERMISSION_DENIED, SUPERUSER_REQUIRED } from '../../domain/permissions';
import { landingRouteFor } from '../../domain/roles';
import { isPublicRoute, pathOf, SIGN_IN_ROUTES, type RouteDef } from '../../domain/routes';
import type { User } from '../../domain/user';
import { isNetworkError } from '../data/api';
import { emitRefresh } from '../data/refresh-events';
import { loadRouteDataSoon } from '../data/preload/deferred';
import { NETWORK_ERROR_MESSAGE } from '../ui/server-errors';
import { loadCurrentUser, loadModules, logout, resumeSession, session, sessionConfirmed } from '../data/session';
import { tokens } from '../data/tokens';

export type GuardVerdict =
  | { allow: true }
  | { allow: false; redirect: string; message?: string; caption?: string; messageType?: 'negative' | 'warning' | 'info' };

let previousRoute: RouteDef | null = null;

async function currentUser(): Promise<User> {
  if (session.state.user) return session.state.user;
  if (!tokens.access) throw new Error(SESSION_MESSAGES.noAccessToken);
  // Offline first: a device that knows its user opens at once; the server confirms it meanwhile.
  const resumed = await resumeSession();
  if (resumed) return resumed;
  const user = await loadCurrentUser().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      message === SESSION_MESSAGES.initTimeout || message === SESSION_MESSAGES.noUserData ? message : `${SESSION_MESSAGES.authFailedPrefix}${message}`,
      { cause: error },
    );
  });
  if (!user.id) throw new Error(SESSION_MESSAGES.noUserFromToken);
  // Module switches come with the session; a failure here only warns (step 4: never blocks).
  await loadModules().catch((error: Error) => console.warn(error.message));
  return user;
}

/**
 * The navigation guard of product-frame.md §4, run on every route change.
 * `fullPath` is the intended path with its query and hash, kept for the redirect after sign-in.
 */
export async function guard(route: RouteDef, fullPath: string): Promise<GuardVerdict> {
  // 1. Public routes proceed; sign-in screens send a signed-in user to their landing page.
  if (isPublicRoute(route)) {
    // A stored session is picked up quietly, so public screens know who is there.
    const user = tokens.access && route.name !== 'logout' ? (session.state.user ?? (await currentUser().catch(() => null))) : null;
    if (user && SIGN_IN_ROUTES.includes(route.name)) return { allow: false, redirect: pathOf(landingRouteFor(user)) };
    previousRoute = route;
    return { allow: true };
  }

  // 2–3. Other routes need a user; any failure signs out and goes to login with the redirect.
  let user: User;
  try {
    user = await currentUser();
  } catch (error) {
    const redirect = `${pathOf('login')}?redirect=${encodeURIComponent(fullPath)}`;
    // Unreachable server and no cached profile: ask to sign in, but keep the stored session.
    if (isNetworkError((error as Error).cause)) return { allow: false, redirect, message: NETWORK_ERROR_MESSAGE, messageType: 'warning' };
    logout();
    const message = (error as Error).message;
    // Opening a bookmark while signed out is routine, not an error: ask to sign in.
    if (message === SESSION_MESSAGES.noAccessToken) return { allow: false, redirect, message: 'Please sign in to continue.', caption: message, messageType: 'info' };
    return { allow: false, redirect, message, messageType: 'negative' };
  }

  // 5. The superuser area is admin-only.
  if (route.adminOnly && !user.is_superuser) {
    return { allow: false, redirect: pathOf(landingRouteFor(user)), message: SUPERUSER_REQUIRED, messageType: 'negative' };
  }
  // A switched-off module's screens do not exist for the user; cached switches are confirmed first.
  if (!isModuleEnabled(session.state.modules, route.module)) await sessionConfirmed();
  if (!isModuleEnabled(session.state.modules, route.module)) {
    return { allow: false, redirect: pathOf('not-found') };
  }
  // A screen the user may not use (the permission its route names, the server's too) is refused
  // here, not opened to a 403 above an empty table.
  if (!mayOpen(user, route)) {
    return { allow: false, redirect: pathOf(landingRouteFor(user)), message: PERMISSION_DENIED, messageType: 'negative' };
  }

  // 4. Leaving a create/update/delete screen refreshes the lists it affects; then the route's data
  // loads in the background (never awaited: failures only warn).
  if (previousRoute?.kind === 'operation' && previousRoute.name !== route.name) {
    emitRefresh(previousRoute.name, previousRoute.affects ?? []);
  }
  loadRouteDataSoon(previousRoute, route, user);
  previousRoute = route;
  return { allow: true };
}

/** Test seam. */
export function resetGuardForTests(): void {
  previousRoute = null;
}
