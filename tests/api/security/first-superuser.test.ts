import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../server/db/schema';
import { createSuperuser } from '../../../server/modules/users/superuser';
import { signIn, useTestServer } from '../../support/server';

/** A production database starts with SEED=none: its first account is made by `npm run create-superuser`. */
const server = useTestServer();
const owner = { username: 'owner', password: 'kiln-ledger-2026-x', first_name: 'Owner', last_name: '', email: '' };

describe('the first superuser', () => {
  it('is active, a superuser in the Admin department, signs in, and is audited as critical', async () => {
    const user = await createSuperuser(server.db(), owner);
    expect(user).toMatchObject({ username: 'owner', is_active: true, is_superuser: true, department: 'admin', designation: 'manager' });
    expect((await signIn(server.app(), 'owner', owner.password)).access).toBeTruthy();
    const [entry] = await server.db().select().from(auditLog).where(eq(auditLog.action, 'user.create_superuser'));
    expect(entry).toMatchObject({ target: `user:${user.id}`, risk_level: 'critical' });
  });

  it('refuses a weak password, a bad username and a username taken', async () => {
    await expect(createSuperuser(server.db(), { ...owner, password: 'password1' })).rejects.toThrow('password: This password is too common.');
    await expect(createSuperuser(server.db(), { ...owner, password: 'short' })).rejects.toThrow('password: This password is too short. It must contain at least 8 characters.');
    await expect(createSuperuser(server.db(), { ...owner, username: 'the owner' })).rejects.toThrow(/^username: Enter a valid username/);
    await expect(createSuperuser(server.db(), { ...owner, username: 'ADMIN' })).rejects.toThrow('username: A user with that username already exists.');
  });
});
