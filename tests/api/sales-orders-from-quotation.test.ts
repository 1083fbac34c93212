import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, quotations, salesOrders } from '../../server/db/schema';
import { userId } from '../support/factories';
import { makeBranch, makeCustomer, makeQuotation, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();
const URL = API.salesOrders.createFromQuotation;
const body = (quotation: number, extra: Record<string, unknown> = {}) => ({ quotation, order_date: '2026-02-03', customer_po_number: 'PO-881', expected_delivery_date: '2026-03-01', ...extra });

async function acceptedQuotation(extra: Partial<Parameters<typeof makeQuotation>[1]> = {}) {
  const customer = await makeCustomer(db(), { name: 'Croma' });
  const branch = await makeBranch(db(), customer.id, { location: 'Andheri' });
  return makeQuotation(db(), {
    customer: customer.id,
    branch: branch.id,
    sales_exec: await userId(db(), 'sales.senior'),
    status: 'accepted',
    tax_rate: '18',
    items: [
      // 10 × 450.00 − 500.00 = 4000.00 → 400.00 a piece
      { description: 'Acrylic tray A4', quantity: '10', unit_price: '450', discount: '500' },
      // 2 × 1999.99, no discount = 3999.98
      { description: 'Mirror 3 ft', quantity: '2', unit_price: '1999.99' },
      { description: 'Dropped line', quantity: '5', unit_price: '10', deleted: true },
      // 3 × 100.00 − 10.00 = 290.00 → 96.666… a piece, carried as 96.67 (3 × 96.67 = 290.01)
      { description: 'Rod 1 m', quantity: '3', unit_price: '100', discount: '10' },
    ],
    ...extra,
  });
}

describe('POST sales-orders/create-from-quotation/', () => {
  it("copies an accepted quotation's customer, branch and live lines net of discount, links it, and changes nothing on it", async () => {
    const quotation = await acceptedQuotation();
    const sales = await as('sales.exec');
    const res = await sales.post(URL, body(quotation.id, { advance_pending: true, advance_amount: '1000' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: 'draft',
      customer: quotation.customer,
      branch: quotation.branch,
      quotation: quotation.id,
      customer_po_number: 'PO-881',
      order_date: '2026-02-03',
      expected_delivery_date: '2026-03-01',
      advance_pending: true,
      advance_amount: '1000.00',
      created_by: await userId(db(), 'sales.exec'),
      // 4000.00 + 3999.98 + 290.01, before tax (GST is the invoice's)
      total_order_value: '8289.99',
    });
    expect(order.items.map((i: { description: string; quantity: string; unit_price: string; amount: string }) => [i.description, i.quantity, i.unit_price, i.amount])).toEqual([
      ['Acrylic tray A4', '10.000', '400.00', '4000.00'],
      ['Mirror 3 ft', '2.000', '1999.99', '3999.98'],
      ['Rod 1 m', '3.000', '96.67', '290.01'],
    ]);
    expect(order.status_history).toMatchObject([{ from_status: null, to_status: 'draft' }]);
    const [after] = await db().select().from(quotations).where(eq(quotations.id, quotation.id));
    expect({ status: after!.status, version: after!.version, deleted_at: after!.deleted_at }).toEqual({ status: 'accepted', version: quotation.version, deleted_at: null });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'sales_order.create_from_quotation'))).toMatchObject([{ target: `sales_orders:${order.id}`, metadata: { quotation: quotation.id } }]);
  });

  it('refuses a draft, sent, rejected or cancelled quotation, saying why, and makes nothing', async () => {
    const salesExec = await userId(db(), 'sales.exec');
    const cases = [
      [{ status: 'draft' }, 'A draft quotation cannot become a sales order: send it and record that the customer accepted it first.'],
      [{ status: 'sent' }, 'The customer has not accepted this quotation yet: record its acceptance first.'],
      [{ status: 'rejected' }, 'A rejected quotation cannot become a sales order.'],
      [{ status: 'accepted', cancelled: true }, 'A cancelled quotation cannot become a sales order.'],
    ] as const;
    const manager = await as('sales.manager');
    for (const [state, message] of cases) {
      const quotation = await makeQuotation(db(), { tax_rate: '0', sales_exec: salesExec, ...state });
      const res = await manager.post(URL, body(quotation.id));
      expect(res.statusCode, JSON.stringify(state)).toBe(400);
      expect(res.json()).toEqual({ quotation: [message] });
    }
    expect(await db().select().from(salesOrders)).toHaveLength(0);
  });

  it('makes one live order per quotation: a second is refused until the first is cancelled', async () => {
    const quotation = await acceptedQuotation();
    const manager = await as('sales.manager');
    const first = (await manager.post(URL, body(quotation.id))).json();
    const again = await manager.post(URL, body(quotation.id));
    expect(again.json()).toEqual({ quotation: [`This quotation already has sales order ${first.id}.`] });
    expect((await manager.delete(API.salesOrders.detail(first.id))).statusCode).toBe(200);
    expect((await manager.post(URL, body(quotation.id))).statusCode).toBe(201);
  });

  it('makes one order when the same quotation is sent twice at once', async () => {
    const quotation = await acceptedQuotation();
    const [a, b] = await Promise.all([(await as('sales.manager')).post(URL, body(quotation.id)), (await as('sales.exec')).post(URL, body(quotation.id))]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 400]);
    expect(await db().select().from(salesOrders).where(eq(salesOrders.quotation, quotation.id))).toHaveLength(1);
  });

  it('refuses a quotation without live lines', async () => {
    const quotation = await makeQuotation(db(), { status: 'accepted', tax_rate: '0', sales_exec: await userId(db(), 'sales.exec'), items: [{ quantity: '1', unit_price: '5', deleted: true }] });
    expect((await (await as('sales.manager')).post(URL, body(quotation.id))).json()).toEqual({ quotation: ['This quotation has no items to order.'] });
  });

  it('names the field of each bad input', async () => {
    const quotation = await acceptedQuotation();
    const manager = await as('sales.manager');
    for (const [payload, field, message] of [
      [{ order_date: '2026-02-03' }, 'quotation', 'This field is required.'],
      [body(999999), 'quotation', 'Invalid pk "999999" - object does not exist.'],
      [body(quotation.id, { quotation: 'abc' }), 'quotation'],
      [body(quotation.id, { order_date: undefined }), 'order_date'],
      [body(quotation.id, { order_date: '2026-02-30' }), 'order_date'],
      [body(quotation.id, { expected_delivery_date: '2026-02-01' }), 'expected_delivery_date', 'Expected delivery date cannot be before the order date.'],
      [body(quotation.id, { advance_amount: '-5' }), 'advance_amount'],
      [body(quotation.id, { customer_po_number: 'x'.repeat(101) }), 'customer_po_number'],
    ] as const) {
      const res = await manager.post(URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
      if (message) expect(res.json()[field]).toEqual([message]);
    }
    expect(await db().select().from(salesOrders)).toHaveLength(0);
  });

  it('leaves orders made by hand from an earlier quotation alone when counting its orders', async () => {
    const quotation = await acceptedQuotation();
    await makeSalesOrder(db(), { customer: quotation.customer, quotation: quotation.id, status: 'cancelled' });
    expect((await (await as('sales.manager')).post(URL, body(quotation.id))).statusCode).toBe(201);
  });
});
