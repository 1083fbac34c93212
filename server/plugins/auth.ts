import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../domain/auth';
import { can, PERMISSIONS, SUPERUSER_REQUIRED, type Permission } from '../../domain/permissions';
import type { User } from '../../domain/user';
import { users } from '../db/schema';
import { verifyToken } from '../lib/jwt';
import { forbidden, unauthorized } from '../lib/http-error';
import { toUser } from '../modules/users/service';
import { originOf, recordAudit } from '../modules/audit/service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' needs no sign-in; 'signed-in' any active user; otherwise a permission of domain/permissions. */
    access?: 'public' | 'signed-in' | Permission;
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

/**
 * Users read by the guard, kept briefly: every API call needs its caller's row, and reading it
 * once per call would cost a database round trip per request. Calls that arrive while the row is
 * being read wait for that one read: when the entry lapses under load, every call in flight
 * would otherwise read the row again (a quarter more queries at 50 clients). Any account write
 * through this process clears the cache; another process's change (deactivation, block, password
 * change) applies within USER_CACHE_MS.
 */
const USER_CACHE_MS = 2000;
type UserRow = typeof users.$inferSelect;
interface CachedUser {
  row: Promise<UserRow | undefined>;
  /** Until the read finishes, the entry is fresh. */
  until: number;
}
const userCaches = new WeakMap<FastifyInstance, Map<number, CachedUser>>();
const ACCOUNT_WRITES = /^\/api\/v1\/(users|admin|auth\/users)\//;
const API_ROUTES = '/api/v1/';

/** Drops the cached users of an app (after writes the guard cannot see, such as a test's reset). */
export function forgetUsers(app: FastifyInstance): void {
  userCaches.get(app)?.clear();
}

function userRow(app: FastifyInstance, id: number): Promise<UserRow | undefined> {
  let cache = userCaches.get(app);
  if (!cache) userCaches.set(app, (cache = new Map()));
  const hit = cache.get(id);
  if (hit && hit.until > Date.now()) return hit.row;
  const entry: CachedUser = { row: app.db.select().from(users).where(eq(users.id, id)).then(([row]) => row), until: Infinity };
  cache.set(id, entry);
  const settled = (keep: boolean) => {
    if (cache.get(id) !== entry) return; // forgotten meanwhile: the next call reads afresh
    if (keep) entry.until = Date.now() + USER_CACHE_MS;
    else cache.delete(id);
  };
  entry.row.then((row) => settled(row !== undefined), () => settled(false));
  return entry.row;
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
    if (request.method !== 'GET' && ACCOUNT_WRITES.test(request.url)) forgetUsers(app);
  });
  // Before the answer leaves: the refusal is on record once the caller hears of it (a reset or a
  // check right after the 403 never races the audit row).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 403 && request.url.startsWith(API_ROUTES)) await auditRefusal(app, request);
    return payload;
  });
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public' || !request.routeOptions.url) return;
    if (access === undefined && !request.routeOptions.url.startsWith(API_ROUTES)) return;
    request.user = await authenticate(app, request);
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
