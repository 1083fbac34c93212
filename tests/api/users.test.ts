import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import { DEMO_USERS } from '../../server/db/seed';
import { as, DEMO_PASSWORD, signIn, signedInAs, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Client = Awaited<ReturnType<typeof signedInAs>>;
const DEMO_COUNT = DEMO_USERS.length;

async function idOf(username: string): Promise<number> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function rowOf(username: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.username, username));
  return row!;
}

/** An Admin-department user who is not a superuser (the seed has none). */
async function addOfficeAdmin(): Promise<Client> {
  await server.database.db.insert(users).values({
    username: 'office.admin',
    password_hash: await hashPassword(DEMO_PASSWORD),
    first_name: 'Priya',
    last_name: 'Office',
    department: 'admin',
    designation: 'executive',
  });
  return signedInAs(server.app, 'office.admin');
}

async function auditRows(action: string, target: string) {
  return server.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
}

const signInStatus = async (username: string, password = DEMO_PASSWORD) =>
  (await server.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username, password } })).statusCode;

describe('GET /users/ (list)', () => {
  let client: Client;
  beforeAll(async () => {
    await server.reset();
    client = await signedInAs(server.app, 'sales.exec');
  });

  const list = async (query = '') => {
    const res = await client.get(`/users/${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; next: string | null; previous: string | null; results: { username: string; department: string; is_active: boolean }[] };
  };

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).get('/users/')).statusCode).toBe(401);
  });

  it('returns every user on one default page with count, next and previous', async () => {
    const page = await list();
    expect(page.count).toBe(DEMO_COUNT);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(page.results.map((u) => u.username).sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
  });

  it('pages with page_size, next and previous links that walk the whole list in a stable order', async () => {
    const all = (await list()).results.map((u) => u.username);
    const first = await list('?page_size=5');
    expect(first.count).toBe(DEMO_COUNT);
    expect(first.results).toHaveLength(5);
    expect(first.previous).toBeNull();
    expect(first.next).not.toBeNull();
    const nextUrl = new URL(first.next!, 'http://localhost');
    expect(nextUrl.searchParams.get('page')).toBe('2');
    expect(nextUrl.searchParams.get('page_size')).toBe('5');

    const walked = [...first.results.map((u) => u.username)];
    let next = first.next;
    let last = first;
    while (next) {
      const url = new URL(next, 'http://localhost');
      last = await list(`?${url.searchParams.toString()}`);
      expect(last.previous).not.toBeNull();
      walked.push(...last.results.map((u) => u.username));
      next = last.next;
    }
    expect(walked).toEqual(all);
    expect(last.results).toHaveLength(DEMO_COUNT % 5 || 5);
    expect(new URL(last.previous!, 'http://localhost').searchParams.get('page')).toBe(String(Math.ceil(DEMO_COUNT / 5) - 1));
  });

  it('answers a page past the end with empty results, not an error', async () => {
    const page = await list('?page=50&page_size=5');
    expect(page.count).toBe(DEMO_COUNT);
    expect(page.results).toEqual([]);
    expect(page.next).toBeNull();
  });

  it('refuses a page or page_size that is not a positive integer with 400', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?page_size=0', 'page_size'],
      ['?page_size=abc', 'page_size'],
      ['?page_size=100000', 'page_size'],
    ] as const) {
      const res = await client.get(`/users/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    }
  });

  it('filters by department', async () => {
    const page = await list('?department=sales');
    expect(page.results.map((u) => u.username).sort()).toEqual(['sales.exec', 'sales.manager', 'sales.senior']);
    expect(page.count).toBe(3);
  });

  it('refuses an unknown department or is_active value with 400', async () => {
    const dept = await client.get('/users/?department=kitchen');
    expect(dept.statusCode).toBe(400);
    expect(dept.json()).toEqual({ department: ['"kitchen" is not a valid choice.'] });
    const active = await client.get('/users/?is_active=maybe');
    expect(active.statusCode).toBe(400);
    expect(active.json()).toHaveProperty('is_active');
  });

  it('searches username, first and last name, ignoring case', async () => {
    expect((await list('?search=KUMAR')).results.map((u) => u.username)).toEqual(['sales.exec']);
    expect((await list('?search=meera')).results.map((u) => u.username)).toEqual(['sales.senior']);
    expect((await list('?search=sales.m')).results.map((u) => u.username)).toEqual(['sales.manager']);
    expect((await list('?search=zzzz')).count).toBe(0);
  });

  it('combines search with a department filter', async () => {
    const page = await list('?department=production&search=suresh');
    expect(page.results.map((u) => u.username)).toEqual(['foreman']);
  });

  it('treats % and _ in a search as plain characters, not wildcards', async () => {
    for (const term of ['%', '_', '%25', 's_les', 'sales%exec', '\\']) {
      const page = await list(`?search=${encodeURIComponent(term)}`);
      expect(page.count, term).toBe(0);
      expect(page.results, term).toEqual([]);
    }
  });

  it('treats SQL in a search as text: no rows, no 500, the table intact', async () => {
    for (const term of ["'; drop table users;--", "' OR '1'='1", '") OR 1=1 --']) {
      const page = await list(`?search=${encodeURIComponent(term)}`);
      expect(page.count, term).toBe(0);
    }
    expect((await list()).count).toBe(DEMO_COUNT);
  });

  it('refuses a search longer than 100 characters', async () => {
    const res = await client.get(`/users/?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('search');
  });
});

describe('GET /users/ filtered by is_active', () => {
  beforeEach(() => server.reset());

  it('lists only active or only inactive users', async () => {
    await server.database.db.update(users).set({ is_active: false }).where(eq(users.username, 'design'));
    const client = await signedInAs(server.app, 'admin');
    const inactive = (await client.get('/users/?is_active=false')).json();
    expect(inactive.results.map((u: { username: string }) => u.username)).toEqual(['design']);
    const active = (await client.get('/users/?is_active=true')).json();
    expect(active.count).toBe(DEMO_COUNT - 1);
    expect(active.results.every((u: { is_active: boolean }) => u.is_active)).toBe(true);
  });

  it('counts a blocked user as inactive, as the user record shows it', async () => {
    await server.database.db.update(users).set({ blocked_at: new Date(), blocked_reason: 'test' }).where(eq(users.username, 'metal'));
    const client = await signedInAs(server.app, 'admin');
    const active = (await client.get('/users/?is_active=true')).json();
    expect(active.results.map((u: { username: string }) => u.username)).not.toContain('metal');
    expect(active.results.every((u: { is_active: boolean }) => u.is_active)).toBe(true);
    const inactive = (await client.get('/users/?is_active=false')).json();
    expect(inactive.results).toEqual([expect.objectContaining({ username: 'metal', is_active: false })]);
  });
});

describe('why a blocked account is blocked, in the list', () => {
  beforeEach(() => server.reset());

  it('is shown to admins with the reason, and to nobody else', async () => {
    const admin = await signedInAs(server.app, 'admin');
    await admin.post(`/admin/users/${await idOf('metal')}/block/`, { reason: 'Lost tablet' });
    const listed = (await admin.get('/users/?search=metal')).json();
    expect(listed.results).toEqual([expect.objectContaining({ username: 'metal', is_active: false, blocked_reason: 'Lost tablet' })]);
    expect((await admin.get('/users/?search=stores.manager')).json().results).toEqual([expect.objectContaining({ blocked_reason: null })]);

    const office = await addOfficeAdmin();
    expect((await office.get('/users/?search=metal')).json().results[0].blocked_reason).toBe('Lost tablet');
    const sales = await signedInAs(server.app, 'sales.exec');
    expect((await sales.get('/users/?search=metal')).json().results[0]).not.toHaveProperty('blocked_reason');

    await admin.post(`/admin/users/${await idOf('metal')}/unblock/`);
    expect((await admin.get('/users/?search=metal')).json().results).toEqual([expect.objectContaining({ is_active: true, blocked_reason: null })]);
  });
});

describe('POST /users/ (an admin creates an account)', () => {
  beforeEach(() => server.reset());
  const joiner = { username: 'new.welder', first_name: 'Kiran', last_name: 'Pawar', email: '', password: 'Weld-Bay-Seven-42', re_password: 'Weld-Bay-Seven-42', department: 'metal', designation: 'executive' };

  it('creates it active with its department and designation, audited; it signs in at once', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.post('/users/', joiner);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'new.welder', department: 'metal', designation: 'executive', is_active: true, is_superuser: false, can_create_materials: false });
    expect(res.json()).not.toHaveProperty('password');
    expect(await signInStatus('new.welder', joiner.password)).toBe(200);
    expect(await auditRows('user.create', `user:${res.json().id}`)).toEqual([
      expect.objectContaining({ username: 'admin', risk_level: 'high', metadata: { username: 'new.welder', department: 'metal', designation: 'executive' } }),
    ]);
  });

  it('creates it while new registrations are closed', async () => {
    const admin = await signedInAs(server.app, 'admin');
    await admin.put('/admin/system/config/', { maintenanceMode: false, allowNewRegistrations: false, sessionTimeout: 3600, maxConcurrentSessions: 5 });
    expect((await admin.post('/users/', joiner)).statusCode).toBe(201);
  });

  it('refuses bad input with 400 on its fields, and a name taken in any case', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const bad = await admin.post('/users/', { ...joiner, username: 'no spaces', password: 'short', department: 'nowhere', designation: undefined });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['department', 'designation', 'password', 'username']);
    const mismatch = await admin.post('/users/', { ...joiner, re_password: 'Weld-Bay-Seven-43' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ non_field_errors: ["The two password fields didn't match."] });
    const taken = await admin.post('/users/', { ...joiner, username: 'Metal' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ username: ['A user with that username already exists.'] });
    const weak = await admin.post('/users/', { ...joiner, password: 'password123', re_password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('password');
    expect(await server.database.db.select().from(users).where(eq(users.username, 'new.welder'))).toHaveLength(0);
  });

  it('lets the Admin department create accounts, but only a superuser an Admin-department one', async () => {
    const office = await addOfficeAdmin();
    expect((await office.post('/users/', joiner)).statusCode).toBe(201);
    const res = await office.post('/users/', { ...joiner, username: 'new.clerk', department: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Only a superuser can give an account the Admin department.' });
    expect((await (await signedInAs(server.app, 'admin')).post('/users/', { ...joiner, username: 'new.clerk', department: 'admin' })).statusCode).toBe(201);
  });

  it('answers 403 to everyone else and 401 without sign-in', async () => {
    for (const username of ['sales.exec', 'management', 'stores.manager']) {
      expect((await (await signedInAs(server.app, username)).post('/users/', joiner)).statusCode, username).toBe(403);
    }
    expect((await as(server.app, null).post('/users/', joiner)).statusCode).toBe(401);
    expect(await server.database.db.select().from(users).where(eq(users.username, 'new.welder'))).toHaveLength(0);
  });
});

describe('GET /users/{id}/', () => {
  it('returns one user', async () => {
    await server.reset();
    const client = await signedInAs(server.app, 'sales.exec');
    const res = await client.get(`/users/${await idOf('stores')}/`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['department', 'designation', 'first_name', 'id', 'is_active', 'last_name', 'username']);
    expect(res.json()).toMatchObject({ username: 'stores', department: 'stores', is_active: true });
    const asAdmin = await (await signedInAs(server.app, 'admin')).get(`/users/${await idOf('stores')}/`);
    expect(asAdmin.json()).toMatchObject({ username: 'stores', department: 'stores', can_create_materials: true, is_superuser: false });
  });

  it('answers 404 for an unknown id and for ids that are not positive integers', async () => {
    const client = await signedInAs(server.app, 'sales.exec');
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '2147483648', '1e3']) {
      const res = await client.get(`/users/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 401 without sign-in, whatever the id', async () => {
    expect((await as(server.app, null).get('/users/1/')).statusCode).toBe(401);
    expect((await as(server.app, null).get('/users/abc/')).statusCode).toBe(401);
  });
});

