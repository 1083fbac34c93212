import { API } from '../../../domain/api-paths';
import { messageCreateSchema } from '../../../domain/message';
import { defineOperation, newRow, putServerRow } from '../outbox/operations';

/**
 * POST messaging/messages/: a message, shown in its conversation at once and sent exactly once
 * (the entry's Idempotency-Key), from the office or offline on the shop floor.
 */
export const createMessage = defineOperation({
  name: 'message.create',
  permission: 'messages.write',
  label: 'New message',
  type: 'messages',
  schema: messageCreateSchema,
  creates: true,
  request: (message) => ({ method: 'POST', url: API.messaging.mine, body: message }),
  // Files never wait in the outbox (decision 398): a queued message has none.
  apply: (mirror, message, ctx) => mirror.rows('messages').put(newRow({ ...message, sender: ctx.userId, recipient: null, department: null, read_at: null, deleted_at: null, attachments: [] }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'messages', row, ctx),
  describe: (message) => (message.body.length > 60 ? `${message.body.slice(0, 57)}…` : message.body),
});
