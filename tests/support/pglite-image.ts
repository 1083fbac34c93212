import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { prepareEmbedded } from '../../server/db/client';

/**
 * Global setup of the api-pglite project: one embedded database migrated for the whole run and
 * written to a file; each test file's database starts from it (tests/support/server.ts) instead
 * of running every migration again, which was most of a file's start.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject) {
  const client = new PGlite();
  await prepareEmbedded(client);
  const image = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
