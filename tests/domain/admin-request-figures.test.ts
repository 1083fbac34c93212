import { describe, expect, it } from 'vitest';
import { ERROR_LOG_CAP, PERFORMANCE_LOG_CAP, SERIES_MINUTES } from '../../domain/admin';
import { errorRateOf, percentileOf, RequestFigures, type RequestSample } from '../../server/modules/admin/request-figures';
import { alertsCalledFor } from '../../server/modules/admin/monitor';

const MINUTE = 60_000;
const START = Date.parse('2026-06-01T10:00:00Z');

/** Request figures on a clock the test moves. */
function onTestClock(slowMs = 2000) {
  let now = START;
  const figures = new RequestFigures({ slowMs, now: () => now });
  let id = 0;
  const answer = (sample: Partial<RequestSample> = {}) =>
    figures.record({ method: 'GET', route: '/api/v1/materials/materials/', statusCode: 200, durationMs: 10, requestId: `r${++id}`, ...sample });
  return { figures, answer, advance: (ms: number) => (now += ms) };
}

describe('request figures (per route, per minute, on a test clock)', () => {
  it('counts per route pattern and method, and sums all routes', () => {
    const { figures, answer } = onTestClock();
    for (let i = 0; i < 3; i++) answer();
    answer({ method: 'POST', statusCode: 201 });
    answer({ route: '/api/v1/leads/leads/:id/', statusCode: 404 });
    expect(figures.allRoutes().map((r) => [r.method, r.route, r.requests])).toEqual([
      ['GET', '/api/v1/materials/materials/', 3],
      ['POST', '/api/v1/materials/materials/', 1],
      ['GET', '/api/v1/leads/leads/:id/', 1],
    ]);
    expect(figures.window()).toEqual({ requests: 5, errors: 0, clientErrors: 1, averageMs: 10 });
  });

  it('keeps a series per minute with its count, 5xx errors and p95, oldest first', () => {
    const { figures, answer, advance } = onTestClock();
    for (let ms = 1; ms <= 100; ms++) answer({ durationMs: ms });
    advance(MINUTE);
    answer({ durationMs: 500, statusCode: 500 });
    answer({ durationMs: 300 });
    expect(figures.series()).toEqual([
      { minute: '2026-06-01T10:00:00.000Z', requests: 100, errors: 0, p95Ms: 95 },
      { minute: '2026-06-01T10:01:00.000Z', requests: 2, errors: 1, p95Ms: 500 },
    ]);
  });

  it('reads the recent window as its last five minutes: older minutes drop out', () => {
    const { figures, answer, advance } = onTestClock();
    answer({ durationMs: 3000, statusCode: 500 });
    advance(4 * MINUTE);
    answer({ durationMs: 1000 });
    expect(figures.window()).toMatchObject({ requests: 2, errors: 1, averageMs: 2000 });
    advance(MINUTE);
    expect(figures.window()).toMatchObject({ requests: 1, errors: 0, averageMs: 1000 });
    advance(5 * MINUTE);
    expect(figures.window()).toEqual({ requests: 0, errors: 0, clientErrors: 0, averageMs: null });
    // The route's total since start stays.
    expect(figures.allRoutes()[0]!.requests).toBe(2);
  });

  it(`keeps ${SERIES_MINUTES} minutes of series: a minute's slot is reused an hour later`, () => {
    const { figures, answer, advance } = onTestClock();
    answer();
    advance(SERIES_MINUTES * MINUTE);
    answer();
    answer();
    expect(figures.series()).toEqual([{ minute: '2026-06-01T11:00:00.000Z', requests: 2, errors: 0, p95Ms: 10 }]);
  });

  it('logs the slow requests and the 5xx, newest first, each capped at 100', () => {
    const { figures, answer } = onTestClock(500);
    answer({ durationMs: 499 });
    answer({ durationMs: 500, requestId: 'slow' });
    answer({ durationMs: 20, statusCode: 503, message: 'database unreachable', requestId: 'failed' });
    expect(figures.slowRequests()).toEqual([expect.objectContaining({ requestId: 'slow', durationMs: 500, statusCode: 200, message: null })]);
    expect(figures.errors()).toEqual([expect.objectContaining({ requestId: 'failed', statusCode: 503, message: 'database unreachable', timestamp: '2026-06-01T10:00:00.000Z' })]);

    for (let i = 0; i < 150; i++) answer({ durationMs: 600, statusCode: 500, requestId: `x${i}` });
    expect(figures.errors()).toHaveLength(ERROR_LOG_CAP);
    expect(figures.slowRequests()).toHaveLength(PERFORMANCE_LOG_CAP);
    expect(figures.errors()[0]!.requestId).toBe('x149');
    expect(figures.errors().at(-1)!.requestId).toBe('x50');
  });

  it('keeps a bounded sample of a busy minute for its p95', () => {
    const { figures, answer } = onTestClock();
    for (let i = 0; i < 10_000; i++) answer({ durationMs: i % 100 });
    const [minute] = figures.series();
    expect(minute!.requests).toBe(10_000);
    // Sampled, so near the true 95 rather than exact.
    expect(minute!.p95Ms).toBeGreaterThanOrEqual(85);
  });
});

describe('error rate and percentiles', () => {
  it('is the percent of 5xx answers, 0 without answers', () => {
    expect(errorRateOf({ requests: 0, errors: 0 })).toBe(0);
    expect(errorRateOf({ requests: 200, errors: 11 })).toBe(5.5);
    expect(errorRateOf({ requests: 3, errors: 1 })).toBe(33.3);
  });

  it('takes the nearest rank', () => {
    expect(percentileOf([], 0.95)).toBeNull();
    expect(percentileOf([5], 0.5)).toBe(5);
    expect(percentileOf([4, 1, 3, 2], 0.5)).toBe(2);
    expect(percentileOf([4, 1, 3, 2], 0.99)).toBe(4);
  });
});

describe('the alerts the measures call for (§4, §9)', () => {
  const calm = { memoryPercent: 50, averageMs: 100, errorRate: 0 };
  it.each([
    ['nothing when all is calm', calm, []],
    ['nothing at the thresholds themselves', { memoryPercent: 85, averageMs: 2000, errorRate: 5 }, []],
    ['nothing without requests', { ...calm, averageMs: null }, []],
    ['memory above 85 %', { ...calm, memoryPercent: 85.1 }, ['memory']],
    ['the average response above 2,000 ms', { ...calm, averageMs: 2000.1 }, ['slowApi']],
    ['the error rate above 5', { ...calm, errorRate: 5.1 }, ['errorRate']],
    ['all three at once', { memoryPercent: 90, averageMs: 2500, errorRate: 50 }, ['memory', 'slowApi', 'errorRate']],
  ])('%s', (_, measures, causes) => {
    expect(alertsCalledFor(measures).map(([cause]) => cause)).toEqual(causes);
  });

  it('says what was measured and the threshold in the message', () => {
    expect(alertsCalledFor({ memoryPercent: 91.5, averageMs: 2400, errorRate: 7.5 }).map(([, message]) => message)).toEqual([
      'Memory use is 91.5 %, above 85 %.',
      'The average API response over the last 5 minutes is 2400 ms, above 2000 ms.',
      '7.5 % of API answers over the last 5 minutes were server errors, above 5 %.',
    ]);
  });
});
