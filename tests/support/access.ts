import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { can, PERMISSION_DENIED, SUPERUSER_REQUIRED, type Permission } from '../../domain/permissions';
import { DEMO_USERS } from '../../server/db/seed';
import { as, signIn } from './server';

/** One call of an endpoint, and the permission of domain/permissions.ts that guards it. */
export interface GuardedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  permission: Permission;
}

const GUARD_REFUSALS: readonly string[] = [PERMISSION_DENIED, SUPERUSER_REQUIRED];
const refusedByGuard = (res: { statusCode: number; body: string }) => res.statusCode === 403 && GUARD_REFUSALS.includes((JSON.parse(res.body) as { detail?: string }).detail ?? '');

/**
 * Calls each endpoint as each demo user and holds the answer to the matrix: 403 exactly when
 * the matrix refuses the user. (What a permitted call answers is each capability's own test.)
 */
export async function expectAccessMatrix(app: FastifyInstance, calls: readonly GuardedCall[]): Promise<void> {
  for (const user of DEMO_USERS) {
    const { access } = await signIn(app, user.username);
    const client = as(app, access);
    const subject = { department: user.department, designation: user.designation, is_superuser: user.is_superuser ?? false, can_create_materials: user.can_create_materials ?? false };
    for (const call of calls) {
      const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const res = method === 'get' || method === 'delete' ? await client[method](call.url) : await client[method](call.url, call.body ?? {});
      const label = `${user.username} ${call.method} ${call.url} (${call.permission})`;
      // A permitted user may still be refused by a row or duty rule (its own 403, naming why); never by the guard.
      if (can(subject, call.permission)) expect(refusedByGuard(res), label).toBe(false);
      else expect(res.statusCode, label).toBe(403);
    }
  }
  const anonymous = as(app, null);
  for (const call of calls) {
    const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const res = method === 'get' || method === 'delete' ? await anonymous[method](call.url) : await anonymous[method](call.url, call.body ?? {});
    expect(res.statusCode, `anonymous ${call.method} ${call.url}`).toBe(401);
  }
}
