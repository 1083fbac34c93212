import { describe, expect, it } from 'vitest';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { API } from '../../domain/api-paths';
import type { Db } from '../../server/db/client';
import { customers, estimationMaterialCategories, estimationMaterials, jobOrders, leadRemarks, leads, lpos, materialCategories, materials, materialSubcategories, quotationItems, quotations, salesOrderItems, salesOrders, vendors } from '../../server/db/schema';
import { makeCategory, makeMaterial, makeSubcategory, userId } from '../support/factories';
import { makeEstimationCategory, makeEstimationMaterial } from '../support/factories-estimation';
import { makeLpo, makeVendor } from '../support/factories-purchase';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeCustomer, makeLead, makeQuotation, makeSalesOrder } from '../support/factories-sales';
import { makeRemark } from '../support/factories-leads';
import { useTestServer } from '../support/server';

/**
 * The list contract (DESIGN.md "Lists") that every list route gets from server/lib/list.ts:
 * the field of a bad parameter named in a 400, 404 past the last page, soft-deleted rows kept
 * out of pages but sent in the delta, ordering and search. One spec per list, each with the
 * factory that makes its rows and the bad values of its own filters and orderings.
 */
interface ListUnderTest {
  readonly path: string;
  /** A demo user who may read the list. */
  readonly reader: string;
  /** Tables without `deleted_at` (a lead's remarks) keep every row: the soft-delete check does not apply. */
  readonly table: PgTable & { id: PgColumn; deleted_at?: PgColumn };
  /** Makes a row whose searched text (its name, a lead's company, a job order's purchase order) is `name`; answers its id. */
  make(db: Db, name: string): Promise<number>;
  /** Queries this list refuses beyond the common ones, each with the field its 400 names. */
  readonly badQueries?: readonly (readonly [string, string])[];
}

