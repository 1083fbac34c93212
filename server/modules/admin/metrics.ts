import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Registry, Summary } from 'prom-client';
import { RECENT_WINDOW_MINUTES } from '../../../domain/admin';
import { EventLoopWatch } from './measures';
import { RequestFigures } from './request-figures';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Prometheus' path, outside /api/v1: operations scrape it, the app never calls it. */
export const METRICS_PATH = '/metrics';

/** Requests the router matched to no route share one label, so a scan of random paths cannot add series. */
const UNMATCHED = '(unmatched)';

export interface RoutePercentiles {
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

/** This process's measures of itself: the admin calls read them, /metrics exports them. */
export interface Metrics {
  readonly registry: Registry;
  readonly figures: RequestFigures;
  readonly eventLoop: EventLoopWatch;
  /** Each route's ('GET /api/v1/...') percentiles over the sliding window of RECENT_WINDOW_MINUTES. */
  percentiles(): Promise<Map<string, RoutePercentiles>>;
}

export interface MetricsOptions {
  /** Time every request (off only to measure what timing costs: the bench). */
  requestHooks: boolean;
  /** A request this slow goes to the slow-request log. */
  slowMs: number;
  /** Prometheus' bearer token; without one, only this machine may scrape (decision 404). */
  token?: string;
  now?: () => number;
}

interface RouteSeries {
  duration: { observe(seconds: number): void };
  errors: { inc(): void };
  byStatus: Map<number, { inc(): void }>;
}

const routeKey = (method: string, route: string) => `${method} ${route}`;
const msOrNull = (seconds: number | undefined) => (seconds === undefined || !Number.isFinite(seconds) ? null : Math.round(seconds * 10_000) / 10);

/** What the response hook hands over for each request. */
export interface AnsweredRequest {
  method: string;
  /** The route's pattern; undefined when no route matched. */
  route: string | undefined;
  statusCode: number;
  durationMs: number;
  requestId: string;
  message?: string;
}

/**
 * The measures of one app (decision 404): a prom-client summary per route gives p50/p95/p99 over a
 * sliding window, counters the requests and 5xx errors, Node's default metrics (event-loop delay,
 * memory, CPU) come along, and RequestFigures keeps the per-minute series and the capped logs.
 * `observe` is all the response hook does per request (the bench times it alone too).
 */
export function createMetrics(options: Pick<MetricsOptions, 'slowMs' | 'now'>): Metrics & { observe(request: AnsweredRequest): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Summary({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method, over a sliding window.',
    labelNames: ['method', 'route'],
    percentiles: [0.5, 0.95, 0.99],
    maxAgeSeconds: RECENT_WINDOW_MINUTES * 60,
    ageBuckets: RECENT_WINDOW_MINUTES,
    registers: [registry],
  });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern, method and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const errors = new Counter({ name: 'http_request_errors_total', help: 'Requests answered with a 5xx, by route pattern and method.', labelNames: ['method', 'route'], registers: [registry] });
  const figures = new RequestFigures({ slowMs: options.slowMs, now: options.now });

  // Looking a label set up hashes its labels: each route's series are looked up once and kept.
  const series = new Map<string, RouteSeries>();
  const seriesOf = (method: string, route: string): RouteSeries => {
    const key = routeKey(method, route);
    let found = series.get(key);
    if (!found) series.set(key, (found = { duration: duration.labels(method, route), errors: errors.labels(method, route), byStatus: new Map() }));
    return found;
  };

  return {
    registry,
    figures,
    eventLoop: new EventLoopWatch(),
    observe: ({ method, route = UNMATCHED, statusCode, durationMs, requestId, message }) => {
      const routeSeries = seriesOf(method, route);
      routeSeries.duration.observe(durationMs / 1000);
      let counter = routeSeries.byStatus.get(statusCode);
      if (!counter) routeSeries.byStatus.set(statusCode, (counter = requests.labels(method, route, String(statusCode))));
      counter.inc();
      if (statusCode >= 500) routeSeries.errors.inc();
      figures.record({ method, route, statusCode, durationMs, requestId, message });
    },
    percentiles: async () => {
      const byRoute = new Map<string, Partial<Record<string, number>>>();
      for (const value of (await duration.get()).values) {
        const { method, route, quantile } = value.labels as { method: string; route: string; quantile?: number };
        if (quantile === undefined) continue;
        const key = routeKey(method, route);
        const quantiles = byRoute.get(key) ?? {};
        quantiles[String(quantile)] = value.value;
        byRoute.set(key, quantiles);
      }
      return new Map([...byRoute].map(([key, q]) => [key, { p50Ms: msOrNull(q['0.5']), p95Ms: msOrNull(q['0.95']), p99Ms: msOrNull(q['0.99']) }]));
    },
  };
}

/**
 * Times every request by its route's pattern, method and status, and serves /metrics. Fastify's own
 * clock (reply.elapsedTime, from the moment the request arrived) times each request, so one
 * response hook suffices; an error hook keeps a failure's message for the error log.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { observe, ...metrics } = createMetrics(options);
  if (options.requestHooks) {
    const messages = new WeakMap<FastifyRequest, string>();
    app.addHook('onError', (request, _reply, error, done) => {
      messages.set(request, error.message);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      observe({ method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode, durationMs: reply.elapsedTime, requestId: request.id, message: messages.get(request) });
      done();
    });
  }
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => {
    metrics.eventLoop.stop();
    metrics.registry.clear();
  });

  app.get(METRICS_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const refusal = scrapeRefusal(request, options.token);
    if (refusal) return refusal(reply);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may scrape (decision 404): with METRICS_TOKEN set, whoever sends it as a bearer token; without
 * one, only a process on this machine talking to the server directly (a request a proxy forwarded
 * arrives from the loopback too, but names its client in a forwarding header).
 */
function scrapeRefusal(request: FastifyRequest, token: string | undefined): ((reply: FastifyReply) => FastifyReply) | null {
  if (token) {
    const offered = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const expected = Buffer.from(token);
    const given = Buffer.from(offered);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
    return (reply) => reply.code(401).header('WWW-Authenticate', 'Bearer').send({ detail: 'A valid metrics token is required.' });
  }
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && !FORWARDING_HEADERS.some((name) => name in request.headers);
  if (direct) return null;
  return (reply) => reply.code(403).send({ detail: 'Metrics are served to this machine only: set METRICS_TOKEN to scrape from elsewhere.' });
}
