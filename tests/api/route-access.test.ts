import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerAuth } from '../../server/plugins/auth';

/** One matrix, one hook, every route (issue 3 §2): a route cannot leave its access unsaid. */
describe('route access declarations', () => {
  it('refuses to start with an API route that declares no access', async () => {
    const app = Fastify();
    registerAuth(app);
    const started = app
      .register(async (api) => {
        api.get('/orphans/', async () => []);
      }, { prefix: '/api/v1' })
      .then(() => app.ready());
    await expect(started).rejects.toThrow('GET /api/v1/orphans/ declares no access');
  });

  it('starts with API routes that declare public, signed-in or a permission, and with routes outside the API', async () => {
    const app = Fastify();
    registerAuth(app);
    await app.register(async (api) => {
      // Open in maintenance too: this bare app has no database to read the maintenance switch from.
      api.get('/open/', { config: { access: 'public', openInMaintenance: true } }, async () => []);
      api.get('/mine/', { config: { access: 'signed-in' } }, async () => []);
      api.get('/vendors/', { config: { access: 'vendors.read' } }, async () => []);
    }, { prefix: '/api/v1' });
    app.get('/app-shell', async () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/v1/open/' })).statusCode).toBe(200);
    await app.close();
  });
});
