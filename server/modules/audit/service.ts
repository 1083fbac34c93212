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
