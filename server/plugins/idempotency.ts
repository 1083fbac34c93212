import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError, fieldError } from '../lib/http-error';

/** Keys are kept this long: tablets can stay offline for days (DESIGN.md). */
export const IDEMPOTENCY_KEY_DAYS = 30;
/** A first request still "running" after this long died with its process: the key may be retried. */
const ABANDONED_AFTER_SECONDS = 120;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = 'idempotency-key';

export const IDEMPOTENCY_MESSAGES = {
  otherBody: 'This Idempotency-Key was already used with a different request.',
  inFlight: 'A request with this Idempotency-Key is still being processed; retry shortly.',
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

/** Claims the key for this request, or answers from what an earlier request with it left. */
async function claim(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number, key: string): Promise<void> {
  const hash = requestHash(request);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ user_id: userId, key, request_hash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) {
    request.idempotencyKey = key;
    return;
  }
  const [stored] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
  if (!stored) return claim(db, request, reply, userId, key); // purged between the two statements
  if (stored.request_hash !== hash) throw new HttpError(422, { detail: IDEMPOTENCY_MESSAGES.otherBody });
  if (stored.status_code === null) {
    const retaken = await db
      .update(idempotencyKeys)
      .set({ created_at: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.user_id, userId),
          eq(idempotencyKeys.key, key),
          isNull(idempotencyKeys.status_code),
          lt(idempotencyKeys.created_at, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!retaken.length) throw new HttpError(409, { detail: IDEMPOTENCY_MESSAGES.inFlight });
    request.idempotencyKey = key;
    return;
  }
  reply.header('idempotent-replayed', 'true');
  if (stored.response_type) reply.type(stored.response_type);
  await reply.code(stored.status_code).send(stored.response_body ?? '');
}

/**
 * `Idempotency-Key` on every signed-in write (DESIGN.md "Writes"): the first request's response
 * is stored and replayed to a retry with the same key and body; 422 for another body; 409 while
 * the first is running. A 5xx is not stored, so a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (key === undefined || !WRITE_METHODS.has(request.method) || !request.user) return;
    if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) throw fieldError('Idempotency-Key', IDEMPOTENCY_MESSAGES.invalid);
    await claim(app.db, request, reply, request.user.id, key);
  });

  // Registered before compression, so the payload here is the serialized body.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.user) return payload;
    const where = and(eq(idempotencyKeys.user_id, request.user.id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 500) {
      await app.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const type = reply.getHeader('content-type');
    await app.db
      .update(idempotencyKeys)
      .set({ status_code: reply.statusCode, response_body: body, response_type: typeof type === 'string' ? type : null, completed_at: sql`now()` })
      .where(where);
    return payload;
  });
}

/** Drops keys older than the retention period; run at start and periodically. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, sql`now() - make_interval(days => ${IDEMPOTENCY_KEY_DAYS})`));
}
