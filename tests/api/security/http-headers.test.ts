import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { as, craftedToken, startTestServer, type TestServer } from '../../support/server';

/**
 * Issue 14 §5: HTTP answers and deployment. The server runs as in production (NODE_ENV=production),
 * where the demo password opens nothing, so the superuser's token is issued directly.
 */

let server: TestServer;
let token: string;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'production' });
  token = await craftedToken(server, 'admin');
  admin = as(server.app, token);
});
afterAll(() => server.close());

const EVIL_HOST = { host: 'evil.example' };

describe('no API answer is kept by a browser or proxy', () => {
  it('a signed-in list answer carries Cache-Control: no-store', async () => {
    const res = await admin.get('/users/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a signed-in error answer carries Cache-Control: no-store', async () => {
    const res = await admin.get('/users/999999/');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the sign-in answer, which carries the tokens, carries Cache-Control: no-store', async () => {
    const [stores] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'stores'));
    const reset = await admin.post(`/users/reset_password/${stores!.id}/`, { new_password: 'Quartz-lantern-meadow-47' });
    expect(reset.statusCode).toBe(204);
    const res = await as(server.app, null).post('/auth/jwt/create/', { username: 'stores', password: 'Quartz-lantern-meadow-47' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('access');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('pagination links never echo the Host header', () => {
  it('a page of users links to its neighbours by relative links', async () => {
    const res = await admin.get('/users/?page_size=5&page=2', EVIL_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: '/api/v1/users/?page_size=5&page=3', previous: '/api/v1/users/?page_size=5' });
  });

  it('a page of a mirrored list links to its neighbours by relative links', async () => {
    for (const name of ['Acrylic sheets', 'Aluminium profiles', 'Glass panels']) {
      expect((await admin.post('/materials/material-categories/', { name })).statusCode).toBe(201);
    }
    const res = await admin.get('/materials/material-categories/?page_size=1&page=2', EVIL_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: '/api/v1/materials/material-categories/?page_size=1&page=3', previous: '/api/v1/materials/material-categories/?page_size=1' });
  });

  it('a delta page links to the next one by a relative link', async () => {
    const res = await admin.get('/materials/material-categories/?updated_since=0&page_size=1', EVIL_HOST);
    expect(res.statusCode).toBe(200);
    const { next, cursor } = res.json() as { next: string; cursor: string };
    expect(next).toMatch(new RegExp(`^/api/v1/materials/material-categories/\\?updated_since=0&page_size=1&after_id=\\d+&cursor=${cursor}$`));
  });
});

describe('the public health answer', () => {
  it('says only that the server is up: no database engine', async () => {
    const res = await as(server.app, null).get('/health/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the OpenAPI document and UI in production', () => {
  it('refuse a signed-out caller with 401 and serve a signed-in one', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    }
    const authorization = `JWT ${token}`;
    const doc = await server.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization } });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    const page = await server.app.inject({ method: 'GET', url: '/api/docs', headers: { authorization } });
    expect(page.statusCode).toBe(200);
  });
});
