import type { QuotationDocumentData } from '../../domain/documents';

/**
 * What the bench page (bench/browser/main.ts) puts on `window.fabopsBench`, for the bench process
 * (bench/lib/browser-*.ts) to call through Playwright. Types only: both sides import it.
 */

/** One timed piece of work in the page: milliseconds of `performance.now()` around it. */
export interface Timed {
  rows: number;
  ms: number;
}

export interface DrainFigures {
  ms: number;
  sent: number;
  rejected: number;
  remaining: number;
}

export interface BenchPage {
  /** Signs in as the app does (tokens in localStorage and IndexedDB, profile cached), without starting the preload. */
  signIn(username: string, password: string): Promise<number>;
  /** Empties the mirror's materials and their sync position (untimed), so the next load is a first load. */
  resetMaterialsMirror(userId: number): Promise<void>;
  /** The app's loader: `syncType(userId, 'materials', { full: true })`, timed. */
  mirrorMaterials(userId: number): Promise<Timed>;
  /** Reads the mirrored rows into memory (timed: what a list screen's `toArray` costs) and opens an empty plain Dexie database. */
  prepareRawPut(): Promise<Timed>;
  /** One `bulkPut` of the rows already in memory into the plain database, timed. */
  rawBulkPut(): Promise<Timed>;
  /** Drops the rows held in memory and deletes the plain database. */
  disposeRawPut(): Promise<void>;
  /** A material category id the signed-in user may create materials in. */
  someCategory(): Promise<number>;
  /** Queues `count` `material.create` operations through the outbox's `enqueue` (untimed). */
  enqueueMaterials(count: number, category: number, prefix: string): Promise<number>;
  /** `replayOutbox` with the page's environment, timed. */
  drainOutbox(): Promise<DrainFigures>;
  /** The same requests the drain sends, made one after another with `fetch`, timed. */
  directCreates(count: number, category: number, prefix: string): Promise<Timed>;
  /** The app's quotation document rendered by pdfmake in the page `runs` times after a warm-up: each run's milliseconds. */
  quotationPdf(data: QuotationDocumentData, runs: number): Promise<number[]>;
}

declare global {
  interface Window {
    fabopsBench: BenchPage;
  }
}
