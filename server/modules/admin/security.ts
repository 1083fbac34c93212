import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { DASHBOARD_AUDIT_HOURS, riskLevel, type SecurityMetrics } from '../../../domain/admin';
import type { Db } from '../../db/client';
import { liveSessionCounts } from '../sessions/service';
import { readConfig } from '../system/service';
import { auditLog, systemAlerts, users } from '../../db/schema';

/** The audit actions the figures count (server/modules/auth and the guard write them). */
export const SECURITY_ACTIONS = {
  failedSignIn: 'auth.sign_in_failed',
  throttledSignIn: 'auth.sign_in_throttled',
  refusal: 'access.denied',
} as const;

const HOUR_MS = 3_600_000;

/**
 * The security figures of the last DASHBOARD_AUDIT_HOURS from the audit log, the blocked accounts
 * and the open critical alerts, and the risk level of product-frame.md §4 from them: "high-risk
 * entries" are those of risk high or critical (decision 407).
 */
export async function securityMetrics(db: Db, now = new Date()): Promise<SecurityMetrics> {
  const since = new Date(now.getTime() - DASHBOARD_AUDIT_HOURS * HOUR_MS);
  const counted = (condition: ReturnType<typeof sql>) => sql<number>`count(*) FILTER (WHERE ${condition})::int`;
  const [audit] = await db
    .select({
      failedSignIns: counted(sql`${auditLog.action} = ${SECURITY_ACTIONS.failedSignIn}`),
      throttledSignIns: counted(sql`${auditLog.action} = ${SECURITY_ACTIONS.throttledSignIn}`),
      refusals: counted(sql`${auditLog.action} = ${SECURITY_ACTIONS.refusal}`),
      highRiskEntries: counted(sql`${auditLog.risk_level} IN ('high', 'critical')`),
      criticalEntries: counted(sql`${auditLog.risk_level} = 'critical'`),
    })
    .from(auditLog)
    .where(gte(auditLog.timestamp, since));
  const [blocked] = await db.select({ n: count() }).from(users).where(isNotNull(users.blocked_at));
  const [critical] = await db
    .select({ n: count() })
    .from(systemAlerts)
    .where(and(eq(systemAlerts.type, 'critical'), eq(systemAlerts.resolved, false)));
  const figures = audit!;
  const live = await liveSessionCounts(db, await readConfig(db), now);
  return {
    since: since.toISOString(),
    ...figures,
    blockedUsers: blocked!.n,
    activeSessions: live.sessions,
    signedInUsers: live.users,
    openCriticalAlerts: critical!.n,
    riskLevel: riskLevel(critical!.n, figures.highRiskEntries),
  };
}
