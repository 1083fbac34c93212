import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ROOT } from './root';

/** A node process in a process group of its own, with the tail of its output kept for error messages. */
export interface Child {
  process: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

const OUTPUT_KEPT = 4000;
const STOP_GRACE_MS = 10_000;
const running = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group has already gone.
  }
}

// A bench that dies half-way must not leave servers holding ports or data directories.
process.on('exit', () => running.forEach((child) => signalGroup(child, 'SIGKILL')));

export function startChild(args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      keep(Buffer.from(String(error)));
      resolve();
    });
  }).then(() => void running.delete(child));
  return { process: child, exited, output: () => output };
}

export function hasExited(child: Child): boolean {
  return child.process.exitCode !== null || child.process.signalCode !== null;
}

/** SIGTERM to the whole group (the server closes its database), SIGKILL if it lingers. */
export async function stopChild(child: Child): Promise<void> {
  if (hasExited(child)) return;
  signalGroup(child.process, 'SIGTERM');
  const kill = setTimeout(() => signalGroup(child.process, 'SIGKILL'), STOP_GRACE_MS);
  await child.exited;
  clearTimeout(kill);
}

/** Runs a node script to its end and returns its standard output; a failure carries its output. */
export async function runToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = startChild(args, env);
  let stdout = '';
  child.process.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  await child.exited;
  if (child.process.exitCode !== 0) throw new Error(`${args.join(' ')} failed (${child.process.exitCode ?? child.process.signalCode}):\n${child.output()}`);
  return stdout;
}

/** A port nothing listens on now, for a server about to start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
