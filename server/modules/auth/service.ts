import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { tokenBlacklist, users } from '../../db/schema';
import { AUTH_MESSAGES, MAINTENANCE, type TokenPair } from '../../../domain/auth';
import { signToken, verifyToken } from '../../lib/jwt';
import { HttpError, unauthorized } from '../../lib/http-error';
import { DEMO_PASSWORD, DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password';
import { findByUsername } from '../users/service';
import { recordAudit } from '../audit/service';
import { claimAttempt, forgetAttempts, returnAttempt, throttleTiming } from './throttle';
import { readConfig } from '../system/service';
import { isIdle, sessionRow, signOutSession, startSession, timeOutSession, touchSession, type SessionOrigin } from '../sessions/service';

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
async function issuePair({ config, secret }: AuthContext, user: Pick<UserRow, 'id' | 'password_changed_at'>, sessionId: string): Promise<TokenPair> {
  const nowMs = Math.max(Date.now(), user.password_changed_at.getTime());
  return {
    access: await signToken('access', user.id, config.ACCESS_TOKEN_MINUTES * 60, secret, nowMs, sessionId),
    refresh: await signToken('refresh', user.id, config.REFRESH_TOKEN_DAYS * 86400, secret, nowMs, sessionId),
  };
}

/** The 503 of maintenance mode (domain/auth.ts MAINTENANCE), for everyone but superusers. */
export const maintenanceError = () => new HttpError(503, { detail: MAINTENANCE.message, code: MAINTENANCE.code }, { 'Retry-After': String(MAINTENANCE.retryAfterSeconds) });

/** Sign-in's throttle keys: the username at this address, and this address over all usernames. */
function signInKeys(config: Config, username: string, address: string) {
  return {
    pair: { key: `sign-in:${username.toLowerCase()}|${address}`, free: config.LOGIN_FREE_ATTEMPTS },
    address: { key: `sign-in-address:${address}`, free: config.LOGIN_FREE_ATTEMPTS_PER_ADDRESS },
  };
}

export const tooManySignIns = (seconds: number) => `Too many failed sign-in attempts. Try again in ${seconds} seconds.`;

/**
 * POST /auth/jwt/create/: a deactivated or blocked account is refused like a wrong password, and
 * so is the published demo password in production (a demo account must not open a live system).
 */
export async function signIn(ctx: AuthContext, username: string, password: string, origin: SessionOrigin): Promise<TokenPair> {
  const { address } = origin;
  const keys = signInKeys(ctx.config, username, address);
  try {
    await claimAttempt(ctx.db, [keys.pair, keys.address], throttleTiming(ctx.config), tooManySignIns);
  } catch (error) {
    await recordAudit(ctx.db, { actor: null, action: 'auth.sign_in_throttled', target: `username:${username}`, risk: 'medium' });
    throw error;
  }
  const row = await findByUsername(ctx.db, username);
  const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  const demoInProduction = ctx.config.NODE_ENV === 'production' && password === DEMO_PASSWORD;
  if (!row || !valid || demoInProduction || !row.is_active || row.blocked_at) {
    const reason = !row ? 'unknown username' : !valid || demoInProduction ? 'wrong password' : 'inactive account';
    await recordAudit(ctx.db, { actor: null, action: 'auth.sign_in_failed', target: row ? `user:${row.id}` : `username:${username}`, risk: 'low', metadata: { reason } });
    throw unauthorized(AUTH_MESSAGES.noActiveAccount, 'no_active_account');
  }
  await forgetAttempts(ctx.db, keys.pair.key);
  await returnAttempt(ctx.db, keys.address.key);
  const system = await readConfig(ctx.db);
  // After the password: the maintenance notice is no answer to a stranger's guess.
  if (system.maintenanceMode && !row.is_superuser) throw maintenanceError();
  const sessionId = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ last_login: new Date() }).where(eq(users.id, row.id));
    const id = await startSession(tx, row, origin, system);
    await recordAudit(tx, { actor: row, action: 'auth.sign_in', target: `user:${row.id}`, risk: 'low', metadata: { session: id } });
    return id;
  });
  return issuePair(ctx, row, sessionId);
}

