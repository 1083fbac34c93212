import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { BENCH_PAGE_BASE } from '../browser/vite.config';
import { CLIENT_DIR } from './login-bundle';
import { ROOT } from './root';

export interface BenchClient {
  /** A directory for the bench server's CLIENT_DIR: the built app, and the bench page under /bench-page/. */
  dir: string;
  /** Where the bench page is, relative to the origin. */
  pagePath: string;
  dispose(): Promise<void>;
}

/**
 * The built app (dist/client, which must be fresh: run.ts builds it when stale) copied beside a
 * fresh build of the bench page, so one server gives both at one origin: the page fills the
 * IndexedDB that the app then reads. Nothing is written under dist/.
 */
export async function benchClient(): Promise<BenchClient> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fabops-bench-client-'));
  try {
    await fs.cp(CLIENT_DIR, dir, { recursive: true });
    await build({
      configFile: path.join(ROOT, 'bench/browser/vite.config.ts'),
      mode: 'production',
      build: { outDir: path.join(dir, BENCH_PAGE_BASE), emptyOutDir: true },
    });
    return { dir, pagePath: `${BENCH_PAGE_BASE}index.html`, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}
