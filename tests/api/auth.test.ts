import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { signToken } from '../../server/lib/jwt';
import { hashPassword } from '../../server/lib/password';
import { as, craftedToken, DEMO_PASSWORD, signIn, signedInAs, startTestServer, type TestServer } from '../support/server';

const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';
const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
const PASSWORDS_DO_NOT_MATCH = "The two password fields didn't match.";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const anonymous = () => as(server.app, null);
const create = (payload: unknown) => anonymous().post('/auth/jwt/create/', payload);
const refreshWith = (refresh: unknown) => anonymous().post('/auth/jwt/refresh/', { refresh });
const verifyWith = (token: unknown) => anonymous().post('/auth/jwt/verify/', { token });
const me = (access: string) => as(server.app, access).get('/auth/users/me/');

async function idOf(username: string): Promise<number> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function setUser(username: string, changes: Partial<typeof users.$inferInsert>): Promise<void> {
  await server.database.db.update(users).set(changes).where(eq(users.username, username));
}

/** A token of a given type signed with the app's key, issued `ageSeconds` ago. */
async function craftToken(type: 'access' | 'refresh', username: string, lifetimeSeconds: number, ageSeconds = 0): Promise<string> {
  return craftedToken(server, username, { type, lifetimeSeconds, ageSeconds });
}

/** The same token with its payload rewritten, its signature kept. */
function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...changes };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  username: 'new.joiner',
  password: 'shop-floor-2024',
  re_password: 'shop-floor-2024',
  first_name: 'Nisha',
  last_name: 'Joshi',
  email: 'nisha@example.com',
  ...overrides,
});

