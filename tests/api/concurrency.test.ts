import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAs, startTestServer, type TestServer } from '../support/server';
import { makeCategory, makeMaterial } from '../support/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;

async function material() {
  const category = await makeCategory(db());
  return makeMaterial(db(), category.id, { name: 'Acrylic sheet', brand: 'Plexi' });
}

describe('optimistic concurrency (DESIGN.md "Concurrency")', () => {
  it('accepts a write that names the current version in If-Match, and bumps it', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    const res = await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red' }, { 'if-match': '"1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);
    expect(res.headers.etag).toBe('"2"');
  });

  it('refuses a stale If-Match with 409 and the current row', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red' }, { 'if-match': '1' });
    const stale = await stores.patch(`/materials/materials/${m.id}/`, { color: 'Blue' }, { 'if-match': '1' });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.detail).toMatch(/changed by someone else/);
    expect(body.current).toMatchObject({ id: m.id, color: 'Red', version: 2 });
    expect(body.current.txid).toBeUndefined();
  });

  it('accepts expected_version in the body for clients that cannot send headers', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    expect((await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red', expected_version: 1 })).statusCode).toBe(200);
    const stale = await stores.patch(`/materials/materials/${m.id}/`, { color: 'Blue', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.color).toBe('Red');
  });

  it('checks the version on set_deleted too', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red' });
    expect((await stores.delete(`/materials/materials/${m.id}/set_deleted/`, { 'if-match': 'W/"1"' })).statusCode).toBe(409);
    expect((await stores.delete(`/materials/materials/${m.id}/set_deleted/`, { 'if-match': 'W/"2"' })).statusCode).toBe(200);
  });

  it('lets the last write win when no version is sent', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red' });
    const res = await stores.patch(`/materials/materials/${m.id}/`, { color: 'Blue' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ color: 'Blue', version: 3 });
  });

  it('refuses a malformed If-Match or expected_version with 400', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    const header = await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red' }, { 'if-match': 'yesterday' });
    expect(header.statusCode).toBe(400);
    expect(header.json()).toHaveProperty('If-Match');
    const body = await stores.patch(`/materials/materials/${m.id}/`, { color: 'Red', expected_version: 'one' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toHaveProperty('expected_version');
  });

  it('lets exactly one of two writers with the same version win', async () => {
    const m = await material();
    const stores = await signedInAs(server.app, 'stores');
    const purchase = await signedInAs(server.app, 'purchase');
    const results = await Promise.all([
      stores.patch(`/materials/materials/${m.id}/`, { color: 'Red' }, { 'if-match': '1' }),
      purchase.patch(`/materials/materials/${m.id}/`, { color: 'Blue' }, { 'if-match': '1' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
