import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../domain/auth';
import { can, PERMISSIONS, SUPERUSER_REQUIRED, type Permission } from '../../domain/permissions';
import type { User } from '../../domain/user';
import { users } from '../db/schema';
import { verifyToken } from '../lib/jwt';
import { forbidden, HttpError, unauthorized } from '../lib/http-error';
import { BriefCache } from '../lib/brief-cache';
import { isModuleEnabled, MODULE_DISABLED_CODE, moduleDisabledMessage, moduleOfApiPath, type ModuleMap } from '../../domain/modules';
import type { SystemConfig } from '../../domain/system';
import { moduleMap, readConfig } from '../modules/system/service';
import { isIdle, sessionRow, timeOutSession, touchSession, type SessionRow } from '../modules/sessions/service';
import { maintenanceError } from '../modules/auth/service';
import { APP_VERSION_HEADER, APP_VERSION_PATTERN } from '../../domain/app-version';
import { toUser } from '../modules/users/service';
import { originOf, recordAudit } from '../modules/audit/service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' needs no sign-in; 'signed-in' any active user; otherwise a permission of domain/permissions. */
    access?: 'public' | 'signed-in' | Permission;
    /** A public route that answers in maintenance mode too (health, sign-in and renewal, which refuse non-superusers themselves). */
    openInMaintenance?: boolean;
  }
  interface FastifyRequest {
    user: User | null;
  }
}

const INVALID_TOKEN = 'Given token not valid for any token type';

/** Reads `Authorization: JWT <access>`; any other scheme counts as no credentials (as simplejwt does). */
function accessTokenOf(request: FastifyRequest): string | null {
  const [scheme, token, extra] = (request.headers.authorization ?? '').trim().split(/\s+/);
  return scheme === 'JWT' && token && !extra ? token : null;
}

/** How long the guard keeps its reads (users, sessions, settings): another process's change applies within it. */
const GUARD_CACHE_MS = 2000;
/** A session's activity is written at most this often: a call a second must not be a write a second. */
const ACTIVITY_WRITE_MS = 30_000;
type UserRow = typeof users.$inferSelect;
interface GuardReads {
  users: BriefCache<number, UserRow | undefined>;
  sessions: BriefCache<string, SessionRow | undefined>;
  settings: BriefCache<'settings', { config: SystemConfig; modules: ModuleMap }>;
}
const guardReads = new WeakMap<FastifyInstance, GuardReads>();
const GUARD_WRITES = /^\/api\/v1\/(users|admin|auth\/users|system)\//;
/** A sign-in may end the user's oldest sessions, a sign-out its own: only the sessions kept are stale. */
const SESSION_WRITES = /^\/api\/v1\/auth\/jwt\//;
const API_ROUTES = '/api/v1/';

function readsOf(app: FastifyInstance): GuardReads {
  let reads = guardReads.get(app);
  if (!reads) guardReads.set(app, (reads = { users: new BriefCache(GUARD_CACHE_MS), sessions: new BriefCache(GUARD_CACHE_MS), settings: new BriefCache(GUARD_CACHE_MS) }));
  return reads;
}

/** Drops what the guard keeps of an app (after writes it cannot see, such as a test's reset). */
export function forgetGuardReads(app: FastifyInstance): void {
  const reads = guardReads.get(app);
  reads?.users.forget();
  reads?.sessions.forget();
  reads?.settings.forget();
}

const userRow = (app: FastifyInstance, id: number) =>
  readsOf(app).users.get(id, () => app.db.select().from(users).where(eq(users.id, id)).then(([row]) => row), (row) => row !== undefined);

/** The system configuration and module switches every call is checked against. */
export const systemSettings = (app: FastifyInstance) =>
  readsOf(app).settings.get('settings', async () => ({ config: await readConfig(app.db), modules: await moduleMap(app.db) }));

/**
 * The token's session must be live: not ended (signed out, terminated, replaced) and not idle
 * past the session timeout. A call counts as activity, written at most every ACTIVITY_WRITE_MS.
 */
