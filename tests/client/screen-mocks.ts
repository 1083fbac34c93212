/**
 * Module mocks shared by the screen tests. A test file passes them to its own vi.mock (which
 * Vitest hoists per file) through a dynamic import, so this file imports nothing at run time.
 */
import type { User } from '../../domain/user';
import type * as Session from '../../src/data/session';
import type * as Triggers from '../../src/data/outbox/triggers';

/** The session module with `user()` signed in, online, every module switched on by default. */
export async function signedInSession(original: () => Promise<typeof Session>, user: () => User, users?: () => User[]) {
  return {
    ...(await original()),
    useSession: () => ({ user: user(), users: users?.() ?? [], modules: {}, offline: false }),
    // With a user list, it is the list the server gives (the sales executive dropdowns read it).
    ...(users ? { loadUsers: async () => users() } : {}),
  };
}

/** The outbox triggers without sending: the screens only queue; sending is the replayer's business (outbox-replay.test.ts). */
export async function queueOnlyTriggers(original: () => Promise<typeof Triggers>): Promise<typeof Triggers> {
  return { ...(await original()), nudgeReplay: () => undefined, requestBackgroundSync: async () => false };
}
