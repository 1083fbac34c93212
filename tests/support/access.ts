import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { can, type Permission } from '../../domain/permissions';
import { DEMO_USERS } from '../../server/db/seed';
import { as, signIn } from './server';

/** One call of an endpoint, and the permission of domain/permissions.ts that guards it. */
export interface GuardedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  permission: Permission;
}

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
      if (can(subject, call.permission)) expect(res.statusCode, label).not.toBe(403);
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
