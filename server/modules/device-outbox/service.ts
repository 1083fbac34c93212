import type { Db } from '../../db/client';
import type { DeviceOutboxRecord } from '../../../domain/device-outbox';
import type { User } from '../../../domain/user';
import { forbidden } from '../../lib/http-error';
import { DEVICE_OUTBOX_MESSAGES } from '../../../domain/device-outbox';
import { recordAudit } from '../audit/service';

/**
 * One audit row per change exported or discarded, naming its author, kind, time and key: a
 * discarded change never reached the server, so this row is all the company keeps of it.
 */
export async function recordDeviceOutboxAction(db: Db, actor: User, record: DeviceOutboxRecord): Promise<{ recorded: number }> {
  if (record.entries.every((entry) => entry.author_id === actor.id)) throw forbidden(DEVICE_OUTBOX_MESSAGES.ownChanges);
  await db.transaction(async (tx) => {
    for (const entry of record.entries) {
      await recordAudit(tx, {
        actor,
        action: `device_outbox.${record.action}`,
        target: `user:${entry.author_id}`,
        risk: record.action === 'discard' ? 'high' : 'medium',
        metadata: { author: entry.author, operation: entry.operation, made_at: entry.made_at, idempotency_key: entry.idempotency_key },
      });
    }
  });
  return { recorded: record.entries.length };
}
