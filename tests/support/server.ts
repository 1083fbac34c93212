import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { forgetGuardReads } from '../../server/plugins/auth';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, emptyAll, type Database } from '../../server/db/client';
import { DEMO_PASSWORD, seedDemoCompany, seedDemoUsers } from '../../server/db/seed';
import { hashPassword } from '../../server/lib/password';
import { eq } from 'drizzle-orm';
import { systemConfig, users } from '../../server/db/schema';
import { signToken } from '../../server/lib/jwt';
import { startSession } from '../../server/modules/sessions/service';
import type { PostgresCluster } from './postgres-clusters';

export { DEMO_PASSWORD };

/**
 * One database and one app per test file (PGlite takes seconds to start). On PostgreSQL the
 * file gets a database of its own, dropped afterwards.
 */
export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database of this file (null on PGlite), for tests that open their own connections. */
  url: string | null;
  /** Empties every table and seeds again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Any number: the lease of a cluster is this advisory lock on its first database. */
const CLUSTER_LEASE = 20_250_101;

/**
 * The PostgreSQL cluster this worker's test file runs on (tests/support/postgres-clusters.ts): a
 * free one, else the worker's own once the file there ends. Held while the file has a server
 * open, so a cluster has one file at a time and its delta-sync cursors see only that file's work.
 */
let lease: Promise<{ cluster: PostgresCluster; client: pg.Client }> | null = null;
let leaseHolders = 0;

async function takeLease(): Promise<{ cluster: PostgresCluster; client: pg.Client }> {
  const clusters = inject('postgresClusters');
  for (const cluster of clusters) {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1) AS free', [CLUSTER_LEASE]);
    if (rows[0]!.free) return { cluster, client };
    await client.end();
  }
  const cluster = clusters[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % clusters.length]!;
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1)', [CLUSTER_LEASE]);
  return { cluster, client };
}

async function leaseCluster(): Promise<PostgresCluster> {
  leaseHolders++;
  return (await (lease ??= takeLease())).cluster;
}

async function endLease(): Promise<void> {
  if (--leaseHolders > 0 || !lease) return;
  const ended = lease;
  lease = null;
  await (await ended).client.end();
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { url: baseUrl, template } = await leaseCluster();
  const name = `fabops_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  // What the tests measure is behaviour, not durability: a commit need not wait for the disk.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await endLease();
    },
  };
}

/** The run's migrated embedded database (tests/support/pglite-image.ts), read once per worker. */
let image: Blob | undefined;
async function migratedImage(): Promise<Blob> {
  return (image ??= new Blob([await fs.promises.readFile(inject('pgliteImage'))]));
}

export interface TestServerOptions {
  /** 'users' (default): only the demo users, for tests that make their own data; 'demo': the whole demo company. */
  seed?: 'demo' | 'users';
}

/**
 * The demo users' password at a low scrypt cost: a suite signs in thousands of times, and the cost
 * is stored in the hash, so sign-in checks it exactly as in production. Passwords the tests set
 * through the API get the real cost.
 */
const TEST_PASSWORD_COST = 1024;
/** The maximum of concurrent sessions per user on a test server (docs/decisions.md 416). */
export const TEST_MAX_SESSIONS = 100;
let testPasswordHash: Promise<string> | undefined;

export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const hash = await (testPasswordHash ??= hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST));
  const seedData = options.seed === 'demo' ? (db: Database['db']) => seedDemoCompany(db, undefined, hash) : (db: Database['db']) => seedDemoUsers(db, hash).then(() => undefined);
  // A suite signs the same demo users in many times over; the limit's own tests set it lower.
  const seed = async (db: Database['db']) => {
    await seedData(db);
    await db.update(systemConfig).set({ max_concurrent_sessions: TEST_MAX_SESSIONS });
  };
  const usePostgres = process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL;
  const pgDb = usePostgres ? await createPostgresDatabase() : null;
  const database = await openDatabase(pgDb ? { url: pgDb.url } : { memory: true, image: await migratedImage() });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent' }, overrides);
  const app = await buildApp({ config, database });
  await seed(database.db);
  return {
    app,
    database,
    url: pgDb?.url ?? null,
    reset: async () => {
      // Sessions stay: a client signed in before a reset goes on working, as it did before sessions.
      await emptyAll(database.db, ['user_sessions']);
      await seed(database.db);
      forgetGuardReads(app);
    },
    close: async () => {
      await app.close();
      await pgDb?.drop();
    },
  };
}

/**
 * A token signed with the app's key for a new session of the user, without signing in (a server in
 * production mode refuses the demo password), issued `ageSeconds` ago.
 */
export async function craftedToken(
  server: Pick<TestServer, 'app' | 'database'>,
  username: string,
  { type = 'access', lifetimeSeconds = 300, ageSeconds = 0 }: { type?: 'access' | 'refresh'; lifetimeSeconds?: number; ageSeconds?: number } = {},
): Promise<string> {
  const [row] = await server.database.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  const sessionId = await startSession(server.database.db, row, { device: 'test', address: '127.0.0.1' }, { maxConcurrentSessions: TEST_MAX_SESSIONS, sessionTimeout: 3600 });
  return signToken(type, row.id, lifetimeSeconds, server.app.jwtSecret, Date.now() - ageSeconds * 1000, sessionId);
}

/** Signs a demo user in and returns the token pair. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<{ access: string; refresh: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A client bound to one user's access token. */
export function as(app: FastifyInstance, access: string | null) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: { ...(access ? { authorization: `JWT ${access}` } : {}), ...headers },
    });
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => call('POST', url, payload ?? {}, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) => call('PUT', url, payload ?? {}, headers),
    patch: (url: string, payload?: unknown, headers?: Record<string, string>) => call('PATCH', url, payload ?? {}, headers),
    delete: (url: string, headers?: Record<string, string>, payload?: unknown) => call('DELETE', url, payload, headers),
  };
}

export async function signedInAs(app: FastifyInstance, username: string) {
  const { access } = await signIn(app, username);
  return as(app, access);
}

/** A client signed in as one user, as `signedInAs` gives it. */
export type TestClient = ReturnType<typeof as>;

/**
 * The test file's server, started once for the file and emptied and seeded again before each
 * test; what it returns reads the server when called, as it exists only once the file has started.
 */
export function useTestServer(options: TestServerOptions = {}, overrides: Partial<Config> = {}) {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(overrides, options);
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  return {
    app: () => server.app,
    db: () => server.database.db,
    as: (username: string): Promise<TestClient> => signedInAs(server.app, username),
  };
}
