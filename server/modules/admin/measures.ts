import os from 'node:os';
import v8 from 'node:v8';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SystemHealth } from '../../../domain/admin';
import { JOB_NAMES } from '../../../domain/jobs';
import type { Db } from '../../db/client';

/** This API process, as its answers name it: each process measures only itself. */
export const INSTANCE = `${os.hostname()}:${process.pid}`;

const round = (n: number) => Math.round(n * 10) / 10;
const NS_PER_MS = 1e6;

/**
 * How full the process's memory is: the larger of the V8 heap against its limit (past it the
 * process dies) and the resident memory against what the process may use (its cgroup's limit,
 * else the machine's memory) (decision 405).
 */
export function memoryFigures(): SystemHealth['memory'] {
  const heap = v8.getHeapStatistics();
  const resident = process.memoryUsage.rss();
  const machine = os.totalmem();
  const constrained = process.constrainedMemory();
  // Without a limit Node answers 0 or the largest 64-bit number.
  const available = constrained > 0 && constrained < machine ? constrained : machine;
  return {
    percent: round(Math.max(heap.used_heap_size / heap.heap_size_limit, resident / available) * 100),
    heapUsedBytes: heap.used_heap_size,
    heapLimitBytes: heap.heap_size_limit,
    residentBytes: resident,
    availableBytes: available,
  };
}

/** Event-loop delay over the last full period (a minute), or over the current one before the first ends. */
export class EventLoopWatch {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private last: SystemHealth['eventLoop'] | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(periodMs = 60_000) {
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.last = this.current();
      this.histogram.reset();
    }, periodMs).unref();
  }

  private current(): SystemHealth['eventLoop'] {
    const h = this.histogram;
    // An empty histogram's mean is NaN.
    if (h.count === 0) return { meanMs: 0, p99Ms: 0, maxMs: 0 };
    return { meanMs: round(h.mean / NS_PER_MS), p99Ms: round(h.percentile(99) / NS_PER_MS), maxMs: round(h.max / NS_PER_MS) };
  }

  figures(): SystemHealth['eventLoop'] {
    return this.last ?? this.current();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/** A database that has not answered a trivial query in this long is not healthy. */
const DATABASE_TIMEOUT_MS = 5000;

/** The round trip of a trivial query. */
export async function databaseFigures(db: Db, timeoutMs = DATABASE_TIMEOUT_MS): Promise<SystemHealth['database']> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs / 1000} s.`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`SELECT 1`), timeout]);
    return { healthy: true, latencyMs: round(performance.now() - started), error: null };
  } catch (error) {
    return { healthy: false, latencyMs: null, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server's stores (decision 405): the background job store answers for its queues (pg-boss's
 * schema is in place and the queues defined), and the live updates listener is connected.
 */
export async function storeFigures(app: FastifyInstance): Promise<SystemHealth['stores']> {
  const jobs = await app.jobs.boss.getQueue(JOB_NAMES.sendMail).then(
    (queue) => queue !== null,
    () => false,
  );
  return { jobs, liveUpdates: app.live.listening() };
}
