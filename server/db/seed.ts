import { count, inArray } from 'drizzle-orm';
import type { Db } from './client';
import type { Config } from '../config';
import { jobOrders, lpos, systemConfig, users } from './schema';
import type { Department, Designation } from '../../domain/departments';
import { JOB_ORDER_STATUSES } from '../../domain/job-order';
import { SYSTEM_CONFIG_DEFAULTS } from '../../domain/system';
import { hashPassword } from '../lib/password';

export const DEMO_PASSWORD = 'fabops-demo';

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
  { username: 'purchase', first_name: 'Deepak', last_name: 'Rao', department: 'purchase', designation: 'executive' },
  { username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' },
  { username: 'management', first_name: 'Rohan', last_name: 'Mehta', department: 'management', designation: 'manager' },
  { username: 'design', first_name: 'Kavya', last_name: 'Reddy', department: 'design', designation: 'designer' },
  { username: 'dispatch', first_name: 'Imran', last_name: 'Sheikh', department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' },
  { username: 'acrylic', first_name: 'Joseph', last_name: 'Dsouza', department: 'acrylic', designation: 'supervisor' },
  { username: 'metal', first_name: 'Gurpreet', last_name: 'Singh', department: 'metal', designation: 'supervisor' },
];

/** A small seeded generator so the demo company is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;

/** Seeds the demo company into an empty database; returns the demo usernames that exist. */
export async function seedIfEmpty(db: Db, _config: Config, today = new Date()): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) === 0) await seedDemoCompany(db, today);
  const present = await db.select({ username: users.username }).from(users).where(inArray(users.username, DEMO_USERS.map((u) => u.username)));
  return present.map((u) => u.username);
}

export async function seedDemoCompany(db: Db, today = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = seededRandom(20261122);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ ...u, is_superuser: u.is_superuser ?? false, can_create_materials: u.can_create_materials ?? false, password_hash: passwordHash })))
      .returning({ id: users.id, username: users.username });
    const creator = inserted.find((u) => u.username === 'sales.manager')!.id;
    const buyer = inserted.find((u) => u.username === 'purchase')!.id;
    await tx.insert(systemConfig).values({
      id: 1,
      maintenance_mode: SYSTEM_CONFIG_DEFAULTS.maintenanceMode,
      allow_new_registrations: SYSTEM_CONFIG_DEFAULTS.allowNewRegistrations,
      session_timeout: SYSTEM_CONFIG_DEFAULTS.sessionTimeout,
      max_concurrent_sessions: SYSTEM_CONFIG_DEFAULTS.maxConcurrentSessions,
    }).onConflictDoNothing();

    // Job orders over the last 18 months: older ones further along, a few cancelled.
    const jobRows = Array.from({ length: 180 }, (_, i) => {
      const ageDays = Math.floor(random() * 540);
      const progress = Math.min(JOB_ORDER_STATUSES.length - 1, Math.floor((ageDays / 540) * JOB_ORDER_STATUSES.length + random() * 2));
      const created = new Date(today.getTime() - ageDays * DAY);
      return {
        status: JOB_ORDER_STATUSES[progress]!.value,
        bucket: progress === 0 ? 'Sales' : 'Production',
        total_value: (Math.round((20_000 + random() * 480_000) * 100) / 100).toFixed(2),
        created_by: creator,
        created_at: created,
        updated_at: created,
        cancelled_at: i % 37 === 0 ? created : null,
        closure_remarks: i % 37 === 0 ? 'Customer withdrew the order' : null,
      };
    });
    await tx.insert(jobOrders).values(jobRows);

    const lpoRows = Array.from({ length: 140 }, (_, i) => {
      const date = new Date(today.getTime() - Math.floor(random() * 540) * DAY);
      return {
        lpo_date: date.toISOString().slice(0, 10),
        total_amount: (Math.round((5_000 + random() * 195_000) * 100) / 100).toFixed(2),
        created_by: buyer,
        created_at: date,
        updated_at: date,
        cancelled_at: i % 29 === 0 ? date : null,
        cancellation_remarks: i % 29 === 0 ? 'Vendor could not supply' : null,
      };
    });
    await tx.insert(lpos).values(lpoRows);
  });
}
