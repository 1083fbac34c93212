import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, hasExited, startChild, stopChild, type Child } from './processes';

const POLL_MS = 50;
const GIVE_UP_MS = 120_000;

async function answersHealth(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function untilHealthy(url: string, child: Child): Promise<void> {
  const deadline = performance.now() + GIVE_UP_MS;
  while (!(await answersHealth(url))) {
    if (hasExited(child)) throw new Error(`FabOps stopped before answering ${url}:\n${child.output()}`);
    if (performance.now() > deadline) throw new Error(`FabOps did not answer ${url} within ${GIVE_UP_MS / 1000} s:\n${child.output()}`);
    await sleep(POLL_MS);
  }
}

/**
 * Milliseconds from launching `node scripts/start.mjs` (what `npm start` runs) to the first 200
 * of the health check. The client must already be built, or this would time the build.
 */
export async function timeStart(env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const child = startChild(['scripts/start.mjs'], { ...env, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo' });
  try {
    await untilHealthy(`http://127.0.0.1:${port}/api/v1/health/`, child);
    return performance.now() - began;
  } finally {
    await stopChild(child);
  }
}
