import { z } from 'zod';
import { isoDateTimeSchema, refSchema, requiredText, textInput } from './entity';
import { moduleNameSchema } from './modules';
import { atLeast, flagParam, idParam, integerParam, MAX_PAGE_SIZE, pageSizeParam } from './query-params';
import { RISK_LEVELS, type RiskLevel } from './system';

/**
 * The superuser's observability (product-frame.md §3, §4 "System health and alerts", §7 "Admin",
 * §9; issue 23): the answers and inputs of the admin calls, the pure rules of §4 and the
 * constants of §9. The server measures, the console draws; both read these.
 */

// ---------------------------------------------------------------------------------------------
// §9 constants

/** An alert is raised when memory use is above this percent. */
export const MEMORY_ALERT_PERCENT = 85;
/** An alert is raised when the average API response is slower than this. */
export const SLOW_API_ALERT_MS = 2000;
/** An alert is raised when the error rate (percent of 5xx answers, see errorRatesSchema) is above this. */
export const ERROR_RATE_ALERT_PERCENT = 5;
/** The system alerts kept (the oldest resolved go first). */
export const ALERTS_CAP = 100;
/** The entries kept in the error log and in the slow-request (performance) log, each. */
export const ERROR_LOG_CAP = 100;
export const PERFORMANCE_LOG_CAP = 100;
/** Audit entries loaded when no `limit` is given. */
export const AUDIT_DEFAULT_LIMIT = 50;
/** The superuser dashboard shows the latest 10 audit entries, of the last 24 hours. */
export const DASHBOARD_LATEST_AUDIT = 10;
export const DASHBOARD_AUDIT_HOURS = 24;
/** The superuser dashboard reloads this often. */
export const DASHBOARD_REFRESH_MS = 30_000;
/** A ping under this is "connected"; slower is "degraded". */
export const PING_CONNECTED_MS = 1000;

/** The window of the error rate and of the average response time the alerts watch. */
export const RECENT_WINDOW_MINUTES = 5;
/** Per-minute figures are kept this long for the Performance Monitor's charts. */
export const SERIES_MINUTES = 60;

// ---------------------------------------------------------------------------------------------
// §4 rules

export const API_STATUSES = ['connected', 'degraded', 'failed'] as const;
export const apiStatusSchema = z.enum(API_STATUSES);
export type ApiStatus = z.infer<typeof apiStatusSchema>;

/** §4: connected if a ping takes under 1000 ms, degraded if slower, failed on error. */
export function apiStatus(ping: number | Error): ApiStatus {
  if (ping instanceof Error) return 'failed';
  return ping < PING_CONNECTED_MS ? 'connected' : 'degraded';
}

/** What the health score is made of. */
export interface HealthInputs {
  apiStatus: ApiStatus;
  databaseHealthy: boolean;
  storesInitialised: boolean;
  memoryPercent: number;
}

/** The points each cause takes off the score of 100 (§4). */
export const HEALTH_PENALTIES = { apiNotConnected: 30, databaseNotHealthy: 40, storesNotInitialised: 20, memoryHigh: 10 } as const;

/**
 * §4: 100, less 30 when the API is not connected (degraded counts: it is not "connected"), 40 when
 * the database is not healthy, 20 when the stores are not initialised, 10 when memory is above 85 %.
 */
export function healthScore(inputs: HealthInputs): number {
  let score = 100;
  if (inputs.apiStatus !== 'connected') score -= HEALTH_PENALTIES.apiNotConnected;
  if (!inputs.databaseHealthy) score -= HEALTH_PENALTIES.databaseNotHealthy;
  if (!inputs.storesInitialised) score -= HEALTH_PENALTIES.storesNotInitialised;
  if (inputs.memoryPercent > MEMORY_ALERT_PERCENT) score -= HEALTH_PENALTIES.memoryHigh;
  return score;
}

export const riskLevelSchema = z.enum(RISK_LEVELS);

/** §4: critical if any critical alert is open or more than 5 high-risk entries; high above 2; medium above 0; else low. */
export function riskLevel(criticalAlerts: number, highRiskEntries: number): RiskLevel {
  if (criticalAlerts > 0 || highRiskEntries > 5) return 'critical';
  if (highRiskEntries > 2) return 'high';
  if (highRiskEntries > 0) return 'medium';
  return 'low';
}

// ---------------------------------------------------------------------------------------------
// GET admin/system/health/ and admin/system/ping/

