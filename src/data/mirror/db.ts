import Dexie, { type Table } from 'dexie';
import { DATA_TYPE_NAMES, localIndexesOf, localQueryOf, type DataType } from '../../../domain/data-types';
import { derivedFields, derivedFieldsMiddleware } from './derived';

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
  /**
   * Where an unfinished sync got to (the query of its next page, written with each page's rows):
   * the next sync goes on from there, so a big first load cut short by the network or a closed
   * tab is never started over. Absent when the last sync finished.
   */
  resume?: { full: boolean; params: Record<string, string> };
}

/** Every data type's table is created from domain/data-types.ts: `id` key plus its indexes. */
export function storesOf(): Record<string, string> {
  const stores: Record<string, string> = { meta: 'key, userId, type' };
  for (const type of DATA_TYPE_NAMES) stores[type] = ['id', ...localIndexesOf(type)].join(', ');
  return stores;
}

/**
 * The local mirror: the UI's source of truth for lists (DESIGN.md "Offline-first rules").
 * One database per browser profile; rows of a user who signs out are cleared with the meta.
 * Bump the version when DATA_TYPES gains a type or an index (Dexie works out the change from
 * the database on the device; an upgrade function only fills what new indexes need).
 */
export class MirrorDatabase extends Dexie {
  meta!: Table<MirrorMeta, string>;

  constructor(name = 'fabops-mirror') {
    super(name);
    // Version 3: the words and sort indexes of the big types' local queries; rows already on the
    // device (perhaps offline for days) get their derived fields in place, nothing is reloaded.
    this.version(3)
      .stores(storesOf())
      .upgrade((tx) =>
        Promise.all(
          DATA_TYPE_NAMES.filter((type) => localQueryOf(type)).map((type) =>
            tx
              .table(type)
              .toCollection()
              .modify((row: MirrorRow) => void Object.assign(row, derivedFields(type, row))),
          ),
        ),
      );
    // Version 4: delivery note items and job order products (issue 6); new tables need no upgrade.
    this.version(4).stores(storesOf());
    // Version 5: GRA lines (issue 6).
    this.version(5).stores(storesOf());
    // Version 6: every material's name (issue 14); requisition lines now carry their material's
    // name and unit, so the lines on the device load again in full to get them.
    this.version(6)
      .stores(storesOf())
      .upgrade((tx) =>
        tx
          .table('meta')
          .where('type')
          .equals('requisitionDetails')
          .modify((meta: MirrorMeta) => {
            meta.cursor = null;
            delete meta.resume;
          }),
      );
    // Version 7: lead remarks (issue 18).
    this.version(7).stores(storesOf());
    // Version 8: LPO lines, for receiving GRAs offline (issue 19 §4).
    this.version(8).stores(storesOf());
    // Version 9: invoice lines, for reading an invoice offline (issue 20).
    this.version(9).stores(storesOf());
    // Version 10: the user's messages by conversation, read offline (issue 22 §2).
    this.version(10).stores(storesOf());
    this.use(derivedFieldsMiddleware);
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
