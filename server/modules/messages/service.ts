import type { FastifyRequest } from 'fastify';
import { and, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { files, invoices, messageMentions, messageReads, messages, quotations, users } from '../../db/schema';
import type { StoredFile } from '../../../domain/file';
import { DEPARTMENTS } from '../../../domain/departments';
import {
  MESSAGE_MIRROR_DAYS,
  MESSAGE_RECORD_LABELS,
  conversationKey,
  departmentChannel,
  mentionedUsernames,
  parseConversation,
  recordThread,
  type Conversation,
  type ConversationList,
  type ConversationMessage,
  type ConversationSummary,
  type UnreadCounts,
  type messageCreateSchema,
} from '../../../domain/message';
import { quotationReference } from '../../../domain/quotation';
import type { User } from '../../../domain/user';
import { invalidPkError, notFound } from '../../lib/http-error';
import { listPage, type ListPage, type ListQuery, type ListSpec } from '../../lib/list';
import { publicRow } from '../../lib/rows';
import { auditedWrite, recordAudit } from '../audit/service';
import { addFile, type Upload } from '../files/service';
import { publish } from '../live/hub';
import { audienceOf, isMember, openConversation, type Opened } from './access';

type MessageRow = typeof messages.$inferSelect;
type CreateInput = z.output<typeof messageCreateSchema>;

/** A thread reads 50 messages a page, newest first. */
export const MESSAGE_PAGE_SIZE = 50;

/** The messages of a conversation, and the user's mirror: each row with its sender's username. */
export const messageList: ListSpec<typeof messages> = {
  table: messages,
  pageSize: MESSAGE_PAGE_SIZE,
  orderings: { id: messages.id, created_at: messages.created_at },
  defaultOrdering: '-id',
  search: [messages.body, messages.subject],
  added: {
    sender_username: sql`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${messages.sender})`,
    attachments: sql`(SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'content_type', f.content_type, 'size', f.size) ORDER BY f.id), '[]'::json)
      FROM ${files} f WHERE f.owner_type = 'message' AND f.owner_id = ${messages.id})`,
  },
};

const asMessage = (row: MessageRow, sender_username: string, attachments: readonly StoredFile[]) =>
  ({ ...publicRow(row), sender_username, attachments: attachments.map(({ id, name, content_type, size }) => ({ id, name, content_type, size })) }) as ConversationMessage;

interface ConversationRow {
  conversation: string;
  unread: number;
  mentions: number;
  last_id: number | null;
  last_sender: number | null;
  last_sender_username: string | null;
  last_body: string | null;
  last_created_at: string | Date | null;
}

/**
 * The conversations a user is in, with their unread and mention counts: their department's
 * channel, the direct conversations they wrote or received, and the conversations they follow
 * (marked read, wrote in, were mentioned in) — of a record's thread, only while they may still
 * read the record. `all`: every conversation that has messages (a superuser's audit view).
 */
async function conversationRows(db: Db, user: User, all = false): Promise<ConversationRow[]> {
  const channel = user.department ? departmentChannel(user.department) : null;
  const keys = all
    ? sql`SELECT DISTINCT conversation FROM messages WHERE deleted_at IS NULL`
    : sql`SELECT conversation FROM message_reads WHERE "user" = ${user.id}
          UNION SELECT conversation FROM messages WHERE deleted_at IS NULL AND conversation LIKE 'direct-%' AND (sender = ${user.id} OR recipient = ${user.id})
          ${channel ? sql`UNION SELECT ${channel}::text` : sql``}`;
  const rows = await queryRows<ConversationRow>(
    db,
    sql`WITH mine(conversation) AS (${keys})
        SELECT mine.conversation,
          (SELECT count(*)::int FROM messages m WHERE m.conversation = mine.conversation AND m.deleted_at IS NULL AND m.sender <> ${user.id} AND m.id > coalesce(r.last_read, 0)) AS unread,
          (SELECT count(*)::int FROM message_mentions mm JOIN messages m ON m.id = mm.message
            WHERE mm."user" = ${user.id} AND mm.read_at IS NULL AND m.conversation = mine.conversation AND m.deleted_at IS NULL) AS mentions,
          last.id AS last_id, last.sender AS last_sender, last.username AS last_sender_username, last.body AS last_body, last.created_at AS last_created_at
        FROM mine
        LEFT JOIN message_reads r ON r."user" = ${user.id} AND r.conversation = mine.conversation
        LEFT JOIN LATERAL (
          SELECT m.id, m.sender, u.username, m.body, m.created_at FROM messages m JOIN users u ON u.id = m.sender
          WHERE m.conversation = mine.conversation AND m.deleted_at IS NULL ORDER BY m.id DESC LIMIT 1
        ) last ON true
        ORDER BY last.id DESC NULLS LAST, mine.conversation`,
  );
  if (all) return rows;
  const kept: ConversationRow[] = [];
  for (const row of rows) {
    const conversation = parseConversation(row.conversation);
    if (conversation && (conversation.kind !== 'record' || (await isMember(db, user, conversation)))) kept.push(row);
  }
  return kept;
}

const totals = (rows: readonly Pick<ConversationRow, 'unread' | 'mentions'>[]): UnreadCounts => ({
  unread: rows.reduce((sum, row) => sum + row.unread, 0),
  mentions: rows.reduce((sum, row) => sum + row.mentions, 0),
});

/** GET unread/: the header's counts. */
export async function unreadCounts(db: Db, user: User): Promise<UnreadCounts> {
  return totals(await conversationRows(db, user));
}

/**
 * What the detail screens call the records whose number is not their id (decision 396): a
 * quotation by its number and revision, an invoice by its number (a draft has none yet).
 */
async function recordNames(db: Db, conversations: readonly Conversation[]): Promise<Map<string, string>> {
  const ids = (type: 'quotation' | 'invoice') => conversations.flatMap((c) => (c.kind === 'record' && c.record_type === type ? [c.record_id] : []));
  const names = new Map<string, string>();
  const quotationIds = ids('quotation');
  if (quotationIds.length) {
    for (const q of await db.select({ id: quotations.id, number: quotations.number, revision: quotations.revision }).from(quotations).where(inArray(quotations.id, quotationIds))) {
      names.set(recordThread('quotation', q.id), `Quotation ${quotationReference(q)}`);
    }
  }
  const invoiceIds = ids('invoice');
  if (invoiceIds.length) {
    for (const i of await db.select({ id: invoices.id, invoice_number: invoices.invoice_number }).from(invoices).where(inArray(invoices.id, invoiceIds))) {
      names.set(recordThread('invoice', i.id), i.invoice_number ? `Invoice ${i.invoice_number}` : `Draft invoice ${i.id}`);
    }
  }
  return names;
}

function titleOf(conversation: Conversation, me: number, names: ReadonlyMap<number, { username: string; name: string }>, records: ReadonlyMap<string, string>): string {
  if (conversation.kind === 'department') return DEPARTMENTS.find((d) => d.value === conversation.department)!.label;
  if (conversation.kind === 'record') return records.get(conversationKey(conversation)) ?? `${MESSAGE_RECORD_LABELS[conversation.record_type]} ${conversation.record_id}`;
  const others = conversation.users.filter((id) => id !== me);
  return others.map((id) => names.get(id)?.name ?? `#${id}`).join(' – ');
}

/** GET conversations/: the user's conversations, the latest first (a superuser's `all`: every one, audited). */
export async function listConversations(db: Db, user: User, all: boolean): Promise<ConversationList> {
  const rows = await conversationRows(db, user, all);
  if (all) await recordAudit(db, { actor: user, action: 'message.audit_list', target: 'conversations', risk: 'medium', metadata: { conversations: rows.length } });
  const parsed = rows.flatMap((row) => {
    const conversation = parseConversation(row.conversation);
    return conversation ? [{ row, conversation }] : [];
  });
  const userIds = [...new Set(parsed.flatMap(({ conversation }) => (conversation.kind === 'direct' ? conversation.users : [])))];
  const found = userIds.length ? await db.select({ id: users.id, username: users.username, first_name: users.first_name, last_name: users.last_name }).from(users).where(inArray(users.id, userIds)) : [];
  const names = new Map(found.map((u) => [u.id, { username: u.username, name: `${u.first_name} ${u.last_name}`.trim() || u.username }]));
  const records = await recordNames(db, parsed.map(({ conversation }) => conversation));
  const results = parsed.map(({ row, conversation }): ConversationSummary => {
    const other = conversation.kind === 'direct' ? (conversation.users.find((id) => id !== user.id) ?? conversation.users[0]) : null;
    return {
      conversation: row.conversation,
      kind: conversation.kind,
      title: titleOf(conversation, user.id, names, records),
      other_user: other !== null && names.has(other) ? { id: other, ...names.get(other)! } : null,
      department: conversation.kind === 'department' ? conversation.department : null,
      record_type: conversation.kind === 'record' ? conversation.record_type : null,
      record_id: conversation.kind === 'record' ? conversation.record_id : null,
      last_message:
        row.last_id === null
          ? null
          : { id: row.last_id, sender: row.last_sender!, sender_username: row.last_sender_username!, body: row.last_body!, created_at: new Date(row.last_created_at!).toISOString() },
      unread: row.unread,
      mentions: row.mentions,
    };
  });
  return { results, ...totals(rows) };
}

/** GET conversations/{key}/messages/: a page of a conversation, newest first; a superuser's audit reading is itself audited. */
export async function conversationMessages(db: Db, request: FastifyRequest, user: User, key: string, query: ListQuery): Promise<ListPage<ConversationMessage>> {
  const opened = await openConversation(db, user, key, 'read', () => notFound());
  if (opened.audit) await recordAudit(db, { actor: user, action: 'message.audit_read', target: `conversations:${key}`, risk: 'medium', metadata: { page: query.page } });
  return (await listPage(db, request, messageList, query, eq(messages.conversation, key))) as unknown as ListPage<ConversationMessage>;
}

/**
 * GET messages/: the messages of the user's conversations of the last 30 days (the device's
 * mirror, with `updated_since` its delta).
 */
export async function myMessages(db: Db, request: FastifyRequest, user: User, query: ListQuery): Promise<ListPage<ConversationMessage>> {
  const keys = (await conversationRows(db, user)).map((row) => row.conversation);
  const since = sql`now() - make_interval(days => ${MESSAGE_MIRROR_DAYS})`;
  const scope = keys.length ? and(inArray(messages.conversation, keys), gte(messages.created_at, since as unknown as string)) : sql`false`;
  return (await listPage(db, request, messageList, query, scope)) as unknown as ListPage<ConversationMessage>;
}

/** Moves the user's read marker of a conversation forward (never back) to `upTo`. */
async function readUpTo(tx: Db, user: number, key: string, upTo: number): Promise<void> {
  await tx
    .insert(messageReads)
    .values({ conversation: key, user, last_read: upTo })
    .onConflictDoUpdate({ target: [messageReads.user, messageReads.conversation], set: { last_read: sql`greatest(${messageReads.last_read}, excluded.last_read)`, updated_at: sql`now()` } });
}

/** The users a message names with @username who may read its conversation (the sender aside): they are told. */
async function mentionedMembers(tx: Db, sender: User, opened: Opened, body: string): Promise<number[]> {
  const usernames = mentionedUsernames(body).map((name) => name.toLowerCase());
  if (!usernames.length) return [];
  const named = await tx
    .select({ id: users.id, department: users.department, designation: users.designation, is_superuser: users.is_superuser })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, usernames), eq(users.is_active, true), ne(users.id, sender.id)));
  const members: number[] = [];
  for (const user of named) if (await isMember(tx, user as User, opened.conversation)) members.push(user.id);
  return members;
}

