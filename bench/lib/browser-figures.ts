import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { SCALE_VOLUMES } from '../../server/db/seed/scale';
import type { DrainFigures, Timed } from '../browser/contract';
import { benchClient, type BenchClient } from './browser-build';
import { launchChromium, openPage, withHeapPeak } from './browser-chromium';
import { measureFirstRows, type FirstRowsFigures } from './browser-first-rows';
import { startBenchServer } from './bench-server';
import { prepare } from './catalogue';
import { untilQuiet } from './quiet';
import { environmentFor, freshPglite, type FreshDatabase } from './databases';

/**
 * The browser rows: the app's own client code (src/data) in Debian's Chromium against a bench
 * server on PGlite. Phase one: 10,000 materials mirrored (and the same rows put raw), then the
 * outbox drained beside the same requests made with fetch. Phase two, on a fresh database with
 * 100,000 materials: all mirrored and put raw, then the app's Materials screen opened on that
 * mirror. Every figure and its limit come from the same run.
 */

/** Scale 5 is 10,000 materials of the generator and scale 50 is 100,000 (plus the demo company's). */
export const SMALL_SCALE = 5;
export const LARGE_SCALE = 50;
export const SMALL_MATERIALS = SMALL_SCALE * SCALE_VOLUMES.materials;
export const LARGE_MATERIALS = LARGE_SCALE * SCALE_VOLUMES.materials;
export const OUTBOX_OPERATIONS = 500;
/** Rounds of direct, drain, drain, direct: each path is timed twice a round. */
const OUTBOX_ROUNDS = 2;
/** Sent before the measured runs, through both paths, so neither is timed while cold. */
const OUTBOX_WARM_UP = 20;
/** The stores executive: materials are in their preload set and they may create materials. */
const USERNAME = 'stores';

export interface MirrorFigures {
  /** Rows in the mirror after the load. */
  rows: number;
  mirror: Timed & { peakBytes: number };
  raw: Timed & { peakBytes: number };
  /** All mirrored rows read back into memory with one `toArray` (what the Materials screen does). */
  readBack: Timed;
}

export interface OutboxFigures {
  operations: number;
  /** Each path's timed runs, in milliseconds; the figures below are their means. */
  drainRuns: number[];
  directRuns: number[];
  drainMs: number;
  directMs: number;
}

export interface BrowserFigures {
  small: MirrorFigures;
  large: MirrorFigures;
  outbox: OutboxFigures;
  firstRows: FirstRowsFigures;
}

type Progress = (message: string) => void;
const count = (n: number) => n.toLocaleString('en-US');
const describe = (f: MirrorFigures) =>
  `${count(f.rows)} rows: app loader ${(f.mirror.ms / 1000).toFixed(2)} s, raw bulkPut ${(f.raw.ms / 1000).toFixed(2)} s`;

/** The bench page at a server's origin, signed in; the user's id. */
export interface BenchPageAt {
  page: Page;
  cdp: CDPSession;
  userId: number;
}

export async function onServer<T>(database: FreshDatabase, client: BenchClient, use: (origin: string) => Promise<T>): Promise<T> {
  const server = await startBenchServer(environmentFor(database, { BENCH_CLIENT_DIR: client.dir }));
  try {
    return await use(server.origin);
  } finally {
    await server.stop();
  }
}

export async function withBenchPage<T>(context: BrowserContext, url: string, use: (at: BenchPageAt) => Promise<T>): Promise<T> {
  const page = await openPage(context, url);
  try {
    await page.waitForFunction(() => window.fabopsBench !== undefined);
    const cdp = await context.newCDPSession(page);
    const userId = await signIn(page);
    return await use({ page, cdp, userId });
  } finally {
    await page.close();
  }
}

const signIn = (page: Page) => page.evaluate(([username, password]) => window.fabopsBench.signIn(username, password), [USERNAME, DEMO_PASSWORD] as const);

type Mirrored = Timed & { peakBytes: number };

/** The app's loader filling the mirror afresh, with the page's heap sampled. */
async function mirrorAll({ page, cdp, userId }: BenchPageAt, seeded: number): Promise<Mirrored> {
  await page.evaluate((id) => window.fabopsBench.resetMaterialsMirror(id), userId);
  const mirror = await withHeapPeak(cdp, () => page.evaluate((id) => window.fabopsBench.mirrorMaterials(id), userId));
  // Fewer rows than were seeded would measure the wrong thing.
  if (mirror.result.rows < seeded) throw new Error(`The mirror holds ${mirror.result.rows} materials after a full load; ${seeded} were seeded`);
  return { ...mirror.result, peakBytes: mirror.peakBytes };
}

/** One raw bulkPut of the rows the loader put in the mirror, with the page's heap sampled. */
async function rawBeside({ page, cdp }: BenchPageAt, mirror: Mirrored): Promise<MirrorFigures> {
  const readBack = await page.evaluate(() => window.fabopsBench.prepareRawPut());
  try {
    const raw = await withHeapPeak(cdp, () => page.evaluate(() => window.fabopsBench.rawBulkPut()));
    if (raw.result.rows !== mirror.rows) throw new Error(`The raw put wrote ${raw.result.rows} rows, the mirror loaded ${mirror.rows}`);
    return { rows: mirror.rows, mirror, raw: { ...raw.result, peakBytes: raw.peakBytes }, readBack };
  } finally {
    await page.evaluate(() => window.fabopsBench.disposeRawPut());
  }
}

const mirrorVersusRaw = async (at: BenchPageAt, seeded: number): Promise<MirrorFigures> => rawBeside(at, await mirrorAll(at, seeded));

