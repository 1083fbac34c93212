import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { decodeToken } from '../../domain/auth';
import { API } from '../../domain/api-paths';
import { departmentChannel } from '../../domain/message';
import type { Db } from '../../server/db/client';
import {
  customerBranches,
  customerLpoCodes,
  customers,
  deliveryNoteItems,
  deliveryNotes,
  estimationMaterialCategories,
  estimationMaterials,
  estimationProductDetails,
  estimationProducts,
  estimations,
  graItems,
  gras,
  jobOrderExpenses,
  jobOrderItems,
  jobOrders,
  leadRemarks,
  leads,
  materialCategories,
  materials,
  materialSubcategories,
  messages,
  quotationItems,
  quotations,
  quotationVersions,
  requisitionDetails,
  requisitions,
  stockAdjustments,
  stockTransactions,
  vendors,
} from '../../server/db/schema';
import { estimationCopies } from '../../src/data/estimation-copies';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { registeredOperations, type Operation } from '../../src/data/outbox/operations';
import { replayOutbox, type ReplayEnv } from '../../src/data/outbox/replay';
import {
  addBranch,
  addLeadRemark,
  addLpoCode,
  addRequisitionLine,
  changeDeliveryNoteQuantity,
  changeJobOrderBucket,
  changeJobOrderStatus,
  changeRequisitionLine,
  createCustomer,
  createDeliveryNote,
  createGra,
  createJobOrder,
  createJobOrderExpense,
  createLead,
  createMaterial,
  createMaterialCategory,
  createEstimation,
  createEstimationProduct,
  createEstimationMaterial,
  createEstimationMaterialCategory,
  renameEstimationMaterialCategory,
  updateEstimationMaterial,
  createMaterialSubcategory,
  createMessage,
  createQuotation,
  createRequisition,
  createVendor,
  deleteJobOrderExpense,
  deleteLead,
  editBranch,
  editCustomer,
  editLpoCode,
  editVendor,
  recordStockTransaction,
  removeDeliveryNoteItem,
  removeRequisitionLine,
  requestStockAdjustment,
  updateDeliveryNote,
  updateJobOrder,
  updateJobOrderExpense,
  updateLead,
  updateMaterial,
  updateQuotation,
  saveProductCosting,
} from '../../src/data/operations';
import { signedInAs, signIn, startTestServer, type TestServer } from '../support/server';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeBranch, makeCustomer, makeLead, makeLpoCode, makeQuotation } from '../support/factories-sales';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { makeJobOrder, makeJobOrderItem, makeRequisition } from '../support/factories-requisitions';
import { makeJobOrderExpense } from '../support/factories-expenses';
import { receiveThroughGra } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';
import { makeEstimation, makeEstimationCategory, makeEstimationMaterial, makeEstimationProduct } from '../support/factories-estimation';

/**
 * The outbox against the real API (DESIGN.md "Writes"): the replayer's requests go through
 * app.inject, so the Idempotency-Key, If-Match and error contracts are the server's own.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});

const db = () => server.database.db;

/** app.inject as a fetch; `seen` collects the answers' Idempotent-Replayed headers. */
function injectFetch(app: FastifyInstance, seen: (string | undefined)[] = []): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: String(input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    seen.push(res.headers['idempotent-replayed'] as string | undefined);
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  }) as typeof fetch;
}

async function session(username: string) {
  const { access } = await signIn(server.app, username);
  const userId = decodeToken(access)!.user_id;
  const env = (send: typeof globalThis.fetch): ReplayEnv => ({
    fetch: send,
    baseUrl: '/api/v1',
    tokens: { accessFor: async (id) => (id === userId ? access : null), refreshFor: async () => null },
  });
  return { userId, env };
}

