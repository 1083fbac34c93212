// Issue 5: 50 concurrent clients issuing 5,000 stock transactions, beside the same clients
// recording 5,000 returns of the same materials to the same job orders (the baseline: the same
// write path, locks and audit, without the issue's checks of free stock), then the ledger
// invariant checked in SQL on the database. Stock comes in as it does in the factory (issue 14):
// one stock adjustment per material, requested by stores and approved by the stores manager.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer } from './bench-server';
import type { LoadFigures } from './load';
import { businessToday } from '../../domain/rules/dates';

export const STOCK_CLIENTS = 50;
export const STOCK_TRANSACTIONS = 5000;
/** Issues and returns go round the materials, so about 10 of the 50 clients wait on each row's lock. */
export const STOCK_MATERIALS = 5;
const JOB_ORDERS = 5;
const WARM_UP = 250;

/**
 * Each issue takes 1 unit, and each material is stocked with 1 unit per issue it will get, except
 * the first (the scarce one), stocked with less: its last issues must be refused with 409,
 * exactly as many as it is short. Each return then brings half a unit back to the job order it
 * was issued to, so every material ends at exactly half a unit per round.
 */
const ISSUED = '1';
const RETURNED = '0.5';
const SCARCE_SHARE = 0.95;
const RETURN_GAIN = 0.5;

export interface StockFigures {
  returns: LoadFigures;
  issues: LoadFigures;
  /** 409 "Not enough … in stock" answers, and how many the plan makes short. */
  refused: number;
  refusedExpected: number;
  /** Materials whose on-hand is not what the plan says it must be after the run. */
  offPlan: string[];
  invariant: LedgerCheck;
}

export interface LedgerCheck {
  /** Materials whose quantity is not the sum of their live ledger rows. */
  mismatched: number;
  /** Materials below zero (negative stock is off). */
  negative: number;
  negativeStockAllowed: boolean;
  /** Live ledger rows of the bench's materials, and how many 201 answers wrote one. */
  benchRows: number;
  benchRowsExpected: number;
  holds: boolean;
}

export interface Session {
  origin: string;
  access: string;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export async function call(session: Session, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${session.origin}/api/v1${path}`, {
    method,
    headers: {
      authorization: `JWT ${session.access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text, ms: performance.now() - started };
}

export async function expect<T>(answer: Promise<Answer>, status: number, what: string): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${body}`);
  return JSON.parse(body) as T;
}

export async function signInAs(origin: string, username = 'stores'): Promise<Session> {
  const response = await fetch(`${origin}/api/v1/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  return { origin, access: ((await response.json()) as { access: string }).access };
}

/** Stock in the one way stores has without a GRA: an adjustment stores requests and the stores manager approves. */
export async function stockUp(stores: Session, manager: Session, material: number, quantity: number): Promise<void> {
  const adjustment = await expect<{ id: number }>(call(stores, 'POST', '/stockadjustments/stock-adjustments/', { material, quantity: String(quantity), reason: 'bench opening stock' }), 201, 'requesting a stock adjustment');
  await expect(call(manager, 'POST', `/stockadjustments/stock-adjustments/${adjustment.id}/approve/`, {}), 200, 'approving a stock adjustment');
}

/** Materials of the bench's own (no requisition holds any of them), the first of which is the scarce one and the last the warm-up's. */
export async function benchMaterials(session: Session, count: number): Promise<number[]> {
  const categories = await expect<{ results: { id: number }[] }>(call(session, 'GET', '/materials/material-categories/?page_size=1'), 200, 'material categories');
  const category = categories.results[0]!.id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await expect<{ id: number }>(call(session, 'POST', '/materials/materials/', { name: `Bench stock material ${i + 1} ${randomUUID().slice(0, 8)}`, category, unit: 'PCS' }), 201, 'creating a bench material');
    ids.push(created.id);
  }
  return ids;
}

export async function openJobOrders(session: Session): Promise<number[]> {
  const page = await expect<{ results: { id: number }[] }>(call(session, 'GET', `/joborders/joborders/?page_size=${JOB_ORDERS}`), 200, 'job orders');
  if (page.results.length === 0) throw new Error('The demo company has no job orders to issue against.');
  return page.results.map((row) => row.id);
}

