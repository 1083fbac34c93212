import { freePort, hasExited, startChild, stopChild, type Child } from '../../bench/lib/processes';

/** A real API process (server/main.ts) on a database of the test's, for what only processes show. */
export interface ApiProcess {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

const STARTED = /FabOps is running/;
const GIVE_UP_MS = 60_000;

/** Starts `server/main.ts` on the database `env` names (DATABASE_URL or DATA_DIR; no demo seed) and resolves once it listens. */
export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const port = await freePort();
  const child = startChild(['--import', 'tsx', 'server/main.ts'], {
    ...process.env,
    NODE_ENV: 'test',
    SEED: 'none',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ...env,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API process did not start within ${GIVE_UP_MS / 1000} s:\n${child.output()}`)), GIVE_UP_MS);
    const onOutput = (chunk: Buffer) => {
      if (!STARTED.test(chunk.toString())) return;
      clearTimeout(timer);
      resolve();
    };
    child.process.stdout!.on('data', onOutput);
    void child.exited.then(() => {
      clearTimeout(timer);
      if (hasExited(child)) reject(new Error(`the API process stopped before it listened:\n${child.output()}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) };
}