describe('the outbox against the API', () => {
  it('replays an entry whose answer was lost: the server answers from its record and one material exists', async () => {
    const category = await makeCategory(db(), { name: 'Sheets' });
    const { userId, env } = await session('stores');
    const { tempId } = await addEntry(createMaterial, { name: 'Acrylic sheet 3mm', category: category.id, unit: 'SHEET' }, { userId });
    const replayed: (string | undefined)[] = [];
    const real = injectFetch(server.app, replayed);
    // The first time the write reaches the server, but the answer never reaches the tablet.
    let lose = true;
    const flaky: typeof fetch = async (input, init) => {
      const response = await real(input, init);
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return response;
    };

    expect(await replayOutbox(env(flaky))).toMatchObject({ ran: true, sent: 0, remaining: 1 });
    expect(await replayOutbox({ ...env(flaky), retryNow: true })).toMatchObject({ ran: true, sent: 1, remaining: 0 });

    expect(replayed).toEqual([undefined, 'true']);
    const rows = await db().select().from(materials);
    expect(rows).toHaveLength(1);
    expect(await mirror.rows('materials').toArray()).toMatchObject([{ id: rows[0]!.id, name: 'Acrylic sheet 3mm' }]);
    expect(await mirror.rows('materials').get(tempId!)).toBeUndefined();
  });

  it('resends an entry a crash left "sending" under the same key, and the material is created once', async () => {
    const category = await makeCategory(db(), { name: 'Sheets' });
    const { userId, env } = await session('stores');
    const { entryId } = await addEntry(createMaterial, { name: 'Steel angle', category: category.id, unit: 'PCS' }, { userId });
    const replayed: (string | undefined)[] = [];
    const fetch = injectFetch(server.app, replayed);
    // The page that crashed: it marked the entry, sent it, and died before the answer.
    const entry = (await outbox.entries.get(entryId))!;
    await outbox.entries.update(entryId, { state: 'sending', attempts: 1 });
    const { access } = await signIn(server.app, 'stores');
    await fetch(`/api/v1${entry.url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `JWT ${access}`, 'Idempotency-Key': entry.idempotencyKey }, body: JSON.stringify(entry.body) });

    expect(await replayOutbox(env(fetch))).toMatchObject({ ran: true, sent: 1, remaining: 0 });

    expect(replayed).toEqual([undefined, 'true']);
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  it('sends a branch of a customer created offline with the customer’s server id', async () => {
    const { userId, env } = await session('sales.manager');
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId });
    await addEntry(addBranch, { customer: customer.tempId!, location: 'Pune' }, { userId });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 2, rejected: 0, remaining: 0 });

    const [saved] = await db().select().from(customers);
    const branches = await db().select().from(customerBranches);
    expect(branches.map((b) => [b.customer, b.location])).toEqual([[saved!.id, 'Pune']]);
    expect(await mirror.rows('customerBranches').toArray()).toMatchObject([{ id: branches[0]!.id, customer: saved!.id }]);
  });

  it('sends the remarks of a lead created offline after it, with the lead’s server id', async () => {
    const { userId: exec, env } = await session('sales.exec');
    const lead = await addEntry(createLead, { assign_to: exec, source: 'Linkedin', requirement: 'Trays', lead_type: 'Retail', company: 'Orbit Retail' }, { userId: exec });
    await addEntry(addLeadRemark, { lead: lead.tempId!, remark: 'Asked for 40 trays' }, { userId: exec });
    await addEntry(addLeadRemark, { lead: lead.tempId!, remark: 'Sample sent' }, { userId: exec });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 3, rejected: 0, remaining: 0 });

    const [saved] = await db().select().from(leads);
    const remarks = await db().select().from(leadRemarks).orderBy(leadRemarks.id);
    expect(remarks.map((r) => [r.lead, r.remark])).toEqual([
      [saved!.id, 'Asked for 40 trays'],
      [saved!.id, 'Sample sent'],
    ]);
    expect(await mirror.rows('leads').toArray()).toMatchObject([{ id: saved!.id, company: 'Orbit Retail' }]);
    expect(await mirror.rows('leadRemarks').orderBy('id').toArray()).toMatchObject(remarks.map((r) => ({ id: r.id, lead: saved!.id })));
  });

  it('sends a quotation drafted for a customer created offline after the customer, with the customer’s server id', async () => {
    const { userId: exec, env } = await session('sales.exec');
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: exec });
    const quotation = await addEntry(
      createQuotation,
      { customer: customer.tempId!, sales_exec: exec, quotation_date: '2026-11-20', tax_rate: '18', items: [{ description: 'Acrylic counter', quantity: '3.333', unit_price: '99.99', discount: '0.27' }] },
      { userId: exec },
    );
    expect(await mirror.rows('quotations').get(quotation.tempId!)).toMatchObject({ customer: customer.tempId, total_amount: '392.94' });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 2, rejected: 0, remaining: 0 });

    const [savedCustomer] = await db().select().from(customers);
    const [saved] = await db().select().from(quotations);
    expect(saved).toMatchObject({ customer: savedCustomer!.id, sales_exec: exec, status: 'draft', subtotal: '333.27', discount_total: '0.27', tax_amount: '59.94', total_amount: '392.94' });
    expect(await mirror.rows('quotations').toArray()).toMatchObject([{ id: saved!.id, customer: savedCustomer!.id, number: saved!.number, total_amount: '392.94' }]);
  });

  it('shows a quotation still waiting to be sent under the server id of the customer sent before it', async () => {
    const { userId: exec, env } = await session('sales.exec');
    const customer = await addEntry(createCustomer, { name: 'Zen Displays' }, { userId: exec });
    const quotation = await addEntry(createQuotation, { customer: customer.tempId!, sales_exec: exec, quotation_date: '2026-11-20', items: [{ description: 'Acrylic counter', quantity: '1', unit_price: '100' }] }, { userId: exec });
    // The customer reaches the server; the connection drops before the quotation does.
    const real = injectFetch(server.app);
    const dropsQuotations: typeof fetch = async (input, init) => {
      if (String(input).includes(API.quotations.list)) throw new TypeError('Failed to fetch');
      return real(input, init);
    };

    expect(await replayOutbox(env(dropsQuotations))).toMatchObject({ sent: 1, rejected: 0, remaining: 1 });

    const [savedCustomer] = await db().select().from(customers);
    expect(await outbox.entries.get(quotation.entryId)).toMatchObject({ state: 'pending' });
    expect(await mirror.rows('quotations').get(quotation.tempId!)).toMatchObject({ customer: savedCustomer!.id });
  });

  it('sends a product of an estimation created offline, and its costing, after the estimation, with the server ids', async () => {
    await estimationCopies.estimations.clear();
    const customer = await makeCustomer(db());
    const acrylic = await makeEstimationMaterial(db(), (await makeEstimationCategory(db(), 'acrylic')).id, { name: 'Clear acrylic 5mm', unit: 'SQMTR', rate: '2000' });
    const { userId, env } = await session('design');
    const estimation = await addEntry(createEstimation, { customer: customer.id, title: 'Counter displays', estimation_date: '2026-11-20' }, { userId });
    const product = await addEntry(createEstimationProduct, { estimation: estimation.tempId!, name: 'Counter display', quantity: '2', width: '600', height: '400' }, { userId });
    await addEntry(saveProductCosting, { estimation: estimation.tempId!, product: product.tempId!, product_name: 'Counter display', details: [{ estimation_material: acrylic.id, pieces: '2', wastage_percent: '10' }] }, { userId });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 3, rejected: 0, remaining: 0 });

    // Two panels of the 600 × 400 mm face (0.48 m²) and 10% wastage: 0.528 m² at ₹2,000 = 1,056.00; × 2 = 2,112.00.
    const [saved] = await db().select({ id: estimations.id, total_cost: estimations.total_cost }).from(estimations);
    const [savedProduct] = await db().select({ id: estimationProducts.id, estimation: estimationProducts.estimation, unit_price: estimationProducts.unit_price }).from(estimationProducts);
    expect(saved).toMatchObject({ total_cost: '2112.00' });
    expect(savedProduct).toMatchObject({ estimation: saved!.id, unit_price: '1056.00' });
    expect(await db().select({ product: estimationProductDetails.product, amount: estimationProductDetails.amount }).from(estimationProductDetails)).toEqual([{ product: savedProduct!.id, amount: '1056.00' }]);
    // The device's copy of the detail followed both to their server ids.
    const kept = await estimationCopies.estimations.toArray();
    expect(kept.map((k) => [k.key, k.products])).toEqual([[`${userId}:${saved!.id}`, [savedProduct!.id]]]);
    expect(kept[0]!.view).toMatchObject({ id: saved!.id, total_cost: '2112.00', products: [{ id: savedProduct!.id, estimation: saved!.id, unit_price: '1056.00', details: [{ amount: '1056.00' }] }] });
  });

  it('keeps a refused write with the server’s field messages', async () => {
    const category = await makeCategory(db(), { name: 'Sheets' });
    const { userId, env } = await session('stores');
    const body = { name: 'Acrylic sheet 3mm', category: category.id, unit: 'SHEET' as const };
    await addEntry(createMaterial, body, { userId });
    await addEntry(createMaterial, { ...body, name: 'acrylic sheet  3MM' }, { userId });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 1, rejected: 1, remaining: 1 });

    const [refused] = await outbox.entries.toArray();
    expect(refused).toMatchObject({ state: 'rejected', lastError: { status: 400 } });
    expect(refused!.lastError!.messages[0]).toMatch(/^name: /);
  });
});

/**
 * One registered operation driven end to end: the rows it needs are made in the database, the
 * payload is queued as a screen queues it, the replayer sends the request the operation builds to
 * the real API, and the server's rows show its effect.
 */
interface Contract<I> {
  operation: Operation<unknown, I>;
  /** Who makes the change (someone the server lets make it). */
  user: string;
  /** Makes the rows the change needs; the payload as the screen queues it. */
  prepare: (db: Db) => Promise<I>;
  /** Checks the server's rows after it was sent. */
  effect: (db: Db, payload: I) => Promise<void>;
}

const contract = <P, I>(operation: Operation<P, I>, rest: Omit<Contract<NoInfer<I>>, 'operation'>) => ({ operation: operation as Operation<unknown, I>, ...rest }) as Contract<unknown>;

const one = async <T>(rows: Promise<T[]>) => (await rows)[0];

/** A delivery note made through the API, as a production supervisor makes it. */
async function deliveryNote(db: Db, products: number) {
  const job = await makeJobOrder(db, { status: 'in-process' });
  const items = [];
  for (let i = 0; i < products; i++) items.push(await makeJobOrderItem(db, job.id, { product: `Display stand ${i + 1}`, quantity: '10' }));
  const production = await signedInAs(server.app, 'production');
  const res = await production.post(API.deliveryNotes.create, { job_order: job.id, delivery_location: 'Andheri warehouse', items: items.map((i) => ({ job_order_item: i.id, quantity: '6' })) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; items: { id: number; version: number }[] };
}

const CONTRACTS: Contract<unknown>[] = [
  contract(createMaterial, {
    user: 'stores',
    prepare: async (db) => ({ name: 'Acrylic sheet 3mm', category: (await makeCategory(db, { name: 'Sheets' })).id, unit: 'SHEET' as const }),
    effect: async (db) => expect(await db.select({ name: materials.name, unit: materials.unit, quantity: materials.quantity }).from(materials)).toEqual([{ name: 'Acrylic sheet 3mm', unit: 'SHEET', quantity: '0.000' }]),
  }),
  contract(updateMaterial, {
    user: 'stores',
    prepare: async (db) => {
      const material = await makeMaterial(db, (await makeCategory(db)).id, { name: 'Steel angle' });
      return { id: material.id, reorder_level: '12', expected_version: material.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ reorder_level: materials.reorder_level, version: materials.version }).from(materials).where(eq(materials.id, id)))).toEqual({ reorder_level: '12.000', version: 2 }),
  }),
  contract(createEstimation, {
    user: 'design',
    prepare: async (db) => ({ customer: (await makeCustomer(db)).id, title: 'Acrylic display for the new branch', requirement: 'Two counter displays, clear acrylic', estimation_date: '2026-11-20' }),
    effect: async (db) =>
      expect(await db.select({ title: estimations.title, requirement: estimations.requirement, status: estimations.status, total_cost: estimations.total_cost }).from(estimations)).toEqual([
        { title: 'Acrylic display for the new branch', requirement: 'Two counter displays, clear acrylic', status: 'draft', total_cost: '0.00' },
      ]),
  }),
  contract(saveProductCosting, {
    user: 'design',
    prepare: async (db) => {
      const estimation = await makeEstimation(db);
      const product = await makeEstimationProduct(db, estimation.id, { name: 'Counter display', quantity: '2', width: '600', height: '400' });
      const acrylic = await makeEstimationMaterial(db, (await makeEstimationCategory(db, 'acrylic')).id, { name: 'Clear acrylic 5mm', unit: 'SQMTR', rate: '2000' });
      // Two panels of the product's face (0.48 m²) and 10% wastage: 0.528 m² at ₹2,000.
      return { estimation: estimation.id, product: product.id, product_name: 'Counter display', details: [{ estimation_material: acrylic.id, pieces: '2', wastage_percent: '10' }] };
    },
    effect: async (db, { product }) => {
      expect(await db.select({ quantity: estimationProductDetails.quantity, amount: estimationProductDetails.amount, measured: estimationProductDetails.measured }).from(estimationProductDetails)).toEqual([
        { quantity: '0.528', amount: '1056.00', measured: true },
      ]);
      expect(await one(db.select({ unit_price: estimationProducts.unit_price }).from(estimationProducts).where(eq(estimationProducts.id, product)))).toEqual({ unit_price: '1056.00' });
      expect(await db.select({ total_cost: estimations.total_cost }).from(estimations)).toEqual([{ total_cost: '2112.00' }]);
    },
  }),
  contract(createEstimationProduct, {
    user: 'design',
    prepare: async (db) => ({ estimation: (await makeEstimation(db)).id, name: 'Counter display', description: 'Clear acrylic, two shelves', quantity: '2', width: '600', height: '400', overhead_percent: '10' }),
    effect: async (db, { estimation }) =>
      expect(await db.select({ estimation: estimationProducts.estimation, name: estimationProducts.name, quantity: estimationProducts.quantity, width: estimationProducts.width, depth: estimationProducts.depth, unit_price: estimationProducts.unit_price }).from(estimationProducts)).toEqual([
        { estimation, name: 'Counter display', quantity: '2.000', width: '600.000', depth: null, unit_price: '0.00' },
      ]),
  }),
  contract(createEstimationMaterial, {
    user: 'design',
    prepare: async (db) => ({ category: (await makeEstimationCategory(db, 'acrylic')).id, name: 'Clear acrylic 3mm', unit: 'SHEET' as const, rate: '2450', sheet_length: '2440', sheet_width: '1220' }),
    effect: async (db) =>
      expect(await db.select({ name: estimationMaterials.name, rate: estimationMaterials.rate, sheet_length: estimationMaterials.sheet_length, sheet_width: estimationMaterials.sheet_width }).from(estimationMaterials)).toEqual([
        { name: 'Clear acrylic 3mm', rate: '2450.00', sheet_length: '2440.000', sheet_width: '1220.000' },
      ]),
  }),
  contract(updateEstimationMaterial, {
    user: 'design',
    prepare: async (db) => {
      const material = await makeEstimationMaterial(db, (await makeEstimationCategory(db, 'MS')).id, { name: 'MS pipe', unit: 'KG', rate: '70' });
      return { id: material.id, rate: '72.5', kg_per_metre: '1.125', expected_version: material.version };
    },
    effect: async (db, { id }) =>
      expect(await one(db.select({ rate: estimationMaterials.rate, kg_per_metre: estimationMaterials.kg_per_metre, version: estimationMaterials.version }).from(estimationMaterials).where(eq(estimationMaterials.id, id)))).toEqual({ rate: '72.50', kg_per_metre: '1.125', version: 2 }),
  }),
  contract(createEstimationMaterialCategory, {
    user: 'design',
    prepare: async () => ({ name: 'Powder coating' }),
    effect: async (db) => expect(await db.select({ name: estimationMaterialCategories.name }).from(estimationMaterialCategories)).toEqual([{ name: 'Powder coating' }]),
  }),
  contract(renameEstimationMaterialCategory, {
    user: 'design',
    prepare: async (db) => {
      const category = await makeEstimationCategory(db, 'Hardwar');
      return { id: category.id, name: 'Hardware', expected_version: category.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ name: estimationMaterialCategories.name, version: estimationMaterialCategories.version }).from(estimationMaterialCategories).where(eq(estimationMaterialCategories.id, id)))).toEqual({ name: 'Hardware', version: 2 }),
  }),
  contract(createMaterialCategory, {
    user: 'stores',
    prepare: async () => ({ name: 'Glass' }),
    effect: async (db) => expect(await db.select({ name: materialCategories.name }).from(materialCategories)).toEqual([{ name: 'Glass' }]),
  }),
  contract(createMaterialSubcategory, {
    user: 'stores',
    prepare: async (db) => ({ name: 'Toughened', category: (await makeCategory(db, { name: 'Glass' })).id }),
    effect: async (db, { category }) => expect(await db.select({ name: materialSubcategories.name, category: materialSubcategories.category }).from(materialSubcategories)).toEqual([{ name: 'Toughened', category }]),
  }),
  contract(createCustomer, {
    user: 'sales.manager',
    prepare: async () => ({ name: 'Zen Displays', branches: [{ location: 'Pune' }] }),
    effect: async (db) => {
      const [customer] = await db.select().from(customers);
      expect(customer).toMatchObject({ name: 'Zen Displays' });
      expect(await db.select({ customer: customerBranches.customer, location: customerBranches.location }).from(customerBranches)).toEqual([{ customer: customer!.id, location: 'Pune' }]);
    },
  }),
  contract(editCustomer, {
    user: 'sales.manager',
    prepare: async (db) => {
      const customer = await makeCustomer(db, { name: 'Zen Displays' });
      return { id: customer.id, name: 'Zen Displays Pvt Ltd', expected_version: customer.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ name: customers.name }).from(customers).where(eq(customers.id, id)))).toEqual({ name: 'Zen Displays Pvt Ltd' }),
  }),
  contract(addBranch, {
    user: 'sales.manager',
    prepare: async (db) => ({ customer: (await makeCustomer(db)).id, location: 'Nashik' }),
    effect: async (db, { customer }) => expect(await db.select({ customer: customerBranches.customer, location: customerBranches.location }).from(customerBranches)).toEqual([{ customer, location: 'Nashik' }]),
  }),
  contract(editBranch, {
    user: 'sales.manager',
    prepare: async (db) => {
      const branch = await makeBranch(db, (await makeCustomer(db)).id, { location: 'Pune' });
      return { id: branch.id, location: 'Pune East', expected_version: branch.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ location: customerBranches.location }).from(customerBranches).where(eq(customerBranches.id, id)))).toEqual({ location: 'Pune East' }),
  }),
  contract(addLpoCode, {
    user: 'sales.manager',
    prepare: async (db) => ({ customer: (await makeCustomer(db, { enable_lpo_codes: true })).id, code: 'LULU-ACR-01', article: 'Acrylic tray' }),
    effect: async (db, { customer }) =>
      expect(await db.select({ customer: customerLpoCodes.customer, code: customerLpoCodes.code, article: customerLpoCodes.article }).from(customerLpoCodes)).toEqual([{ customer, code: 'LULU-ACR-01', article: 'Acrylic tray' }]),
  }),
  contract(editLpoCode, {
    user: 'sales.manager',
    prepare: async (db) => {
      const code = await makeLpoCode(db, (await makeCustomer(db, { enable_lpo_codes: true })).id, { code: 'LULU-ACR-01' });
      return { id: code.id, article: 'Acrylic tray, frosted', expected_version: code.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ article: customerLpoCodes.article }).from(customerLpoCodes).where(eq(customerLpoCodes.id, id)))).toEqual({ article: 'Acrylic tray, frosted' }),
  }),
  contract(createLead, {
    user: 'sales.exec',
    prepare: async (db) => ({ assign_to: await userId(db, 'sales.exec'), source: 'Linkedin' as const, requirement: 'Trays' as const, lead_type: 'Retail' as const, company: 'Orbit Retail', followup_date: '2026-12-01' }),
    effect: async (db, { assign_to }) =>
      expect(await db.select({ company: leads.company, assign_to: leads.assign_to, stage: leads.stage, followup_date: leads.followup_date }).from(leads)).toEqual([
        { company: 'Orbit Retail', assign_to, stage: 'new', followup_date: '2026-12-01' },
      ]),
  }),
  contract(updateLead, {
    user: 'sales.exec',
    prepare: async (db) => {
      const lead = await makeLead(db, await userId(db, 'sales.exec'), { stage: 'new' });
      return { id: lead.id, stage: 'negotiation' as const, status: 'hot' as const, followup_date: '2026-12-03', expected_version: lead.version };
    },
    effect: async (db, { id }) =>
      expect(await one(db.select({ stage: leads.stage, status: leads.status, followup_date: leads.followup_date, version: leads.version }).from(leads).where(eq(leads.id, id)))).toEqual({
        stage: 'negotiation',
        status: 'hot',
        followup_date: '2026-12-03',
        version: 2,
      }),
  }),
  contract(createQuotation, {
    user: 'sales.exec',
    prepare: async (db) => ({
      customer: (await makeCustomer(db)).id,
      sales_exec: await userId(db, 'sales.exec'),
      quotation_date: '2026-11-20',
      tax_rate: '18',
      items: [
        { code: 'ACR-10', description: 'Acrylic counter', quantity: '3.333', unit_price: '99.99', discount: '0.27' },
        { description: 'Brass nameplate', quantity: '2.5', unit_price: '1234.55' },
      ],
    }),
    effect: async (db) => {
      expect(await db.select({ subtotal: quotations.subtotal, discount_total: quotations.discount_total, tax_amount: quotations.tax_amount, total_amount: quotations.total_amount, status: quotations.status }).from(quotations)).toEqual([
        { subtotal: '3419.65', discount_total: '0.27', tax_amount: '615.49', total_amount: '4034.87', status: 'draft' },
      ]);
      expect(await db.select({ description: quotationItems.description, gross_price: quotationItems.gross_price }).from(quotationItems).orderBy(quotationItems.id)).toEqual([
        { description: 'Acrylic counter', gross_price: '333.00' },
        { description: 'Brass nameplate', gross_price: '3086.38' },
      ]);
    },
  }),
  contract(updateQuotation, {
    user: 'sales.exec',
    prepare: async (db) => {
      const quotation = await makeQuotation(db, { sales_exec: await userId(db, 'sales.exec'), status: 'sent', sent_at: '2026-11-18T10:00:00.000Z', items: [{ description: 'Acrylic counter', quantity: '2', unit_price: '500.00' }] });
      const [line] = quotation.items;
      return { id: quotation.id, expected_version: quotation.version, items: [{ id: line!.id, description: 'Acrylic counter', quantity: '2', unit_price: '550.00' }] };
    },
    effect: async (db, { id }) => {
      // A sent quotation's change is its next revision; the one it replaces is kept.
      expect(await one(db.select({ revision: quotations.revision, total_amount: quotations.total_amount }).from(quotations).where(eq(quotations.id, id)))).toEqual({ revision: 2, total_amount: '1298.00' });
      expect(await db.select({ revision: quotationVersions.revision }).from(quotationVersions).where(eq(quotationVersions.quotation, id))).toEqual([{ revision: 1 }]);
    },
  }),
  contract(deleteLead, {
    user: 'sales.exec',
    prepare: async (db) => {
      const lead = await makeLead(db, await userId(db, 'sales.exec'));
      return { id: lead.id, expected_version: lead.version };
    },
    effect: async (db, { id }) => expect((await one(db.select({ deleted_at: leads.deleted_at }).from(leads).where(eq(leads.id, id))))!.deleted_at).not.toBeNull(),
  }),
  contract(addLeadRemark, {
    user: 'sales.exec',
    prepare: async (db) => ({ lead: (await makeLead(db, await userId(db, 'sales.exec'))).id, remark: 'Asked for a quote on 40 trays' }),
    effect: async (db, { lead }) => expect(await db.select({ lead: leadRemarks.lead, remark: leadRemarks.remark }).from(leadRemarks)).toEqual([{ lead, remark: 'Asked for a quote on 40 trays' }]),
  }),
  contract(createVendor, {
    user: 'purchase',
    prepare: async () => ({ name: 'Sharma Metals' }),
    effect: async (db) => expect(await db.select({ name: vendors.name }).from(vendors)).toEqual([{ name: 'Sharma Metals' }]),
  }),
  contract(editVendor, {
    user: 'purchase',
    prepare: async (db) => {
      const vendor = await makeVendor(db, { name: 'Sharma Metals' });
      return { id: vendor.id, contact_person: 'Rajesh Sharma', expected_version: vendor.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ contact_person: vendors.contact_person }).from(vendors).where(eq(vendors.id, id)))).toEqual({ contact_person: 'Rajesh Sharma' }),
  }),
  contract(createRequisition, {
    user: 'foreman',
    prepare: async (db) => {
      const material = await makeMaterial(db, (await makeCategory(db)).id);
      return { job_order: (await makeJobOrder(db)).id, requisition_type: 'standard' as const, requisition_items: [{ material: material.id, quantity: '5' }] };
    },
    effect: async (db, { job_order }) => {
      expect(await db.select({ job_order: requisitions.job_order, requisition_type: requisitions.requisition_type }).from(requisitions)).toEqual([{ job_order, requisition_type: 'standard' }]);
      expect(await db.select({ quantity: requisitionDetails.quantity }).from(requisitionDetails)).toEqual([{ quantity: '5.000' }]);
    },
  }),
  contract(addRequisitionLine, {
    user: 'foreman',
    prepare: async (db) => {
      const category = (await makeCategory(db)).id;
      const requisition = await makeRequisition(db, { job_order: (await makeJobOrder(db)).id, lines: [{ material: (await makeMaterial(db, category)).id }] });
      return { requisition: requisition.id, material: (await makeMaterial(db, category)).id, quantity: '3' };
    },
    effect: async (db, { requisition, material }) =>
      expect(await db.select({ material: requisitionDetails.material, quantity: requisitionDetails.quantity }).from(requisitionDetails).where(eq(requisitionDetails.requisition, requisition))).toContainEqual({ material, quantity: '3.000' }),
  }),
  contract(changeRequisitionLine, {
    user: 'foreman',
    prepare: async (db) => {
      const requisition = await makeRequisition(db, { job_order: (await makeJobOrder(db)).id, lines: [{ material: (await makeMaterial(db, (await makeCategory(db)).id)).id, quantity: '10' }] });
      const [line] = requisition.lines;
      return { id: line!.id, quantity: '7', expected_version: line!.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ quantity: requisitionDetails.quantity }).from(requisitionDetails).where(eq(requisitionDetails.id, id)))).toEqual({ quantity: '7.000' }),
  }),
  contract(removeRequisitionLine, {
    user: 'foreman',
    prepare: async (db) => {
      const category = (await makeCategory(db)).id;
      const lines = [{ material: (await makeMaterial(db, category)).id }, { material: (await makeMaterial(db, category)).id }];
      const requisition = await makeRequisition(db, { job_order: (await makeJobOrder(db)).id, lines });
      return { id: requisition.lines[1]!.id, expected_version: requisition.lines[1]!.version };
    },
    effect: async (db, { id }) => expect((await one(db.select({ deleted_at: requisitionDetails.deleted_at }).from(requisitionDetails).where(eq(requisitionDetails.id, id))))!.deleted_at).not.toBeNull(),
  }),
  contract(recordStockTransaction, {
    user: 'stores',
    prepare: async (db) => {
      const material = await makeMaterial(db, (await makeCategory(db)).id);
      await receiveThroughGra(db, material.id, '50');
      const requisition = await makeRequisition(db, { job_order: (await makeJobOrder(db)).id, approved: true, lines: [{ material: material.id, quantity: '20' }] });
      return { material: material.id, transaction_type: 'issue' as const, quantity: '-8', transaction_date: businessToday(), requisition: requisition.id, requisition_detail: requisition.lines[0]!.id };
    },
    effect: async (db, { material, requisition_detail }) => {
      expect(await one(db.select({ quantity: materials.quantity }).from(materials).where(eq(materials.id, material)))).toEqual({ quantity: '42.000' });
      expect(await one(db.select({ quantity_issued: requisitionDetails.quantity_issued }).from(requisitionDetails).where(eq(requisitionDetails.id, requisition_detail!)))).toEqual({ quantity_issued: '8.000' });
      expect(await db.select({ quantity: stockTransactions.quantity }).from(stockTransactions).where(eq(stockTransactions.transaction_type, 'issue'))).toEqual([{ quantity: '-8.000' }]);
    },
  }),
  contract(createGra, {
    user: 'stores',
    prepare: async (db) => {
      const sheet = await makeMaterial(db, (await makeCategory(db)).id, { name: 'MS sheet 2mm' });
      const lpo = await makeLpo(db, (await makeVendor(db, { name: 'Mahalaxmi Steel Traders' })).id, { status: 'sent' });
      const line = await makeLpoItem(db, lpo.id, sheet.id, { quantity: '20', rate: '123.45' });
      return { lpo: lpo.id, gra_date: businessToday(), invoice_number: 'MST/0412', gra_items: [{ lpo_item: line.id, material: sheet.id, quantity_received: '8', quantity_accepted: '7.5' }] };
    },
    effect: async (db, { lpo, gra_items: [line] }) => {
      expect(await db.select({ lpo: gras.lpo, invoice_number: gras.invoice_number }).from(gras)).toEqual([{ lpo, invoice_number: 'MST/0412' }]);
      expect(await db.select({ lpo_item: graItems.lpo_item, quantity_accepted: graItems.quantity_accepted, rate: graItems.rate }).from(graItems)).toEqual([{ lpo_item: line!.lpo_item, quantity_accepted: '7.500', rate: '123.45' }]);
      expect(await one(db.select({ quantity: materials.quantity }).from(materials).where(eq(materials.id, line!.material!)))).toEqual({ quantity: '7.500' });
    },
  }),
  contract(requestStockAdjustment, {
    user: 'stores',
    prepare: async (db) => ({ material: (await makeMaterial(db, (await makeCategory(db)).id)).id, quantity: '5', reason: 'Found on the rack during the count' }),
    effect: async (db, { material }) =>
      expect(await db.select({ material: stockAdjustments.material, quantity: stockAdjustments.quantity, status: stockAdjustments.status }).from(stockAdjustments)).toEqual([{ material, quantity: '5.000', status: 'pending' }]),
  }),
  contract(createDeliveryNote, {
    user: 'production',
    prepare: async (db) => {
      const job = await makeJobOrder(db, { status: 'in-process' });
      const stands = await makeJobOrderItem(db, job.id, { product: 'Acrylic display stand', quantity: '10' });
      return { job_order: job.id, delivery_location: 'Andheri warehouse', items: [{ job_order_item: stands.id, quantity: '6' }] };
    },
    effect: async (db, { job_order }) => {
      expect(await db.select({ job_order: deliveryNotes.job_order, delivery_location: deliveryNotes.delivery_location, status: deliveryNotes.status }).from(deliveryNotes)).toEqual([{ job_order, delivery_location: 'Andheri warehouse', status: 'draft' }]);
      expect(await db.select({ quantity: deliveryNoteItems.quantity }).from(deliveryNoteItems)).toEqual([{ quantity: '6.000' }]);
    },
  }),
  contract(updateDeliveryNote, {
    user: 'production',
    prepare: async (db) => {
      const note = await deliveryNote(db, 1);
      return { id: note.id, delivery_location: 'Thane site', expected_version: note.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ delivery_location: deliveryNotes.delivery_location }).from(deliveryNotes).where(eq(deliveryNotes.id, id)))).toEqual({ delivery_location: 'Thane site' }),
  }),
  contract(changeDeliveryNoteQuantity, {
    user: 'production',
    prepare: async (db) => {
      const { items } = await deliveryNote(db, 1);
      return { id: items[0]!.id, quantity: '4', expected_version: items[0]!.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ quantity: deliveryNoteItems.quantity }).from(deliveryNoteItems).where(eq(deliveryNoteItems.id, id)))).toEqual({ quantity: '4.000' }),
  }),
  contract(removeDeliveryNoteItem, {
    user: 'production',
    prepare: async (db) => {
      const note = await deliveryNote(db, 2);
      return { id: note.items[1]!.id, delivery_note: note.id, expected_version: note.items[1]!.version };
    },
    effect: async (db, { id, delivery_note }) => {
      const live = await db.select({ id: deliveryNoteItems.id, deleted_at: deliveryNoteItems.deleted_at }).from(deliveryNoteItems).where(eq(deliveryNoteItems.delivery_note, delivery_note));
      expect(live.filter((item) => item.deleted_at === null).map((item) => item.id)).not.toContain(id);
    },
  }),
  contract(createJobOrder, {
    user: 'sales.manager',
    prepare: async (db) => ({
      customer: (await makeCustomer(db, { name: 'Zen Displays' })).id,
      sales_executive: await userId(db, 'sales.exec'),
      job_order_items: [{ product: 'Acrylic display stand', quantity: '10', unit_price: '250.00' }],
    }),
    effect: async (db, { customer }) => {
      expect(await db.select({ customer: jobOrders.customer, status: jobOrders.status, bucket: jobOrders.bucket }).from(jobOrders)).toEqual([{ customer, status: 'Created', bucket: 'Sales' }]);
      expect(await db.select({ product: jobOrderItems.product, amount: jobOrderItems.amount }).from(jobOrderItems)).toEqual([{ product: 'Acrylic display stand', amount: '2500.00' }]);
    },
  }),
  contract(changeJobOrderStatus, {
    user: 'production',
    prepare: async (db) => {
      const job = await makeJobOrder(db, { status: 'in-process' });
      return { id: job.id, status: 'handover-to-dispatch' as const, expected_version: job.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ status: jobOrders.status }).from(jobOrders).where(eq(jobOrders.id, id)))).toEqual({ status: 'handover-to-dispatch' }),
  }),
  contract(changeJobOrderBucket, {
    user: 'sales.manager',
    prepare: async (db) => {
      const job = await makeJobOrder(db, { status: 'in-process' });
      return { id: job.id, bucket: 'Design' as const, expected_version: job.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ bucket: jobOrders.bucket }).from(jobOrders).where(eq(jobOrders.id, id)))).toEqual({ bucket: 'Design' }),
  }),
  contract(updateJobOrder, {
    user: 'sales.manager',
    prepare: async (db) => {
      const job = await makeJobOrder(db, { status: 'in-process' });
      return { id: job.id, contact_person: 'Neha Kulkarni', expected_version: job.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ contact_person: jobOrders.contact_person }).from(jobOrders).where(eq(jobOrders.id, id)))).toEqual({ contact_person: 'Neha Kulkarni' }),
  }),
  contract(createJobOrderExpense, {
    user: 'foreman',
    prepare: async (db) => ({ job_order: (await makeJobOrder(db, { status: 'in-process' })).id, expense_category: 'transport' as const, expense_date: '2026-11-18', amount: '1500.50', description: 'Tempo to site' }),
    effect: async (db, { job_order }) =>
      expect(await db.select({ job_order: jobOrderExpenses.job_order, amount: jobOrderExpenses.amount, status: jobOrderExpenses.status }).from(jobOrderExpenses)).toEqual([{ job_order, amount: '1500.50', status: 'PENDING' }]),
  }),
  contract(updateJobOrderExpense, {
    user: 'foreman',
    prepare: async (db) => {
      const expense = await makeJobOrderExpense(db, (await makeJobOrder(db, { status: 'in-process' })).id, { amount: '1500.00' });
      return { id: expense.id, amount: '1750.00', expected_version: expense.version };
    },
    effect: async (db, { id }) => expect(await one(db.select({ amount: jobOrderExpenses.amount }).from(jobOrderExpenses).where(eq(jobOrderExpenses.id, id)))).toEqual({ amount: '1750.00' }),
  }),
  contract(deleteJobOrderExpense, {
    user: 'foreman',
    prepare: async (db) => {
      const expense = await makeJobOrderExpense(db, (await makeJobOrder(db, { status: 'in-process' })).id);
      return { id: expense.id, expected_version: expense.version };
    },
    effect: async (db, { id }) => expect((await one(db.select({ deleted_at: jobOrderExpenses.deleted_at }).from(jobOrderExpenses).where(eq(jobOrderExpenses.id, id))))!.deleted_at).not.toBeNull(),
  }),
  contract(createMessage, {
    user: 'foreman',
    prepare: async () => ({ conversation: departmentChannel('production'), subject: '', body: 'Laser cutter free after lunch' }),
    effect: async (db) =>
      expect(await db.select({ conversation: messages.conversation, body: messages.body }).from(messages).where(eq(messages.body, 'Laser cutter free after lunch'))).toEqual([
        { conversation: 'department-production', body: 'Laser cutter free after lunch' },
      ]),
  }),
];

describe('every registered outbox operation against the API', () => {
  it('has a contract for each operation the app registers, and none for an operation it does not', () => {
    expect(CONTRACTS.map((c) => c.operation.name).sort()).toEqual(registeredOperations().map((o) => o.name).sort());
  });

  it.each(CONTRACTS.map((c) => [c.operation.name, c] as const))('%s: the request the client builds is accepted and has its effect', async (_, { operation, user, prepare, effect }) => {
    const payload = await prepare(db());
    const { userId: author, env } = await session(user);
    const { entryId } = await addEntry(operation, payload, { userId: author });

    const result = await replayOutbox(env(injectFetch(server.app)));

    // Sent entries leave the queue: one still there shows what the server answered.
    expect((await outbox.entries.get(entryId))?.lastError ?? null).toBeNull();
    expect(result).toMatchObject({ sent: 1, rejected: 0, remaining: 0 });
    await effect(db(), payload);
  });
});
