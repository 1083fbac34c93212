import { ERROR_LOG_CAP, PERFORMANCE_LOG_CAP, RECENT_WINDOW_MINUTES, SERIES_MINUTES, type MinuteFigures, type RequestLogEntry } from '../../../domain/admin';

/** One answered request, as the response hook saw it. */
export interface RequestSample {
  method: string;
  /** The route's pattern ('/api/v1/requisitions/requisitions/:id/'), never the raw URL. */
  route: string;
  statusCode: number;
  durationMs: number;
  requestId: string;
  /** The error's message, for a 5xx. */
  message?: string;
}

/**
 * Each minute keeps at most this many durations for its p95: beyond it a sample replaces a kept one
 * at random (reservoir sampling), so a busy minute costs no more memory than a quiet one.
 */
const SAMPLES_PER_MINUTE = 256;

interface Minute {
  /** Minutes since the epoch. */
  at: number;
  requests: number;
  errors: number;
  clientErrors: number;
  totalMs: number;
  samples: number[];
}

/** What one route (method and pattern) has answered. */
export interface RouteFigures {
  method: string;
  route: string;
  /** Since the process started. */
  requests: number;
  errors: number;
  /** The last SERIES_MINUTES minutes, a ring indexed by minute. */
  minutes: (Minute | undefined)[];
}

/** Figures over a run of minutes. */
export interface WindowFigures {
  requests: number;
  errors: number;
  clientErrors: number;
  averageMs: number | null;
}

const MINUTE_MS = 60_000;
const round = (ms: number) => Math.round(ms * 10) / 10;
const isError = (status: number) => status >= 500;
const isClientError = (status: number) => status >= 400 && status < 500;

/** The nearest-rank percentile of some durations; null without any. */
export function percentileOf(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!);
}

/** A log that keeps its newest `cap` entries. */
class CappedLog {
  private readonly entries: RequestLogEntry[] = [];
  constructor(private readonly cap: number) {}
  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.cap) this.entries.shift();
  }
  newestFirst(): RequestLogEntry[] {
    return [...this.entries].reverse();
  }
}

export interface RequestFiguresOptions {
  /** A request this slow or slower goes to the slow-request log. */
  slowMs: number;
  /** The clock (tests step it). */
  now?: () => number;
}

/**
 * This process's request figures in memory, per route and per minute, for the Performance Monitor's
 * charts and the alerts: counts, 5xx and 4xx answers, durations; plus the error log and the
 * slow-request log, each capped (product-frame.md §9). The percentiles over the sliding window
 * come from prom-client's summaries (metrics.ts); these are the per-minute series beside them.
 */
export class RequestFigures {
  readonly slowMs: number;
  private readonly now: () => number;
  private readonly routes = new Map<string, RouteFigures>();
  private readonly errorLog = new CappedLog(ERROR_LOG_CAP);
  private readonly slowLog = new CappedLog(PERFORMANCE_LOG_CAP);

  constructor(options: RequestFiguresOptions) {
    this.slowMs = options.slowMs;
    this.now = options.now ?? Date.now;
  }

  record(sample: RequestSample): void {
    const at = this.now();
    const minuteAt = Math.floor(at / MINUTE_MS);
    const key = `${sample.method} ${sample.route}`;
    let route = this.routes.get(key);
    if (!route) this.routes.set(key, (route = { method: sample.method, route: sample.route, requests: 0, errors: 0, minutes: new Array<Minute | undefined>(SERIES_MINUTES) }));
    const slot = minuteAt % SERIES_MINUTES;
    let minute = route.minutes[slot];
    if (minute?.at !== minuteAt) route.minutes[slot] = minute = { at: minuteAt, requests: 0, errors: 0, clientErrors: 0, totalMs: 0, samples: [] };

