import { z } from 'zod';
import { idSchema, isoDateTimeSchema, requiredText, softDeleteFields, textInput, trackedFields } from './entity';
import { DEPARTMENT_VALUES, type Department } from './departments';
import { departmentSchema } from './user';

/**
 * Messaging (messages-home, issue 22 §2): every message belongs to one conversation, named by a
 * key that says what it is and is the same for everyone in it:
 * - `direct-<a>-<b>`: two users, the smaller id first;
 * - `department-<department>`: a department's channel, its members the department's users;
 * - `<record type>-<id>`: the thread of a record, e.g. `requisition-12`.
 * Who may read which is docs/permissions.md "Messaging"; server/modules/messages/access.ts applies it.
 */
export const MESSAGE_RECORD_TYPES = ['job-order', 'requisition', 'delivery-note', 'quotation', 'invoice'] as const;
export type MessageRecordType = (typeof MESSAGE_RECORD_TYPES)[number];
export const MESSAGE_RECORD_LABELS: Record<MessageRecordType, string> = {
  'job-order': 'Job order',
  requisition: 'Requisition',
  'delivery-note': 'Delivery note',
  quotation: 'Quotation',
  invoice: 'Invoice',
};

export type Conversation =
  | { readonly kind: 'direct'; readonly users: readonly [number, number] }
  | { readonly kind: 'department'; readonly department: Department }
  | { readonly kind: 'record'; readonly record_type: MessageRecordType; readonly record_id: number };
export type ConversationKind = Conversation['kind'];

export const MESSAGE_MESSAGES = {
  conversation: 'Name a conversation: direct-<user id>-<user id>, department-<department> or <record type>-<id>.',
  yourself: 'A direct conversation is between two different users.',
  notMember: 'You are not in this conversation.',
} as const;

export const directConversation = (a: number, b: number) => `direct-${Math.min(a, b)}-${Math.max(a, b)}`;
export const departmentChannel = (department: Department) => `department-${department}`;
export const recordThread = (type: MessageRecordType, id: number) => `${type}-${id}`;

export function conversationKey(conversation: Conversation): string {
  if (conversation.kind === 'direct') return directConversation(...conversation.users);
  if (conversation.kind === 'department') return departmentChannel(conversation.department);
  return recordThread(conversation.record_type, conversation.record_id);
}

const MAX_ID = 2_147_483_647;
const RECORD_KEY = new RegExp(`^(${MESSAGE_RECORD_TYPES.join('|')})-([1-9]\\d{0,9})$`);

/** A conversation key read back into what it names; null when it names nothing. */
export function parseConversation(key: string): Conversation | null {
  const direct = /^direct-([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(key);
  if (direct) {
    const [a, b] = [Number(direct[1]), Number(direct[2])];
    return a < b && b <= MAX_ID ? { kind: 'direct', users: [a, b] } : null;
  }
  if (key.startsWith('department-')) {
    const department = key.slice('department-'.length);
    return (DEPARTMENT_VALUES as readonly string[]).includes(department) ? { kind: 'department', department: department as Department } : null;
  }
  const record = RECORD_KEY.exec(key);
  if (record && Number(record[2]) <= MAX_ID) return { kind: 'record', record_type: record[1] as MessageRecordType, record_id: Number(record[2]) };
  return null;
}

/** A conversation key in a path or a body: refused with the key's rules unless it names a conversation. */
export const conversationKeySchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.') })
  .superRefine((key, ctx) => {
    if (/^direct-(\d+)-\1$/.test(key)) ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.yourself });
    else if (key.length > 80 || parseConversation(key) === null) ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.conversation });
  });

/**
 * The usernames a message mentions (`@stores.manager`), each once, in order. A username is
 * letters, digits and `_ . + -` (as Django allows); a sentence's full stop after it is not part of it.
 */
export function mentionedUsernames(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(/(?:^|[^A-Za-z0-9_.@+-])@([A-Za-z0-9_.+-]+)/g)) {
    const username = match[1]!.replace(/[.]+$/, '');
    if (username) found.add(username);
  }
  return [...found];
}

/**
 * A message. `recipient` is the other user of a direct conversation, `department` a channel's
 * department (both null on a record's thread). `read_at` is when someone other than the sender
 * first read it; each user's own unread count comes from how far they have read.
 */
export const messageSchema = z.object({
  id: idSchema,
  conversation: z.string(),
  sender: idSchema,
  recipient: idSchema.nullable(),
  department: departmentSchema.nullable(),
  subject: z.string(),
  body: z.string(),
  read_at: isoDateTimeSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Message = z.infer<typeof messageSchema>;

/**
 * A file sent with a message (decision 398): kept by the files module with the message as its
 * owner, downloaded from `files/{id}/content/` by whoever may read the conversation.
 */
export const messageAttachmentSchema = z.object({ id: idSchema, name: z.string(), content_type: z.string(), size: z.number().int() });
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/**
 * A message as lists return it: with its sender's username, so a thread reads offline without
 * the user list, and its attachments (none on a message still waiting in the outbox).
 */
export const conversationMessageSchema = messageSchema.extend({ sender_username: z.string(), attachments: z.array(messageAttachmentSchema) });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A new message; the sender is the signed-in user. */
export const messageCreateSchema = z.object({
  conversation: conversationKeySchema,
  subject: textInput(200).default(''),
  body: requiredText(10_000),
});
export type MessageCreate = z.input<typeof messageCreateSchema>;

/**
 * A message with files is multipart/form-data (online only: the bytes do not wait in the outbox):
 * the message's fields as JSON in the part `data`, each file in a part `file`, at most this many,
 * each within the files module's limit and allow-list.
 */
export const MESSAGE_DATA_PART = 'data';
export const MESSAGE_MAX_ATTACHMENTS = 5;
export const MESSAGE_ATTACHMENT_MESSAGES = {
  tooMany: `Attach at most ${MESSAGE_MAX_ATTACHMENTS} files to a message.`,
  part: (name: string) => `Send the message as JSON in the part "${MESSAGE_DATA_PART}" and each file in a part "file", not "${name}".`,
} as const;

/** The unread messages of the user's conversations and the unread ones that mention them (the header's count). */
export const unreadCountsSchema = z.object({ unread: z.number().int(), mentions: z.number().int() });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** One conversation of the user's list. */
export const conversationSummarySchema = z.object({
  conversation: z.string(),
  kind: z.enum(['direct', 'department', 'record']),
  title: z.string(),
  /** The other user of a direct conversation. */
  other_user: z.object({ id: idSchema, username: z.string(), name: z.string() }).nullable(),
  department: departmentSchema.nullable(),
  record_type: z.enum(MESSAGE_RECORD_TYPES).nullable(),
  record_id: idSchema.nullable(),
  last_message: conversationMessageSchema.pick({ id: true, sender: true, sender_username: true, body: true, created_at: true }).nullable(),
  unread: z.number().int(),
  mentions: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListSchema = z.object({ results: z.array(conversationSummarySchema), ...unreadCountsSchema.shape });
export type ConversationList = z.infer<typeof conversationListSchema>;

/** `?all=true`: a superuser's audit view of every conversation (the reading is audited). */
export const conversationListQuerySchema = z.object({ all: z.enum(['true', 'false']).optional() }).strict();

export const conversationParamsSchema = z.object({ conversation: conversationKeySchema });

/** How long a user's conversations stay on their device (issue 22 §2): 30 days of messages. */
export const MESSAGE_MIRROR_DAYS = 30;
