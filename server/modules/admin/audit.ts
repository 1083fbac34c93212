import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import { AUDIT_MESSAGES, type AuditEntry, type AuditQuery, type AuditWriteBody } from '../../../domain/admin';
import type { RiskLevel } from '../../../domain/system';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { throwIfAny, type FieldErrors } from '../../lib/http-error';
import { escapeLike } from '../../lib/list';
import { pageLink, type Page } from '../../lib/pagination';
import { recordAudit } from '../audit/service';

type AuditRow = typeof auditLog.$inferSelect;

/** An audit row in the §3 shape. */
const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  timestamp: row.timestamp.toISOString(),
  riskLevel: row.risk_level as RiskLevel,
  action: row.action,
  target: row.target,
  metadata: row.metadata as Record<string, unknown>,
  userId: row.user_id,
  username: row.username,
  clientAddress: row.client_address,
  requestId: row.request_id,
});

/** DRF's limit-offset links: the previous of the second page is the list without `offset`. */
function limitOffsetLinks(request: FastifyRequest, total: number, limit: number, offset: number): Pick<Page<unknown>, 'next' | 'previous'> {
  const before = offset - limit;
  return {
    next: offset + limit < total ? pageLink(request, { offset: String(offset + limit) }) : null,
    previous: offset <= 0 ? null : pageLink(request, { offset: before > 0 ? String(before) : null }),
  };
}

/** GET admin/audit/: newest first, filtered (domain/admin.ts auditQuerySchema). */
export async function listAudit(db: Db, request: FastifyRequest, query: AuditQuery): Promise<Page<AuditEntry>> {
  const where = and(
    query.user === undefined ? undefined : eq(auditLog.user_id, query.user),
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.target ? ilike(auditLog.target, `%${escapeLike(query.target)}%`) : undefined,
    query.riskLevel ? eq(auditLog.risk_level, query.riskLevel) : undefined,
    query.from ? gte(auditLog.timestamp, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.timestamp, new Date(query.to)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.timestamp), desc(auditLog.id)).limit(query.limit).offset(query.offset);
  return { count: total!.n, ...limitOffsetLinks(request, total!.n, query.limit, query.offset), results: rows.map(toEntry) };
}

/**
 * POST admin/audit/: the console's record of what its superuser did, under the caller's own name
 * (a userId or username of someone else is refused); the client's clock goes to the metadata.
 */
export async function writeAudit(db: Db, caller: User, body: AuditWriteBody): Promise<AuditEntry> {
  const errors: FieldErrors = {};
  if (body.userId !== undefined && body.userId !== caller.id) errors.userId = [AUDIT_MESSAGES.notCaller];
  if (body.username !== undefined && body.username.toLowerCase() !== caller.username.toLowerCase()) errors.username = [AUDIT_MESSAGES.notCaller];
  throwIfAny(errors);
  const metadata = body.timestamp ? { ...body.metadata, clientTimestamp: body.timestamp } : body.metadata;
  return toEntry(await recordAudit(db, { actor: caller, action: body.action, target: body.target, risk: body.riskLevel, metadata }));
}
