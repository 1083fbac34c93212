import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, fakeServer, type FakeServer, type Reply } from './support';
import { FakeList, material, range } from './mirror-fakes';
import { DATA_TYPE_NAMES, DATA_TYPES, LOADABLE_TYPES, localIndexesOf, type DataType } from '../../domain/data-types';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { stopSyncs, SYNC_PAGE_SIZE, SyncFailed, syncProgress, SyncStopped, syncType } from '../../src/data/mirror/sync';

const USER = 7;
const PATH = DATA_TYPES.materials.path;
let server: FakeServer;
let list: FakeList;

const materialIds = async () => (await mirror.rows('materials').toCollection().primaryKeys()).sort((a, b) => a - b);
const requestParams = () => server.calls('GET', PATH).map((r) => r.config.params as Record<string, string>);

beforeEach(async () => {
  await mirror.clearAll();
  server = fakeServer();
  list = new FakeList(server, PATH);
});

afterEach(() => {
  stopSyncs();
});

describe('full load', () => {
  it('a first sync loads every page from updated_since=0, 1000 rows a page, following next', async () => {
    list.put(...range(1, 2500).map((id) => material(id)));
    const meta = await syncType(USER, 'materials');
    expect(SYNC_PAGE_SIZE).toBe(1000);
    expect(requestParams()).toEqual([
      { updated_since: '0', page_size: '1000' },
      { updated_since: '0', page_size: '1000', after_id: '1000', cursor: '3' },
      { updated_since: '0', page_size: '1000', after_id: '2000', cursor: '3' },
    ]);
    expect(await mirror.rows('materials').count()).toBe(2500);
    expect(await mirror.rows('materials').get(1234)).toMatchObject({ id: 1234, name: 'Material 01234', quantity: '10.000' });
    expect(meta).toMatchObject({ key: '7:materials', userId: USER, type: 'materials', cursor: '3', rowCount: 2500, error: null });
    expect(meta.loadedAt).toBeGreaterThan(0);
  });

  it('each page is written on its own, so a list shows the first page while the next is on its way', async () => {
    list.put(...range(1, 1500).map((id) => material(id)));
    const held = deferred<Reply>();
    list.override = (request) => ((request.config.params as Record<string, string>).after_id ? held.promise : null);
    const sync = syncType(USER, 'materials');
    await expect.poll(() => mirror.rows('materials').count()).toBe(1000);
    expect(syncProgress().materials).toEqual({ loaded: 1000, total: 1500 });
    list.override = null;
    held.resolve(list.answer(server.calls('GET', PATH)[1]!));
    await sync;
    expect(await mirror.rows('materials').count()).toBe(1500);
    expect(syncProgress().materials).toBeUndefined();
  });

  it('progress counts the rows written out of the count the first page announced; the next page is asked for while one is written', async () => {
    list.put(...range(1, 2300).map((id) => material(id)));
    const seen: unknown[] = [];
    list.override = () => {
      seen.push(syncProgress().materials);
      return null;
    };
    await syncType(USER, 'materials');
    expect(seen).toEqual([undefined, undefined, { loaded: 1000, total: 2300 }]);
  });

  it('rows already deleted on the server are not kept', async () => {
    list.put(material(1), material(2), material(3)).remove(2);
    await syncType(USER, 'materials');
    expect(await materialIds()).toEqual([1, 3]);
  });
});

describe('deltas', () => {
  it('a later sync asks from the stored cursor and applies inserts, updates and deletions', async () => {
    list.put(material(1), material(2), material(3));
    const first = await syncType(USER, 'materials');
    list.put(material(4), material(2, { quantity: '7.500', version: 2 }));
    list.remove(3);
    const second = await syncType(USER, 'materials');
    expect(requestParams().at(-1)).toEqual({ updated_since: first.cursor, page_size: '1000' });
    expect(await materialIds()).toEqual([1, 2, 4]);
    expect(await mirror.rows('materials').get(2)).toMatchObject({ quantity: '7.500', version: 2 });
    expect(second).toMatchObject({ rowCount: 3, error: null });
    expect(Number(second.cursor)).toBeGreaterThan(Number(first.cursor));
  });

  it('a delta keeps the row count without counting the table: rows sent again or deleted unseen change nothing', async () => {
    list.put(material(1), material(2));
    await syncType(USER, 'materials');
    // Row 9 came and went on the server between two syncs; row 1 is sent again unchanged.
    list.put(material(9), material(1, { version: 2 }));
    list.remove(9);
    list.put(material(5));
    const second = await syncType(USER, 'materials');
    expect(await materialIds()).toEqual([1, 2, 5]);
    expect(second.rowCount).toBe(3);
  });

  it('a delta with nothing new changes no row and moves no cursor backwards', async () => {
    list.put(material(1));
    const first = await syncType(USER, 'materials');
    const second = await syncType(USER, 'materials');
    expect(second.cursor).toBe(first.cursor);
    expect(await materialIds()).toEqual([1]);
  });

  it('a full resync drops the rows the server no longer sends this user', async () => {
    list.put(material(1), material(2), material(3));
    await syncType(USER, 'materials');
    list.forget(2);
    await syncType(USER, 'materials', { full: true });
    expect(requestParams().at(-1)).toMatchObject({ updated_since: '0' });
    expect(await materialIds()).toEqual([1, 3]);
  });
});

