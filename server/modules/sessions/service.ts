import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSessions, users } from '../../db/schema';
import type { SystemConfig } from '../../../domain/system';
import { deviceName, type ActiveSession, type SessionEndReason } from '../../../domain/session';
import type { User } from '../../../domain/user';
import { notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/service';

export type SessionRow = typeof userSessions.$inferSelect;
type SessionLimits = Pick<SystemConfig, 'maxConcurrentSessions' | 'sessionTimeout'>;

/** Where a sign-in came from: its user agent and address. */
export interface SessionOrigin {
  device: string;
  address: string;
}

const liveSince = (limits: Pick<SystemConfig, 'sessionTimeout'>, now: Date) => new Date(now.getTime() - limits.sessionTimeout * 1000);
/** Live: not ended, and active within the session timeout. */
const live = (limits: Pick<SystemConfig, 'sessionTimeout'>, now: Date): SQL => and(isNull(userSessions.ended_at), gt(userSessions.last_activity, liveSince(limits, now)))!;

/** Whether a session idled past the timeout (no call or refresh within it). */
export const isIdle = (session: Pick<SessionRow, 'last_activity'>, limits: Pick<SystemConfig, 'sessionTimeout'>, now: Date) =>
  session.last_activity.getTime() <= liveSince(limits, now).getTime();

/**
 * A sign-in's session. Beyond the maximum of concurrent sessions the oldest live ones end
 * ('replaced'): the newest sign-in wins, as a user who signs in on a new tablet expects
 * (docs/decisions.md 416). Run it in the sign-in's transaction.
 */
export async function startSession(tx: Db, user: Pick<User, 'id' | 'username'>, origin: SessionOrigin, limits: SessionLimits, now = new Date()): Promise<string> {
  const id = randomUUID();
  await tx.insert(userSessions).values({ id, user_id: user.id, started_at: now, last_activity: now, device: deviceName(origin.device), client_address: origin.address });
  const others = await tx
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.user_id, user.id), live(limits, now)))
    .orderBy(desc(userSessions.started_at), desc(userSessions.id));
  const beyond = others.filter((s) => s.id !== id).slice(limits.maxConcurrentSessions - 1).map((s) => s.id);
  if (beyond.length) {
    await endSessions(tx, beyond, 'replaced', now);
    await recordAudit(tx, { actor: user, action: 'auth.session_replaced', target: `user:${user.id}`, risk: 'medium', metadata: { sessions: beyond, maximum: limits.maxConcurrentSessions } });
  }
  return id;
}

async function endSessions(db: Db, ids: string[], reason: SessionEndReason, now: Date): Promise<void> {
  await db.update(userSessions).set({ ended_at: now, end_reason: reason }).where(and(inArray(userSessions.id, ids), isNull(userSessions.ended_at)));
}

export async function sessionRow(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(userSessions).where(eq(userSessions.id, id));
  return row;
}

/** Records a call or a refresh as the session's latest activity, with the app's build when the call named it. */
export async function touchSession(db: Db, id: string, now = new Date(), appVersion?: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ last_activity: now, ...(appVersion ? { app_version: appVersion } : {}) })
    .where(and(eq(userSessions.id, id), isNull(userSessions.ended_at)));
}

/** Ends a session that idled past the timeout, on record. */
export async function timeOutSession(db: Db, session: Pick<SessionRow, 'id' | 'user_id'>, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await endSessions(tx, [session.id], 'timed-out', now);
    await recordAudit(tx, { actor: null, action: 'auth.session_timed_out', target: `user:${session.user_id}`, risk: 'low', metadata: { session: session.id } });
  });
}

/** Signing out ends the session the refresh token belongs to. */
export async function signOutSession(db: Db, id: string, now = new Date()): Promise<void> {
  await endSessions(db, [id], 'signed-out', now);
}

/** GET admin/users/active-sessions/: the live sessions, newest first, of one user or everyone. */
export async function activeSessions(db: Db, limits: Pick<SystemConfig, 'sessionTimeout'>, filter: { user?: number }, now = new Date()): Promise<ActiveSession[]> {
  const rows = await db
    .select({ session: userSessions, username: users.username })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.user_id))
    .where(and(live(limits, now), filter.user === undefined ? undefined : eq(userSessions.user_id, filter.user)))
    .orderBy(desc(userSessions.started_at), asc(userSessions.id));
  return rows.map(({ session, username }) => ({
    id: session.id,
    userId: session.user_id,
    username,
    sessionStart: session.started_at.toISOString(),
    lastActivity: session.last_activity.toISOString(),
    device: session.device,
    clientAddress: session.client_address,
    appVersion: session.app_version,
  }));
}

/** How many sessions are live, and of how many users (the security metrics). */
export async function liveSessionCounts(db: Db, limits: Pick<SystemConfig, 'sessionTimeout'>, now = new Date()): Promise<{ sessions: number; users: number }> {
  const [row] = await db
    .select({ sessions: sql<number>`count(*)::int`, users: sql<number>`count(DISTINCT ${userSessions.user_id})::int` })
    .from(userSessions)
    .where(live(limits, now));
  return row!;
}

/** POST admin/users/sessions/{id}/terminate/: ends a live session at once; its next refresh and call fail. */
export async function terminateSession(db: Db, actor: User, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(userSessions)
      .set({ ended_at: now, end_reason: 'terminated' })
      .where(and(eq(userSessions.id, id), isNull(userSessions.ended_at)))
      .returning({ user_id: userSessions.user_id });
    if (!ended.length) throw notFound('No live session with this id.');
    await recordAudit(tx, { actor, action: 'auth.session_terminated', target: `user:${ended[0]!.user_id}`, risk: 'high', metadata: { session: id } });
  });
}
