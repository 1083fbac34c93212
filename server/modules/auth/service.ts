import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { loginFailures, tokenBlacklist, users } from '../../db/schema';
import { AUTH_MESSAGES, type TokenPair } from '../../../domain/auth';
import { signToken, verifyToken } from '../../lib/jwt';
import { tooManyRequests, unauthorized } from '../../lib/http-error';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password';
import { DEMO_PASSWORD } from '../../db/seed';
import { findByUsername } from '../users/service';

type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  db: Db;
  config: Config;
  secret: string;
}

const INVALID = () => unauthorized(AUTH_MESSAGES.invalidToken, 'token_not_valid');

/**
 * A new pair is never stamped before the user's last password change: that instant is rounded up
 * to the next second, and a token issued within that second must not count as an older one.
 */
function issuePair({ config, secret }: AuthContext, user: Pick<UserRow, 'id' | 'password_changed_at'>): TokenPair {
  const nowMs = Math.max(Date.now(), user.password_changed_at.getTime());
  return {
    access: signToken('access', user.id, config.ACCESS_TOKEN_MINUTES * 60, secret, nowMs),
    refresh: signToken('refresh', user.id, config.REFRESH_TOKEN_DAYS * 86400, secret, nowMs),
  };
}

function failureWindow(config: Config, now = Date.now()): Date {
  const size = config.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(now / size) * size);
}

/** Refuses a sign-in while the address or the username has too many recent failures. */
async function checkRateLimit(ctx: AuthContext, keys: string[]): Promise<void> {
  const window = failureWindow(ctx.config);
  const rows = await ctx.db
    .select({ key: loginFailures.key, failures: loginFailures.failures })
    .from(loginFailures)
    .where(and(sql`${loginFailures.key} in ${keys}`, eq(loginFailures.window_start, window)));
  const limits: Record<string, number> = { ip: ctx.config.LOGIN_MAX_FAILURES_PER_IP, user: ctx.config.LOGIN_MAX_FAILURES_PER_USERNAME };
  if (rows.some((r) => r.failures >= (limits[r.key.split(':')[0] ?? ''] ?? Infinity))) {
    const retryAfter = Math.ceil((window.getTime() + ctx.config.LOGIN_FAILURE_WINDOW_SECONDS * 1000 - Date.now()) / 1000);
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`, retryAfter);
  }
}

async function recordFailure(ctx: AuthContext, keys: string[]): Promise<void> {
  const window = failureWindow(ctx.config);
  for (const key of keys) {
    await ctx.db
      .insert(loginFailures)
      .values({ key, window_start: window, failures: 1 })
      .onConflictDoUpdate({ target: [loginFailures.key, loginFailures.window_start], set: { failures: sql`${loginFailures.failures} + 1` } });
  }
  await ctx.db.delete(loginFailures).where(lt(loginFailures.window_start, new Date(window.getTime() - 86_400_000)));
}

/**
 * POST /auth/jwt/create/: a deactivated or blocked account is refused like a wrong password, and
 * so is the published demo password in production (a demo account must not open a live system).
 */
export async function signIn(ctx: AuthContext, username: string, password: string, ip: string): Promise<TokenPair> {
  const keys = [`ip:${ip}`, `user:${username.toLowerCase()}`];
  await checkRateLimit(ctx, keys);
  const row = await findByUsername(ctx.db, username);
  const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  const demoInProduction = ctx.config.NODE_ENV === 'production' && password === DEMO_PASSWORD;
  if (!row || !valid || demoInProduction || !row.is_active || row.blocked_at) {
    await recordFailure(ctx, keys);
    throw unauthorized(AUTH_MESSAGES.noActiveAccount, 'no_active_account');
  }
  await ctx.db.update(users).set({ last_login: new Date() }).where(eq(users.id, row.id));
  return issuePair(ctx, row);
}

/**
 * POST /auth/jwt/refresh/: rotation with blacklisting. The insert into the blacklist is the
 * claim on the old token, so two concurrent refreshes with one token cannot both succeed.
 */
export async function refresh(ctx: AuthContext, token: string): Promise<TokenPair> {
  const claims = verifyToken(token, 'refresh', ctx.secret);
  if (!claims) throw INVALID();
  const [row] = await ctx.db.select().from(users).where(eq(users.id, claims.user_id));
  if (!row || !row.is_active || row.blocked_at) throw unauthorized(AUTH_MESSAGES.noActiveAccount, 'no_active_account');
  if (claims.iat < Math.floor(row.password_changed_at.getTime() / 1000)) throw INVALID();
  const claimed = await ctx.db
    .insert(tokenBlacklist)
    .values({ jti: claims.jti, user_id: claims.user_id, expires_at: new Date(claims.exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: tokenBlacklist.jti });
  if (claimed.length === 0) throw unauthorized(AUTH_MESSAGES.blacklisted, 'token_not_valid');
  await ctx.db.delete(tokenBlacklist).where(lt(tokenBlacklist.expires_at, new Date()));
  return issuePair(ctx, row);
}

/** POST /auth/jwt/verify/: any well-signed, unexpired, not blacklisted token. */
export async function verify(ctx: AuthContext, token: string): Promise<void> {
  const claims = verifyToken(token, 'access', ctx.secret) ?? verifyToken(token, 'refresh', ctx.secret);
  if (!claims) throw INVALID();
  if (claims.token_type === 'refresh') {
    const [hit] = await ctx.db.select().from(tokenBlacklist).where(and(eq(tokenBlacklist.jti, claims.jti), gte(tokenBlacklist.expires_at, new Date())));
    if (hit) throw unauthorized(AUTH_MESSAGES.blacklisted, 'token_not_valid');
  }
}
