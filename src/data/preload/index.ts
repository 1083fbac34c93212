import { DATA_TYPES, LOADABLE_TYPES, MODULE_HOME_DATA, SCREEN_DATA, type DataType, type DataTypeDef } from '../../../domain/data-types';
import { isModuleEnabled } from '../../../domain/modules';
import { can, READ_PERMISSIONS, type Permission } from '../../../domain/permissions';
import { PRELOAD_SETS, preloadSetNameOf } from '../../../domain/preload';
import { isManagementUser } from '../../../domain/roles';
import type { RouteDef } from '../../../domain/routes';
import type { User } from '../../../domain/user';
import { metaKey, mirror } from '../mirror/db';
import { stopSyncs, SyncStopped, syncType } from '../mirror/sync';
import { reloadsOnEntry } from '../refresh-events';
import { session } from '../session';
import { preloadGeneration } from './deferred';
import { loadFailure, ModuleLoader, type TypeLoader } from './module-loader';
import { runPreloadTiers } from './tiers';

/** The signed-in user's preload: whose mirror it is, the tiers still due, the management loader. */
interface Preload {
  user: User;
  userId: number;
  /** Resolves once the mirror is this user's (false: no mirror on this device). */
  ready: Promise<boolean>;
  loader: ModuleLoader;
  cancelTiers: () => void;
}

let current: Preload | null = null;

// A browser without IndexedDB has no mirror: lists stay empty, nothing is loaded or warned about.
const hasMirror = () => typeof indexedDB !== 'undefined';

/** Makes the mirror this user's: another user's rows and sync positions are cleared first. */
async function claimMirror(userId: number): Promise<boolean> {
  try {
    if ((await mirror.meta.where('userId').notEqual(userId).count()) > 0) await mirror.clearAll();
    return true;
  } catch (error) {
    console.warn(`The offline store cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** May the user read a type at all? A screen shared by several departments names types some of them may not (the server would refuse them). */
const mayRead = (user: User, type: DataType) => {
  const permission = (READ_PERMISSIONS as Partial<Record<DataType, Permission>>)[type];
  return permission !== undefined && can(user, permission);
};

/** Syncs a type for the preload's user, unless the preload ended, the type's module is off or the user has no use for it or may not read it. */
async function syncFor(preload: Preload, type: DataType, onlyIfNeverLoaded = false): Promise<void> {
  if (!(await preload.ready) || current !== preload) return;
  if (!isModuleEnabled(session.state.modules, DATA_TYPES[type].module)) return;
  if ((DATA_TYPES[type] as DataTypeDef).loadedFor?.(preload.user) === false || !mayRead(preload.user, type)) return;
  if (onlyIfNeverLoaded && (await mirror.meta.get(metaKey(preload.userId, type)))?.loadedAt) return;
  try {
    await syncType(preload.userId, type);
  } catch (error) {
    // A sync stopped by a sign-out is no failure.
    if (!(error instanceof SyncStopped)) throw error;
  }
}

/** Data loading only warns (product-frame.md §4 guard step 4). */
function warnOnFailure(type: DataType, work: Promise<void>): void {
  work.catch((error: unknown) => console.warn(loadFailure(type, error)));
}

/**
 * Starts the user's preload once the current user is known: management users get the critical
 * customers and then lazy loading per module home route; everyone else their department's three
 * tiers. Signing in as someone else clears the mirror first. Calling it again for the same user
 * does nothing.
 */
export function startPreload(user: User): void {
  if (current?.userId === user.id) return;
  // Not stopPreload: that also cancels what was asked for the new user while this one started
  // (the route's data of the screen being opened); another user's requests are refused anyway.
  endPreload();
  if (!hasMirror()) return;
  const loaders: Partial<Record<string, TypeLoader>> = {};
  const preload: Preload = { user, userId: user.id, ready: claimMirror(user.id), loader: new ModuleLoader(MODULE_HOME_DATA, loaders), cancelTiers: () => {} };
  for (const type of LOADABLE_TYPES) loaders[type] = () => syncFor(preload, type);
  current = preload;
  const management = isManagementUser(user);
  preload.cancelTiers = runPreloadTiers(PRELOAD_SETS[preloadSetNameOf(user.department)], (type) =>
    // Through the management loader, the critical customers count as loaded for its modules.
    management ? void preload.loader.loadTypes([type]) : warnOnFailure(type, syncFor(preload, type)),
  );
}

/**
 * Ends the preload: tiers not yet due are cancelled and running syncs dropped. `clearMirror`
 * (sign-out) also empties the mirror, so the next user of the device never sees these rows.
 */
export function stopPreload(options: { clearMirror?: boolean } = {}): void {
  preloadGeneration.current += 1;
  endPreload(options);
}

function endPreload(options: { clearMirror?: boolean } = {}): void {
  current?.cancelTiers();
  current = null;
  stopSyncs();
  if (options.clearMirror && hasMirror()) mirror.clearAll().catch((error: Error) => console.warn(`The offline store cannot be cleared: ${error.message}`));
}

/**
 * The data loading of the navigation guard (step 4), run after authentication on every route
 * change and never awaited: a management user's module home loads its module; a screen's
 * mirrored data reloads (a delta sync) by the refresh rules, and loads anyway if this user never
 * loaded it. Failures only warn.
 */
export function loadRouteData(from: RouteDef | null, to: RouteDef, user: User): void {
  const preload = current?.userId === user.id ? current : null;
  if (!preload) return;
  if (isManagementUser(user) && to.name in MODULE_HOME_DATA) void preload.loader.loadModule(to.name);
  const onlyIfNeverLoaded = !reloadsOnEntry(from, to);
  for (const type of SCREEN_DATA[to.name] ?? []) warnOnFailure(type, syncFor(preload, type, onlyIfNeverLoaded));
}

/** Reloads mirrored data now (a delta sync per type), e.g. a list's refresh; failures show in its freshness note. */
export async function reloadData(types: readonly DataType[]): Promise<void> {
  const preload = current;
  if (!preload) return;
  await Promise.allSettled(types.map((type) => syncFor(preload, type)));
}

/** The management loader of the signed-in user (null for no user): its modules, types and failures. */
export function moduleLoader(): ModuleLoader | null {
  return current?.loader ?? null;
}
