import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deliveryNotes, invoices, jobOrders, quotations, requisitions, users } from '../../db/schema';
import { MESSAGE_MESSAGES, parseConversation, type Conversation, type MessageRecordType } from '../../../domain/message';
import { can, type Permission } from '../../../domain/permissions';
import type { LiveAudience } from '../../../domain/live';
import type { User } from '../../../domain/user';
import { forbidden, type HttpError } from '../../lib/http-error';
import { jobOrderScope } from '../job-orders/scope';
import { quotationScope } from '../quotations/service';

/**
 * Who may read which conversation (docs/permissions.md "Messaging"): the two users of a direct
 * conversation, a department's users its channel, whoever may read a record its thread (the
 * record's own read permission and row rule). Superusers read every conversation for audit.
 */
export const RECORD_READ: Record<MessageRecordType, Permission> = {
  'job-order': 'job-orders.read',
  requisition: 'requisitions.read',
  'delivery-note': 'delivery-notes.read',
  quotation: 'quotations.read',
  invoice: 'invoices.read',
};

const RECORD_TABLES: Record<MessageRecordType, PgTable & { id: PgColumn; deleted_at: PgColumn }> = {
  'job-order': jobOrders,
  requisition: requisitions,
  'delivery-note': deliveryNotes,
  quotation: quotations,
  invoice: invoices,
};

/** What a membership check reads of a user. */
export type Member = Pick<User, 'id' | 'department' | 'designation' | 'is_superuser'>;

/** A conversation opened for a user: what it is, and whether only the superuser's audit right opened it. */
export interface Opened {
  readonly key: string;
  readonly conversation: Conversation;
  readonly audit: boolean;
}

/** The record's row rule, where it has one: design's job orders, a sales executive's own quotations. */
function rowRule(user: Member, type: MessageRecordType): SQL | undefined {
  if (type === 'job-order') return jobOrderScope(user as User);
  if (type === 'quotation') return quotationScope(user as User);
  return undefined;
}

async function recordExists(db: Db, user: Member, type: MessageRecordType, id: number): Promise<boolean> {
  const table = RECORD_TABLES[type];
  const scope = rowRule(user, type);
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, id), isNull(table.deleted_at), scope));
  return row !== undefined;
}

async function usersExist(db: Db, ids: readonly number[]): Promise<boolean> {
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, [...ids]));
  return found.length === ids.length;
}

/** Is the user in the conversation (the superuser's audit right aside)? A record's thread also needs the record to exist for them. */
export async function isMember(db: Db, user: Member, conversation: Conversation): Promise<boolean> {
  if (conversation.kind === 'direct') return conversation.users.includes(user.id);
  if (conversation.kind === 'department') return user.department === conversation.department;
  return can(user, RECORD_READ[conversation.record_type]) && (await recordExists(db, user, conversation.record_type, conversation.record_id));
}

/**
 * Opens a conversation for reading (`read`: a superuser outside it reads it for audit) or for
 * writing and marking read (`take-part`: members only). A conversation naming a user or record
 * that does not exist is `missing()` (a 404 on a path, a 400 on a body's field).
 */
export async function openConversation(db: Db, user: User, key: string, purpose: 'read' | 'take-part', missing: () => HttpError): Promise<Opened> {
  const conversation = parseConversation(key);
  if (!conversation) throw missing();
  if (conversation.kind === 'direct' && !(await usersExist(db, conversation.users))) throw missing();
  if (conversation.kind === 'record') {
    if (!can(user, RECORD_READ[conversation.record_type])) throw forbidden(MESSAGE_MESSAGES.notMember);
    if (!(await recordExists(db, user, conversation.record_type, conversation.record_id))) throw missing();
    return { key, conversation, audit: false };
  }
  if (await isMember(db, user, conversation)) return { key, conversation, audit: false };
  if (purpose === 'read' && user.is_superuser) return { key, conversation, audit: true };
  throw forbidden(MESSAGE_MESSAGES.notMember);
}

/** Who hears of a new message live: the conversation's members (a thread's: the record's readers). */
export function audienceOf(conversation: Conversation): LiveAudience {
  if (conversation.kind === 'direct') return { users: conversation.users };
  if (conversation.kind === 'department') return { departments: [conversation.department] };
  return { permission: RECORD_READ[conversation.record_type] };
}
