import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { liveEventSchema, type LiveAudience, type LiveChannel, type LiveEvent } from '../../../domain/live';

/** The one PostgreSQL notification channel every API process listens on. */
const NOTIFY_CHANNEL = 'fabops_live';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_MS = 2000;

export interface Published extends LiveEvent {
  audience: LiveAudience;
}

/**
 * Tells every API process's live streams of a change. Call it with the write's transaction: the
 * notification leaves at commit, and not at all if the write rolls back.
 */
export async function publish(db: Db, channel: LiveChannel, data: LiveEvent['data'], audience: LiveAudience = {}): Promise<void> {
  const payload = JSON.stringify({ channel, data, audience } satisfies Published);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`live event on ${channel} is too large for a notification: send ids, not rows`);
  await db.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
}

export type LiveListener = (event: Published) => void;

/** This process's end of the fan-out: each notification, from any process, goes to every local listener. */
export interface LiveHub {
  subscribe(listener: LiveListener): () => void;
  /** Whether notifications reach this process now (false while a dropped connection is being made again, and once closed). */
  listening(): boolean;
  close(): Promise<void>;
}

function parse(payload: string | undefined): Published | null {
  try {
    const raw = JSON.parse(payload ?? '') as Published;
    const event = liveEventSchema.safeParse(raw);
    return event.success ? { ...event.data, audience: raw.audience ?? {} } : null;
  } catch {
    return null;
  }
}

/**
 * Listens on the database: on PostgreSQL a connection of its own (a pooled one would be handed to
 * queries), reconnected if it drops; on embedded PGlite its in-process LISTEN.
 */
export async function startLiveHub(database: Database, onError: (error: unknown) => void): Promise<LiveHub> {
  const listeners = new Set<LiveListener>();
  const deliver = (payload: string | undefined) => {
    const event = parse(payload);
    if (event) for (const listener of listeners) listener(event);
  };
  // Both drivers keep their client on the drizzle database (drizzle's `$client`).
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  let connection: Listener;
  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(NOTIFY_CHANNEL, deliver);
    let open = true;
    connection = {
      listening: () => open,
      stop: () => {
        open = false;
        return unlisten();
      },
    };
  } else {
    connection = await listenOnPostgres((client as pg.Pool).options, deliver, onError);
  }
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => connection.listening(),
    close: async () => {
      listeners.clear();
      await connection.stop();
    },
  };
}

/** The database end of the hub. */
interface Listener {
  listening(): boolean;
  stop(): Promise<void>;
}

async function listenOnPostgres(options: pg.PoolConfig, deliver: (payload: string | undefined) => void, onError: (error: unknown) => void): Promise<Listener> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client(options);
    client.on('notification', (message) => deliver(message.payload));
    client.on('error', onError);
    client.on('end', () => {
      if (closed || current !== client) return;
      current = null;
      retry = setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    current = client;
  };
  const reconnectLater = (error: unknown) => {
    onError(error);
    if (!closed) retry = setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS);
  };
  await connect();
  return {
    listening: () => current !== null,
    stop: async () => {
      closed = true;
      clearTimeout(retry);
      await current?.end();
      current = null;
    },
  };
}