const NOT_ENOUGH = /^Not enough .* in stock/;
/** A 409 "Not enough … in stock": the issue's own refusal of a material short of stock. */
const shortOfStock = (answer: Answer) => answer.status === 409 && NOT_ENOUGH.test((JSON.parse(answer.body) as { detail?: string }).detail ?? '');

/**
 * `total` POSTs to `path` from `clients` concurrent clients, request i made by `body(i)`. Every
 * answer must be 201, or one `refusal` allows (counted by the request's `keyOf`); anything else
 * ends the run. Returns the figures and how many were refused.
 */
export async function drive<B>(
  session: Session,
  path: string,
  total: number,
  clients: number,
  body: (i: number) => B,
  refusal: ((answer: Answer) => boolean) | null = null,
  keyOf: (request: B) => number = () => 0,
): Promise<{ figures: LoadFigures; refused: number; refusedOn: Map<number, number> }> {
  const latencies: number[] = [];
  const refusedOn = new Map<number, number>();
  let next = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const request = body(i);
        const answer = await call(session, 'POST', path, request);
        latencies.push(answer.ms);
        if (answer.status === 201) continue;
        if (refusal?.(answer)) {
          refused++;
          refusedOn.set(keyOf(request), (refusedOn.get(keyOf(request)) ?? 0) + 1);
          continue;
        }
        throw new Error(`POST ${path} ${JSON.stringify(request)} under load: ${answer.status} ${answer.body}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { figures: { p50: at(0.5), p99: at(0.99), requestsPerSecond: total / seconds }, refused, refusedOn };
}

const TRANSACTIONS = '/stocks/stocktransactions/';
const ofMaterial = (request: { material: number }) => request.material;

const today = () => businessToday();
export const giveBack = (material: number, jobOrder: number) => ({ material, transaction_type: 'return', quantity: RETURNED, transaction_date: today(), job_order: jobOrder, remarks: 'bench return' });
export const issue = (material: number, jobOrder: number) => ({ material, transaction_type: 'issue', quantity: `-${ISSUED}`, transaction_date: today(), job_order: jobOrder, remarks: 'bench issue' });

/** The ledger invariant, in SQL on the database itself (the server stopped: PGlite has one process). */
/** Runs `read` on the bench's database itself, the server stopped (PGlite has one process). */
export async function onDatabase<T>(database: FreshDatabase, read: (db: Db) => Promise<T>): Promise<T> {
  const env = environmentFor(database);
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
  const opened = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  try {
    return await read(opened.db);
  } finally {
    await opened.close();
  }
}

export function checkLedger(database: FreshDatabase, bench: number[], rowsExpected: number): Promise<LedgerCheck & { onHand: Map<number, number> }> {
  return onDatabase(database, async (db) => {
    const [totals] = await queryRows<{ mismatched: number; negative: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE m.quantity <> coalesce(l.total, 0))::int AS mismatched,
                 count(*) FILTER (WHERE m.quantity < 0)::int AS negative
          FROM materials m
          LEFT JOIN (SELECT material, sum(quantity) AS total FROM stock_transactions WHERE deleted_at IS NULL GROUP BY material) l ON l.material = m.id`,
    );
    const [settings] = await queryRows<{ allowed: boolean | null }>(db, sql`SELECT (SELECT allow_negative_stock FROM system_config WHERE id = 1) AS allowed`);
    const ids = sql.join(bench.map((id) => sql`${id}`), sql`, `);
    const [rows] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM stock_transactions WHERE deleted_at IS NULL AND material IN (${ids})`);
    const onHand = await queryRows<{ id: number; quantity: string }>(db, sql`SELECT id, quantity::text AS quantity FROM materials WHERE id IN (${ids})`);
    const check = {
      mismatched: totals!.mismatched,
      negative: totals!.negative,
      negativeStockAllowed: settings?.allowed ?? false,
      benchRows: rows!.n,
      benchRowsExpected: rowsExpected,
    };
    return {
      ...check,
      holds: check.mismatched === 0 && check.negative === 0 && !check.negativeStockAllowed && check.benchRows === check.benchRowsExpected,
      onHand: new Map(onHand.map((row) => [Number(row.id), Number(row.quantity)])),
    };
  });
}

/**
 * On a fresh database with the demo company: bench materials stocked by approved adjustments and
 * job orders, a warm-up, then 5,000 issues and 5,000 returns (the baseline), each from 50
 * clients, then the ledger checked in SQL with the server stopped.
 */
export async function stockIssuesOn(database: FreshDatabase, progress: (message: string) => void = () => undefined): Promise<StockFigures> {
  const server = await startBenchServer(environmentFor(database));
  let returns: LoadFigures;
  let issues: LoadFigures;
  let refused: number;
  let refusedOn: Map<number, number>;
  let materials: number[];
  const warmUpMaterial = () => materials[STOCK_MATERIALS]!;
  const ofRound = (i: number) => materials[i % STOCK_MATERIALS]!;
  const scarce = () => materials[0]!;
  const share = STOCK_TRANSACTIONS / STOCK_MATERIALS;
  const scarceStock = Math.round(share * SCARCE_SHARE);
  try {
    const session = await signInAs(server.origin);
    materials = await benchMaterials(session, STOCK_MATERIALS + 1);
    const manager = await signInAs(server.origin, 'stores.manager');
    for (const material of materials) await stockUp(session, manager, material, material === scarce() ? scarceStock : material === warmUpMaterial() ? WARM_UP : share);
    const jobOrders = await openJobOrders(session);
    const jobOf = (i: number) => jobOrders[i % jobOrders.length]!;

    // Compiles the routes and fills the connection pool on a material of its own, untimed.
    await drive(session, TRANSACTIONS, WARM_UP, STOCK_CLIENTS, (i) => issue(warmUpMaterial(), jobOf(i)));
    await drive(session, TRANSACTIONS, WARM_UP, STOCK_CLIENTS, (i) => giveBack(warmUpMaterial(), jobOf(i)));

    // Access tokens live 5 minutes: a fresh one for each timed part, so a slow machine does not see 401s.
    progress(`${STOCK_TRANSACTIONS} issues from ${STOCK_CLIENTS} clients`);
    ({ figures: issues, refused, refusedOn } = await drive(await signInAs(server.origin), TRANSACTIONS, STOCK_TRANSACTIONS, STOCK_CLIENTS, (i) => issue(ofRound(i), jobOf(i)), shortOfStock, ofMaterial));
    // Return i goes back to the job order issue i went to: half of what went there, so never more than came out.
    progress(`${STOCK_TRANSACTIONS} returns from ${STOCK_CLIENTS} clients (baseline)`);
    ({ figures: returns } = await drive(await signInAs(server.origin), TRANSACTIONS, STOCK_TRANSACTIONS, STOCK_CLIENTS, (i) => giveBack(ofRound(i), jobOf(i))));
  } finally {
    await server.stop();
  }

  // The plan: every material is issued down to 0 (the scarce one refusing what it lacks), then gets half a unit a round back.
  const refusedExpected = share - scarceStock;
  const planned = new Map<number, number>(materials.slice(0, STOCK_MATERIALS).map((id) => [id, share * RETURN_GAIN]));
  planned.set(warmUpMaterial(), WARM_UP * RETURN_GAIN);
  const written = materials.length + 2 * WARM_UP + (STOCK_TRANSACTIONS - refused) + STOCK_TRANSACTIONS;
  const { onHand, ...invariant } = await checkLedger(database, materials, written);
  const offPlan = [...planned].filter(([id, quantity]) => onHand.get(id) !== quantity).map(([id, quantity]) => `material ${id}: ${onHand.get(id)} on hand, planned ${quantity}`);
  const misplaced = [...refusedOn.keys()].filter((id) => id !== scarce());
  if (misplaced.length) offPlan.push(`409 on materials with stock to spare: ${misplaced.join(', ')}`);
  return { returns, issues, refused, refusedExpected, offPlan, invariant };
}
