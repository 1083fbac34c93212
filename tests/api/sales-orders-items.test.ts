import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, salesOrders } from '../../server/db/schema';
import { userId } from '../support/factories';
import { makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

const totalOf = async (id: number) => (await db().select({ total: salesOrders.total_order_value }).from(salesOrders).where(eq(salesOrders.id, id)))[0]!.total;
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

describe('sales-order-items/', () => {
  it('adding, changing and removing an item settles the order value exactly', async () => {
    const order = await makeSalesOrder(db(), { created_by: await userId(db(), 'sales.exec'), items: [{ description: 'Tray', quantity: '4', unit_price: '212.35' }] });
    expect(order.total_order_value).toBe('849.40');
    const sales = await as('sales.exec');

    const added = await sales.post(API.salesOrderItems.list, { sales_order: order.id, description: 'Glass shelf', quantity: '1.333', unit_price: '0.10' });
    expect(added.statusCode, added.body).toBe(201);
    // 1.333 × 0.10 = 0.1333 → 0.13; 849.40 + 0.13 = 849.53
    expect(added.json()).toMatchObject({ sales_order: order.id, amount: '0.13', quantity: '1.333', unit_price: '0.10' });
    expect(await totalOf(order.id)).toBe('849.53');

    const changed = await sales.patch(API.salesOrderItems.detail(added.json().id), { quantity: '3', unit_price: '0.1' });
    expect(changed.json()).toMatchObject({ amount: '0.30', unit_price: '0.10' });
    // 849.40 + 0.30
    expect(await totalOf(order.id)).toBe('849.70');

    const priced = await sales.patch(API.salesOrderItems.detail(order.items[0]!.id), { unit_price: '0.07' });
    expect(priced.json().amount).toBe('0.28');
    // 4 × 0.07 = 0.28; 0.28 + 0.30
    expect(await totalOf(order.id)).toBe('0.58');

    const removed = await sales.delete(API.salesOrderItems.detail(added.json().id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().deleted_at).not.toBeNull();
    expect(await totalOf(order.id)).toBe('0.28');
    expect((await sales.get(API.salesOrderItems.detail(added.json().id))).statusCode).toBe(404);

    expect((await auditOf('sales_order_item.create')).map((a) => a.target)).toEqual([`sales_order_items:${added.json().id}`]);
    expect(await auditOf('sales_order_item.update')).toHaveLength(2);
    expect(await auditOf('sales_order_item.delete')).toMatchObject([{ risk_level: 'medium' }]);
  });

  it('settles the value right when items are added at the same time', async () => {
    const order = await makeSalesOrder(db());
    const manager = await as('sales.manager');
    const prices = ['0.01', '0.02', '0.03', '0.04', '0.05', '10.10'];
    const answers = await Promise.all(prices.map((unit_price) => manager.post(API.salesOrderItems.list, { sales_order: order.id, description: `Line ${unit_price}`, quantity: '1', unit_price })));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    // 0.01 + 0.02 + 0.03 + 0.04 + 0.05 + 10.10
    expect(await totalOf(order.id)).toBe('10.25');
  });

  it("lists an order's live items through ?sales_order=", async () => {
    const a = await makeSalesOrder(db(), { items: [{ quantity: '1', unit_price: '1' }, { quantity: '2', unit_price: '2' }] });
    await makeSalesOrder(db(), { items: [{ quantity: '3', unit_price: '3' }] });
    const accounts = await as('accounts');
    const page = (await accounts.get(`${API.salesOrderItems.list}?sales_order=${a.id}`)).json();
    expect(page.count).toBe(2);
    expect(page.results.map((i: { amount: string }) => i.amount)).toEqual(['1.00', '4.00']);
    expect(page.results[0].txid).toBeUndefined();
    expect((await accounts.get(`${API.salesOrderItems.list}?sales_order=x`)).json()).toHaveProperty('sales_order');
  });

  it('refuses the items of a completed or cancelled order with a message', async () => {
    const manager = await as('sales.manager');
    for (const status of ['completed', 'cancelled'] as const) {
      const order = await makeSalesOrder(db(), { status, items: [{ quantity: '1', unit_price: '5' }] });
      const message = { non_field_errors: [`The items of a ${status} order cannot be changed.`] };
      expect((await manager.post(API.salesOrderItems.list, { sales_order: order.id, description: 'x', quantity: '1', unit_price: '1' })).json()).toEqual(message);
      expect((await manager.patch(API.salesOrderItems.detail(order.items[0]!.id), { quantity: '2' })).json()).toEqual(message);
      expect((await manager.delete(API.salesOrderItems.detail(order.items[0]!.id))).json()).toEqual(message);
      expect(await totalOf(order.id)).toBe('5.00');
    }
  });

  it('lets a sales executive change items only on orders they created', async () => {
    const theirs = await makeSalesOrder(db(), { created_by: await userId(db(), 'sales.senior'), items: [{ quantity: '1', unit_price: '5' }] });
    const exec = await as('sales.exec');
    const refusal = { detail: 'A sales executive changes only the sales orders they created.' };
    expect((await exec.post(API.salesOrderItems.list, { sales_order: theirs.id, description: 'x', quantity: '1', unit_price: '1' })).json()).toEqual(refusal);
    expect((await exec.patch(API.salesOrderItems.detail(theirs.items[0]!.id), { quantity: '2' })).json()).toEqual(refusal);
    expect((await exec.delete(API.salesOrderItems.detail(theirs.items[0]!.id))).json()).toEqual(refusal);
    expect((await (await as('sales.senior')).patch(API.salesOrderItems.detail(theirs.items[0]!.id), { quantity: '2' })).statusCode).toBe(200);
  });

  it('names the field of each bad input', async () => {
    const order = await makeSalesOrder(db(), { items: [{ quantity: '1', unit_price: '5' }] });
    const other = await makeSalesOrder(db());
    const manager = await as('sales.manager');
    const good = { sales_order: order.id, description: 'Stand', quantity: '1', unit_price: '1' };
    for (const [change, field, message] of [
      [{ sales_order: undefined }, 'sales_order', 'This field is required.'],
      [{ sales_order: 999999 }, 'sales_order', 'Invalid pk "999999" - object does not exist.'],
      [{ description: '' }, 'description'],
      [{ quantity: '-1' }, 'quantity'],
      [{ quantity: '1.2345' }, 'quantity'],
      [{ unit_price: '-0.01' }, 'unit_price'],
      [{ unit_price: 'ten' }, 'unit_price'],
    ] as const) {
      const res = await manager.post(API.salesOrderItems.list, { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
      if (message) expect(res.json()[field]).toEqual([message]);
    }
    const item = order.items[0]!.id;
    expect((await manager.patch(API.salesOrderItems.detail(item), { quantity: '0' })).json()).toHaveProperty('quantity');
    expect((await manager.patch(API.salesOrderItems.detail(item), { sales_order: other.id })).json()).toEqual({ sales_order: ['An item cannot move to another sales order.'] });
    expect((await manager.patch(API.salesOrderItems.detail(999999), { quantity: '2' })).statusCode).toBe(404);
    expect((await manager.delete(API.salesOrderItems.detail(999999))).statusCode).toBe(404);
    expect((await manager.patch(API.salesOrderItems.detail(item), { quantity: '2' }, { 'if-match': '"99"' })).statusCode).toBe(409);
    expect(await totalOf(order.id)).toBe('5.00');
  });
});