    route.requests++;
    minute.requests++;
    minute.totalMs += sample.durationMs;
    if (minute.samples.length < SAMPLES_PER_MINUTE) minute.samples.push(sample.durationMs);
    else {
      const replaced = Math.floor(Math.random() * minute.requests);
      if (replaced < SAMPLES_PER_MINUTE) minute.samples[replaced] = sample.durationMs;
    }
    const error = isError(sample.statusCode);
    if (error) {
      route.errors++;
      minute.errors++;
    } else if (isClientError(sample.statusCode)) minute.clientErrors++;

    const slow = sample.durationMs >= this.slowMs;
    if (!error && !slow) return;
    const entry: RequestLogEntry = {
      timestamp: new Date(at).toISOString(),
      method: sample.method,
      route: sample.route,
      statusCode: sample.statusCode,
      durationMs: round(sample.durationMs),
      requestId: sample.requestId,
      message: error ? (sample.message ?? null) : null,
    };
    if (error) this.errorLog.add(entry);
    if (slow) this.slowLog.add(entry);
  }

  /** The minutes of a route still inside the last `minutes` minutes, oldest first. */
  private minutesOf(route: RouteFigures, minutes: number): Minute[] {
    const since = Math.floor(this.now() / MINUTE_MS) - minutes;
    return route.minutes.filter((m): m is Minute => m !== undefined && m.at > since).sort((a, b) => a.at - b.at);
  }

  /** Every route, with its requests since start. */
  allRoutes(): readonly RouteFigures[] {
    return [...this.routes.values()];
  }

  /** A route's figures over the last `minutes` minutes (the current one included). */
  windowOf(route: RouteFigures, minutes = RECENT_WINDOW_MINUTES): WindowFigures {
    return sumOf(this.minutesOf(route, minutes));
  }

  /** Every route's figures together over the last `minutes` minutes. */
  window(minutes = RECENT_WINDOW_MINUTES): WindowFigures {
    return sumOf(this.allRoutes().flatMap((route) => this.minutesOf(route, minutes)));
  }

  /** A route's minutes with requests over the last SERIES_MINUTES, oldest first. */
  seriesOf(route: RouteFigures): MinuteFigures[] {
    return this.minutesOf(route, SERIES_MINUTES).map((m) => minuteFigures(m.at, [m]));
  }

  /** All routes together, minute by minute, over the last SERIES_MINUTES, oldest first. */
  series(): MinuteFigures[] {
    const byMinute = new Map<number, Minute[]>();
    for (const route of this.routes.values()) {
      for (const minute of this.minutesOf(route, SERIES_MINUTES)) {
        const list = byMinute.get(minute.at);
        if (list) list.push(minute);
        else byMinute.set(minute.at, [minute]);
      }
    }
    return [...byMinute].sort(([a], [b]) => a - b).map(([at, minutes]) => minuteFigures(at, minutes));
  }

  errors(): RequestLogEntry[] {
    return this.errorLog.newestFirst();
  }

  slowRequests(): RequestLogEntry[] {
    return this.slowLog.newestFirst();
  }
}

function sumOf(minutes: readonly Minute[]): WindowFigures {
  let requests = 0;
  let errors = 0;
  let clientErrors = 0;
  let totalMs = 0;
  for (const m of minutes) {
    requests += m.requests;
    errors += m.errors;
    clientErrors += m.clientErrors;
    totalMs += m.totalMs;
  }
  return { requests, errors, clientErrors, averageMs: requests ? round(totalMs / requests) : null };
}

function minuteFigures(at: number, minutes: readonly Minute[]): MinuteFigures {
  const { requests, errors } = sumOf(minutes);
  return { minute: new Date(at * MINUTE_MS).toISOString(), requests, errors, p95Ms: percentileOf(minutes.flatMap((m) => m.samples), 0.95) };
}

/** The error rate of some figures: the percent of answers that were 5xx (decision 406); 0 without answers. */
export const errorRateOf = (figures: Pick<WindowFigures, 'requests' | 'errors'>): number => (figures.requests ? round((figures.errors / figures.requests) * 100) : 0);
