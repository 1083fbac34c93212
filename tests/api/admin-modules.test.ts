import { describe, expect, it } from 'vitest';
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { moduleStatisticsSchema, type ModuleStatistics } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { MODULE_NAMES } from '../../domain/modules';
import { materials } from '../../server/db/schema';
import { MODULE_TABLES } from '../../server/modules/admin/statistics';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

const server = useTestServer();

const statistics = async (): Promise<Map<string, ModuleStatistics>> => {
  const res = await (await server.as('admin')).get(API.admin.moduleStatistics);
  expect(res.statusCode).toBe(200);
  const rows = moduleStatisticsSchema.array().parse(res.json());
  return new Map(rows.map((row) => [row.name, row]));
};

describe('the module → table map', () => {
  it('covers every module of the spec, each table once, each with the timestamps read as its last activity', () => {
    expect(Object.keys(MODULE_TABLES).sort()).toEqual([...MODULE_NAMES].sort());
    const tables = Object.values(MODULE_TABLES).flat();
    expect(new Set(tables).size).toBe(tables.length);
    for (const table of tables) {
      expect(Object.keys(getTableColumns(table)), getTableName(table)).toEqual(expect.arrayContaining(['created_at', 'updated_at']));
    }
    // The modules with no table of their own (decision 408).
    expect(MODULE_NAMES.filter((name) => MODULE_TABLES[name].length === 0)).toEqual(['reports', 'accounting', 'HRMS']);
  });
});

describe('GET admin/modules/statistics/', () => {
  it('lists every module in the spec’s order with its switch, rows and last activity', async () => {
    const stats = await statistics();
    expect([...stats.keys()]).toEqual([...MODULE_NAMES]);
    expect(stats.get('materials')).toEqual({ name: 'materials', enabled: true, tables: ['materials'], rowCount: 0, lastActivity: null });
    expect(stats.get('invoices')).toEqual({ name: 'invoices', enabled: true, tables: ['invoices', 'credit_notes'], rowCount: 0, lastActivity: null });
    expect(stats.get('HRMS')).toEqual({ name: 'HRMS', enabled: true, tables: [], rowCount: null, lastActivity: null });
  });

  it('counts rows (soft-deleted ones too) and takes the time of the latest write', async () => {
    const category = await makeCategory(server.db());
    const first = await makeMaterial(server.db(), category.id);
    await makeMaterial(server.db(), category.id);
    await makeMaterial(server.db(), category.id);
    await makeCustomer(server.db());
    await makeCustomer(server.db());
    await makeVendor(server.db());
    const written = await statistics();
    const [newest] = await server.db().select({ at: sql<string>`max(${materials.updated_at})` }).from(materials);
    expect(written.get('materials')).toMatchObject({ rowCount: 3, lastActivity: new Date(newest!.at).toISOString() });
    expect(written.get('customers')).toMatchObject({ rowCount: 2, lastActivity: expect.any(String) });
    expect(written.get('vendors')).toMatchObject({ rowCount: 1, lastActivity: expect.any(String) });
    expect(written.get('leads')).toMatchObject({ rowCount: 0, lastActivity: null });

    // A later change to the oldest row is the module's latest activity.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [changed] = await server.db().update(materials).set({ brand: 'Jindal', deleted_at: new Date().toISOString() }).where(eq(materials.id, first.id)).returning();
    const after = await statistics();
    expect(after.get('materials')).toMatchObject({ rowCount: 3, lastActivity: changed!.updated_at });
    expect(Date.parse(after.get('materials')!.lastActivity!)).toBeGreaterThan(Date.parse(written.get('materials')!.lastActivity!));
  });

  it('shows a module switched off as not enabled', async () => {
    const admin = await server.as('admin');
    expect((await admin.put(API.system.module('GRA'), { is_enabled: false })).statusCode).toBe(200);
    const stats = await statistics();
    expect(stats.get('GRA')!.enabled).toBe(false);
    expect([...stats.values()].filter((m) => !m.enabled).map((m) => m.name)).toEqual(['GRA']);
  });
});

describe('who may read the module statistics', () => {
  it('only superusers', async () => {
    await expectAccessMatrix(server.app(), [{ method: 'GET', url: API.admin.moduleStatistics, permission: 'system.admin' }]);
  });
});
