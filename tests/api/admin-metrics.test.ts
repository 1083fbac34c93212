import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPerformanceSchema, errorRatesSchema, type ApiPerformance, type ErrorRates } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { API_PREFIX } from '../../server/app';
import { METRICS_PATH } from '../../server/modules/admin/metrics';
import { expectAccessMatrix } from '../support/access';
import { startTestServer, signedInAs, type TestClient, type TestServer } from '../support/server';

/**
 * The figures live in the process, not in the database: this file's server is not reset between
 * tests, and each test reads the counts of routes only it calls.
 */
let server: TestServer;
let admin: TestClient;
const FAILING = '/test/failing/';
const SLOW = '/test/slow/';
const SLOW_MS = 50;

beforeAll(async () => {
  server = await startTestServer({ SLOW_REQUEST_MS: SLOW_MS });
  // Routes that fail and dawdle on purpose, added before the app is ready.
  server.app.get(`${API_PREFIX}${FAILING}`, { config: { access: 'public' } }, () => {
    throw new Error('the press jammed');
  });
  server.app.get(`${API_PREFIX}${SLOW}`, { config: { access: 'public' } }, async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 10));
    return { ok: true };
  });
  admin = await signedInAs(server.app, 'admin');
});
afterAll(() => server.close());

const performance = async (): Promise<ApiPerformance> => apiPerformanceSchema.parse((await admin.get(API.admin.performance)).json());
const rates = async (): Promise<ErrorRates> => errorRatesSchema.parse((await admin.get(API.admin.errorRates)).json());
const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) => server.app.inject({ method: 'GET', url: METRICS_PATH, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('GET admin/system/performance/api/', () => {
  it('counts every request by its route pattern, never the raw URL', async () => {
    const stores = await signedInAs(server.app, 'stores');
    for (const id of [1, 2, 3, 4, 5]) await stores.get(API.materials.detail(id));
    const route = `${API_PREFIX}${API.materials.detail.pattern}`;
    const figures = (await performance()).routes.find((r) => r.route === route && r.method === 'GET');
    expect(figures).toMatchObject({ requests: 5, errors: 0, averageMs: expect.any(Number), p50Ms: expect.any(Number), p95Ms: expect.any(Number), p99Ms: expect.any(Number) });
    expect(figures!.series).toEqual([expect.objectContaining({ requests: 5, errors: 0 })]);
    expect((await performance()).routes.some((r) => r.route.includes('/materials/materials/1/'))).toBe(false);
  });

  it('keeps requests slower than the threshold in the slow-request log, newest first', async () => {
    await server.app.inject({ method: 'GET', url: `${API_PREFIX}${SLOW}`, headers: { 'x-request-id': 'slow-one' } });
    await server.app.inject({ method: 'GET', url: `${API_PREFIX}${SLOW}`, headers: { 'x-request-id': 'slow-two' } });
    const answer = await performance();
    expect(answer.slowThresholdMs).toBe(SLOW_MS);
    expect(answer.slowRequests.slice(0, 2)).toEqual([
      expect.objectContaining({ requestId: 'slow-two', route: `${API_PREFIX}${SLOW}`, method: 'GET', statusCode: 200, durationMs: expect.any(Number) }),
      expect.objectContaining({ requestId: 'slow-one' }),
    ]);
    expect(answer.slowRequests[0]!.durationMs).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('sums all routes per minute', async () => {
    const answer = await performance();
    expect(answer.requests).toBe(answer.routes.reduce((sum, r) => sum + r.series.reduce((s, m) => s + m.requests, 0), 0));
    expect(answer.series.reduce((sum, m) => sum + m.requests, 0)).toBe(answer.requests);
  });
});

describe('GET admin/system/errors/rates/', () => {
  it('is the percent of 5xx answers over the window; 4xx count apart', async () => {
    const before = await rates();
    for (let i = 0; i < 3; i++) await server.app.inject({ method: 'GET', url: `${API_PREFIX}${FAILING}`, headers: { 'x-request-id': `failing-${i}` } });
    for (let i = 0; i < 2; i++) await admin.get('/materials/materials/not-a-number/');
    const after = await rates();
    // The reading of `before` is one more answered request.
    expect(after.requests - before.requests).toBe(3 + 2 + 1);
    expect(after.errors - before.errors).toBe(3);
    expect(after.clientErrors - before.clientErrors).toBe(2);
    expect(after.errorRate).toBe(Math.round((after.errors / after.requests) * 1000) / 10);
    expect(after.routes[0]).toEqual({ method: 'GET', route: `${API_PREFIX}${FAILING}`, requests: 3, errors: 3, clientErrors: 0, errorRate: 100 });
    expect(after.recentErrors.slice(0, 3).map((e) => [e.requestId, e.statusCode, e.message])).toEqual([
      ['failing-2', 500, 'the press jammed'],
      ['failing-1', 500, 'the press jammed'],
      ['failing-0', 500, 'the press jammed'],
    ]);
  });
});

describe(`GET ${METRICS_PATH} (Prometheus)`, () => {
  it('exports the request counters, the per-route summary and Node’s own measures as text', async () => {
    const stores = await signedInAs(server.app, 'stores');
    for (let i = 0; i < 7; i++) await stores.get(API.materials.list);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const route = `${API_PREFIX}${API.materials.list}`;
    expect(res.body).toContain(`http_requests_total{method="GET",route="${route}",status="200"} 7`);
    expect(res.body).toMatch(new RegExp(`http_request_duration_seconds\\{quantile="0.99",method="GET",route="${route.replace(/\//g, '\\/')}"\\} [\\d.e-]+`));
    expect(res.body).toContain(`http_request_duration_seconds_count{method="GET",route="${route}"} 7`);
    expect(res.body).toContain(`http_request_errors_total{method="GET",route="${API_PREFIX}${FAILING}"} 3`);
    expect(res.body).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('labels requests no route matched as one series, whatever their path', async () => {
    for (const path of ['/api/v1/nothing/here/', '/api/v1/no/such/thing/']) await server.app.inject({ method: 'GET', url: path });
    expect((await scrape()).body).toMatch(/http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} [2-9]/);
  });

  it('is served to this machine only when no token is set, and not through a proxy', async () => {
    expect((await scrape({}, '10.0.0.7')).statusCode).toBe(403);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await scrape({}, '::1')).statusCode).toBe(200);
  });
});

describe(`${METRICS_PATH} with METRICS_TOKEN`, () => {
  const TOKEN = 'a-scrape-token-of-some-length';
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => guarded.close());

  it('asks every scraper for the token, on this machine too', async () => {
    const get = (authorization?: string, remoteAddress = '10.0.0.7') =>
      guarded.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress, headers: authorization ? { authorization } : {} });
    expect((await get(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    for (const wrong of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `JWT ${TOKEN}`, TOKEN]) {
      const res = await get(wrong);
      expect(res.statusCode, String(wrong)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect((await get(undefined, '127.0.0.1')).statusCode).toBe(401);
  });
});

describe('without the request hooks (the bench’s baseline)', () => {
  it('the app still answers, and counts nothing', async () => {
    const { buildApp } = await import('../../server/app');
    const bare = await buildApp({ config: server.app.config, database: server.database, requestMetrics: false });
    await bare.inject({ method: 'GET', url: `${API_PREFIX}${API.health}` });
    expect(bare.metrics.figures.allRoutes()).toEqual([]);
    expect((await bare.inject({ method: 'GET', url: METRICS_PATH })).body).not.toContain('http_requests_total{');
    // Closing it would close the shared database: stop only what it started.
    await bare.jobs.stop();
    await bare.live.close();
    bare.metrics.eventLoop.stop();
  });
});

describe('who may read the figures', () => {
  it('only superusers', async () => {
    await expectAccessMatrix(server.app, [
      { method: 'GET', url: API.admin.performance, permission: 'system.admin' },
      { method: 'GET', url: API.admin.errorRates, permission: 'system.admin' },
    ]);
  });
});