/**
 * POST messages/: a message in a conversation the sender takes part in, with its files (kept by
 * the files module, the message their owner: its type and size rules, its `file.add` audit). The
 * sender has read up to it; users it mentions who may read the conversation get a mention and
 * follow it; its members hear of it live (after commit).
 */
export async function postMessage(db: Db, actor: User, input: CreateInput, uploads: readonly Upload[] = []): Promise<ConversationMessage> {
  const opened = await openConversation(db, actor, input.conversation, 'take-part', () => invalidPkError('conversation', input.conversation));
  const { conversation } = opened;
  const { row, attached } = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const [created] = await tx
        .insert(messages)
        .values({
          conversation: opened.key,
          sender: actor.id,
          recipient: conversation.kind === 'direct' ? (conversation.users.find((id) => id !== actor.id) ?? null) : null,
          department: conversation.kind === 'department' ? conversation.department : null,
          subject: input.subject,
          body: input.body,
          created_by: actor.id,
        })
        .returning();
      const row = created!;
      const attached: StoredFile[] = [];
      for (const upload of uploads) attached.push(await addFile(tx, actor, { type: 'message', id: row.id }, upload));
      await readUpTo(tx, actor.id, opened.key, row.id);
      const mentioned = await mentionedMembers(tx, actor, opened, input.body);
      if (mentioned.length) {
        await tx.insert(messageMentions).values(mentioned.map((user) => ({ message: row.id, user })));
        // They follow the conversation from here: the earlier messages do not count as unread.
        await tx
          .insert(messageReads)
          .values(mentioned.map((user) => ({ conversation: opened.key, user, last_read: row.id - 1 })))
          .onConflictDoNothing();
      }
      await publish(tx, 'messages', { conversation: opened.key, message: row.id, sender: actor.id }, audienceOf(conversation));
      return { row, mentioned, attached };
    },
    ({ row, mentioned, attached }) => ({
      action: 'message.create',
      target: `messages:${row.id}`,
      risk: 'low',
      metadata: { conversation: row.conversation, mentions: mentioned, ...(attached.length ? { attachments: attached.map((file) => file.id) } : {}) },
    }),
  );
  return asMessage(row, actor.username, attached);
}

