import { API } from '../../domain/api-paths';
import { departmentChannel } from '../../domain/message';
import { startBenchServer, type BenchServer } from './bench-server';
import { benchDatabases, environmentFor, withDatabase, type FreshDatabase } from './databases';
import { figure, SKIPPED, type Row } from './table';

/**
 * Issue 22 §3: messages delivered live to 200 connected clients across two API processes on one
 * PostgreSQL (PGlite serves one process, so it has no such row). Every client is a tablet of the
 * production department with the live stream open, half on each process; 10 senders post 200
 * messages to the department's channel, alternating processes, so each message reaches every
 * client whichever process took it (decision 383: the fan-out goes through PostgreSQL). A
 * delivery's delay runs from the moment its POST left to the moment the event is read.
 */
export const FAN_OUT_CLIENTS = 200;
export const FAN_OUT_MESSAGES = 200;
const SENDERS = 10;
/** The production department's demo users: each client is one of their devices. */
const MEMBERS = ['foreman', 'production'] as const;
const CHANNEL = departmentChannel('production');
/** Deliveries still missing this long after the last POST are counted as lost. */
const DELIVERY_WAIT_MS = 30_000;

export interface FanOutFigures {
  deliveries: number;
  lost: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface Stream {
  connected: Promise<void>;
  close(): void;
}

/** A live stream read with fetch, as the app reads it: `onMessage` gets each new message's id. */
function openStream(origin: string, access: string, onMessage: (id: number) => void): Stream {
  const abort = new AbortController();
  let connected!: () => void;
  let failed!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => ((connected = resolve), (failed = reject)));
  void (async () => {
    const response = await fetch(`${origin}/api/v1${API.live}?channels=messages`, { headers: { authorization: `JWT ${access}` }, signal: abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`live stream: ${response.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffered += decoder.decode(read.value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith(': connected')) connected();
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const message = data ? (JSON.parse(data) as { message?: number }).message : undefined;
        if (message !== undefined) onMessage(message);
      }
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) failed(error);
  });
  return { connected: ready, close: () => abort.abort() };
}

const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function fanOutOn(database: FreshDatabase, signInAs: (origin: string, username: string) => Promise<string>): Promise<FanOutFigures> {
  const env = environmentFor(database);
  const servers: BenchServer[] = [];
  const streams: Stream[] = [];
  try {
    // The second process starts on the database the first has migrated and seeded.
    servers.push(await startBenchServer(env));
    servers.push(await startBenchServer(env));
    const tokens = await Promise.all(MEMBERS.map((username) => signInAs(servers[0]!.origin, username)));
    const arrivals = new Map<number, number[]>();
    let delivered = 0;
    let allDelivered!: () => void;
    const done = new Promise<void>((resolve) => (allDelivered = resolve));
    const expected = FAN_OUT_CLIENTS * FAN_OUT_MESSAGES;
    for (let i = 0; i < FAN_OUT_CLIENTS; i++) {
      streams.push(
        openStream(servers[i % 2]!.origin, tokens[i % MEMBERS.length]!, (id) => {
          const at = performance.now();
          const times = arrivals.get(id);
          if (times) times.push(at);
          else arrivals.set(id, [at]);
          if (++delivered === expected) allDelivered();
        }),
      );
    }
    await Promise.all(streams.map((s) => s.connected));

    const sentAt = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, sender) => {
        for (let k = sender; k < FAN_OUT_MESSAGES; k += SENDERS) {
          const at = performance.now();
          const response = await fetch(`${servers[k % 2]!.origin}/api/v1${API.messaging.mine}`, {
            method: 'POST',
            headers: { authorization: `JWT ${tokens[sender % MEMBERS.length]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ conversation: CHANNEL, body: `Sheet ${k + 1} of the bench is cut and waiting at the press.` }),
          });
          if (response.status !== 201) throw new Error(`posting message ${k + 1}: ${response.status} ${await response.text()}`);
          sentAt.set(((await response.json()) as { id: number }).id, at);
        }
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, DELIVERY_WAIT_MS)))]);
    clearTimeout(timer);
    const delays = [...sentAt].flatMap(([id, at]) => (arrivals.get(id) ?? []).map((arrived) => arrived - at)).sort((a, b) => a - b);
    const lastArrival = Math.max(...[...arrivals.values()].flat());
    return {
      deliveries: delays.length,
      lost: expected - delays.length,
      deliveriesPerSecond: delays.length / ((lastArrival - started) / 1000),
      p50Ms: percentile(delays, 0.5),
      p99Ms: percentile(delays, 0.99),
    };
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export async function messagingSection(progress: (message: string) => void, signInAs: (origin: string, username: string) => Promise<string>): Promise<Row[]> {
  const about = `${FAN_OUT_MESSAGES} messages to a department channel, ${FAN_OUT_CLIENTS} clients on two API processes`;
  const metrics = [`messages delivered live per second, ${about}`, 'delivery delay p50 (POST sent to event read)', 'delivery delay p99 (POST sent to event read)', 'deliveries lost'];
  const postgres = (await benchDatabases()).find(([kind]) => kind === 'PostgreSQL')![1];
  if (!postgres) return metrics.map((metric) => figure(metric, 'PostgreSQL', SKIPPED, ''));
  progress(`PostgreSQL: ${about}`);
  const f = await withDatabase(postgres, (database) => fanOutOn(database, signInAs));
  return [
    figure(`${metrics[0]!} (${f.deliveries.toLocaleString('en-US')} deliveries)`, 'PostgreSQL', f.deliveriesPerSecond.toFixed(0), 'deliveries/s'),
    figure(metrics[1]!, 'PostgreSQL', f.p50Ms.toFixed(0), 'ms'),
    figure(metrics[2]!, 'PostgreSQL', f.p99Ms.toFixed(0), 'ms'),
    { metric: metrics[3]!, database: 'PostgreSQL', value: String(f.lost), unit: '', goal: '0', verdict: f.lost === 0 ? 'pass' : 'fail' },
  ];
}
