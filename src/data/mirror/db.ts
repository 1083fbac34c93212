import Dexie, { type Table } from 'dexie';
import { DATA_TYPES, type DataType } from '../../../domain/data-types';

/** A mirrored row as the API sent it (the domain read schema of its type), keyed by id. */
export type MirrorRow = { id: number } & Record<string, unknown>;

/** Per user and data type: where the last sync got to (product-frame.md §4, issue 4). */
export interface MirrorMeta {
  /** `${userId}:${type}` */
  key: string;
  userId: number;
  type: DataType;
  /** The `updated_since` cursor to send next; null until a full load has finished. */
  cursor: string | null;
  loadedAt: number | null;
  rowCount: number;
  /** The last failure, shown in the Sync screen; null after a success. */
  error: string | null;
}

/** Every data type's table is created from domain/data-types.ts: `id` key plus its indexes. */
function storesOf(): Record<string, string> {
  const stores: Record<string, string> = { meta: 'key, userId, type' };
  for (const [type, def] of Object.entries(DATA_TYPES)) stores[type] = ['id', ...def.indexes].join(', ');
  return stores;
}

/**
 * The local mirror: the UI's source of truth for lists (DESIGN.md "Offline-first rules").
 * One database per browser profile; rows of a user who signs out are cleared with the meta.
 * Bump the version when DATA_TYPES gains a type or an index.
 */
export class MirrorDatabase extends Dexie {
  meta!: Table<MirrorMeta, string>;

  constructor(name = 'fabops-mirror') {
    super(name);
    this.version(2).stores(storesOf());
  }

  rows(type: DataType): Table<MirrorRow, number> {
    return this.table(type);
  }

  /** A type's rows read as their domain read schema (the server validated them on the way out). */
  rowsOf<T extends { id: number }>(type: DataType): Table<T, number> {
    return this.table(type);
  }

  /** Forgets every row and every sync position, in one transaction (sign-out, another user). */
  clearAll(): Promise<void> {
    return this.transaction('rw', this.tables, () => Promise.all(this.tables.map((t) => t.clear())).then(() => undefined));
  }
}

export const metaKey = (userId: number, type: DataType) => `${userId}:${type}`;

export const mirror = new MirrorDatabase();