/**
 * POST conversations/{key}/read/: the user has read the conversation to its latest message; its
 * mentions of them are read, and its messages read by someone (`read_at`) from now if no one had.
 * Answers the header's counts after it; the user's other screens hear of it live.
 */
export async function markRead(db: Db, actor: User, key: string): Promise<UnreadCounts> {
  await openConversation(db, actor, key, 'take-part', () => notFound());
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const [latest] = await tx
        .select({ id: sql<number | null>`max(${messages.id})` })
        .from(messages)
        .where(and(eq(messages.conversation, key), isNull(messages.deleted_at)));
      const upTo = latest?.id ?? 0;
      await readUpTo(tx, actor.id, key, upTo);
      const read = and(eq(messages.conversation, key), lte(messages.id, upTo));
      await tx
        .update(messageMentions)
        .set({ read_at: sql`now()` })
        .where(and(eq(messageMentions.user, actor.id), isNull(messageMentions.read_at), inArray(messageMentions.message, tx.select({ id: messages.id }).from(messages).where(read))));
      await tx
        .update(messages)
        .set({ read_at: sql`now()` })
        .where(and(read, isNull(messages.read_at), ne(messages.sender, actor.id)));
      await publish(tx, 'messages', { conversation: key, read: upTo }, { users: [actor.id] });
      return upTo;
    },
    (upTo) => ({ action: 'message.read', target: `conversations:${key}`, risk: 'low', metadata: { last_read: upTo } }),
  );
  return unreadCounts(db, actor);
}
