import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/** Debian's Chromium with the flags of DESIGN.md (and e2e/playwright.config.ts); nothing is downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const HEAP_SAMPLE_MS = 20;

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A browser profile of its own on disk (a persistent context): IndexedDB is written to disk as on
 * a tablet, where an incognito context would keep it in memory.
 */
export async function launchChromium(): Promise<Chromium> {
  await fs.access(CHROMIUM_PATH).catch(() => {
    throw new Error(`The browser rows need Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
  });
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'fabops-bench-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    return {
      context,
      close: async () => {
        await context.close();
        await fs.rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(profile, { recursive: true, force: true });
    throw error;
  }
}

/** A page whose uncaught errors are kept, so a failure inside it says what went wrong. */
export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench: page error at ${page.url()}: ${error.message}`));
  await page.goto(url);
  return page;
}

export interface HeapPeak<T> {
  result: T;
  /** The largest used JS heap (V8's `usedSize`, as performance.memory's usedJSHeapSize) seen while the work ran. */
  peakBytes: number;
  /** Used JS heap after a forced collection just before the work. */
  baselineBytes: number;
}

/**
 * Runs work in the page while the bench samples the page's JS heap over the DevTools protocol
 * (`Runtime.getHeapUsage` every 20 ms), after a forced garbage collection.
 */
export async function withHeapPeak<T>(cdp: CDPSession, work: () => Promise<T>): Promise<HeapPeak<T>> {
  await cdp.send('HeapProfiler.collectGarbage');
  const baselineBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  let peakBytes = baselineBytes;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peakBytes = Math.max(peakBytes, (await cdp.send('Runtime.getHeapUsage')).usedSize);
      await sleep(HEAP_SAMPLE_MS);
    }
  })().catch(() => undefined); // a page that died fails the work itself
  try {
    const result = await work();
    peakBytes = Math.max(peakBytes, (await cdp.send('Runtime.getHeapUsage')).usedSize);
    return { result, peakBytes, baselineBytes };
  } finally {
    running = false;
    await sampler;
  }
}