export const systemHealthSchema = z.object({
  /** healthScore of the fields below. */
  score: z.number().int().min(0).max(100),
  /** apiStatus of the API's own average response over the last RECENT_WINDOW_MINUTES (decision 405). */
  apiStatus: apiStatusSchema,
  /** That average; null before any request in the window (the API is then "connected": it answers this call). */
  apiAverageMs: z.number().nullable(),
  database: z.object({
    healthy: z.boolean(),
    /** The round trip of a trivial query; null when it failed. */
    latencyMs: z.number().nullable(),
    error: z.string().nullable(),
  }),
  /** The server's stores are up: the background job store and the live updates listener (decision 405). */
  storesInitialised: z.boolean(),
  stores: z.object({ jobs: z.boolean(), liveUpdates: z.boolean() }),
  memory: z.object({
    /** The larger of heap used / V8's heap limit and resident memory / memory the process may use. */
    percent: z.number(),
    heapUsedBytes: z.number(),
    heapLimitBytes: z.number(),
    residentBytes: z.number(),
    availableBytes: z.number(),
  }),
  eventLoop: z.object({ meanMs: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  uptimeSeconds: z.number(),
  /** The security risk level (securityMetricsSchema.riskLevel). */
  riskLevel: riskLevelSchema,
  /** The answering API process (its figures are its own: each process measures itself). */
  instance: z.string(),
  timestamp: isoDateTimeSchema,
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** The console times the round trip of this call and reads it with apiStatus(). */
export const pingSchema = z.object({ status: z.literal('ok'), timestamp: isoDateTimeSchema, instance: z.string() });
export type Ping = z.infer<typeof pingSchema>;

// ---------------------------------------------------------------------------------------------
// GET admin/system/performance/api/ and admin/system/errors/rates/

const routeKey = { method: z.string(), route: z.string() };

/** One minute of one route (or of all routes): for the charts over time. */
export const minuteFiguresSchema = z.object({
  /** The minute's start. */
  minute: isoDateTimeSchema,
  requests: z.number().int(),
  /** 5xx answers. */
  errors: z.number().int(),
  p95Ms: z.number().nullable(),
});
export type MinuteFigures = z.infer<typeof minuteFiguresSchema>;

export const routePerformanceSchema = z.object({
  ...routeKey,
  /** Since the process started. */
  requests: z.number().int(),
  errors: z.number().int(),
  /** Over the sliding window of the percentiles (RECENT_WINDOW_MINUTES); null without requests in it. */
  averageMs: z.number().nullable(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
  /** The last SERIES_MINUTES minutes with requests, oldest first. */
  series: z.array(minuteFiguresSchema),
});
export type RoutePerformance = z.infer<typeof routePerformanceSchema>;

/** A request slower than the slow threshold, or one answered with a 5xx (the error log). */
export const requestLogEntrySchema = z.object({
  timestamp: isoDateTimeSchema,
  ...routeKey,
  statusCode: z.number().int(),
  durationMs: z.number(),
  requestId: z.string(),
  /** The error's message (error log only). */
  message: z.string().nullable(),
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;

export const apiPerformanceSchema = z.object({
  windowMinutes: z.number().int(),
  /** The average response of every route over the window: what the slow-API alert watches. */
  averageMs: z.number().nullable(),
  requests: z.number().int(),
  /** Busiest first. */
  routes: z.array(routePerformanceSchema),
  /** All routes together, per minute, oldest first. */
  series: z.array(minuteFiguresSchema),
  /** The slow-request log, newest first, at most PERFORMANCE_LOG_CAP. */
  slowRequests: z.array(requestLogEntrySchema),
  slowThresholdMs: z.number(),
  instance: z.string(),
  timestamp: isoDateTimeSchema,
});
export type ApiPerformance = z.infer<typeof apiPerformanceSchema>;

export const routeErrorRateSchema = z.object({
  ...routeKey,
  requests: z.number().int(),
  errors: z.number().int(),
  clientErrors: z.number().int(),
  errorRate: z.number(),
});
export type RouteErrorRate = z.infer<typeof routeErrorRateSchema>;

/**
 * The error rate is the percent of answers that were 5xx over the last RECENT_WINDOW_MINUTES
 * (decision 406); 4xx answers are the clients' mistakes, counted apart as clientErrors.
 */
export const errorRatesSchema = z.object({
  windowMinutes: z.number().int(),
  requests: z.number().int(),
  errors: z.number().int(),
  clientErrors: z.number().int(),
  errorRate: z.number(),
  /** Routes with any 5xx or 4xx answer in the window, the highest error rate first. */
  routes: z.array(routeErrorRateSchema),
  series: z.array(minuteFiguresSchema),
  /** The error log, newest first, at most ERROR_LOG_CAP. */
  recentErrors: z.array(requestLogEntrySchema),
  instance: z.string(),
  timestamp: isoDateTimeSchema,
});
export type ErrorRates = z.infer<typeof errorRatesSchema>;

// ---------------------------------------------------------------------------------------------
// Alerts (the alert's own shape is domain/system-alert.ts)

export const ALERT_MESSAGES = {
  alreadyResolved: 'This alert is already resolved.',
} as const;

/** GET admin/system/alerts/?resolved=: unresolved first, newest first. */
export const alertQuerySchema = z.object({ resolved: flagParam.optional() }).strict();
export type AlertQuery = z.infer<typeof alertQuerySchema>;

/** What the monitor raises an alert for: at most one open alert per cause (its `source`). */
export const ALERT_CAUSES = {
  memory: { source: 'memory', type: 'warning' },
  slowApi: { source: 'api', type: 'warning' },
  errorRate: { source: 'errors', type: 'error' },
} as const;
export type AlertCause = keyof typeof ALERT_CAUSES;

// ---------------------------------------------------------------------------------------------
// GET admin/security/metrics/

export const securityMetricsSchema = z.object({
  /** The window's start: DASHBOARD_AUDIT_HOURS ago. */
  since: isoDateTimeSchema,
  failedSignIns: z.number().int(),
  throttledSignIns: z.number().int(),
  /** Calls refused with a 403. */
  refusals: z.number().int(),
  highRiskEntries: z.number().int(),
  criticalEntries: z.number().int(),
  blockedUsers: z.number().int(),
  /** Sessions live now (not ended, active within the session timeout), and the users they belong to. */
  activeSessions: z.number().int(),
  signedInUsers: z.number().int(),
  openCriticalAlerts: z.number().int(),
  /** riskLevel(openCriticalAlerts, highRiskEntries); high-risk entries count those of risk high and critical. */
  riskLevel: riskLevelSchema,
});
export type SecurityMetrics = z.infer<typeof securityMetricsSchema>;

// ---------------------------------------------------------------------------------------------
// GET admin/modules/statistics/

export const moduleStatisticsSchema = z.object({
  name: moduleNameSchema,
  enabled: z.boolean(),
  /** The module's main tables; empty for a module with no table of its own. */
  tables: z.array(z.string()),
  /** Rows in those tables (soft-deleted included); null with no table. */
  rowCount: z.number().int().nullable(),
  /** The latest created_at / updated_at among those rows; null with no table or no row. */
  lastActivity: isoDateTimeSchema.nullable(),
});
export type ModuleStatistics = z.infer<typeof moduleStatisticsSchema>;

// ---------------------------------------------------------------------------------------------
// GET and POST admin/audit/

/** An audit log entry (product-frame.md §3): camelCase, as the spec names it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  timestamp: isoDateTimeSchema,
  riskLevel: riskLevelSchema,
  action: z.string(),
  target: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  /** Null for the system's own entries and anonymous attempts (a failed sign-in). */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  clientAddress: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const INSTANT = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
const instantParam = z.iso.datetime({ offset: true, error: INSTANT });

/**
 * `?limit=&offset=` (DRF's limit-offset pagination, {count, next, previous, results}) and the
 * filters: `user` (a user's id), `action` (exact), `target` (contains, any case), `riskLevel`,
 * `from` / `to` (instants with their offset, both ends included). Newest first.
 */
export const auditQuerySchema = z
  .object({
    limit: pageSizeParam(MAX_PAGE_SIZE).default(AUDIT_DEFAULT_LIMIT),
    offset: integerParam.pipe(z.number().min(0, atLeast(0))).default(0),
    user: idParam.optional(),
    action: textInput(100).optional(),
    target: textInput(255).optional(),
    riskLevel: riskLevelSchema.optional(),
    from: instantParam.optional(),
    to: instantParam.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { path: ['to'], message: 'The end cannot be before the start.' });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const AUDIT_MESSAGES = {
  notCaller: 'An audit entry is recorded as its caller: this is not you.',
  metadataTooLarge: 'Ensure the metadata has at most 10000 characters as JSON.',
} as const;
const METADATA_MAX_CHARS = 10_000;

/**
 * POST admin/audit/ (§7: action, target, metadata, timestamp, userId, username): the console's
 * own record of what a superuser did. The entry's actor is the caller; a userId or username that
 * is not the caller's is refused. The client's timestamp is kept in the metadata (clientTimestamp);
 * the entry's own is the server's.
 */
export const auditWriteSchema = z.object({
  action: requiredText(100),
  target: requiredText(255),
  metadata: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((m) => JSON.stringify(m).length <= METADATA_MAX_CHARS, AUDIT_MESSAGES.metadataTooLarge),
  timestamp: isoDateTimeSchema.optional(),
  userId: refSchema.optional(),
  username: textInput(150).optional(),
  riskLevel: riskLevelSchema.default('low'),
});
export type AuditWrite = z.input<typeof auditWriteSchema>;
export type AuditWriteBody = z.output<typeof auditWriteSchema>;