describe('POST /users/reset_password/{id}/', () => {
  beforeEach(() => server.reset());

  it('lets a superuser reset a password: 204, the old password and old tokens stop working', async () => {
    const target = await signIn(server.app, 'sales.exec');
    const admin = await signedInAs(server.app, 'admin');
    const id = await idOf('sales.exec');
    const res = await admin.post(`/users/reset_password/${id}/`, { new_password: 'reset-by-admin-1' });
    expect(res.statusCode).toBe(204);
    expect(await signInStatus('sales.exec')).toBe(401);
    expect(await signInStatus('sales.exec', 'reset-by-admin-1')).toBe(200);
    expect((await as(server.app, target.access).get('/auth/users/me/')).statusCode).toBe(401);

    const audit = await auditRows('user.reset_password', `user:${id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'admin', user_id: await idOf('admin'), risk_level: 'high' });
    expect(JSON.stringify(audit[0]!.metadata)).not.toContain('reset-by-admin-1');
  });

  it('lets an Admin-department user who is not a superuser reset a password', async () => {
    const office = await addOfficeAdmin();
    expect((await office.post(`/users/reset_password/${await idOf('stores')}/`, { new_password: 'reset-by-office-1' })).statusCode).toBe(204);
    expect(await signInStatus('stores', 'reset-by-office-1')).toBe(200);
  });

  it("refuses an Admin-department user who is not a superuser the superuser's password", async () => {
    const office = await addOfficeAdmin();
    const res = await office.post(`/users/reset_password/${await idOf('admin')}/`, { new_password: 'taken-over-1' });
    expect(res.statusCode).toBe(403);
    expect(await signInStatus('admin')).toBe(200);
    expect(await signInStatus('admin', 'taken-over-1')).toBe(401);
  });

  it('answers 403 to users outside the Admin department, and the password stays', async () => {
    const sales = await signedInAs(server.app, 'sales.exec');
    const res = await sales.post(`/users/reset_password/${await idOf('stores')}/`, { new_password: 'hijacked-pass-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await signInStatus('stores')).toBe(200);
    expect(await auditRows('user.reset_password', `user:${await idOf('stores')}`)).toHaveLength(0);
  });

  it('refuses a weak or missing new password', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const url = `/users/reset_password/${await idOf('stores')}/`;
    expect((await admin.post(url, { new_password: 'short' })).json()).toEqual({ new_password: ['This password is too short. It must contain at least 8 characters.'] });
    expect((await admin.post(url, { new_password: '12345678901' })).json()).toEqual({ new_password: ['This password is entirely numeric.'] });
    const missing = await admin.post(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ new_password: ['This field is required.'] });
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await signedInAs(server.app, 'admin');
    expect((await admin.post('/users/reset_password/999999/', { new_password: 'reset-by-admin-1' })).statusCode).toBe(404);
    expect((await admin.post('/users/reset_password/abc/', { new_password: 'reset-by-admin-1' })).statusCode).toBe(404);
  });
});

describe('POST /users/deactivate/{id}/ and /users/activate/{id}/', () => {
  beforeEach(() => server.reset());

  it('lets a superuser deactivate and activate a user, each change audited', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const id = await idOf('sales.exec');
    const off = await admin.post(`/users/deactivate/${id}/`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, username: 'sales.exec', is_active: false });
    expect(await signInStatus('sales.exec')).toBe(401);

    const on = await admin.post(`/users/activate/${id}/`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id, is_active: true });
    expect(await signInStatus('sales.exec')).toBe(200);

    expect(await auditRows('user.deactivate', `user:${id}`)).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'high' })]);
    expect(await auditRows('user.activate', `user:${id}`)).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'high' })]);
  });

  it('ends the sessions of a deactivated user at once', async () => {
    const { access } = await signIn(server.app, 'sales.exec');
    await (await signedInAs(server.app, 'admin')).post(`/users/deactivate/${await idOf('sales.exec')}/`);
    expect((await as(server.app, access).get('/auth/users/me/')).statusCode).toBe(401);
  });

  it('bumps the version of the changed row', async () => {
    const before = (await rowOf('stores')).version;
    await (await signedInAs(server.app, 'admin')).post(`/users/deactivate/${await idOf('stores')}/`);
    expect((await rowOf('stores')).version).toBe(before + 1);
  });

  it('lets an Admin-department user who is not a superuser deactivate others, but not the superuser', async () => {
    const office = await addOfficeAdmin();
    expect((await office.post(`/users/deactivate/${await idOf('stores')}/`)).statusCode).toBe(200);
    const res = await office.post(`/users/deactivate/${await idOf('admin')}/`);
    expect(res.statusCode).toBe(403);
    expect((await rowOf('admin')).is_active).toBe(true);
  });

  it('answers 403 to users outside the Admin department, and nothing changes', async () => {
    const sales = await signedInAs(server.app, 'sales.exec');
    const id = await idOf('stores');
    expect((await sales.post(`/users/deactivate/${id}/`)).statusCode).toBe(403);
    expect((await sales.post(`/users/activate/${id}/`)).statusCode).toBe(403);
    expect((await rowOf('stores')).is_active).toBe(true);
    expect(await auditRows('user.deactivate', `user:${id}`)).toHaveLength(0);
  });

  it('refuses an admin deactivating their own account with 400', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.post(`/users/deactivate/${await idOf('admin')}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['You cannot deactivate your own account.'] });
    expect((await rowOf('admin')).is_active).toBe(true);
  });

  it('answers 404 for an unknown user and for an id that is not a number', async () => {
    const admin = await signedInAs(server.app, 'admin');
    for (const url of ['/users/deactivate/999999/', '/users/activate/999999/', '/users/activate/abc/']) {
      const res = await admin.post(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.target, 'user:999999'))).toHaveLength(0);
  });

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).post(`/users/deactivate/${await idOf('stores')}/`)).statusCode).toBe(401);
  });
});

