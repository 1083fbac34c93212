import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { ALERT_CAUSES, ALERT_MESSAGES, ALERTS_CAP, type AlertCause, type AlertQuery } from '../../../domain/admin';
import type { SystemAlert } from '../../../domain/system-alert';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { systemAlerts } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { publicRow } from '../../lib/rows';
import { auditedWrite, recordAudit } from '../audit/service';

/** The advisory lock that makes raising an alert one at a time across API processes (any value unique to this use). */
const RAISE_LOCK = 0x414c5254;

const toAlert = (row: typeof systemAlerts.$inferSelect): SystemAlert => publicRow(row) as SystemAlert;

/** Unresolved first, newest first; `resolved` keeps only the resolved or the open ones. */
export async function listAlerts(db: Db, query: AlertQuery): Promise<SystemAlert[]> {
  const rows = await db
    .select()
    .from(systemAlerts)
    .where(query.resolved === undefined ? undefined : eq(systemAlerts.resolved, query.resolved))
    .orderBy(asc(systemAlerts.resolved), desc(systemAlerts.timestamp), desc(systemAlerts.id))
    .limit(ALERTS_CAP);
  return rows.map(toAlert);
}

/** An alert stays unresolved until a superuser resolves it (product-frame.md §4); once only. */
export async function resolveAlert(db: Db, actor: User, id: number): Promise<SystemAlert> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await tx.select().from(systemAlerts).where(eq(systemAlerts.id, id)).for('update');
      if (!row) throw notFound();
      if (row.resolved) throw conflict(ALERT_MESSAGES.alreadyResolved, { alert: toAlert(row) });
      const [resolved] = await tx
        .update(systemAlerts)
        .set({ resolved: true, resolved_at: sql`now()`, resolved_by: actor.id, updated_at: sql`now()` })
        .where(eq(systemAlerts.id, id))
        .returning();
      return toAlert(resolved!);
    },
    // Resolving hides a critical alert from the risk level: not a routine click.
    (alert) => ({ action: 'system_alert.resolve', target: `system_alerts:${alert.id}`, risk: 'medium', metadata: { type: alert.type, source: alert.source } }),
  );
}

/**
 * Raises the alert of a cause unless one of that cause is still open (one open alert per cause, not
 * one per check), under a lock so two API processes checking at once raise it once; then drops the
 * alerts past ALERTS_CAP, the resolved and the oldest first. Answers the new alert, or null.
 */
export async function raiseAlert(db: Db, cause: AlertCause, message: string): Promise<SystemAlert | null> {
  const { source, type } = ALERT_CAUSES[cause];
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${RAISE_LOCK})`);
    const [open] = await tx
      .select({ id: systemAlerts.id })
      .from(systemAlerts)
      .where(and(eq(systemAlerts.source, source), eq(systemAlerts.resolved, false)))
      .limit(1);
    if (open) return null;
    const [row] = await tx.insert(systemAlerts).values({ type, message, source }).returning();
    const kept = tx.select({ id: systemAlerts.id }).from(systemAlerts).orderBy(asc(systemAlerts.resolved), desc(systemAlerts.timestamp), desc(systemAlerts.id)).limit(ALERTS_CAP);
    await tx.delete(systemAlerts).where(notInArray(systemAlerts.id, kept));
    // The system's own write: no actor; an operational alert is no security risk.
    await recordAudit(tx, { actor: null, action: 'system_alert.raise', target: `system_alerts:${row!.id}`, risk: 'low', metadata: { type, source, message } });
    return toAlert(row!);
  });
}
