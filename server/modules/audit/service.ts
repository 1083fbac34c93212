import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { RiskLevel } from '../../../domain/system';
import type { User } from '../../../domain/user';

export interface AuditEntry {
  actor: Pick<User, 'id' | 'username'> | null;
  action: string;
  target: string;
  risk: RiskLevel;
  metadata?: Record<string, unknown>;
}

/** Records a write in the audit log; pass the write's transaction so both commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    user_id: entry.actor?.id ?? null,
    username: entry.actor?.username ?? null,
    action: entry.action,
    target: entry.target,
    risk_level: entry.risk,
    metadata: entry.metadata ?? {},
  });
}

/**
 * A write and its audit entry in one transaction (DESIGN.md: every write is audited): both
 * commit, or neither does.
 */
export async function auditedWrite<R>(
  db: Db,
  actor: AuditEntry['actor'],
  write: (tx: Db) => Promise<R>,
  entry: (result: R) => Omit<AuditEntry, 'actor'>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await recordAudit(tx, { actor, ...entry(result) });
    return result;
  });
}
