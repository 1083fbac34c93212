import { startChild, stopChild, type Child } from './processes';

export interface BenchServer {
  origin: string;
  stop(): Promise<void>;
}

function announcedPort(child: Child): Promise<number> {
  return new Promise((resolve, reject) => {
    child.process.stdout!.on('data', () => {
      const match = /^port (\d+)$/m.exec(child.output());
      if (match) resolve(Number(match[1]));
    });
    void child.exited.then(() => reject(new Error(`The bench server stopped before listening:\n${child.output()}`)));
  });
}

/** The API (or `script`) listening for `use`, stopped afterwards whatever happens. */
export async function withBenchServer<T>(env: NodeJS.ProcessEnv, use: (origin: string) => Promise<T>, script?: string): Promise<T> {
  const server = await startBenchServer(env, script);
  try {
    return await use(server.origin);
  } finally {
    await server.stop();
  }
}

/** Starts bench/serve.ts (or another script that prints `port N` once it listens) and waits until it listens. */
export async function startBenchServer(env: NodeJS.ProcessEnv, script = 'bench/serve.ts'): Promise<BenchServer> {
  const child = startChild(['--import', 'tsx', script], env);
  try {
    const port = await announcedPort(child);
    return { origin: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
