import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

/**
 * Global setup of the api-postgres project: PostgreSQL clusters for its test files, one file per
 * cluster at a time (tests/support/server.ts leases them). A snapshot spans a whole cluster, so
 * two files on one cluster would hold back each other's delta-sync cursors; a second cluster,
 * made here in a temporary directory, lets two files run at once on the two cores. It is the
 * same PostgreSQL, started with fsync off (nothing here tests a power cut). Where no cluster can
 * be made (no initdb, no postgres user), the files share TEST_DATABASE_URL's one at a time.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresClusters: PostgresCluster[];
  }
}

/** A cluster's first database (for the lease and CREATE DATABASE) and a migrated database each test database is a copy of. */
export interface PostgresCluster {
  url: string;
  template: string;
}

function initdbPath(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program as the postgres user when we are root (PostgreSQL refuses root). */
function asOwner(program: string, args: string[]): void {
  const [command, commandArgs] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const result = spawnSync(command, commandArgs, { stdio: 'pipe', encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.error?.message}`);
}

async function startCluster(bin: string): Promise<{ url: string; stop(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${dir}`, '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'];
  asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-o', options.join(' '), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Migrates a database once for the run: a test database copied from it starts without running the migrations again. */
async function migratedTemplate(url: string): Promise<{ cluster: PostgresCluster; drop(): Promise<void> }> {
  const template = `fabops_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = await openDatabase({ url: templateUrl.toString() });
  await database.close();
  return { cluster: { url, template }, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`) };
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (!given) return;
  const bin = initdbPath();
  const second = bin && os.availableParallelism() > 1 ? await startCluster(bin).catch(() => null) : null;
  const templates = await Promise.all([given, ...(second ? [second.url] : [])].map(migratedTemplate));
  project.provide(
    'postgresClusters',
    templates.map((t) => t.cluster),
  );
  return async () => {
    await templates[0]!.drop();
    second?.stop();
  };
}
