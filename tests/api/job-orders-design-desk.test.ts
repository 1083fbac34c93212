import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { makeJobOrder } from '../support/factories-requisitions';
import { useTestServer, type TestClient } from '../support/server';

/**
 * Issue 17 §1: design reads the job orders it designs for, those that reached its desk (in the
 * Design bucket now, or moved into it before), in every list, the mirror's delta and the detail.
 */
const server = useTestServer();

const moveTo = async (client: TestClient, id: number, bucket: string) => {
  const res = await client.post(API.jobOrders.updateBucket(id), { new_bucket: bucket });
  expect(res.statusCode, res.body).toBe(200);
};
const idsOf = (res: { json(): unknown }) => (res.json() as { results: { id: number }[] }).results.map((r) => r.id).sort((a, b) => a - b);

/** Four job orders: at design's desk now, passed on from it, never sent to it, and sent past it. */
async function jobOrdersOnTheirWay() {
  const sales = await server.as('sales.manager');
  // One after another, so their ids come in this order (the lists' ids are compared sorted).
  const made = [];
  for (let i = 0; i < 4; i++) made.push(await makeJobOrder(server.db(), { status: 'Created' }));
  const [atDesign, passedOn, inSales, skipped] = made;
  await moveTo(sales, atDesign!.id, 'Design');
  await moveTo(sales, passedOn!.id, 'Design');
  await moveTo(sales, passedOn!.id, 'Production');
  await moveTo(sales, skipped!.id, 'Production');
  return { atDesign: atDesign!.id, passedOn: passedOn!.id, inSales: inSales!.id, skipped: skipped!.id };
}

describe("design's job orders", () => {
  it('lists to design only the job orders that reached its desk, in the screens’ lists and the mirror’s', async () => {
    const { atDesign, passedOn } = await jobOrdersOnTheirWay();
    const design = await server.as('design');

    expect(idsOf(await design.get(API.jobOrders.live))).toEqual([atDesign, passedOn]);
    expect(idsOf(await design.get(API.jobOrders.list))).toEqual([atDesign, passedOn]);
    expect(idsOf(await design.get(`${API.jobOrders.list}?updated_since=0`))).toEqual([atDesign, passedOn]);
  });

  it('opens to design the detail of a job order it designed for, and answers 404 for the others', async () => {
    const { atDesign, passedOn, inSales, skipped } = await jobOrdersOnTheirWay();
    const design = await server.as('design');

    expect((await design.get(API.jobOrders.detail(atDesign))).statusCode).toBe(200);
    expect((await design.get(API.jobOrders.detail(passedOn))).statusCode).toBe(200);
    expect((await design.get(API.jobOrders.detail(inSales))).statusCode).toBe(404);
    expect((await design.get(API.jobOrders.detail(skipped))).statusCode).toBe(404);
  });

  it('leaves every other reader all the job orders', async () => {
    const all = Object.values(await jobOrdersOnTheirWay()).sort((a, b) => a - b);
    for (const username of ['sales.exec', 'production', 'stores']) {
      expect(idsOf(await (await server.as(username)).get(API.jobOrders.live)), username).toEqual(all);
    }
  });
});
