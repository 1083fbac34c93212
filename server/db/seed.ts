import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { Config } from '../config';
import { systemConfig, users } from './schema';
import type { Department, Designation } from '../../domain/departments';
import { SYSTEM_CONFIG_DEFAULTS } from '../../domain/system';
import { DEMO_PASSWORD, hashPassword } from '../lib/password';
import { writeDemoCompany } from './seed/demo';

export { seededRandom } from './seed/random';

export { DEMO_PASSWORD };

interface DemoUser {
  username: string;
  first_name: string;
  last_name: string;
  department: Department | null;
  designation: Designation | null;
  is_superuser?: boolean;
  can_create_materials?: boolean;
}

/** The demo company's people (issue 2): one per role the product distinguishes. */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', first_name: 'Asha', last_name: 'Admin', department: 'admin', designation: 'manager', is_superuser: true },
  { username: 'sales.exec', first_name: 'Ravi', last_name: 'Kumar', department: 'sales', designation: 'executive' },
  { username: 'sales.senior', first_name: 'Meera', last_name: 'Iyer', department: 'sales', designation: 'senior-executive' },
  { username: 'sales.manager', first_name: 'Vikram', last_name: 'Shah', department: 'sales', designation: 'manager' },
  { username: 'foreman', first_name: 'Suresh', last_name: 'Patil', department: 'production', designation: 'foreman' },
  { username: 'production', first_name: 'Anil', last_name: 'Nair', department: 'production', designation: 'supervisor' },
  { username: 'stores', first_name: 'Farida', last_name: 'Khan', department: 'stores', designation: 'executive', can_create_materials: true },
  { username: 'stores.manager', first_name: 'Prakash', last_name: 'Joshi', department: 'stores', designation: 'manager' },
  { username: 'purchase', first_name: 'Deepak', last_name: 'Rao', department: 'purchase', designation: 'executive' },
  { username: 'purchase.manager', first_name: 'Sunita', last_name: 'Desai', department: 'purchase', designation: 'manager' },
  { username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' },
  { username: 'management', first_name: 'Rohan', last_name: 'Mehta', department: 'management', designation: 'manager' },
  { username: 'design', first_name: 'Kavya', last_name: 'Reddy', department: 'design', designation: 'designer' },
  { username: 'dispatch', first_name: 'Imran', last_name: 'Sheikh', department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' },
  { username: 'acrylic', first_name: 'Joseph', last_name: 'Dsouza', department: 'acrylic', designation: 'supervisor' },
  { username: 'metal', first_name: 'Gurpreet', last_name: 'Singh', department: 'metal', designation: 'supervisor' },
  // Last, so every other user keeps its id: approves design's costings (decision 349).
  { username: 'costing.manager', first_name: 'Nandini', last_name: 'Rao', department: 'design', designation: 'costing-manager' },
];

/** Seeds the demo company into an empty database; returns the demo usernames that exist. */
export async function seedIfEmpty(db: Db, _config: Config, today = new Date()): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) === 0) {
    await seedDemoCompany(db, today);
    // Planner statistics for the tables just filled (see seedScale).
    await db.execute(sql`ANALYZE`);
  }
  const present = await db.select({ username: users.username }).from(users).where(inArray(users.username, DEMO_USERS.map((u) => u.username)));
  return present.map((u) => u.username);
}

/** The demo users' password hash: one per process, as seeding again (tests, scale seeds) needs no new salt. */
let demoPasswordHash: Promise<string> | undefined;

/** The demo users and the system configuration only (tests that build their own data start here). */
export async function seedDemoUsers(db: Db, passwordHash?: string): Promise<{ id: number; username: string }[]> {
  passwordHash ??= await (demoPasswordHash ??= hashPassword(DEMO_PASSWORD));
  const inserted = await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, is_superuser: u.is_superuser ?? false, can_create_materials: u.can_create_materials ?? false, password_hash: passwordHash })))
    .returning({ id: users.id, username: users.username });
  await db
    .insert(systemConfig)
    .values({
      id: 1,
      maintenance_mode: SYSTEM_CONFIG_DEFAULTS.maintenanceMode,
      allow_new_registrations: SYSTEM_CONFIG_DEFAULTS.allowNewRegistrations,
      session_timeout: SYSTEM_CONFIG_DEFAULTS.sessionTimeout,
      max_concurrent_sessions: SYSTEM_CONFIG_DEFAULTS.maxConcurrentSessions,
    })
    .onConflictDoNothing();
  return inserted;
}

/**
 * The demo company: the demo users and, dated back from `today` over 18 months, a fabrication
 * company's catalogue, customers, leads, quotations, orders, job orders, requisitions,
 * purchases, stock ledger, estimations, invoices and messages, with every lifecycle state
 * present (server/db/seed/). Deterministic for a given `today`.
 */
export async function seedDemoCompany(db: Db, today = new Date(), passwordHash?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await seedDemoUsers(tx, passwordHash);
    await writeDemoCompany(tx, new Map(inserted.map((u) => [u.username, u.id])), today);
  });
}