/**
 * POST /auth/jwt/refresh/: rotation with blacklisting. The insert into the blacklist is the
 * claim on the old token, so two concurrent refreshes with one token cannot both succeed.
 */
export async function refresh(ctx: AuthContext, token: string): Promise<TokenPair> {
  const claims = await verifyToken(token, 'refresh', ctx.secret);
  if (!claims) throw INVALID();
  const [row] = await ctx.db.select().from(users).where(eq(users.id, claims.user_id));
  if (!row || !row.is_active || row.blocked_at) throw unauthorized(AUTH_MESSAGES.noActiveAccount, 'no_active_account');
  if (claims.iat < Math.floor(row.password_changed_at.getTime() / 1000)) throw INVALID();
  const system = await readConfig(ctx.db);
  if (system.maintenanceMode && !row.is_superuser) throw maintenanceError();
  const claimed = await ctx.db
    .insert(tokenBlacklist)
    .values({ jti: claims.jti, user_id: claims.user_id, expires_at: new Date(claims.exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: tokenBlacklist.jti });
  if (claimed.length === 0) {
    // A rotated refresh token used again: it was copied, or a client replayed it; either way, on record.
    await recordAudit(ctx.db, { actor: row, action: 'auth.refresh_token_reused', target: `user:${row.id}`, risk: 'high', metadata: { jti: claims.jti } });
    throw unauthorized(AUTH_MESSAGES.blacklisted, 'token_not_valid');
  }
  await ctx.db.delete(tokenBlacklist).where(lt(tokenBlacklist.expires_at, new Date()));
  // After the claim: a token of an ended session is spent too, and a reuse of it is still caught above.
  const session = claims.sid ? await sessionRow(ctx.db, claims.sid) : undefined;
  if (!session || session.user_id !== row.id || session.ended_at) throw unauthorized(AUTH_MESSAGES.sessionEnded, 'session_ended');
  if (isIdle(session, system, new Date())) {
    await timeOutSession(ctx.db, session);
    throw unauthorized(AUTH_MESSAGES.sessionTimedOut, 'session_timed_out');
  }
  await touchSession(ctx.db, session.id);
  return issuePair(ctx, row, session.id);
}

/** POST /auth/jwt/verify/: any well-signed, unexpired, not blacklisted token. */
export async function verify(ctx: AuthContext, token: string): Promise<void> {
  const claims = (await verifyToken(token, 'access', ctx.secret)) ?? (await verifyToken(token, 'refresh', ctx.secret));
  if (!claims) throw INVALID();
  if (claims.token_type === 'refresh') {
    const [hit] = await ctx.db.select().from(tokenBlacklist).where(and(eq(tokenBlacklist.jti, claims.jti), gte(tokenBlacklist.expires_at, new Date())));
    if (hit) throw unauthorized(AUTH_MESSAGES.blacklisted, 'token_not_valid');
  }
}

/**
 * POST /auth/jwt/blacklist/ (simplejwt's TokenBlacklistView): signing out ends the refresh token,
 * so a copy of it cannot renew the session. A token already blacklisted answers as refresh does.
 */
export async function revoke(ctx: AuthContext, token: string): Promise<void> {
  const claims = await verifyToken(token, 'refresh', ctx.secret);
  if (!claims) throw INVALID();
  const [row] = await ctx.db.select().from(users).where(eq(users.id, claims.user_id));
  await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(tokenBlacklist)
      .values({ jti: claims.jti, user_id: claims.user_id, expires_at: new Date(claims.exp * 1000) })
      .onConflictDoNothing()
      .returning({ jti: tokenBlacklist.jti });
    if (claimed.length === 0) throw unauthorized(AUTH_MESSAGES.blacklisted, 'token_not_valid');
    if (claims.sid) await signOutSession(tx, claims.sid);
    await recordAudit(tx, { actor: row ?? null, action: 'auth.token_revoked', target: `user:${claims.user_id}`, risk: 'low', metadata: { jti: claims.jti } });
  });
}
