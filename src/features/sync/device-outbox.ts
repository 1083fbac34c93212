import type { DeviceOutboxAction, DeviceOutboxEntry } from '../../../domain/device-outbox';
import { api } from '../../data/api';
import type { OutboxEntry } from '../../data/outbox';
import { API } from '../../../domain/api-paths';

/** An unsent change of another user, as the server's record of it names it. */
export const recordOf = (entry: OutboxEntry): DeviceOutboxEntry => ({
  author_id: entry.userId,
  author: entry.author?.username ?? `user ${entry.userId}`,
  operation: entry.operation,
  made_at: new Date(entry.createdAt).toISOString(),
  idempotency_key: entry.idempotencyKey,
});

/** Tells the server what is done with other users' unsent changes, before the device does it. */
export async function recordDeviceOutbox(action: DeviceOutboxAction, entries: readonly OutboxEntry[]): Promise<void> {
  await api.post(API.deviceOutbox, { action, entries: entries.map(recordOf) });
}
