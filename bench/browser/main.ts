// The bench-only page: the app's real data layer (src/data) in Chromium, exposed on
// `window.fabopsBench` for bench/lib/browser-*.ts. Served beside the built app, at its origin, so
// it reaches the API without CORS and fills the same IndexedDB the app reads.
import Dexie, { type Table } from 'dexie';
import { tokenPairSchema } from '../../domain/auth';
import { materialCreateSchema } from '../../domain/material';
import { userSchema } from '../../domain/user';
import { api, API_BASE } from '../../src/data/api';
import { metaKey, mirror, storesOf, type MirrorRow } from '../../src/data/mirror/db';
import { syncType } from '../../src/data/mirror/sync';
import { enqueue, outbox, replayOutbox } from '../../src/data/outbox';
import { pageReplayEnv } from '../../src/data/outbox/triggers';
import { tokens } from '../../src/data/tokens';
import type { BenchPage, Timed } from './contract';
import { createMaterial } from '../../src/data/operations';
import { quotationDocument } from '../../domain/documents';
import { companyProfile, renderPdfBytes } from '../../src/data/documents';

const RAW_DATABASE = 'fabops-bench-raw';

let rawRows: MirrorRow[] = [];
let raw: Dexie | null = null;

const materialBody = (prefix: string, i: number, category: number) =>
  materialCreateSchema.parse({ name: `${prefix} ${i}`, category, unit: 'PCS', brand: 'Bench', reorder_level: '0' });

async function timed(rows: number | (() => number), work: () => Promise<unknown>): Promise<Timed> {
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  return { rows: typeof rows === 'number' ? rows : rows(), ms };
}

const bench: BenchPage = {
  async signIn(username, password) {
    // session.signIn would also start the department preload, which would sync alongside the
    // figures being taken; these are its other steps.
    const { data } = await api.post('/auth/jwt/create/', { username, password });
    await tokens.store(tokenPairSchema.parse(data));
    const { data: me } = await api.get('/auth/users/me/');
    const user = userSchema.parse(me);
    tokens.storeUser(user);
    return user.id;
  },

  async resetMaterialsMirror(userId) {
    await mirror.open();
    await mirror.transaction('rw', [mirror.rows('materials'), mirror.meta], async () => {
      await mirror.rows('materials').clear();
      await mirror.meta.delete(metaKey(userId, 'materials'));
    });
  },

  async mirrorMaterials(userId) {
    let rows = 0;
    const figures = await timed(
      () => rows,
      async () => {
        rows = (await syncType(userId, 'materials', { full: true })).rowCount;
      },
    );
    return figures;
  },

  async prepareRawPut() {
    const read = await timed(
      () => rawRows.length,
      async () => {
        rawRows = await mirror.rows('materials').toArray();
      },
    );
    await Dexie.delete(RAW_DATABASE);
    // The mirror table's key and indexes (its search and sort indexes too), so both sides maintain
    // the same indexes; the rows read back carry the fields they index.
    raw = new Dexie(RAW_DATABASE);
    raw.version(1).stores({ materials: storesOf().materials! });
    await raw.open();
    return read;
  },

  async rawBulkPut() {
    const table: Table<MirrorRow, number> = raw!.table('materials');
    return timed(rawRows.length, () => table.bulkPut(rawRows));
  },

  async disposeRawPut() {
    rawRows = [];
    raw?.close();
    raw = null;
    await Dexie.delete(RAW_DATABASE);
  },

  async someCategory() {
    const { data } = await api.get<{ results: { id: number }[] }>('/materials/material-categories/', { params: { page_size: 1 } });
    const first = data.results[0];
    if (!first) throw new Error('No material category to create materials in');
    return first.id;
  },

  async enqueueMaterials(count, category, prefix) {
    for (let i = 0; i < count; i++) await enqueue(createMaterial, materialBody(prefix, i, category));
    return outbox.entries.where('state').equals('pending').count();
  },

  async drainOutbox() {
    const started = performance.now();
    const result = await replayOutbox(pageReplayEnv());
    const ms = performance.now() - started;
    if (!result.ran) throw new Error('Another replayer held the outbox lock');
    return { ms, sent: result.sent, rejected: result.rejected, remaining: result.remaining };
  },

  async directCreates(count, category, prefix) {
    const access = tokens.access;
    if (!access) throw new Error('Not signed in');
    // What the outbox has ready in each entry before it sends: the body and the key.
    const requests = Array.from({ length: count }, (_, i) => ({ body: JSON.stringify(materialBody(prefix, i, category)), key: crypto.randomUUID() }));
    return timed(count, async () => {
      for (const { body, key } of requests) {
        const response = await fetch(`${API_BASE}/materials/materials/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `JWT ${access}`, 'Idempotency-Key': key },
          body,
        });
        // The replayer reads and parses every answer; so does this.
        const text = await response.text();
        if (!response.ok) throw new Error(`POST materials: ${response.status} ${text}`);
        JSON.parse(text);
      }
    });
  },

  async quotationPdf(data, runs) {
    const company = await companyProfile();
    const times: number[] = [];
    // One run more than asked: the first loads pdfmake and its fonts, which a screen pays once.
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const bytes = await renderPdfBytes(quotationDocument(company, data));
      const ms = performance.now() - started;
      if (String.fromCharCode(...bytes.subarray(0, 5)) !== '%PDF-') throw new Error('pdfmake made no PDF');
      if (i > 0) times.push(ms);
    }
    return times;
  },
};

window.fabopsBench = bench;
document.body.dataset.ready = 'true';
