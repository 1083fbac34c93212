import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { listPathOf, SCREEN_DATA, type DataType } from '../../domain/data-types';
import { PRELOAD_SETS } from '../../domain/preload';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { makeEstimationCategory, makeEstimationMaterial } from '../support/factories-estimation';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer, type TestClient } from '../support/server';

/**
 * Issue 21 §2: a design user signs in and syncs its preload set, and opens the job orders that
 * reached its desk with their products, without a 403; it still sees nothing more, and writes no job order.
 */
const server = useTestServer();

type Page = { count: number; next: string | null; results: { id: number; job_order?: number }[]; cursor?: string };
const idsOf = (page: Page) => page.results.map((r) => r.id).sort((a, b) => a - b);

/** The call the device's mirror makes for a type: a full load from updated_since=0, or a delta from a cursor. */
const mirrorLoad = (client: TestClient, type: DataType, since = '0') => client.get(`${listPathOf(type)}?updated_since=${since}&page_size=1000`);

const moveTo = async (client: TestClient, id: number, bucket: string) => {
  const res = await client.post(API.jobOrders.updateBucket(id), { new_bucket: bucket });
  expect(res.statusCode, res.body).toBe(200);
};

describe("the design user's data", () => {
  it('loads every data type of the design preload set and of the design job detail with 200', async () => {
    await makeCustomer(server.db());
    const category = await makeEstimationCategory(server.db(), 'MS');
    await makeEstimationMaterial(server.db(), category.id, { name: 'MS square pipe 25x25', unit: 'FT', rate: '48.50' });
    const design = await server.as('design');
    const types = new Set<DataType>([...Object.values(PRELOAD_SETS.design).flat(), ...SCREEN_DATA['design-job-detail']!]);
    expect([...types].sort()).toEqual(['customerBranches', 'customers', 'estimationMaterialCategories', 'estimationMaterials', 'estimations', 'jobOrderItems', 'jobOrders', 'materialCategories', 'materials', 'messages']);
    for (const type of types) {
      const res = await mirrorLoad(design, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    }
    expect((await mirrorLoad(design, 'estimationMaterials')).json().count).toBe(1);
    expect((await mirrorLoad(design, 'customers')).json().count).toBe(1);
  });

  it('receives only the job orders that reached design, with their products', async () => {
    const sales = await server.as('sales.manager');
    const atDesign = await makeJobOrder(server.db(), { status: 'Created' });
    const inSales = await makeJobOrder(server.db(), { status: 'Created' });
    const designed = await makeJobOrderItem(server.db(), atDesign.id, { product: 'Mirror frame' });
    await makeJobOrderItem(server.db(), inSales.id, { product: 'Acrylic tray' });
    const design = await server.as('design');
    const before = (await mirrorLoad(design, 'jobOrderItems')).json() as Page;
    expect(before.results).toEqual([]);

    await moveTo(sales, atDesign.id, 'Design');

    expect(idsOf((await mirrorLoad(design, 'jobOrders')).json())).toEqual([atDesign.id]);
    // The device's next delta brings the products written before the job order reached design.
    const delta = (await mirrorLoad(design, 'jobOrderItems', before.cursor)).json() as Page;
    expect(delta.results.map((r) => [r.id, r.job_order])).toEqual([[designed.id, atDesign.id]]);
    expect(idsOf((await mirrorLoad(design, 'jobOrderItems')).json())).toEqual([designed.id]);
    expect((await design.get(`${listPathOf('jobOrderItems')}?job_order=${inSales.id}`)).json().count).toBe(0);
    expect((await design.get(API.jobOrders.detail(atDesign.id))).json().items.map((i: { product: string }) => i.product)).toEqual(['Mirror frame']);
    expect((await design.get(API.jobOrders.detail(inSales.id))).statusCode).toBe(404);
  });

  it('leaves the products of every job order to the other readers', async () => {
    const first = await makeJobOrder(server.db());
    const second = await makeJobOrder(server.db());
    const items = [await makeJobOrderItem(server.db(), first.id), await makeJobOrderItem(server.db(), second.id)].map((i) => i.id);
    for (const username of ['production', 'accounts', 'purchase']) {
      expect(idsOf((await mirrorLoad(await server.as(username), 'jobOrderItems')).json()), username).toEqual(items);
    }
  });

  it('may move a job order on from its desk, but neither raise nor change nor cancel one', async () => {
    const sales = await server.as('sales.manager');
    const jobOrder = await makeJobOrder(server.db(), { status: 'Created' });
    await moveTo(sales, jobOrder.id, 'Design');
    const design = await server.as('design');
    const customer = await makeCustomer(server.db());
    const refused = [
      await design.post(API.jobOrders.create, { customer: customer.id, job_order_items: [{ product: 'Stand', quantity: '1', unit_price: '10' }] }),
      await design.patch(API.jobOrders.updateMain(jobOrder.id), { contact_person: 'Someone' }),
      await design.post(API.jobOrders.updateStatus(jobOrder.id), { new_status: 'in-process' }),
      await design.put(API.jobOrders.cancel(jobOrder.id), { cancellation_remarks: 'No' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    await moveTo(design, jobOrder.id, 'Production');
  });
});
