import type { BrowserContext, Page } from 'playwright-core';

/**
 * Navigation to the first rows of the app's Materials screen (materials-home, `/materials` in the
 * route table), read from the IndexedDB mirror the bench page filled: the real built app, the
 * signed-in user's stored session, the app's own start-up (guard, preload, service worker).
 */

export const FIRST_ROW_RUNS = 3;
const MATERIALS_PATH = '/materials';
const SETTLE_TIMEOUT_MS = 120_000;
const FIRST_ROW_TIMEOUT_MS = 120_000;

export interface FirstRowsFigures {
  /** Rows the screen said it holds ("N in all"), checked after every run. */
  rows: number;
  /** Milliseconds from the navigation's start (the document's time origin) to the frame with the first row, per run. */
  pageLoadMs: number[];
  /** Milliseconds from the click on the menu's Materials link to the frame with the first row, per run. */
  inAppMs: number[];
}

interface FirstRow {
  /** performance.now() when a new table body row entered the DOM. */
  inDom: number;
  /** performance.now() in the next animation frame: the frame that paints it. */
  frame: number;
}

declare global {
  interface Window {
    __fabopsFirstRow?: FirstRow | null;
    __fabopsWatchRows?: () => void;
  }
}

/**
 * Installed before any script of every document: watches for the first table body row that was not
 * there when watching began, and notes when it entered the DOM and the next frame after. A string,
 * not a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const FIRST_ROW_PROBE = `(() => {
  const watch = () => {
    const before = new Set(document.querySelectorAll('tbody tr'));
    window.__fabopsFirstRow = null;
    const observer = new MutationObserver(() => {
      for (const row of document.querySelectorAll('tbody tr')) {
        if (before.has(row)) continue;
        observer.disconnect();
        const inDom = performance.now();
        requestAnimationFrame(() => {
          window.__fabopsFirstRow = { inDom, frame: performance.now() };
        });
        return;
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  };
  window.__fabopsWatchRows = watch;
  watch();
})();`;

async function firstRow(page: Page): Promise<FirstRow> {
  const handle = await page.waitForFunction(() => window.__fabopsFirstRow, null, { timeout: FIRST_ROW_TIMEOUT_MS });
  return (await handle.jsonValue()) as FirstRow;
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

export async function measureFirstRows(context: BrowserContext, origin: string, mirroredRows: number): Promise<FirstRowsFigures> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench: page error at ${page.url()}: ${error.message}`));
  try {
    await page.addInitScript(FIRST_ROW_PROBE);
    // A first visit, unmeasured: the app signs in from the stored session, preloads the user's
    // data sets (a delta from the mirror's cursor) and installs its service worker.
    await page.goto(`${origin}/`);
    await settle(page);

    const pageLoadMs: number[] = [];
    for (let run = 0; run < FIRST_ROW_RUNS; run++) {
      await page.goto(`${origin}${MATERIALS_PATH}`);
      pageLoadMs.push((await firstRow(page)).frame);
      await checkRows(page, mirroredRows);
      await settle(page);
    }

    const inAppMs: number[] = [];
    for (let run = 0; run < FIRST_ROW_RUNS; run++) {
      await page.goto(`${origin}/`);
      await settle(page);
      const clickedAt = await page.evaluate((path) => {
        const link = document.querySelector<HTMLAnchorElement>(`nav a[href="${path}"], a[href="${path}"]`);
        if (!link) return null;
        window.__fabopsWatchRows!();
        const at = performance.now();
        link.click();
        return at;
      }, MATERIALS_PATH);
      if (clickedAt === null) throw new Error(`No link to ${MATERIALS_PATH} on ${page.url()}`);
      inAppMs.push((await firstRow(page)).frame - clickedAt);
      await checkRows(page, mirroredRows);
    }
    return { rows: mirroredRows, pageLoadMs, inAppMs };
  } finally {
    await page.close();
  }
}
