import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { untilQuiet } from './quiet';

/**
 * Navigation to the first rows of the app's Materials screen (materials-home, `/materials` in the
 * route table), read from the IndexedDB mirror the bench page filled: the real built app, the
 * signed-in user's stored session, the app's own start-up (guard, preload, service worker).
 */

export const FIRST_ROW_RUNS = 5;
/** Opening the app in a new tab is measured fewer times: each costs a tab's start. */
export const NEW_TAB_RUNS = 3;
const MATERIALS_PATH = '/materials';
const SETTLE_TIMEOUT_MS = 120_000;
const FIRST_ROW_TIMEOUT_MS = 120_000;

export interface FirstRowsFigures {
  /** Rows the screen said it holds ("N in all"), checked after every run. */
  rows: number;
  /** Milliseconds from the navigation's start (the document's time origin) to the frame with the first row, per reload of the open tab. */
  pageLoadMs: number[];
  /** The same in a tab opened for it, per run. */
  newTabMs: number[];
  /** Milliseconds from the click on the menu's Materials link to the frame with the first row, per run. */
  inAppMs: number[];
}

declare global {
  interface Window {
    /** performance.now() in the animation frame after a new table body row entered the DOM. */
    __fabopsFirstRow?: Promise<number>;
    __fabopsWatchRows?: () => void;
  }
}

/**
 * Installed before any script of every document: watches for the first table body row that was not
 * there when watching began, and resolves with the time of the frame that paints it. A string,
 * not a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const FIRST_ROW_PROBE = `(() => {
  const watch = () => {
    const before = new Set(document.querySelectorAll('tbody tr'));
    window.__fabopsFirstRow = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        for (const row of document.querySelectorAll('tbody tr')) {
          if (before.has(row)) continue;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
          return;
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  };
  window.__fabopsWatchRows = watch;
  watch();
})();`;

/**
 * The probe's answer, asked over the DevTools protocol: Playwright's own evaluate and wait
 * functions first compile a helper script in the page, which would be timed with the app.
 */
async function firstRow(cdp: CDPSession): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No first row of ${MATERIALS_PATH} within ${FIRST_ROW_TIMEOUT_MS / 1000} s`)), FIRST_ROW_TIMEOUT_MS);
  });
  const answer = await Promise.race([cdp.send('Runtime.evaluate', { expression: 'window.__fabopsFirstRow', awaitPromise: true, returnByValue: true }), late]).finally(() => clearTimeout(timer));
  if (answer.exceptionDetails || typeof answer.result.value !== 'number') throw new Error(`No first row: ${answer.exceptionDetails?.text ?? 'the probe gave no time'}`);
  return answer.result.value;
}

/** The screen's own count of its rows ("1,00,000 in all"): proof the whole mirror was read. */
async function rowsShown(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+ in all/).first().textContent();
  return Number(/^([\d,]+) in all/.exec(text ?? '')?.[1]?.replaceAll(',', '') ?? NaN);
}

/** Until the app's start-up traffic (preload tiers, service worker install) has gone quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS });
}

async function checkRows(page: Page, expected: number): Promise<void> {
  const shown = await rowsShown(page);
  if (shown !== expected) throw new Error(`The Materials screen shows ${shown} rows; the mirror holds ${expected}`);
}

/** The middle run (runs are odd in number). */
export const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function probedPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench: page error at ${page.url()}: ${error.message}`));
  await page.addInitScript(FIRST_ROW_PROBE);
  return { page, cdp: await context.newCDPSession(page) };
}

/** The Materials screen loaded in `page`, timed from the navigation's start; then left to settle. */
async function loadMaterials(page: Page, cdp: CDPSession, origin: string, mirroredRows: number): Promise<number> {
  await page.goto(`${origin}${MATERIALS_PATH}`);
  const ms = await firstRow(cdp);
  await checkRows(page, mirroredRows);
  await settle(page);
  return ms;
}

/**
 * Every timed run starts on a quiet machine (bench/lib/quiet.ts): the browser may still be
 * compacting the 100,000 rows it has just stored, which is no part of opening the list.
 */
export async function measureFirstRows(context: BrowserContext, origin: string, mirroredRows: number): Promise<FirstRowsFigures> {
  const { page, cdp } = await probedPage(context);
  try {
    // Unmeasured: the first visit signs in from the stored session, preloads the user's data
    // sets (a delta from the mirror's cursor) and installs the service worker; the second is the
    // first one the service worker serves, as every visit after it is.
    await page.goto(`${origin}/`);
    await settle(page);
    // The worker registers once the first screen is drawn and precaches the app out of the
    // page's sight (no network idle tells of it): the warm-up load must come after it took over.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await loadMaterials(page, cdp, origin, mirroredRows);

    const pageLoadMs: number[] = [];
    for (let run = 0; run < FIRST_ROW_RUNS; run++) {
      await untilQuiet();
      pageLoadMs.push(await loadMaterials(page, cdp, origin, mirroredRows));
    }

    const newTabMs: number[] = [];
    for (let run = 0; run < NEW_TAB_RUNS; run++) {
      const tab = await probedPage(context);
      try {
        await untilQuiet();
        newTabMs.push(await loadMaterials(tab.page, tab.cdp, origin, mirroredRows));
      } finally {
        await tab.page.close();
      }
    }

    const inAppMs: number[] = [];
    for (let run = 0; run < FIRST_ROW_RUNS; run++) {
      await page.goto(`${origin}/`);
      await settle(page);
      await untilQuiet();
      const clickedAt = await page.evaluate((path) => {
        const link = document.querySelector<HTMLAnchorElement>(`nav a[href="${path}"], a[href="${path}"]`);
        if (!link) return null;
        window.__fabopsWatchRows!();
        const at = performance.now();
        link.click();
        return at;
      }, MATERIALS_PATH);
      if (clickedAt === null) throw new Error(`No link to ${MATERIALS_PATH} on ${page.url()}`);
      inAppMs.push((await firstRow(cdp)) - clickedAt);
      await checkRows(page, mirroredRows);
    }
    return { rows: mirroredRows, pageLoadMs, newTabMs, inAppMs };
  } finally {
    await page.close();
  }
}
