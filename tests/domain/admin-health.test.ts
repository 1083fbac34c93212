import { describe, expect, it } from 'vitest';
import {
  ALERTS_CAP,
  apiStatus,
  AUDIT_DEFAULT_LIMIT,
  auditQuerySchema,
  auditWriteSchema,
  DASHBOARD_AUDIT_HOURS,
  DASHBOARD_LATEST_AUDIT,
  DASHBOARD_REFRESH_MS,
  ERROR_LOG_CAP,
  ERROR_RATE_ALERT_PERCENT,
  healthScore,
  MEMORY_ALERT_PERCENT,
  PERFORMANCE_LOG_CAP,
  riskLevel,
  SLOW_API_ALERT_MS,
  type ApiStatus,
} from '../../domain/admin';
import type { RiskLevel } from '../../domain/system';

describe('the constants of product-frame.md §9', () => {
  it('are the spec’s numbers', () => {
    expect({ MEMORY_ALERT_PERCENT, SLOW_API_ALERT_MS, ERROR_RATE_ALERT_PERCENT, ALERTS_CAP, ERROR_LOG_CAP, PERFORMANCE_LOG_CAP, AUDIT_DEFAULT_LIMIT, DASHBOARD_LATEST_AUDIT, DASHBOARD_AUDIT_HOURS, DASHBOARD_REFRESH_MS }).toEqual({
      MEMORY_ALERT_PERCENT: 85,
      SLOW_API_ALERT_MS: 2000,
      ERROR_RATE_ALERT_PERCENT: 5,
      ALERTS_CAP: 100,
      ERROR_LOG_CAP: 100,
      PERFORMANCE_LOG_CAP: 100,
      AUDIT_DEFAULT_LIMIT: 50,
      DASHBOARD_LATEST_AUDIT: 10,
      DASHBOARD_AUDIT_HOURS: 24,
      DASHBOARD_REFRESH_MS: 30_000,
    });
  });
});

describe('API status (§4: connected under 1000 ms, degraded if slower, failed on error)', () => {
  it.each([
    [0, 'connected'],
    [999.9, 'connected'],
    [1000, 'degraded'],
    [1000.1, 'degraded'],
    [45_000, 'degraded'],
  ] as [number, ApiStatus][])('a ping of %d ms is %s', (ms, status) => {
    expect(apiStatus(ms)).toBe(status);
  });

  it('is failed when the ping failed', () => {
    expect(apiStatus(new Error('Network Error'))).toBe('failed');
  });
});

describe('health score (§4: 100 less 30, 40, 20, 10)', () => {
  const healthy = { apiStatus: 'connected' as ApiStatus, databaseHealthy: true, storesInitialised: true, memoryPercent: 40 };

  it('is 100 when all is well', () => {
    expect(healthScore(healthy)).toBe(100);
  });

  it.each([
    ['the API degraded', { apiStatus: 'degraded' as ApiStatus }, 70],
    ['the API failed', { apiStatus: 'failed' as ApiStatus }, 70],
    ['the database not healthy', { databaseHealthy: false }, 60],
    ['the stores not initialised', { storesInitialised: false }, 80],
    ['memory at 85.1 %', { memoryPercent: 85.1 }, 90],
    ['memory at exactly 85 % (not above)', { memoryPercent: 85 }, 100],
  ])('loses its points for %s', (_, change, score) => {
    expect(healthScore({ ...healthy, ...change })).toBe(score);
  });

  it('adds the losses up, cause by cause, down to 0', () => {
    const steps: [Partial<typeof healthy>, number][] = [
      [{ apiStatus: 'degraded' }, 70],
      [{ databaseHealthy: false }, 30],
      [{ storesInitialised: false }, 10],
      [{ memoryPercent: 99 }, 0],
    ];
    let inputs = { ...healthy };
    for (const [change, score] of steps) {
      inputs = { ...inputs, ...change };
      expect(healthScore(inputs), JSON.stringify(change)).toBe(score);
    }
  });
});

describe('risk level (§4)', () => {
  it.each([
    [0, 0, 'low'],
    [0, 1, 'medium'],
    [0, 2, 'medium'],
    [0, 3, 'high'],
    [0, 5, 'high'],
    [0, 6, 'critical'],
    [1, 0, 'critical'],
    [3, 4, 'critical'],
  ] as [number, number, RiskLevel][])('%d open critical alerts and %d high-risk entries: %s', (critical, high, level) => {
    expect(riskLevel(critical, high)).toBe(level);
  });
});

describe('the audit query', () => {
  it('loads 50 entries unless told otherwise', () => {
    expect(auditQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(auditQuerySchema.parse({ limit: '10', riskLevel: 'high', user: '3' })).toMatchObject({ limit: 10, riskLevel: 'high', user: 3 });
  });

  it('refuses an end before the start, at the end', () => {
    const parsed = auditQuerySchema.safeParse({ from: '2026-05-02T00:00:00Z', to: '2026-05-01T23:59:59Z' });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['to'], message: 'The end cannot be before the start.' })]);
  });
});

describe('the audit write', () => {
  it('is low risk with empty metadata unless told', () => {
    expect(auditWriteSchema.parse({ action: 'superuser.view', target: 'dashboard' })).toEqual({ action: 'superuser.view', target: 'dashboard', metadata: {}, riskLevel: 'low' });
  });

  it('refuses metadata larger than 10,000 characters of JSON', () => {
    expect(auditWriteSchema.safeParse({ action: 'a', target: 't', metadata: { text: 'x'.repeat(10_000) } }).success).toBe(false);
  });
});
