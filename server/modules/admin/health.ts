import type { FastifyInstance } from 'fastify';
import { apiStatus, healthScore, RECENT_WINDOW_MINUTES, type ApiPerformance, type ErrorRates, type SystemHealth } from '../../../domain/admin';
import { databaseFigures, INSTANCE, memoryFigures, storeFigures } from './measures';
import type { MonitorMeasures } from './monitor';
import { errorRateOf } from './request-figures';
import { securityMetrics } from './security';

const now = () => new Date().toISOString();

/**
 * GET admin/system/health/ (product-frame.md §4), all measured now: the API's status from its own
 * average response over the recent window (decision 405), the database's round trip, the stores,
 * memory and event-loop delay of this process, and the security risk level.
 */
export async function systemHealth(app: FastifyInstance): Promise<SystemHealth> {
  const [database, stores, security] = await Promise.all([databaseFigures(app.db), storeFigures(app), securityMetrics(app.db)]);
  const apiAverageMs = app.metrics.figures.window().averageMs;
  const api = apiStatus(apiAverageMs ?? 0);
  const memory = memoryFigures();
  const storesInitialised = stores.jobs && stores.liveUpdates;
  return {
    score: healthScore({ apiStatus: api, databaseHealthy: database.healthy, storesInitialised, memoryPercent: memory.percent }),
    apiStatus: api,
    apiAverageMs,
    database,
    storesInitialised,
    stores,
    memory,
    eventLoop: app.metrics.eventLoop.figures(),
    uptimeSeconds: Math.round(process.uptime()),
    riskLevel: security.riskLevel,
    instance: INSTANCE,
    timestamp: now(),
  };
}

/** GET admin/system/performance/api/: per route, the busiest first. */
export async function apiPerformance(app: FastifyInstance): Promise<ApiPerformance> {
  const { figures } = app.metrics;
  const percentiles = await app.metrics.percentiles();
  const total = figures.window();
  const routes = figures
    .allRoutes()
    .map((route) => {
      const recent = figures.windowOf(route);
      const quantiles = percentiles.get(`${route.method} ${route.route}`);
      return {
        method: route.method,
        route: route.route,
        requests: route.requests,
        errors: route.errors,
        averageMs: recent.averageMs,
        p50Ms: quantiles?.p50Ms ?? null,
        p95Ms: quantiles?.p95Ms ?? null,
        p99Ms: quantiles?.p99Ms ?? null,
        series: figures.seriesOf(route),
      };
    })
    .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
  return {
    windowMinutes: RECENT_WINDOW_MINUTES,
    averageMs: total.averageMs,
    requests: total.requests,
    routes,
    series: figures.series(),
    slowRequests: figures.slowRequests(),
    slowThresholdMs: figures.slowMs,
    instance: INSTANCE,
    timestamp: now(),
  };
}

/** GET admin/system/errors/rates/: the error rate over the recent window (decision 406), per route and per minute. */
export function errorRates(app: FastifyInstance): ErrorRates {
  const { figures } = app.metrics;
  const total = figures.window();
  const routes = figures
    .allRoutes()
    .map((route) => {
      const recent = figures.windowOf(route);
      return { method: route.method, route: route.route, requests: recent.requests, errors: recent.errors, clientErrors: recent.clientErrors, errorRate: errorRateOf(recent) };
    })
    .filter((route) => route.errors > 0 || route.clientErrors > 0)
    .sort((a, b) => b.errorRate - a.errorRate || b.clientErrors - a.clientErrors);
  return {
    windowMinutes: RECENT_WINDOW_MINUTES,
    requests: total.requests,
    errors: total.errors,
    clientErrors: total.clientErrors,
    errorRate: errorRateOf(total),
    routes,
    series: figures.series(),
    recentErrors: figures.errors(),
    instance: INSTANCE,
    timestamp: now(),
  };
}

/** What the alert monitor reads at each check. */
export function monitorMeasures(app: FastifyInstance): MonitorMeasures {
  const recent = app.metrics.figures.window();
  return { memoryPercent: memoryFigures().percent, averageMs: recent.averageMs, errorRate: errorRateOf(recent) };
}