const LISTS: Record<string, ListUnderTest> = {
  materials: {
    path: API.materials.list,
    reader: 'stores',
    table: materials,
    make: async (db, name) => (await makeMaterial(db, (await makeCategory(db)).id, { name })).id,
    badQueries: [
      ['ordering=password', 'ordering'],
      ['ordering=name;DROP', 'ordering'],
      ['category=abc', 'category'],
      ["category=1'--", 'category'],
      ['unit=GALLON', 'unit'],
    ],
  },
  'material categories': {
    path: API.materialCategories.list,
    reader: 'stores',
    table: materialCategories,
    make: async (db, name) => (await makeCategory(db, { name })).id,
    badQueries: [['category=1', 'non_field_errors']],
  },
  'material subcategories': {
    path: API.materialSubcategories.list,
    reader: 'stores',
    table: materialSubcategories,
    make: async (db, name) => (await makeSubcategory(db, (await makeCategory(db)).id, { name })).id,
    badQueries: [
      ['ordering=created_by', 'ordering'],
      ["category=1'--", 'category'],
    ],
  },
  vendors: {
    path: API.vendors.list,
    reader: 'purchase',
    table: vendors,
    make: async (db, name) => (await makeVendor(db, { name })).id,
    badQueries: [
      ['ordering=gst_number', 'ordering'],
      ['ordering=name;DROP TABLE vendors', 'ordering'],
      ["state=Karnataka' OR '1'='1", 'state'],
      ['state=Atlantis', 'state'],
    ],
  },
  customers: {
    path: API.customers.list,
    reader: 'sales.exec',
    table: customers,
    make: async (db, name) => (await makeCustomer(db, { name })).id,
    badQueries: [
      ['ordering=phone', 'ordering'],
      ['ordering=name;DROP', 'ordering'],
      ['state=Atlantis', 'state'],
      ["state=Goa'--", 'state'],
      ['enable_lpo_codes=maybe', 'enable_lpo_codes'],
    ],
  },
  'estimation material categories': {
    path: API.estimationMaterialCategories.list,
    reader: 'design',
    table: estimationMaterialCategories,
    make: async (db, name) => (await makeEstimationCategory(db, name)).id,
    badQueries: [['ordering=created_by', 'ordering']],
  },
  'estimation materials': {
    path: API.estimationMaterials.list,
    reader: 'design',
    table: estimationMaterials,
    make: async (db, name) => (await makeEstimationMaterial(db, (await makeEstimationCategory(db)).id, { name })).id,
    badQueries: [
      ['unit=KG', 'non_field_errors'],
      ['ordering=unit', 'ordering'],
      ['ordering=rate;DROP TABLE estimation_materials', 'ordering'],
      ['category=abc', 'category'],
      ["category=1' OR '1'='1", 'category'],
      ['page=-1', 'page'],
      ['limit=0', 'limit'],
      ['updated_since=1;', 'updated_since'],
    ],
  },
  leads: {
    path: API.leads.list,
    reader: 'sales.exec',
    table: leads,
    make: async (db, company) => (await makeLead(db, await userId(db, 'sales.exec'), { company })).id,
    badQueries: [
      ['priority=high', 'non_field_errors'],
      ['ordering=potential', 'ordering'],
      ['ordering=company;DROP', 'ordering'],
      ['stage=won', 'stage'],
      ["stage=new'--", 'stage'],
      ['source=Twitter', 'source'],
      ['requirement=Chairs', 'requirement'],
      ['lead_type=Export', 'lead_type'],
      ['assign_to=sales.exec', 'assign_to'],
      ["assign_to=1' OR '1'='1", 'assign_to'],
      ['updated_since=-1', 'updated_since'],
    ],
  },
  'filtered leads': {
    path: API.leads.filter,
    reader: 'sales.exec',
    table: leads,
    make: async (db, company) => (await makeLead(db, await userId(db, 'sales.exec'), { company })).id,
    badQueries: [
      ['filter=everything', 'filter'],
      ['followup_from=2025-03-02&followup_to=2025-03-01', 'followup_to'],
      ["created_from=2025-03-01'--", 'created_from'],
      ['ordering=potential', 'ordering'],
    ],
  },
  "an executive's leads": {
    path: API.leads.salesExecLeads,
    reader: 'sales.exec',
    table: leads,
    make: async (db, company) => (await makeLead(db, await userId(db, 'sales.exec'), { company })).id,
    badQueries: [['assign_to=sales.exec', 'assign_to']],
  },
  'lead remarks': {
    path: API.leads.remarkRows,
    reader: 'sales.exec',
    table: leadRemarks,
    make: async (db, remark) => (await makeRemark(db, (await makeLead(db, await userId(db, 'sales.exec'))).id, { remark })).id,
    badQueries: [
      ['lead=abc', 'lead'],
      ['ordering=remark', 'ordering'],
    ],
  },
  'job orders': {
    path: API.jobOrders.list,
    reader: 'stores',
    table: jobOrders,
    make: async (db, purchaseOrder) => {
      const { id } = await makeJobOrder(db);
      await db.update(jobOrders).set({ purchase_order: purchaseOrder }).where(eq(jobOrders.id, id));
      return id;
    },
  },
  'sales orders': {
    path: API.salesOrders.list,
    reader: 'accounts',
    table: salesOrders,
    make: async (db, purchaseOrder) => (await makeSalesOrder(db, { customer_po_number: purchaseOrder })).id,
    badQueries: [
      ['ordering=remarks', 'ordering'],
      ['ordering=id;DROP TABLE sales_orders', 'ordering'],
      ['status=shipped', 'status'],
      ["status=draft'--", 'status'],
      ['customer=abc', 'customer'],
      ["created_by=1' OR '1'='1", 'created_by'],
      ['start_date=2026-02-30', 'start_date'],
      ['advance_pending=maybe', 'advance_pending'],
      ['overdue=1x', 'overdue'],
      ['limit=0', 'limit'],
    ],
  },
  lpos: {
    path: API.lpos.list,
    reader: 'stores',
    table: lpos,
    make: async (db, vendorName) => (await makeLpo(db, (await makeVendor(db, { name: vendorName })).id, { status: 'approved' })).id,
    badQueries: [
      ['ordering=remarks', 'ordering'],
      ['ordering=id;DROP TABLE lpos', 'ordering'],
      ['status=pending', 'status'],
      ["status=draft'--", 'status'],
      ['vendor=abc', 'vendor'],
      ['material=0', 'material'],
      ['end_date=2026-02-30', 'end_date'],
    ],
  },
  'sales order items': {
    path: API.salesOrderItems.list,
    reader: 'sales.exec',
    table: salesOrderItems,
    make: async (db, description) => (await makeSalesOrder(db, { items: [{ description, quantity: '1', unit_price: '1' }] })).items[0]!.id,
    badQueries: [
      ['sales_order=abc', 'sales_order'],
      ['ordering=amount', 'ordering'],
    ],
  },
  quotations: {
    path: API.quotations.list,
    reader: 'design',
    table: quotations,
    make: async (db, subject) => (await makeQuotation(db, { sales_exec: await userId(db, 'sales.exec'), subject })).id,
    badQueries: [
      ['ordering=subject', 'ordering'],
      ['ordering=number;DROP TABLE quotations', 'ordering'],
      ['status=won', 'status'],
      ["status=sent'--", 'status'],
      ['customer=abc', 'customer'],
      ["sales_exec=1' OR '1'='1", 'sales_exec'],
    ],
  },
  'quotation items': {
    path: API.quotationItems.list,
    reader: 'accounts',
    table: quotationItems,
    make: async (db, description) => {
      const { id } = await makeQuotation(db, { sales_exec: await userId(db, 'sales.exec'), items: [{ description, quantity: '1', unit_price: '10' }] });
      const [item] = await db.select({ id: quotationItems.id }).from(quotationItems).where(eq(quotationItems.quotation, id));
      return item!.id;
    },
    badQueries: [
      ['ordering=description', 'ordering'],
      ['quotation=abc', 'quotation'],
    ],
  },
};

