/** The observability answers the superuser screens' tests serve (shapes of domain/admin.ts). */
import type { ApiPerformance, AuditEntry, ErrorRates, MinuteFigures, SecurityMetrics, SystemHealth } from '../../domain/admin';
import type { SystemAlert } from '../../domain/system-alert';

const AT = '2026-12-07T06:00:00.000Z';

export const health = (values: Partial<SystemHealth> = {}): SystemHealth => ({
  score: 90,
  apiStatus: 'connected',
  apiAverageMs: 42,
  database: { healthy: true, latencyMs: 3.2, error: null },
  storesInitialised: true,
  stores: { jobs: true, liveUpdates: true },
  memory: { percent: 87.4, heapUsedBytes: 180 * 1024 * 1024, heapLimitBytes: 2048 * 1024 * 1024, residentBytes: 300 * 1024 * 1024, availableBytes: 4096 * 1024 * 1024 },
  eventLoop: { meanMs: 10.4, p99Ms: 25.1, maxMs: 60 },
  uptimeSeconds: 5 * 3600 + 7 * 60,
  riskLevel: 'medium',
  instance: 'api-1',
  timestamp: AT,
  ...values,
});

export const alert = (id: number, values: Partial<SystemAlert> = {}): SystemAlert => ({
  id,
  type: 'warning',
  message: 'Memory use is 87 % (above 85 %).',
  timestamp: AT,
  resolved: false,
  resolved_at: null,
  resolved_by: null,
  source: 'memory',
  created_at: AT,
  updated_at: AT,
  created_by: null,
  version: 1,
  ...values,
});

export const security = (values: Partial<SecurityMetrics> = {}): SecurityMetrics => ({
  since: '2026-12-06T06:00:00.000Z',
  failedSignIns: 4,
  throttledSignIns: 0,
  refusals: 2,
  highRiskEntries: 1,
  criticalEntries: 0,
  blockedUsers: 1,
  activeSessions: 9,
  signedInUsers: 7,
  openCriticalAlerts: 0,
  riskLevel: 'medium',
  ...values,
});

export const auditEntry = (id: number, values: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  timestamp: AT,
  riskLevel: 'critical',
  action: 'user.block',
  target: 'user:7',
  metadata: { reason: 'Shared his password' },
  userId: 1,
  username: 'admin',
  clientAddress: '10.0.0.5',
  requestId: `req-${id}`,
  ...values,
});

export const minute = (at: string, values: Partial<MinuteFigures> = {}): MinuteFigures => ({ minute: at, requests: 120, errors: 0, p95Ms: 45, ...values });

export const performance = (values: Partial<ApiPerformance> = {}): ApiPerformance => ({
  windowMinutes: 5,
  averageMs: 38.2,
  requests: 600,
  routes: [
    { method: 'GET', route: '/api/v1/materials/materials/', requests: 4000, errors: 2, averageMs: 30, p50Ms: 20, p95Ms: 80, p99Ms: 120, series: [minute('2026-12-07T05:58:00.000Z', { p95Ms: 80 }), minute('2026-12-07T05:59:00.000Z', { p95Ms: 95, errors: 2 })] },
    { method: 'POST', route: '/api/v1/requisitions/requisitions/', requests: 300, errors: 0, averageMs: 140, p50Ms: 110, p95Ms: 260, p99Ms: 400, series: [minute('2026-12-07T05:59:00.000Z', { requests: 6, p95Ms: 260 })] },
  ],
  series: [minute('2026-12-07T05:58:00.000Z'), minute('2026-12-07T05:59:00.000Z', { errors: 2, p95Ms: 90 })],
  slowRequests: [{ timestamp: AT, method: 'GET', route: '/api/v1/reports/invoices/aging/', statusCode: 200, durationMs: 2300, requestId: 'req-slow', message: null }],
  slowThresholdMs: 1000,
  instance: 'api-1',
  timestamp: AT,
  ...values,
});

export const errorRates = (values: Partial<ErrorRates> = {}): ErrorRates => ({
  windowMinutes: 5,
  requests: 600,
  errors: 36,
  clientErrors: 12,
  errorRate: 6,
  routes: [{ method: 'GET', route: '/api/v1/materials/materials/', requests: 300, errors: 36, clientErrors: 0, errorRate: 12 }],
  series: [],
  recentErrors: [{ timestamp: AT, method: 'GET', route: '/api/v1/materials/materials/', statusCode: 500, durationMs: 12, requestId: 'req-err', message: 'connection terminated' }],
  instance: 'api-1',
  timestamp: AT,
  ...values,
});
