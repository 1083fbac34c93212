import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { signIn, startTestServer, type TestServer } from '../support/server';

const INDEX_HTML = '<!doctype html><html><head><title>FabOps</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("fabops app");';
const SW_JS = 'self.addEventListener("install", () => {});';

let server: TestServer;
let clientDir: string;
let access: string;

// One server, serving a built client, for the whole file: the API must behave the same with it.
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  fs.writeFileSync(path.join(clientDir, 'sw.js'), SW_JS);
  server = await startTestServer({ clientDir });
  ({ access } = await signIn(server.app, 'admin'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const inject = (options: InjectOptions) => server.app.inject(options);
const signInRaw = (payload: string, contentType = 'application/json') =>
  inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { 'content-type': contentType }, payload });

describe('request bodies', () => {
  it('answers malformed JSON with 400 {detail}', async () => {
    const res = await signInRaw('{"username": "admin", "password": ');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(res.json().detail).toMatch(/^JSON parse error/);
  });

  it('answers an empty JSON body with 400 {detail}', async () => {
    const res = await signInRaw('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error - the body is empty.' });
  });

  it('refuses a __proto__ key (prototype poisoning) with 400, not 500', async () => {
    const res = await signInRaw('{"__proto__": {"is_superuser": true}, "username": "admin", "password": "x"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
  });

  it('answers a body over 1 MiB with 413 {detail}', async () => {
    const res = await signInRaw(JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large (the limit is 1 MiB).' });
  });

  it('accepts a body just under 1 MiB (the limit is not lower than stated)', async () => {
    const res = await signInRaw(JSON.stringify({ username: 'admin', password: 'x'.repeat(1000 * 1000) }));
    expect(res.statusCode).toBe(401);
  });

  it('answers a content type it cannot read with 415 {detail}, never 500', async () => {
    for (const type of ['application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      const res = await signInRaw('username=admin', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toEqual({ detail: 'Unsupported media type: send application/json.' });
    }
  });

  it('answers a plain-text body with a 400 field list, never 500', async () => {
    const res = await signInRaw('admin fabops-demo', 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Expected object.'] });
  });
});

describe('URLs', () => {
  it('answers an unknown API path with a JSON 404 for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/unknown'],
      ['GET', '/api/v1/unknown/deeper/'],
      ['POST', '/api/v1/unknown/'],
      ['DELETE', '/api/v1/users/'],
      ['GET', '/api/v2/users/'],
      ['GET', '/api'],
    ] as const) {
      const res = await inject({ method, url, headers: { authorization: `JWT ${access}` } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      expect(res.json(), `${method} ${url}`).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers a malformed %-escape with 400 {detail}, not the framework shape', async () => {
    const res = await inject({ method: 'GET', url: '/api/v1/users/%E0%A4%A/', headers: { authorization: `JWT ${access}` } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
  });

  it('answers a path parameter over 100 characters with a JSON 404, never 500', async () => {
    const res = await inject({ method: 'GET', url: `/api/v1/users/${'1'.repeat(150)}/`, headers: { authorization: `JWT ${access}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('response headers', () => {
  it('gives every response an x-request-id, errors included', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/v1/health/', '/api/v1/auth/users/me/', '/api/v1/nothing/']) {
      const res = await inject({ method: 'GET', url });
      const id = res.headers['x-request-id'];
      expect(typeof id, url).toBe('string');
      expect(id as string, url).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id as string);
    }
    expect(ids.size).toBe(3);
  });

  it('keeps the x-request-id a client sends', async () => {
    const res = await inject({ method: 'GET', url: '/api/v1/health/', headers: { 'x-request-id': 'tablet-7-req-42' } });
    expect(res.headers['x-request-id']).toBe('tablet-7-req-42');
  });

  it('sends the security headers on API answers and on the app shell', async () => {
    for (const url of ['/api/v1/health/', '/']) {
      const res = await inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('compression', () => {
  const users = (encoding?: string) =>
    inject({ method: 'GET', url: '/api/v1/users/', headers: { authorization: `JWT ${access}`, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends a large JSON answer uncompressed when not asked to compress', async () => {
    const res = await users();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(1024);
  });

  it('gzips a large JSON answer when Accept-Encoding asks for gzip', async () => {
    const plain = (await users()).json();
    const res = await users('gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.gunzipSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(res.rawPayload.length);
    expect(JSON.parse(body.toString('utf8'))).toEqual(plain);
  });

  it('prefers brotli when the client accepts both', async () => {
    const plain = (await users()).json();
    const res = await users('gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await inject({ method: 'GET', url: '/api/v1/health/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('OpenAPI', () => {
  it('serves the OpenAPI document at /api/docs/json without sign-in, listing the API paths', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/jwt/create/']).toHaveProperty('post');
    expect(doc.paths['/api/v1/users/{id}/']).toHaveProperty('get');
    expect(doc.paths['/api/v1/system/modules/{name}/']).toHaveProperty('put');
    // The client fallback route is not part of the API.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('serves the documentation page without sign-in', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('serving the built client', () => {
  it('answers a client route with index.html, revalidated on every load', async () => {
    for (const url of ['/', '/some/client/route', '/users/12', '/superuser/audit?tab=x']) {
      const res = await inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('serves a hashed asset as immutable for a year', async () => {
    const res = await inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.body).toBe(APP_JS);
  });

  it('serves the service worker with no-cache, so an update is seen at once', async () => {
    const res = await inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['cache-control']).not.toContain('immutable');
    expect(res.body).toBe(SW_JS);
  });

  it('answers a missing asset with 404, not the app shell (a stale page must not run HTML as a script)', async () => {
    const res = await inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('still answers unknown API paths with JSON 404, not the app shell', async () => {
    const res = await inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers a client route containing an escaped % with the app shell, not a 500', async () => {
    const res = await inject({ method: 'GET', url: '/reports/100%25' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('never serves a file outside the client directory', async () => {
    const outside = path.join(path.dirname(clientDir), `${path.basename(clientDir)}-secret.txt`);
    fs.writeFileSync(outside, 'secret');
    try {
      for (const url of [
        `/..%2f${path.basename(outside)}`,
        `/%2e%2e/${path.basename(outside)}`,
        '/..%2f..%2f..%2f..%2fetc%2fpasswd',
        '/assets/..%2f..%2f..%2fetc%2fpasswd',
      ]) {
        const res = await inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('secret');
        expect(res.body, url).not.toContain('root:');
      }
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});
