import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../domain/auth';
import { can, PERMISSIONS, SUPERUSER_REQUIRED, type Permission } from '../../domain/permissions';
import type { User } from '../../domain/user';
import { users } from '../db/schema';
import { verifyToken } from '../lib/jwt';
import { forbidden, unauthorized } from '../lib/http-error';
import { toUser } from '../modules/users/service';

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

export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<User> {
  const token = accessTokenOf(request);
  if (!token) throw unauthorized(AUTH_MESSAGES.notAuthenticated, 'not_authenticated');
  const claims = verifyToken(token, 'access', app.jwtSecret);
  if (!claims) throw unauthorized(INVALID_TOKEN, 'token_not_valid');
  const [row] = await app.db.select().from(users).where(eq(users.id, claims.user_id));
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
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public' || !request.routeOptions.url) return;
    if (access === undefined && !request.routeOptions.url.startsWith('/api/v1/')) return;
    request.user = await authenticate(app, request);
    if (access === undefined || access === 'signed-in') return;
    if (!can(request.user, access)) {
      throw forbidden(PERMISSIONS[access].length === 0 ? SUPERUSER_REQUIRED : undefined);
    }
  });
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.notAuthenticated, 'not_authenticated');
  return request.user;
}
