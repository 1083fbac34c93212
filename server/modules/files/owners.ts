import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { estimations, invoices, jobOrderExpenses, jobOrders, messages, quotationItems, quotations } from '../../db/schema';
import { parseConversation } from '../../../domain/message';
import type { FileOwnerType } from '../../../domain/file';
import type { User } from '../../../domain/user';
import { jobOrderScope } from '../job-orders/scope';
import { isMember } from '../messages/access';
import { recordAudit } from '../audit/service';

/** The table of each kind of row files belong to (domain/file.ts FILE_OWNERS holds who may do what). */
const OWNER_TABLES: Record<Exclude<FileOwnerType, 'quotation-item' | 'message'>, PgTable & { id: PgColumn; deleted_at: PgColumn }> = {
  invoice: invoices,
  'job-order': jobOrders,
  'job-order-expense': jobOrderExpenses,
  estimation: estimations,
};

/** The owning row, if it exists, is not deleted and is within the user's row rule (design's desk for a job order): its fields feed the owner's edit rule. */
export async function ownerRow(db: Db, user: User, type: FileOwnerType, id: number, access: 'read' | 'write'): Promise<Record<string, unknown> | undefined> {
  if (type === 'quotation-item') return quotationItemOwner(db, id);
  if (type === 'message') return messageOwner(db, user, id, access);
  const table = OWNER_TABLES[type];
  const scope = type === 'job-order' ? jobOrderScope(user) : undefined;
  const [row] = await db.select().from(table).where(and(eq(table.id, id), isNull(table.deleted_at), scope));
  return row as Record<string, unknown> | undefined;
}

/** A quotation item's files follow its quotation's rule: the item carries the quotation's sales executive, and a cancelled quotation's items take none. */
async function quotationItemOwner(db: Db, id: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ id: quotationItems.id, quotation: quotationItems.quotation, sales_exec: quotations.sales_exec })
    .from(quotationItems)
    .innerJoin(quotations, eq(quotations.id, quotationItems.quotation))
    .where(and(eq(quotationItems.id, id), isNull(quotationItems.deleted_at), isNull(quotations.deleted_at)));
  return row;
}

/**
 * A message's files follow its conversation (decision 398): a member reads them, a superuser too
 * (the audit right, decision 381, audited as reading the conversation); only members write, and
 * the edit rule keeps that to the sender.
 * Outside it the message does not exist for the user (404), as a thread hidden by a row rule.
 */
async function messageOwner(db: Db, user: User, id: number, access: 'read' | 'write'): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ id: messages.id, sender: messages.sender, conversation: messages.conversation })
    .from(messages)
    .where(and(eq(messages.id, id), isNull(messages.deleted_at)));
  const conversation = row && parseConversation(row.conversation);
  if (!row || !conversation) return undefined;
  if (await isMember(db, user, conversation)) return row;
  if (access === 'write' || !user.is_superuser) return undefined;
  await recordAudit(db, { actor: user, action: 'message.audit_read', target: `conversations:${row.conversation}`, risk: 'medium', metadata: { message: row.id } });
  return row;
}
