import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestContext } from '@fastify/request-context';
import { and, eq, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError, fieldError } from '../lib/http-error';
import { idempotencyKeyDays } from '../modules/system/service';
import { answerHeaders, decodeStoredAnswer, encodeStoredAnswer, payloadBytes } from './stored-answer';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = 'idempotency-key';

export const IDEMPOTENCY_MESSAGES = {
  otherBody: 'This Idempotency-Key was already used with a different request.',
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
} as const;

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The transaction of a keyed write: `app.db` is this while the write's handler runs. */
    transaction?: Db;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    keyedWrite: KeyedWrite | null;
  }
}

/** A keyed write's own transaction: the change and its stored answer commit together, or neither does. */
interface KeyedWrite {
  userId: number;
  key: string;
  tx: Db;
  finish(commit: boolean): Promise<void>;
}

/**
 * Test seams: what happens between storing a keyed write's answer and committing it. A fault
 * here (a throw, or a process that dies) must leave no change without its answer.
 */
export interface IdempotencyFaults {
  beforeCommit?: (request: FastifyRequest) => Promise<void> | void;
}
const faults = new WeakMap<FastifyInstance, IdempotencyFaults>();
export function injectIdempotencyFaults(app: FastifyInstance, injected: IdempotencyFaults): void {
  faults.set(app, injected);
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

/**
 * Begins a transaction that outlives this call: it resolves once the transaction is open, and
 * `finish` commits or rolls it back when the answer is known.
 */
function beginTransaction(db: Db): Promise<{ tx: Db; finish: (commit: boolean) => Promise<void> }> {
  return new Promise((opened, failed) => {
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const done = db
      .transaction(async (tx) => {
        opened({ tx, finish });
        if (!(await decided)) tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    const finish = async (commit: boolean) => {
      decide(commit);
      await done;
    };
    done.catch(failed);
  });
}

type Claim = { kind: 'claimed' } | { kind: 'answered'; row: typeof idempotencyKeys.$inferSelect };

/**
 * Claims the key inside the write's transaction. A request with the same key still running holds
 * the key's row, so this waits for it and then reads its answer; a process that died mid-write
 * rolled its claim back with its change, so the key is free again.
 */
async function claim(tx: Db, userId: number, key: string, hash: string): Promise<Claim> {
  const inserted = await tx.insert(idempotencyKeys).values({ user_id: userId, key, request_hash: hash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (inserted.length) return { kind: 'claimed' };
  const where = and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key));
  const [stored] = await tx.select().from(idempotencyKeys).where(where).for('update');
  if (!stored) return claim(tx, userId, key, hash); // purged between the two statements
  if (stored.request_hash !== hash) throw new HttpError(422, { detail: IDEMPOTENCY_MESSAGES.otherBody });
  if (stored.status_code !== null) return { kind: 'answered', row: stored };
  // A claim without an answer, left by a version that stored them apart: this request takes it over.
  await tx.update(idempotencyKeys).set({ created_at: sql`now()` }).where(where);
  return { kind: 'claimed' };
}

async function replay(reply: FastifyReply, stored: typeof idempotencyKeys.$inferSelect): Promise<void> {
  const answer = decodeStoredAnswer(stored);
  await reply.headers({ ...answer.headers, 'idempotent-replayed': 'true' }).code(stored.status_code!).send(answer.body);
}

/**
 * `Idempotency-Key` on every signed-in write (DESIGN.md "Writes", docs/decisions.md): a keyed
 * write runs in one transaction that claims the key, makes the change (the handler's `app.db` is
 * that transaction) and stores the answer (its bytes and headers, stored-answer.ts); it commits
 * only then. A retry with the same key and body gets the stored answer, at once if the first has
 * finished and as soon as it finishes if it is still running; 422 for another body. A 5xx is not
 * stored: its change is rolled back and a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('keyedWrite', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (key === undefined || !WRITE_METHODS.has(request.method) || !request.user) return;
    if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) throw fieldError('Idempotency-Key', IDEMPOTENCY_MESSAGES.invalid);
    const userId = request.user.id;
    const { tx, finish } = await beginTransaction(db);
    let claimed: Claim;
    try {
      claimed = await claim(tx, userId, key, requestHash(request));
    } catch (error) {
      await finish(false);
      throw error;
    }
    if (claimed.kind === 'answered') {
      await finish(false);
      return replay(reply, claimed.row);
    }
    request.keyedWrite = { userId, key, tx, finish };
    requestContext.set('transaction', tx);
  });

  // Registered before compression, so the payload here is the serialized body.
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.keyedWrite;
    if (!write) return payload;
    request.keyedWrite = null;
    requestContext.set('transaction', undefined);
    if (reply.statusCode >= 500) {
      await write.finish(false);
      return payload;
    }
    try {
      const answer = encodeStoredAnswer({ headers: answerHeaders((name) => reply.getHeader(name)), body: payloadBytes(payload) });
      await write.tx
        .update(idempotencyKeys)
        .set({ status_code: reply.statusCode, ...answer, completed_at: sql`now()` })
        .where(and(eq(idempotencyKeys.user_id, write.userId), eq(idempotencyKeys.key, write.key)));
      await faults.get(app)?.beforeCommit?.(request);
    } catch (error) {
      await write.finish(false);
      throw error;
    }
    await write.finish(true);
    return payload;
  });

  // A request that ends without an answer (the client went away mid-write) leaves nothing behind.
  const abandon = async (request: FastifyRequest) => {
    const write = request.keyedWrite;
    if (!write) return;
    request.keyedWrite = null;
    await write.finish(false);
  };
  app.addHook('onResponse', abandon);
  app.addHook('onRequestAbort', abandon);
}

/** Drops keys older than the retention period the offline setting gives; run at start and periodically. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  const days = await idempotencyKeyDays(db);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, sql`now() - make_interval(days => ${days})`));
}