const { as, db } = useTestServer();

type Page = { count: number; next: string | null; previous: string | null; results: { id: number; name: string; deleted_at?: string | null }[]; cursor?: string };

describe.each(Object.entries(LISTS))('the %s list', (_, list) => {
  async function threeRows() {
    const acrylic = await list.make(db(), 'Acrylic sheet');
    const brass = await list.make(db(), 'Brass rod');
    const copper = await list.make(db(), 'Copper wire');
    return { acrylic, brass, copper, reader: await as(list.reader) };
  }

  it('names the field of a bad query parameter in a 400', async () => {
    const { reader } = await threeRows();
    const cases: (readonly [string, string])[] = [
      ['page=x', 'page'],
      ['page=0', 'page'],
      ['page_size=100000', 'page_size'],
      ['ordering=no_such_field', 'ordering'],
      ['updated_since=yesterday', 'updated_since'],
      ['colour=red', 'non_field_errors'],
      ...(list.badQueries ?? []),
    ];
    for (const [query, field] of cases) {
      const res = await reader.get(`${list.path}?${encodeURI(query)}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    expect(JSON.stringify((await reader.get(`${list.path}?colour=red`)).json())).toContain('colour');
  });

  it('pages with DRF links and answers a page past the end with 404 Invalid page', async () => {
    const { reader } = await threeRows();
    const first = (await reader.get(`${list.path}?page_size=2`)).json() as Page;
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe(`/api/v1${list.path}?page_size=2&page=2`);
    expect(first.previous).toBeNull();
    const second = (await reader.get(`${list.path}?page_size=2&page=2`)).json() as Page;
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`/api/v1${list.path}?page_size=2`);
    const past = await reader.get(`${list.path}?page_size=2&page=3`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('orders by a listed field either way, the id breaking ties', async () => {
    const { acrylic, brass, copper, reader } = await threeRows();
    const ids = async (ordering: string) => ((await reader.get(`${list.path}?ordering=${ordering}`)).json() as Page).results.map((row) => row.id);
    expect(await ids('id')).toEqual([acrylic, brass, copper]);
    expect(await ids('-id')).toEqual([copper, brass, acrylic]);
  });

  it('searches the name, ignoring case', async () => {
    const { brass, reader } = await threeRows();
    const found = (await reader.get(`${list.path}?search=BRASS`)).json() as Page;
    expect(found.results.map((row) => row.id)).toEqual([brass]);
  });

  it('treats SQL and LIKE metacharacters in the search as text', async () => {
    const { reader } = await threeRows();
    const count = async (term: string) => {
      const res = await reader.get(`${list.path}?search=${encodeURIComponent(term)}`);
      expect(res.statusCode, term).toBe(200);
      return (res.json() as Page).count;
    };
    for (const term of [`'; DROP TABLE ${getTableName(list.table)}; --`, '%', '_', '\\', "' OR 1=1 --"]) expect(await count(term), term).toBe(0);
    expect(((await reader.get(list.path)).json() as Page).count).toBe(3);
    // Unescaped, '%' and '_' would match every row.
    const steel = await list.make(db(), 'Steel 100% Pure_Mart');
    for (const term of ['%', '_', '0%', 'e_M']) {
      expect((((await reader.get(`${list.path}?search=${encodeURIComponent(term)}`)).json() as Page).results).map((row) => row.id), term).toEqual([steel]);
    }
    for (const term of ["' OR 1=1 --", '\\', '%%_']) expect(await count(term), term).toBe(0);
    expect(((await reader.get(list.path)).json() as Page).count).toBe(4);
  });

  it.skipIf(!list.table.deleted_at)('leaves a soft-deleted row out of pages and sends it in the delta, with the next cursor', async () => {
    const { acrylic, brass, copper, reader } = await threeRows();
    const before = (await reader.get(`${list.path}?updated_since=0`)).json() as Page;
    await db().update(list.table).set({ deleted_at: sql`now()` } as never).where(eq(list.table.id, brass));
    expect(((await reader.get(list.path)).json() as Page).results.map((row) => row.id).sort((a, b) => a - b)).toEqual([acrylic, copper]);
    expect((await reader.get(`${list.path}${brass}/`)).statusCode).toBe(404);
    const since = (await reader.get(`${list.path}?updated_since=${before.cursor}`)).json() as Page;
    expect(since.results).toEqual([expect.objectContaining({ id: brass, deleted_at: expect.any(String) })]);
    const delta = (await reader.get(`${list.path}?updated_since=0`)).json() as Page;
    expect(delta.count).toBe(3);
    expect(delta.results.map((row) => row.id)).toEqual([acrylic, brass, copper]);
    expect(delta.results.find((row) => row.id === brass)!.deleted_at).not.toBeNull();
    expect(delta.cursor).toMatch(/^\d+$/);
    expect(((await reader.get(`${list.path}?updated_since=${delta.cursor}`)).json() as Page).results).toEqual([]);
  });
});
