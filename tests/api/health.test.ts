import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signedInAs, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health and the API frame', () => {
  it('answers the health check without sign-in', async () => {
    const res = await as(server.app, null).get('/health/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('gives a JSON 404 for an unknown API path', async () => {
    const res = await (await signedInAs(server.app, 'admin')).get('/no-such-thing/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