function checkDrain(drain: DrainFigures, expected: number): void {
  if (drain.sent !== expected || drain.rejected !== 0 || drain.remaining !== 0) {
    throw new Error(`The outbox drain sent ${drain.sent} of ${expected} (${drain.rejected} rejected, ${drain.remaining} left)`);
  }
}

/** `count` material.create operations through the outbox, drained; and the same requests with fetch. */
async function outboxVersusDirect({ page }: BenchPageAt): Promise<OutboxFigures> {
  const category = await page.evaluate(() => window.fabopsBench.someCategory());
  // Material names are unique: every run and every batch gets names of its own.
  const names = (what: string) => `Bench ${Date.now().toString(36)} ${what}`;
  const direct = (count: number, prefix: string) => page.evaluate(([n, c, p]) => window.fabopsBench.directCreates(n, c, p), [count, category, prefix] as const);
  const drained = async (count: number, prefix: string) => {
    const queued = await page.evaluate(([n, c, p]) => window.fabopsBench.enqueueMaterials(n, c, p), [count, category, prefix] as const);
    if (queued !== count) throw new Error(`${queued} outbox entries pending after queueing ${count}`);
    const drain = await page.evaluate(() => window.fabopsBench.drainOutbox());
    checkDrain(drain, count);
    return drain;
  };
  await direct(OUTBOX_WARM_UP, names('warm-up direct'));
  await drained(OUTBOX_WARM_UP, names('warm-up outbox'));
  // Direct, drain, drain, direct, twice, each on a quiet machine: the server's own pace drifts
  // and varies by a quarter from one run of 500 to the next, and this weighs it on both paths alike.
  const timed = async <T extends { ms: number }>(run: () => Promise<T>) => {
    await untilQuiet();
    return (await run()).ms;
  };
  const drainMs: number[] = [];
  const directMs: number[] = [];
  for (let round = 1; round <= OUTBOX_ROUNDS; round++) {
    directMs.push(await timed(() => direct(OUTBOX_OPERATIONS, names(`direct ${round}a`))));
    drainMs.push(await timed(() => drained(OUTBOX_OPERATIONS, names(`outbox ${round}a`))));
    drainMs.push(await timed(() => drained(OUTBOX_OPERATIONS, names(`outbox ${round}b`))));
    directMs.push(await timed(() => direct(OUTBOX_OPERATIONS, names(`direct ${round}b`))));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return { operations: OUTBOX_OPERATIONS, drainRuns: drainMs, directRuns: directMs, drainMs: mean(drainMs), directMs: mean(directMs) };
}

export async function withFreshPglite<T>(use: (database: FreshDatabase) => Promise<T>): Promise<T> {
  const database = await freshPglite();
  try {
    return await use(database);
  } finally {
    await database.dispose();
  }
}

export async function measureInBrowser(progress: Progress): Promise<BrowserFigures> {
  progress('Chromium: building the bench page beside the built app');
  const client = await benchClient();
  let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;
  try {
    browser = await launchChromium();
    const { context } = browser;
    const { small, outbox } = await withFreshPglite(async (database) => {
      progress(`Chromium: seeding ${count(SMALL_MATERIALS)} materials`);
      await prepare(database, SMALL_SCALE);
      return onServer(database, client, (origin) =>
        withBenchPage(context, `${origin}${client.pagePath}`, async (at) => {
          progress(`Chromium: full mirror of ${count(SMALL_MATERIALS)} materials, and a raw bulkPut of them`);
          const small = await mirrorVersusRaw(at, SMALL_MATERIALS);
          progress(`Chromium: ${describe(small)}`);
          progress(`Chromium: outbox drain of ${OUTBOX_OPERATIONS} operations, and the same requests with fetch`);
          // A fresh session: the access token lives 5 minutes and the fetch loop does not renew it.
          await signIn(at.page);
          const outbox = await outboxVersusDirect(at);
          const seconds = (ms: number[]) => ms.map((m) => (m / 1000).toFixed(2)).join(', ');
          progress(`Chromium: outbox drains ${seconds(outbox.drainRuns)} s; direct ${seconds(outbox.directRuns)} s`);
          return { small, outbox };
        }),
      );
    });
    const { large, firstRows } = await withFreshPglite(async (database) => {
      progress(`Chromium: seeding ${count(LARGE_MATERIALS)} materials`);
      await prepare(database, LARGE_SCALE);
      return onServer(database, client, async (origin) => {
        // A new server is a new port, so a new origin: the browser's IndexedDB starts empty there.
        return withBenchPage(context, `${origin}${client.pagePath}`, async (at) => {
          progress(`Chromium: full mirror of ${count(LARGE_MATERIALS)} materials`);
          const mirrored = await mirrorAll(at, LARGE_MATERIALS);
          // The list before the raw copy: writing and deleting 100,000 more rows keeps the
          // browser's IndexedDB busy for seconds after, which is no part of opening the list.
          progress(`Chromium: the app's materials list on ${count(mirrored.rows)} mirrored rows`);
          const firstRows = await measureFirstRows(context, origin, mirrored.rows);
          const runs = (ms: number[]) => ms.map((m) => m.toFixed(0)).join(', ');
          progress(`Chromium: first row, page load ${runs(firstRows.pageLoadMs)} ms; new tab ${runs(firstRows.newTabMs)} ms; in-app ${runs(firstRows.inAppMs)} ms`);
          progress(`Chromium: a raw bulkPut of the same ${count(mirrored.rows)} materials`);
          const large = await rawBeside(at, mirrored);
          progress(`Chromium: ${describe(large)}`);
          return { large, firstRows };
        });
      });
    });
    return { small, large, outbox, firstRows };
  } finally {
    await browser?.close();
    await client.dispose();
  }
}
