import { z } from 'zod';
import { isoDateTimeSchema } from './entity';

/**
 * Unsent changes left on a shared device by a user who has not signed in there again (issue 15
 * §2): a supervisor or superuser signing in on that device may export or discard them, and the
 * server records which, before the device lets go of them.
 */
export const DEVICE_OUTBOX_ACTIONS = ['export', 'discard'] as const;
export type DeviceOutboxAction = (typeof DEVICE_OUTBOX_ACTIONS)[number];

export const deviceOutboxEntrySchema = z.object({
  author_id: z.number().int().positive(),
  author: z.string().max(150),
  operation: z.string().min(1).max(100),
  made_at: isoDateTimeSchema,
  idempotency_key: z.string().min(1).max(255),
});
export type DeviceOutboxEntry = z.infer<typeof deviceOutboxEntrySchema>;

/** POST /device-outbox/: what was done with whose unsent changes. */
export const deviceOutboxRecordSchema = z.object({
  action: z.enum(DEVICE_OUTBOX_ACTIONS),
  entries: z.array(deviceOutboxEntrySchema).min(1, 'Name at least one change.').max(1000, 'Ensure this field has no more than 1000 elements.'),
});
export type DeviceOutboxRecord = z.infer<typeof deviceOutboxRecordSchema>;

export const DEVICE_OUTBOX_MESSAGES = {
  offline: 'Connect to the server first: exporting or discarding other users’ changes is recorded there.',
  ownChanges: 'These are your own changes: they are sent from the Sync screen.',
} as const;