describe('cursor per user and type', () => {
  it('the cursor, time, row count and error are stored under the user and the type', async () => {
    list.put(material(1), material(2));
    await syncType(USER, 'materials');
    const metas = await mirror.meta.toArray();
    expect(metas).toEqual([{ key: metaKey(USER, 'materials'), userId: USER, type: 'materials', cursor: '3', loadedAt: expect.any(Number), rowCount: 2, error: null }]);
    expect(await mirror.meta.get(metaKey(USER, 'customers'))).toBeUndefined();
    expect(await mirror.meta.get(metaKey(8, 'materials'))).toBeUndefined();
  });
});

describe('failures', () => {
  it('a network failure records the error, keeps the rows and the cursor', async () => {
    list.put(material(1), material(2));
    const first = await syncType(USER, 'materials');
    list.put(material(3));
    list.override = () => 'network-error';
    const failure = await syncType(USER, 'materials').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncFailed);
    expect((failure as SyncFailed).message).toBe('The server cannot be reached.');
    expect(await materialIds()).toEqual([1, 2]);
    expect(await mirror.meta.get(metaKey(USER, 'materials'))).toMatchObject({ cursor: first.cursor, loadedAt: first.loadedAt, error: 'The server cannot be reached.' });
  });

  it('the server’s refusal is recorded in its words', async () => {
    list.override = () => ({ status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    await expect(syncType(USER, 'materials')).rejects.toThrow('You do not have permission to perform this action.');
    expect(await mirror.meta.get(metaKey(USER, 'materials'))).toMatchObject({ cursor: null, error: 'You do not have permission to perform this action.' });
  });

  it('an answer that is not a delta page is a failure in words', async () => {
    list.override = () => ({ status: 200, data: [{ id: 1 }] });
    await expect(syncType(USER, 'materials')).rejects.toThrow('The server answered with a list the app cannot read.');
    expect(await mirror.rows('materials').count()).toBe(0);
  });

  it('the next successful sync clears the error', async () => {
    list.put(material(1));
    list.override = () => 'network-error';
    await expect(syncType(USER, 'materials')).rejects.toBeInstanceOf(SyncFailed);
    list.override = null;
    await expect(syncType(USER, 'materials')).resolves.toMatchObject({ error: null, rowCount: 1 });
  });

  it('a full load cut off after its first page goes on where it stopped at the next sync, and still drops what the server no longer has', async () => {
    await mirror.rows('materials').bulkPut([material(500, { name: 'Gone before the load' }), material(1100, { name: 'Gone too' })]);
    list.put(...range(1, 1200).filter((id) => id !== 500 && id !== 1100).map((id) => material(id)));
    list.override = (request) => ((request.config.params as Record<string, string>).after_id ? 'network-error' : null);
    await expect(syncType(USER, 'materials')).rejects.toBeInstanceOf(SyncFailed);
    expect(await mirror.meta.get(metaKey(USER, 'materials'))).toMatchObject({ cursor: null, resume: { full: true, params: { after_id: '1001' } } });
    expect(await mirror.rows('materials').count()).toBe(1001);

    list.override = null;
    const meta = await syncType(USER, 'materials');
    expect(requestParams().at(-1)).toEqual({ updated_since: '0', page_size: '1000', after_id: '1001', cursor: '3' });
    expect(await materialIds()).toEqual(range(1, 1200).filter((id) => id !== 500 && id !== 1100));
    expect(meta).toMatchObject({ cursor: '3', rowCount: 1198 });
    expect(meta.resume).toBeUndefined();
  });

  it('a delta cut off mid-way goes on from its last page, under the cursor it began with', async () => {
    list.put(material(1));
    await syncType(USER, 'materials');
    list.put(...range(2, 1500).map((id) => material(id)));
    list.override = (request) => ((request.config.params as Record<string, string>).after_id ? 'network-error' : null);
    await expect(syncType(USER, 'materials')).rejects.toBeInstanceOf(SyncFailed);
    list.override = null;
    const meta = await syncType(USER, 'materials');
    expect(requestParams().at(-1)).toMatchObject({ updated_since: '3', after_id: '1001', cursor: '4' });
    expect(meta).toMatchObject({ cursor: '4', rowCount: 1500 });
  });

  it('a full load asked for afresh does not go on from an unfinished one', async () => {
    list.put(...range(1, 1200).map((id) => material(id)));
    list.override = (request) => ((request.config.params as Record<string, string>).after_id ? 'network-error' : null);
    await expect(syncType(USER, 'materials')).rejects.toBeInstanceOf(SyncFailed);
    list.override = null;
    await syncType(USER, 'materials', { full: true });
    expect(requestParams().at(-2)).toEqual({ updated_since: '0', page_size: '1000' });
    expect(await mirror.rows('materials').count()).toBe(1200);
  });
});

describe('one sync at a time', () => {
  it('a second sync of a type already syncing joins the first', async () => {
    list.put(material(1));
    const [a, b] = await Promise.all([syncType(USER, 'materials'), syncType(USER, 'materials')]);
    expect(a).toBe(b);
    expect(server.calls('GET', PATH)).toHaveLength(1);
  });

  it('a sync stopped mid-way (sign-out) writes nothing more and records no error', async () => {
    list.put(...range(1, 1500).map((id) => material(id)));
    const held = deferred<Reply>();
    list.override = (request) => ((request.config.params as Record<string, string>).after_id ? held.promise : null);
    const sync = syncType(USER, 'materials');
    await expect.poll(() => mirror.rows('materials').count()).toBe(1000);
    stopSyncs();
    list.override = null;
    held.resolve(list.answer(server.calls('GET', PATH)[1]!));
    await expect(sync).rejects.toBeInstanceOf(SyncStopped);
    expect(await mirror.rows('materials').count()).toBe(1000);
    expect(await mirror.meta.get(metaKey(USER, 'materials'))).toMatchObject({ cursor: null, error: null });
    expect(syncProgress()).toEqual({});
  });
});

describe('the mirror database', () => {
  it('has a table per data type with the type’s indexes, and clears everything at once', async () => {
    expect(mirror.tables.map((t) => t.name).sort()).toEqual(['meta', ...Object.keys(DATA_TYPES)].sort());
    expect(mirror.rows('materials').schema.indexes.map((i) => i.src)).toEqual(localIndexesOf('materials'));
    list.put(material(1));
    await syncType(USER, 'materials');
    await mirror.clearAll();
    expect(await mirror.rows('materials').count()).toBe(0);
    expect(await mirror.meta.count()).toBe(0);
  });
});

describe('the tables', () => {
  it('every data type of the domain model has a table keyed by id with its list indexes (and its local query’s)', () => {
    for (const type of DATA_TYPE_NAMES) {
      const schema = mirror.rows(type).schema;
      expect(schema.primKey.name, type).toBe('id');
      expect(schema.indexes.map((i) => i.src).sort(), type).toEqual(localIndexesOf(type).sort());
      expect(localIndexesOf(type), type).toEqual(expect.arrayContaining([...DATA_TYPES[type].indexes]));
    }
    for (const type of ['requisitions', 'requisitionDetails', 'stockTransactions', 'stockAdjustments', 'jobOrders', 'salesOrders', 'quotations', 'estimations', 'lpos', 'gras', 'invoices', 'deliveryNotes', 'dispatches'] as const) {
      expect(DATA_TYPE_NAMES).toContain(type);
    }
  });

  it('a type without a list endpoint has no loader: its sync fails with the spec message', async () => {
    // Every type of DATA_TYPES has its list now (messages were the last, issue 22): a name the table lacks stands for one.
    expect(DATA_TYPE_NAMES.filter((type) => !LOADABLE_TYPES.includes(type))).toEqual([]);
    const unbuilt = 'noListYet' as DataType;
    await expect(syncType(USER, unbuilt)).rejects.toThrow(`No loader found for: ${unbuilt}`);
    expect(server.requests).toHaveLength(0);
  });
});