async function checkSession(app: FastifyInstance, sessionId: string | undefined, userId: number, appVersion: string | undefined): Promise<void> {
  const sessions = readsOf(app).sessions;
  const session = sessionId ? await sessions.get(sessionId, () => sessionRow(app.db, sessionId), (row) => row !== undefined) : undefined;
  if (!session || session.user_id !== userId || session.ended_at) throw unauthorized(AUTH_MESSAGES.sessionEnded, 'session_ended');
  const now = new Date();
  const { config } = await systemSettings(app);
  if (isIdle(session, config, now)) {
    await timeOutSession(app.db, session, now);
    sessions.forget(session.id);
    throw unauthorized(AUTH_MESSAGES.sessionTimedOut, 'session_timed_out');
  }
  const newVersion = appVersion !== undefined && appVersion !== session.app_version;
  if (newVersion || now.getTime() - session.last_activity.getTime() >= ACTIVITY_WRITE_MS) {
    session.last_activity = now;
    if (appVersion) session.app_version = appVersion;
    await touchSession(app.db, session.id, now, appVersion);
  }
}

/** The build the calling app names, if it is a build's name. */
function appVersionOf(request: FastifyRequest): string | undefined {
  const named = request.headers[APP_VERSION_HEADER];
  return typeof named === 'string' && APP_VERSION_PATTERN.test(named) ? named : undefined;
}

export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<User> {
  const token = accessTokenOf(request);
  if (!token) throw unauthorized(AUTH_MESSAGES.notAuthenticated, 'not_authenticated');
  const claims = await verifyToken(token, 'access', app.jwtSecret);
  if (!claims) throw unauthorized(INVALID_TOKEN, 'token_not_valid');
  const row = await userRow(app, claims.user_id);
  if (!row) throw unauthorized('User not found', 'user_not_found');
  if (!row.is_active || row.blocked_at) throw unauthorized(AUTH_MESSAGES.userInactive, 'user_inactive');
  if (claims.iat < Math.floor(row.password_changed_at.getTime() / 1000)) throw unauthorized(INVALID_TOKEN, 'token_not_valid');
  await checkSession(app, claims.sid, row.id, appVersionOf(request));
  return toUser(row);
}

/**
 * The one hook that guards every route by its declared access (DESIGN.md: one matrix, one hook).
 * It runs before validation, as DRF does: a caller who may not use a route gets 401/403, never
 * a list of what their body lacks.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  // Every API route names its access, so the matrix of domain/permissions.ts covers every route.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_ROUTES) && route.config?.access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no access: set config.access to 'public', 'signed-in' or a permission of domain/permissions.ts`);
    }
  });
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET') return;
    if (GUARD_WRITES.test(request.url)) forgetGuardReads(app);
    else if (SESSION_WRITES.test(request.url)) guardReads.get(app)?.sessions.forget();
  });
  // Before the answer leaves: the refusal is on record once the caller hears of it (a reset or a
  // check right after the 403 never races the audit row).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 403 && request.url.startsWith(API_ROUTES)) await auditRefusal(app, request);
    return payload;
  });
  app.addHook('preValidation', async (request) => {
    const { access, openInMaintenance } = request.routeOptions.config;
    const route = request.routeOptions.url;
    if (!route || (access === undefined && !route.startsWith(API_ROUTES))) return;
    if (access === 'public') {
      if (!openInMaintenance && (await systemSettings(app)).config.maintenanceMode) throw maintenanceError();
      return;
    }
    request.user = await authenticate(app, request);
    const { config, modules } = await systemSettings(app);
    if (config.maintenanceMode && !request.user.is_superuser) throw maintenanceError();
    const module = moduleOfApiPath(route.slice(API_ROUTES.length - 1));
    if (!isModuleEnabled(modules, module)) throw new HttpError(403, { detail: moduleDisabledMessage(module!), code: MODULE_DISABLED_CODE });
    if (access === undefined || access === 'signed-in') return;
    if (!can(request.user, access)) {
      throw forbidden(PERMISSIONS[access].length === 0 ? SUPERUSER_REQUIRED : undefined);
    }
  });
}

/**
 * Every 403 is audited (issue 14): a refusal names who tried what, wherever it was refused (the
 * guard, a row rule, a duty rule). The write it refused was rolled back, so it is recorded apart.
 */
async function auditRefusal(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  await recordAudit(app.db, {
    actor: request.user,
    action: 'access.denied',
    target: `${request.method} ${route}`,
    risk: 'medium',
    metadata: { path: request.url.split('?')[0] },
    origin: originOf(request),
  }).catch((err: unknown) => request.log.error({ err }, 'audit of a refusal failed'));
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.notAuthenticated, 'not_authenticated');
  return request.user;
}
