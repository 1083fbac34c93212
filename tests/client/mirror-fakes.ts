/**
 * A mirrored list as the server serves it (docs/api.md "Lists and the offline mirror"), for the
 * client tests of the offline layer: rows stamped with the transaction that wrote them,
 * `updated_since` deltas paged by id with `after_id`, `next` as an absolute URL, and the cursor.
 * Import after ./setup and fake-indexeddb/auto.
 */
import type { FakeServer, Reply, SeenRequest } from './support';

export type ListRow = { id: number } & Record<string, unknown>;

export class FakeList {
  private readonly stored = new Map<number, ListRow & { txid: number }>();
  private txid = 1;
  /** Replaces the answer (a network failure, a held page); null answers normally. */
  override: ((request: SeenRequest) => Reply | Promise<Reply> | null) | null = null;

  constructor(
    server: FakeServer,
    readonly path: string,
  ) {
    server.on('GET', path, (request) => this.override?.(request) ?? this.answer(request));
  }

  /** Inserts or updates rows in one transaction. */
  put(...rows: ListRow[]): this {
    this.txid += 1;
    for (const row of rows) this.stored.set(row.id, { deleted_at: null, ...this.stored.get(row.id), ...row, txid: this.txid });
    return this;
  }

  /** Soft-deletes rows in one transaction. */
  remove(...ids: number[]): this {
    this.txid += 1;
    for (const id of ids) this.stored.set(id, { ...this.stored.get(id)!, deleted_at: '2026-01-02T03:04:05.000Z', txid: this.txid });
    return this;
  }

  /** Forgets rows outright, as a row leaving the user's scope does. */
  forget(...ids: number[]): this {
    ids.forEach((id) => this.stored.delete(id));
    return this;
  }

  answer(request: SeenRequest): Reply {
    const params = request.config.params as Record<string, string>;
    const since = Number(params.updated_since);
    const after = Number(params.after_id ?? 0);
    const size = Number(params.page_size);
    const cursor = params.cursor ?? String(this.txid + 1);
    const matching = [...this.stored.values()].filter((r) => r.txid >= since && r.id > after).sort((a, b) => a.id - b.id);
    const page = matching.slice(0, size);
    const last = page.at(-1);
    const next =
      last && matching.length > page.length ? `http://testserver/api/v1${this.path}?updated_since=${since}&page_size=${size}&after_id=${last.id}&cursor=${cursor}` : null;
    return { status: 200, data: { count: matching.length, next, previous: null, results: page.map(({ txid: _, ...row }) => row), cursor } };
  }
}

export const material = (id: number, extra: Record<string, unknown> = {}): ListRow => ({
  id,
  name: `Material ${String(id).padStart(5, '0')}`,
  category: 1,
  subcategory: null,
  unit: 'PCS',
  brand: '',
  size: '',
  color: '',
  thickness: '',
  quantity: '10.000',
  reorder_level: '2.000',
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...extra,
});

export const customer = (id: number, extra: Record<string, unknown> = {}): ListRow => ({
  id,
  name: `Customer ${String(id).padStart(3, '0')}`,
  enable_lpo_codes: false,
  phone: '9876543210',
  email: `c${id}@example.com`,
  gst_number: '',
  state: 'Kerala',
  address: '',
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...extra,
});

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