describe('/users/{id}/permissions/material-creation/', () => {
  beforeEach(() => server.reset());
  const path = (id: number | string) => `/users/${id}/permissions/material-creation/`;

  it('lets a user read their own permission', async () => {
    const sales = await signedInAs(server.app, 'sales.exec');
    const own = await sales.get(path(await idOf('sales.exec')));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ user_id: await idOf('sales.exec'), can_create_materials: false });
    const stores = await signedInAs(server.app, 'stores');
    expect((await stores.get(path(await idOf('stores')))).json()).toEqual({ user_id: await idOf('stores'), can_create_materials: true });
  });

  it("refuses a user outside the Admin department another user's permission", async () => {
    const sales = await signedInAs(server.app, 'sales.exec');
    const res = await sales.get(path(await idOf('stores')));
    expect(res.statusCode).toBe(403);
  });

  it('lets a superuser read anyone and grant (POST) then revoke (DELETE), each audited', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const id = await idOf('purchase');
    expect((await admin.get(path(id))).json()).toEqual({ user_id: id, can_create_materials: false });

    const granted = await admin.post(path(id));
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ user_id: id, can_create_materials: true });
    expect((await admin.get(path(id))).json().can_create_materials).toBe(true);
    expect((await rowOf('purchase')).can_create_materials).toBe(true);

    const revoked = await admin.delete(path(id));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ user_id: id, can_create_materials: false });
    expect((await rowOf('purchase')).can_create_materials).toBe(false);

    expect(await auditRows('user.grant_material_creation', `user:${id}`)).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'medium' })]);
    expect(await auditRows('user.revoke_material_creation', `user:${id}`)).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'medium' })]);
  });

  it('lets an Admin-department user who is not a superuser read, grant and revoke', async () => {
    const office = await addOfficeAdmin();
    const id = await idOf('purchase');
    expect((await office.get(path(id))).statusCode).toBe(200);
    expect((await office.post(path(id))).json().can_create_materials).toBe(true);
    expect((await office.delete(path(id))).json().can_create_materials).toBe(false);
  });

  it('refuses users outside the Admin department a grant or revoke, even on themselves', async () => {
    const sales = await signedInAs(server.app, 'sales.exec');
    expect((await sales.post(path(await idOf('sales.exec')))).statusCode).toBe(403);
    const stores = await signedInAs(server.app, 'stores');
    expect((await stores.delete(path(await idOf('stores')))).statusCode).toBe(403);
    expect((await rowOf('sales.exec')).can_create_materials).toBe(false);
    expect((await rowOf('stores')).can_create_materials).toBe(true);
  });

  it('answers 404 for an unknown user on GET, POST and DELETE', async () => {
    const admin = await signedInAs(server.app, 'admin');
    expect((await admin.get(path(999999))).statusCode).toBe(404);
    expect((await admin.post(path(999999))).statusCode).toBe(404);
    expect((await admin.delete(path(999999))).statusCode).toBe(404);
    expect((await admin.get(path('abc'))).statusCode).toBe(404);
  });

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).get(path(1))).statusCode).toBe(401);
    expect((await as(server.app, null).post(path(1))).statusCode).toBe(401);
  });
});
