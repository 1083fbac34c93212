import type { FastifyInstance } from 'fastify';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { RiskLevel } from '../../../domain/system';
import type { User } from '../../../domain/user';

declare module '@fastify/request-context' {
  interface RequestContextData {
    origin: AuditOrigin;
  }
}

/** Where a write came from: the client's address and the request id answered in x-request-id. */
export interface AuditOrigin {
  client_address: string;
  request_id: string;
}

export interface AuditEntry {
  actor: Pick<User, 'id' | 'username'> | null;
  action: string;
  target: string;
  risk: RiskLevel;
  metadata?: Record<string, unknown>;
  /** Only where the request's context is gone (a response hook); otherwise it is the current request's. */
  origin?: AuditOrigin;
}

/**
 * Every audit row carries its request's address and id without each service passing them: the
 * request's origin is kept in the request's async context. Registered before the other hooks, so
 * that the guard's refusals are inside it too.
 */
export async function registerAuditContext(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ origin: originOf(request) }) });
}

export const originOf = (request: { ip: string; id: string }): AuditOrigin => ({ client_address: request.ip, request_id: request.id });

/** Records a write in the audit log; pass the write's transaction so both commit together. Answers the entry's row. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<typeof auditLog.$inferSelect> {
  const origin = entry.origin ?? requestContext.get('origin');
  const [row] = await db
    .insert(auditLog)
    .values({
      user_id: entry.actor?.id ?? null,
      username: entry.actor?.username ?? null,
      action: entry.action,
      target: entry.target,
      risk_level: entry.risk,
      metadata: entry.metadata ?? {},
      client_address: origin?.client_address ?? null,
      request_id: origin?.request_id ?? null,
    })
    .returning();
  return row!;
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
