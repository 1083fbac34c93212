import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { seedDemoUsers } from '../seed';
import { saveInvoiceSettings } from './accounts';
import { SEED_GROUPS, SEED_GROUP_NEEDS, applyStockDeltas, generateCompany, type SeedGroup, type Volumes } from './company';
import { SeedContext } from './context';
import type { ProgressListener } from './dataset';

export { SEED_GROUPS, type SeedGroup } from './company';
export type { ProgressListener, SeedProgress } from './dataset';

/**
 * Scale 1: about 2,000 materials, 500 customers, 2,000 job orders and 20,000 stock
 * transactions, with everything that goes with them in the demo company's proportions.
 */
export const SCALE_VOLUMES: Volumes = {
  materialCategories: 20,
  materials: 2000,
  customers: 500,
  vendors: 100,
  leads: 1000,
  quotations: 1500,
  salesOrders: 1000,
  jobOrders: 2000,
  expensesPerJob: 0.75,
  requisitions: 4000,
  lpos: 1500,
  stockAdjustments: 300,
  costingMaterials: 200,
  estimations: 400,
  invoices: 300,
  messages: 500,
  alerts: 100,
};

export interface ScaleOptions {
  /** Multiplies every volume; fractions allowed (0.1 is a tenth of scale 1). */
  scale: number;
  /** Only these parts (default: all); parts they build on come from the database. */
  only?: readonly SeedGroup[];
  onProgress?: ProgressListener;
  /** Seed of the generator; the same seed, database and day give the same rows. */
  seed?: number;
  /** The day the history is dated back from (default: now). */
  today?: Date;
}

export interface ScaleResult {
  /** Rows added per table. */
  counts: Record<string, number>;
  seconds: number;
}

export class ScaleOptionsError extends Error {}

/** Checks a run's options; the message says what is wrong in the CLI's words. */
export function checkScaleOptions(options: Pick<ScaleOptions, 'scale' | 'only'>): SeedGroup[] {
  if (!Number.isFinite(options.scale) || options.scale <= 0) throw new ScaleOptionsError(`--scale must be a number greater than 0 (got ${options.scale})`);
  if (options.scale > 1000) throw new ScaleOptionsError(`--scale may be at most 1000 (got ${options.scale})`);
  const only = options.only ?? SEED_GROUPS;
  if (only.length === 0) throw new ScaleOptionsError('--only needs at least one part');
  for (const group of only) {
    if (!(SEED_GROUPS as readonly string[]).includes(group)) throw new ScaleOptionsError(`unknown part "${group}" in --only (parts: ${SEED_GROUPS.join(', ')})`);
  }
  for (const group of only) {
    const needs = SEED_GROUP_NEEDS[group];
    if (needs && !only.includes(needs)) throw new ScaleOptionsError(`"${group}" builds on the job orders of the same run: add "${needs}" to --only`);
  }
  return [...new Set(only)];
}

/**
 * Adds `scale` × SCALE_VOLUMES of consistent data to the database in one transaction (on-hand
 * quantities equal the ledger, totals equal their lines, numbering continues after what is
 * there). The demo users are seeded first when the database has no users.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleResult> {
  const groups = checkScaleOptions(options);
  const started = performance.now();
  const volumes = Object.fromEntries(
    Object.entries(SCALE_VOLUMES).map(([key, value]) => [key, key === 'expensesPerJob' ? value : Math.round(value * options.scale)]),
  ) as unknown as Volumes;
  const counts = await db.transaction(async (tx) => {
    const staff = await staffOf(tx);
    const ctx = new SeedContext('scale', options.seed ?? Date.now() % 2 ** 31, options.today ?? new Date(), staff);
    const { stockDeltas, invoiceNumbers } = await generateCompany(tx, ctx, volumes, new Set(groups));
    await ctx.data.write(tx, options.onProgress);
    await applyStockDeltas(tx, stockDeltas);
    if (invoiceNumbers !== null) await saveInvoiceSettings(tx, invoiceNumbers, ctx.cal.ts(ctx.cal.now));
    return ctx.data.counts();
  });
  // The planner's statistics of tables a bulk load has just filled are stale until autovacuum
  // comes round (and PGlite has none): refreshed now, so the first reports are planned right.
  await db.execute(sql`ANALYZE`);
  return { counts, seconds: (performance.now() - started) / 1000 };
}

/** Users by username (the demo users, seeded when the database has no users at all). */
async function staffOf(db: Db): Promise<Map<string, number>> {
  let rows = await queryRows<{ id: number; username: string }>(db, sql`SELECT id, username FROM users WHERE is_active ORDER BY is_superuser DESC, id`);
  if (rows.length === 0) rows = await seedDemoUsers(db);
  return new Map(rows.map((r) => [r.username, r.id]));
}
