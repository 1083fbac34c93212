import autocannon from 'autocannon';

export interface LoadFigures {
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

/** What a run of underLoad measured, with how many requests its measured part answered. */
export interface MeasuredLoad extends LoadFigures {
  requests: number;
}

export interface Load {
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Called once warm, just before the measured run (a probe of the server's own counters reads here). */
  onMeasuring?: () => Promise<void>;
}

/**
 * Long enough for V8 to compile the server's hot path: after 1 s the API ran at two thirds of its
 * steady throughput while a raw query's few functions were already optimised, so the ratio
 * measured the compiler, not the cost of a call.
 */
export const WARM_UP_SECONDS = 3;
const MEASURED_SECONDS = 5;

async function fire({ onMeasuring: _, ...load }: Load, seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({ ...load, duration: seconds });
  // A figure made of refusals or errors measures the wrong thing: that is a real failure.
  if (result.non2xx || result.errors) {
    throw new Error(`${load.method ?? 'GET'} ${load.url}: ${result.non2xx} non-2xx responses and ${result.errors} errors under load`);
  }
  return result;
}

/** An unrecorded run first, so compilation and connection pools are warm before measuring. */
export async function underLoad(load: Load): Promise<MeasuredLoad> {
  await fire(load, WARM_UP_SECONDS);
  await load.onMeasuring?.();
  const result = await fire(load, MEASURED_SECONDS);
  return { p50: result.latency.p50, p99: result.latency.p99, requestsPerSecond: result.requests.average, requests: result.requests.total };
}