describe('POST /auth/jwt/create/ (sign-in)', () => {
  // Failed sign-ins count toward the rate limits, so every test starts from a clean slate.
  beforeEach(() => server.reset());

  it('returns an access and a refresh token for the right password', async () => {
    const res = await create({ username: 'sales.exec', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(claimsOf(body.access)).toMatchObject({ token_type: 'access', user_id: await idOf('sales.exec') });
    expect(claimsOf(body.refresh)).toMatchObject({ token_type: 'refresh', user_id: await idOf('sales.exec') });
  });

  it('issues access tokens for 5 minutes and refresh tokens for 7 days', async () => {
    const { access, refresh } = await signIn(server.app, 'sales.exec');
    const a = claimsOf(access) as { iat: number; exp: number };
    const r = claimsOf(refresh) as { iat: number; exp: number };
    expect(a.exp - a.iat).toBe(5 * 60);
    expect(r.exp - r.iat).toBe(7 * 86400);
  });

  it('signs in whatever the case of the username (usernames are unique regardless of case)', async () => {
    const res = await create({ username: 'SALES.Exec', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().access)).json().username).toBe('sales.exec');
  });

  it('ignores spaces around the username', async () => {
    expect((await create({ username: '  sales.exec ', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and the simplejwt message', async () => {
    const res = await create({ username: 'sales.exec', password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(NO_ACTIVE_ACCOUNT);
  });

  it('answers an unknown username exactly as a wrong password (no account enumeration)', async () => {
    const unknown = await create({ username: 'nobody.here', password: DEMO_PASSWORD });
    const wrong = await create({ username: 'sales.exec', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a deactivated account even with the right password', async () => {
    await setUser('sales.exec', { is_active: false });
    const res = await create({ username: 'sales.exec', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(NO_ACTIVE_ACCOUNT);
  });

  it('refuses a blocked account even with the right password', async () => {
    await setUser('sales.exec', { blocked_at: new Date(), blocked_reason: 'left the company' });
    const res = await create({ username: 'sales.exec', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(NO_ACTIVE_ACCOUNT);
  });

  it('passwords are case-sensitive', async () => {
    expect((await create({ username: 'sales.exec', password: DEMO_PASSWORD.toUpperCase() })).statusCode).toBe(401);
  });

  it('lists every missing field as required', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
  });

  it('refuses blank fields, a username of spaces counting as blank', async () => {
    const res = await create({ username: '   ', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['This field may not be blank.'], password: ['This field may not be blank.'] });
  });

  it('refuses wrong-typed fields with a message per field', async () => {
    const res = await create({ username: 42, password: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['Expected string.'], password: ['This field may not be null.'] });
  });

  it('refuses a body that is not an object as a non-field error', async () => {
    const res = await create(['admin', DEMO_PASSWORD]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('non_field_errors');
  });

  it('records the time of the last sign-in', async () => {
    await signIn(server.app, 'stores');
    const [row] = await server.database.db.select({ last_login: users.last_login }).from(users).where(eq(users.username, 'stores'));
    expect(row?.last_login).toBeInstanceOf(Date);
    expect(Math.abs(row!.last_login!.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('POST /auth/jwt/refresh/ (rotation)', () => {
  // Rotation blacklists tokens and some tests deactivate users.
  beforeEach(() => server.reset());

  it('returns a new pair whose access token works', async () => {
    const first = await signIn(server.app, 'sales.exec');
    const res = await refreshWith(first.refresh);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(pair.refresh).not.toBe(first.refresh);
    const who = await me(pair.access);
    expect(who.statusCode).toBe(200);
    expect(who.json().username).toBe('sales.exec');
  });

  it('refuses a refresh token that was already rotated (blacklisted)', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    expect((await refreshWith(refresh)).statusCode).toBe(200);
    const again = await refreshWith(refresh);
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toBe('Token is blacklisted');
  });

  it('lets only one of two simultaneous refreshes with one token succeed', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    const results = await Promise.all([refreshWith(refresh), refreshWith(refresh)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('keeps the rotated refresh token usable for the next rotation', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    const second = (await refreshWith(refresh)).json().refresh;
    expect((await refreshWith(second)).statusCode).toBe(200);
  });

  it('refuses an access token given as the refresh token', async () => {
    const { access } = await signIn(server.app, 'sales.exec');
    const res = await refreshWith(access);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Token is invalid or expired');
  });

  it('refuses a refresh token whose payload was altered (forged signature)', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    const forged = withClaims(refresh, { user_id: await idOf('admin') });
    expect((await refreshWith(forged)).statusCode).toBe(401);
  });

  it('refuses a refresh token signed with another key', async () => {
    const foreign = await signToken('refresh', await idOf('admin'), 3600, 'x'.repeat(48));
    expect((await refreshWith(foreign)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token, and accepts one of the same age that has not expired', async () => {
    // The password was set long ago, so only the expiry tells the two tokens apart.
    await setUser('sales.exec', { password_changed_at: new Date(Date.now() - 86_400_000) });
    const expired = await craftToken('refresh', 'sales.exec', 60, 120);
    const res = await refreshWith(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Token is invalid or expired');
    expect((await refreshWith(await craftToken('refresh', 'sales.exec', 600, 120))).statusCode).toBe(200);
  });

  it('refuses to refresh for a user deactivated after signing in', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    await setUser('sales.exec', { is_active: false });
    const res = await refreshWith(refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(NO_ACTIVE_ACCOUNT);
  });

  it('refuses to refresh for a user blocked after signing in', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    await setUser('sales.exec', { blocked_at: new Date() });
    expect((await refreshWith(refresh)).statusCode).toBe(401);
  });

  it('refuses garbage and a missing token', async () => {
    expect((await refreshWith('not.a.token')).statusCode).toBe(401);
    const missing = await anonymous().post('/auth/jwt/refresh/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('POST /auth/jwt/verify/', () => {
  it('accepts a valid access token and a valid refresh token with an empty object', async () => {
    const { access, refresh } = await signIn(server.app, 'sales.manager');
    for (const token of [access, refresh]) {
      const res = await verifyWith(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it('refuses a blacklisted refresh token', async () => {
    const { refresh } = await signIn(server.app, 'sales.manager');
    expect((await refreshWith(refresh)).statusCode).toBe(200);
    const res = await verifyWith(refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Token is blacklisted');
  });

  it('refuses garbage, a forged token and an expired token', async () => {
    const { access } = await signIn(server.app, 'sales.manager');
    for (const token of ['garbage', 'a.b.c', withClaims(access, { exp: Math.floor(Date.now() / 1000) + 86400 }), await craftToken('access', 'sales.manager', 60, 61)]) {
      const res = await verifyWith(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Token is invalid or expired');
    }
  });

  it('refuses a missing or non-string token with a field error', async () => {
    expect((await anonymous().post('/auth/jwt/verify/', {})).json()).toEqual({ token: ['This field is required.'] });
    const res = await verifyWith(123);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: ['Expected string.'] });
  });
});

describe('GET /auth/users/me/', () => {
  beforeEach(() => server.reset());

  it('returns the signed-in user', async () => {
    const { access } = await signIn(server.app, 'sales.exec');
    const res = await me(access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: await idOf('sales.exec'),
      username: 'sales.exec',
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: '',
      department: 'sales',
      designation: 'executive',
      is_active: true,
      is_superuser: false,
      can_create_materials: false,
    });
  });

  it('never returns the password hash', async () => {
    const { access } = await signIn(server.app, 'admin');
    expect((await me(access)).body).not.toMatch(/password|scrypt/);
  });

  it('answers 401 without an Authorization header', async () => {
    const res = await anonymous().get('/auth/users/me/');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(NOT_AUTHENTICATED);
    expect(res.headers['www-authenticate']).toMatch(/^JWT/);
  });

  it("answers 401 to the 'Bearer' scheme (the API uses 'JWT <token>')", async () => {
    const { access } = await signIn(server.app, 'sales.exec');
    const res = await anonymous().get('/auth/users/me/', { authorization: `Bearer ${access}` });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a refresh token used as the access token', async () => {
    const { refresh } = await signIn(server.app, 'sales.exec');
    expect((await me(refresh)).statusCode).toBe(401);
  });

  it('answers 401 to a forged and to an expired access token', async () => {
    const { access } = await signIn(server.app, 'sales.exec');
    const forged = withClaims(access, { user_id: await idOf('admin') });
    expect((await me(forged)).statusCode).toBe(401);
    await setUser('sales.exec', { password_changed_at: new Date(Date.now() - 86_400_000) });
    const expired = await craftToken('access', 'sales.exec', 300, 301);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Given token not valid for any token type');
    expect((await me(await craftToken('access', 'sales.exec', 300, 200))).statusCode).toBe(200);
  });

  it('answers 401 to the token of a user deactivated afterwards', async () => {
    const { access } = await signIn(server.app, 'sales.exec');
    await setUser('sales.exec', { is_active: false });
    expect((await me(access)).statusCode).toBe(401);
  });

  it('answers 401 to the token of a user that no longer exists', async () => {
    const orphan = await signToken('access', 999_999, 300, server.app.jwtSecret);
    expect((await me(orphan)).statusCode).toBe(401);
  });

  it('answers 401 to tokens issued before a password change', async () => {
    const before = await signIn(server.app, 'sales.exec');
    const other = await signIn(server.app, 'sales.exec');
    const res = await as(server.app, before.access).post('/auth/users/set_password/', {
      current_password: DEMO_PASSWORD,
      new_password: 'a-new-secret-1',
      re_new_password: 'a-new-secret-1',
    });
    expect(res.statusCode).toBe(204);
    expect((await me(before.access)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(401);
    expect((await refreshWith(other.refresh)).statusCode).toBe(401);
  });
});

describe('POST /auth/users/set_password/', () => {
  beforeEach(() => server.reset());

  const change = async (username: string, body: Record<string, unknown>) => (await signedInAs(server.app, username)).post('/auth/users/set_password/', body);

  it('changes the password: 204, then the old password fails and the new one works', async () => {
    const res = await change('sales.exec', { current_password: DEMO_PASSWORD, new_password: 'a-new-secret-1', re_new_password: 'a-new-secret-1' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await create({ username: 'sales.exec', password: DEMO_PASSWORD })).statusCode).toBe(401);
    const fresh = await create({ username: 'sales.exec', password: 'a-new-secret-1' });
    expect(fresh.statusCode).toBe(200);
    // Tokens issued right after the change (the same second) are not mistaken for older ones.
    expect((await me(fresh.json().access)).statusCode).toBe(200);
    expect((await refreshWith(fresh.json().refresh)).statusCode).toBe(200);
  });

  it('writes the change to the audit log', async () => {
    await change('sales.exec', { current_password: DEMO_PASSWORD, new_password: 'a-new-secret-1', re_new_password: 'a-new-secret-1' });
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.set_password'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'sales.exec', target: `user:${await idOf('sales.exec')}` });
  });

  it("refuses a wrong current password with {current_password: ['Invalid password.']}", async () => {
    const res = await change('sales.exec', { current_password: 'wrong-one', new_password: 'a-new-secret-1', re_new_password: 'a-new-secret-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ current_password: ['Invalid password.'] });
    expect((await create({ username: 'sales.exec', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a repeated password that does not match as a non-field error', async () => {
    const res = await change('sales.exec', { current_password: DEMO_PASSWORD, new_password: 'a-new-secret-1', re_new_password: 'a-new-secret-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [PASSWORDS_DO_NOT_MATCH] });
  });

  it('refuses a new password that is too short', async () => {
    const res = await change('sales.exec', { current_password: DEMO_PASSWORD, new_password: 'short1', re_new_password: 'short1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_password: ['This password is too short. It must contain at least 8 characters.'] });
  });

  it('refuses a new password that is entirely numeric', async () => {
    const res = await change('sales.exec', { current_password: DEMO_PASSWORD, new_password: '1234567890', re_new_password: '1234567890' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_password: ['This password is entirely numeric.'] });
  });

  it('refuses a new password equal to the current one', async () => {
    const res = await change('sales.exec', { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, re_new_password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('new_password');
  });

  it('lists every missing field', async () => {
    const res = await change('sales.exec', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['current_password', 'new_password', 're_new_password']);
  });

  it('answers 401, not a field list, when nobody is signed in', async () => {
    const res = await anonymous().post('/auth/users/set_password/', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(NOT_AUTHENTICATED);
  });
});

describe('POST /auth/users/ (registration)', () => {
  beforeEach(() => server.reset());

  const register = (overrides: Record<string, unknown> = {}) => anonymous().post('/auth/users/', registration(overrides));

  it('creates an inactive account (201) that cannot sign in until an admin activates it', async () => {
    const res = await register();
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'new.joiner',
      first_name: 'Nisha',
      last_name: 'Joshi',
      email: 'nisha@example.com',
      department: null,
      designation: null,
      is_active: false,
      is_superuser: false,
      can_create_materials: false,
    });
    expect(user).not.toHaveProperty('password');

    const before = await create({ username: 'new.joiner', password: 'shop-floor-2024' });
    expect(before.statusCode).toBe(401);
    expect(before.json().detail).toBe(NO_ACTIVE_ACCOUNT);

    const activated = await (await signedInAs(server.app, 'admin')).post(`/users/activate/${user.id}/`, { department: 'stores', designation: 'executive' });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ is_active: true, department: 'stores', designation: 'executive' });
    expect((await create({ username: 'new.joiner', password: 'shop-floor-2024' })).statusCode).toBe(200);
  });

  it('cannot register a superuser or grant itself permissions (extra fields are ignored)', async () => {
    const res = await register({ is_superuser: true, is_active: true, can_create_materials: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_superuser: false, is_active: false, can_create_materials: false });
  });

  it('records the registration in the audit log', async () => {
    const res = await register();
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.register'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.target).toBe(`user:${res.json().id}`);
  });

  it('refuses a username already taken, whatever its case', async () => {
    for (const username of ['sales.exec', 'Sales.Exec', 'SALES.EXEC']) {
      const res = await register({ username });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
    }
  });

  it('gives the loser of two simultaneous sign-ups with one name a 400, not a 500', async () => {
    const results = await Promise.all([register(), register({ username: 'NEW.joiner' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('ignores a department or designation sent with the registration: the account starts with none', async () => {
    const res = await register({ department: 'admin', designation: 'manager' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ department: null, designation: null, is_active: false });
  });

  it('refuses a username with spaces or symbols outside @/./+/-/_', async () => {
    for (const username of ['new joiner', 'new/joiner', "o'brien"]) {
      const res = await register({ username });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('username');
    }
  });

  it('refuses passwords that do not match, are too short, numeric or equal to the username', async () => {
    expect((await register({ re_password: 'something-else' })).json()).toEqual({ non_field_errors: [PASSWORDS_DO_NOT_MATCH] });
    expect((await register({ password: 'abc', re_password: 'abc' })).json()).toHaveProperty('password');
    expect((await register({ password: '9876543210', re_password: '9876543210' })).json()).toEqual({ password: ['This password is entirely numeric.'] });
    const same = await register({ password: 'New.Joiner', re_password: 'New.Joiner' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toHaveProperty('password');
  });

  it('refuses an invalid e-mail address and lists missing required fields', async () => {
    const bad = await register({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Enter a valid email address.'] });
    const empty = await anonymous().post('/auth/users/', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['password', 're_password', 'username']);
  });

  it('answers 403 while registrations are closed, and accepts them again once reopened', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const config = (await admin.get('/admin/system/config/')).json();
    expect((await anonymous().get('/auth/registration/')).json()).toEqual({ open: true });
    expect((await admin.put('/admin/system/config/', { ...config, allowNewRegistrations: false })).statusCode).toBe(200);
    // The register screen asks first, so nobody fills a form that cannot be sent.
    expect((await anonymous().get('/auth/registration/')).json()).toEqual({ open: false });
    const closed = await register();
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ detail: 'New registrations are currently closed.' });
    expect(await server.database.db.select().from(users).where(eq(users.username, 'new.joiner'))).toHaveLength(0);

    expect((await admin.put('/admin/system/config/', { ...config, allowNewRegistrations: true })).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(201);
  });
});

describe('the demo password in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ NODE_ENV: 'production' });
  });
  afterAll(() => production.close());

  it('refuses the demo password in production with the same 401 as a wrong password', async () => {
    const demo = await production.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username: 'admin', password: DEMO_PASSWORD } });
    const wrong = await production.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username: 'admin', password: 'not-the-password' } });
    expect(demo.statusCode).toBe(401);
    expect(demo.json()).toEqual(wrong.json());
    expect(demo.json().detail).toBe(NO_ACTIVE_ACCOUNT);
  });

  it('still signs in a production user whose password is not the demo one', async () => {
    await production.database.db.update(users).set({ password_hash: await hashPassword('a-real-secret-7') }).where(eq(users.username, 'stores'));
    const res = await production.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username: 'stores', password: 'a-real-secret-7' } });
    expect(res.statusCode).toBe(200);
  });

  it('accepts the demo password outside production', async () => {
    expect((await create({ username: 'admin', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});
