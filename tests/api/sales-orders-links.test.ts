import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { jobOrderItems, jobOrders } from '../../server/db/schema';
import { userId } from '../support/factories';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { makeBranch, makeCustomer, makeOrderReceipt, makeQuotation, makeSalesOrder } from '../support/factories-sales';
import { pdfPages } from '../support/pdf-text';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();
const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

async function acceptedOrder() {
  const customer = await makeCustomer(db(), { name: 'Reliance Trends' });
  const branch = await makeBranch(db(), customer.id, { location: 'Kothrud' });
  const quotation = await makeQuotation(db(), { status: 'accepted', tax_rate: '0', customer: customer.id, branch: branch.id, sales_exec: await userId(db(), 'sales.senior') });
  const order = await makeSalesOrder(db(), {
    customer: customer.id,
    branch: branch.id,
    quotation: quotation.id,
    created_by: await userId(db(), 'sales.exec'),
    status: 'accepted',
    order_date: '2026-02-10',
    customer_po_number: 'RT/PO/55',
    advance_amount: '1500',
    items: [
      { description: 'Gondola shelf\nPowder coated, grey', quantity: '4', unit_price: '2100.00' },
      { description: 'Counter top', quantity: '1.5', unit_price: '999.99' },
    ],
  });
  return { customer, branch, quotation, order };
}

describe('job orders from a sales order', () => {
  it('job-order-draft/ answers what the job order form prefills, and a job order made from it links back to the order and its items', async () => {
    const { customer, branch, quotation, order } = await acceptedOrder();
    const sales = await as('sales.exec');
    const draft = (await sales.get(API.salesOrders.jobOrderDraft(order.id))).json();
    expect(draft).toEqual({
      customer: customer.id,
      branch: branch.id,
      // The quotation's sales executive
      sales_executive: await userId(db(), 'sales.senior'),
      purchase_order: 'RT/PO/55',
      purchase_order_date: '2026-02-10',
      quotation: quotation.id,
      sales_order: order.id,
      advance_amount: '1500.00',
      job_order_items: [
        { product: 'Gondola shelf', description: 'Gondola shelf\nPowder coated, grey', quantity: '4.000', unit_price: '2100.00', sales_order_item: order.items[0]!.id },
        { product: 'Counter top', description: 'Counter top', quantity: '1.500', unit_price: '999.99', sales_order_item: order.items[1]!.id },
      ],
    });

    const created = await sales.post(API.jobOrders.create, draft);
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await db().select().from(jobOrders).where(eq(jobOrders.id, created.json().id));
    expect(row!.sales_order).toBe(order.id);
    const items = await db().select().from(jobOrderItems).where(eq(jobOrderItems.job_order, row!.id));
    expect(items.map((i) => i.sales_order_item).sort()).toEqual(order.items.map((i) => i.id).sort());
    // 4 × 2100.00 + 1.5 × 999.99 = 8400.00 + 1499.985 → 1499.99 = 9899.99
    expect(row!.total_value).toBe('9899.99');

    const other = await makeJobOrder(db(), { customer: customer.id });
    await makeJobOrderItem(db(), other.id);
    expect(ids((await sales.get(API.salesOrders.jobOrders(order.id))).json())).toEqual([row!.id]);
    expect(ids((await sales.get(API.salesOrderItems.jobOrders(order.items[0]!.id))).json())).toEqual([row!.id]);
    expect((await sales.get(API.salesOrders.jobOrders(order.id))).json().results[0]).toMatchObject({ customer_name: 'Reliance Trends', sales_order: order.id });
  });

  it("the job order create body refuses a sales order or sales order item that does not exist, naming the field", async () => {
    const { order } = await acceptedOrder();
    const sales = await as('sales.exec');
    const draft = (await sales.get(API.salesOrders.jobOrderDraft(order.id))).json();
    const badOrder = await sales.post(API.jobOrders.create, { ...draft, sales_order: 999999 });
    expect(badOrder.json()).toEqual({ sales_order: ['Invalid pk "999999" - object does not exist.'] });
    const badItem = await sales.post(API.jobOrders.create, { ...draft, job_order_items: [{ ...draft.job_order_items[0], sales_order_item: 999999 }] });
    expect(badItem.statusCode).toBe(400);
    expect(Object.keys(badItem.json())).toEqual(['job_order_items.0.sales_order_item']);
  });

  it('names the creator as sales executive when the order has no quotation; 404 for an unknown order or item', async () => {
    const order = await makeSalesOrder(db(), { created_by: await userId(db(), 'sales.exec') });
    const accounts = await as('accounts');
    expect((await (await as('sales.manager')).get(API.salesOrders.jobOrderDraft(order.id))).json()).toMatchObject({ sales_executive: await userId(db(), 'sales.exec'), quotation: null, job_order_items: [] });
    expect((await accounts.get(API.salesOrders.jobOrderDraft(999999))).statusCode).toBe(404);
    expect((await accounts.get(API.salesOrders.jobOrders(999999))).statusCode).toBe(404);
    expect((await accounts.get(API.salesOrderItems.jobOrders(999999))).statusCode).toBe(404);
    expect((await accounts.get(API.salesOrders.receipts(999999))).statusCode).toBe(404);
  });
});

describe('GET sales-orders/{id}/receipts/', () => {
  it("lists the order's live receipts, latest first", async () => {
    const { customer, order } = await acceptedOrder();
    const other = await makeSalesOrder(db(), { customer: customer.id });
    const early = await makeOrderReceipt(db(), { customer: customer.id, sales_order: order.id, amount: '1000.00', receipt_date: '2026-02-11' });
    const late = await makeOrderReceipt(db(), { customer: customer.id, sales_order: order.id, amount: '500.50', receipt_date: '2026-02-20' });
    await makeOrderReceipt(db(), { customer: customer.id, sales_order: order.id, amount: '9.00', deleted: true });
    await makeOrderReceipt(db(), { customer: customer.id, sales_order: other.id, amount: '1.00' });
    await makeOrderReceipt(db(), { customer: customer.id, sales_order: null, amount: '2.00' });
    const page = (await (await as('accounts')).get(API.salesOrders.receipts(order.id))).json();
    expect(page.results.map((r: { id: number; amount: string }) => [r.id, r.amount])).toEqual([
      [late.id, '500.50'],
      [early.id, '1000.00'],
    ]);
  });
});

describe('GET sales-orders/{id}/pdf/', () => {
  it('prints the sales order document with its lines and value', async () => {
    const { order } = await acceptedOrder();
    const res = await (await as('accounts')).get(API.salesOrders.pdf(order.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Sales-Order-${order.id}.pdf"`);
    const text = (await pdfPages(res.rawPayload)).join('\n');
    for (const expected of ['Sales Order', 'Reliance Trends', 'RT/PO/55', 'Gondola shelf', 'Counter top', '8,400.00', '1,499.99', '9,899.99']) expect(text).toContain(expected);
    expect((await (await as('accounts')).get(API.salesOrders.pdf(999999))).statusCode).toBe(404);
  });
});
