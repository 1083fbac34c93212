import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../../server/db/schema';
import { as, DEMO_PASSWORD, signIn, useTestServer } from '../../support/server';
import { makeUser, userId } from '../../support/factories';

/** Issue 14 §1 (passwords) and §3 (registration and roles). */
const server = useTestServer({}, { REGISTRATIONS_PER_ADDRESS: 2, LOGIN_FREE_ATTEMPTS: 5 });
const anonymous = (address = '10.1.0.1') => ({
  post: (url: string, payload: unknown) => server.app().inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress: address }),
});
const registration = (username: string, password = 'shop-floor-2024', extra: Record<string, unknown> = {}) => ({
  username,
  password,
  re_password: password,
  first_name: 'Nisha',
  last_name: 'Joshi',
  ...extra,
});
const addOfficeAdmin = () => makeUser(server.db(), { username: 'office.admin', department: 'admin', designation: 'executive' });
const auditOf = (action: string, target: string) => server.db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

describe('registration carries no power', () => {
  it('ignores a department and designation chosen at registration: the account starts inactive with none', async () => {
    const res = await anonymous().post('/auth/users/', registration('new.admin', 'shop-floor-2024', { department: 'admin', designation: 'manager', is_superuser: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ department: null, designation: null, is_active: false, is_superuser: false });
  });

  it('stops the seen attack: a self-registered account, once activated, cannot reset a management user’s password', async () => {
    const { id } = (await anonymous().post('/auth/users/', registration('new.admin', 'shop-floor-2024', { department: 'admin', designation: 'manager' }))).json();
    await addOfficeAdmin();
    const office = await server.as('office.admin');
    expect((await office.post(`/users/activate/${id}/`, { department: 'stores', designation: 'executive' })).statusCode).toBe(200);
    const joiner = as(server.app(), (await signIn(server.app(), 'new.admin', 'shop-floor-2024')).access);
    const res = await joiner.post(`/users/reset_password/${await userId(server.db(), 'management')}/`, { new_password: 'taken-over-by-joiner' });
    expect(res.statusCode).toBe(403);
    expect((await signIn(server.app(), 'management')).access).toBeTruthy();
  });

  it('asks the activating admin for the department and designation of an account that has none', async () => {
    const { id } = (await anonymous().post('/auth/users/', registration('new.joiner'))).json();
    const admin = await server.as('admin');
    const res = await admin.post(`/users/activate/${id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ department: ['Choose the department this account works in.'], designation: ['Choose the designation of this account.'] });
  });

  it('lets only a superuser give an account the Admin department', async () => {
    const { id } = (await anonymous().post('/auth/users/', registration('new.joiner'))).json();
    await addOfficeAdmin();
    const office = await server.as('office.admin');
    const refused = await office.post(`/users/activate/${id}/`, { department: 'admin', designation: 'executive' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Only a superuser can give an account the Admin department.' });
    const admin = await server.as('admin');
    expect((await admin.post(`/users/activate/${id}/`, { department: 'admin', designation: 'executive' })).json()).toMatchObject({ is_active: true, department: 'admin' });
  });

  it('throttles registrations from one address, not from another', async () => {
    for (let i = 0; i < 2; i++) expect((await anonymous().post('/auth/users/', registration(`joiner.${i}`))).statusCode).toBe(201);
    const third = await anonymous().post('/auth/users/', registration('joiner.3'));
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^Too many accounts requested from this address\. Try again in \d+ seconds\.$/);
    expect((await anonymous('10.1.0.2').post('/auth/users/', registration('joiner.7'))).statusCode).toBe(201);
  });
});

describe('the Admin department cannot change the accounts that hold its power', () => {
  const calls = [
    { name: 'reset the password of', path: '/users/reset_password/', body: { new_password: 'taken-over-2026-x' }, action: 'user.reset_password' },
    { name: 'deactivate', path: '/users/deactivate/', body: undefined, action: 'user.deactivate' },
    { name: 'activate', path: '/users/activate/', body: undefined, action: 'user.activate' },
  ] as const;

  for (const { name, path, body, action } of calls) {
    it(`refuses an Admin-department user who tries to ${name} a superuser or another Admin-department user, and records the refusal`, async () => {
      await addOfficeAdmin();
      const colleague = await makeUser(server.db(), { username: 'office.colleague', department: 'admin', designation: 'executive' });
      const office = await server.as('office.admin');
      for (const [target, message] of [
        [await userId(server.db(), 'admin'), 'Only a superuser can change a superuser account.'],
        [colleague.id, 'Only a superuser can change the account of another Admin department user.'],
      ] as const) {
        const res = await office.post(`${path}${target}/`, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: message });
        expect(await auditOf(action, `user:${target}`)).toHaveLength(0);
        expect(await auditOf('access.denied', `POST /api/v1${path}:id/`)).not.toHaveLength(0);
      }
    });
  }

  it('lets a superuser do each of them to an Admin-department user, audited', async () => {
    const colleague = await makeUser(server.db(), { username: 'office.colleague', department: 'admin', designation: 'executive' });
    const admin = await server.as('admin');
    expect((await admin.post(`/users/reset_password/${colleague.id}/`, { new_password: 'office-reset-2026-q' })).statusCode).toBe(204);
    expect((await admin.post(`/users/deactivate/${colleague.id}/`)).statusCode).toBe(200);
    expect((await admin.post(`/users/activate/${colleague.id}/`)).statusCode).toBe(200);
    for (const action of ['user.reset_password', 'user.deactivate', 'user.activate']) expect(await auditOf(action, `user:${colleague.id}`)).toHaveLength(1);
  });

  it('still lets an Admin-department user manage the other departments’ accounts', async () => {
    await addOfficeAdmin();
    const office = await server.as('office.admin');
    const stores = await userId(server.db(), 'stores');
    expect((await office.post(`/users/deactivate/${stores}/`)).statusCode).toBe(200);
    expect((await office.post(`/users/activate/${stores}/`)).statusCode).toBe(200);
  });
});

describe('what the user list shows', () => {
  it('gives users who are not admins only id, username, names, department, designation and whether active', async () => {
    const page = (await (await server.as('foreman')).get('/users/')).json();
    for (const user of page.results) expect(Object.keys(user).sort()).toEqual(['department', 'designation', 'first_name', 'id', 'is_active', 'last_name', 'username']);
  });

  it('gives admins the account internals', async () => {
    const page = (await (await server.as('admin')).get('/users/?search=admin')).json();
    expect(page.results[0]).toMatchObject({ username: 'admin', is_superuser: true, can_create_materials: false, email: '' });
  });
});

describe('weak passwords', () => {
  const weak = [
    ['password', 'This password is too common.'],
    ['password1', 'This password is too common.'],
    ['Password123', 'This password is too common.'],
    ['aaaaaaaaaa', 'This password is too easy to guess. Add another word or two; uncommon words are better.'],
  ] as const;

  it('are refused on registration, with the username too', async () => {
    for (const [password, message] of weak) {
      const res = await anonymous(`10.2.0.${password.length}`).post('/auth/users/', registration('new.joiner', password));
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ password: [message] });
    }
    const same = await anonymous('10.2.1.1').post('/auth/users/', registration('nisha.joshi', 'nisha.joshi.1'));
    expect(same.json()).toEqual({ password: ['The password is too similar to the username.'] });
    const short = await anonymous('10.2.1.2').post('/auth/users/', registration('new.joiner', 'Ab1!x'));
    expect(short.json()).toEqual({ password: ['This password is too short. It must contain at least 8 characters.'] });
  });

  it('are refused by set_password', async () => {
    const me = await server.as('stores');
    for (const [password, message] of weak) {
      const res = await me.post('/auth/users/set_password/', { current_password: DEMO_PASSWORD, new_password: password, re_new_password: password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ new_password: [message] });
    }
    const same = await me.post('/auth/users/set_password/', { current_password: DEMO_PASSWORD, new_password: 'stores-2026', re_new_password: 'stores-2026' });
    expect(same.json()).toEqual({ new_password: ['The password is too similar to the username.'] });
  });

  it('are refused by reset_password', async () => {
    const admin = await server.as('admin');
    const stores = await userId(server.db(), 'stores');
    for (const [password, message] of weak) {
      const res = await admin.post(`/users/reset_password/${stores}/`, { new_password: password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ new_password: [message] });
    }
    expect((await signIn(server.app(), 'stores')).access).toBeTruthy();
  });
});

describe('guessing the current password', () => {
  it('is throttled: after 5 wrong current passwords even the right one waits, and the account’s password is unchanged', async () => {
    const me = await server.as('stores');
    const change = (current: string) => me.post('/auth/users/set_password/', { current_password: current, new_password: 'fresh-shelf-2026', re_new_password: 'fresh-shelf-2026' });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const sixth = await change(DEMO_PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe('Too many wrong current passwords. Try again in 1 seconds.');
    await server.db().execute(sql`UPDATE login_throttle SET last_attempt_at = last_attempt_at - interval '1 second'`);
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(204);
  });
});
