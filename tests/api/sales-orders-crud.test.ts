import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, salesOrders, salesOrderStatusHistory } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { makeBranch, makeCustomer, makeQuotation, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

async function newOrderBody(overrides: Record<string, unknown> = {}) {
  const customer = await makeCustomer(db(), { name: 'Lenskart Retail' });
  return {
    customer: customer.id,
    customer_po_number: 'PO/2026/118',
    order_date: '2026-02-01',
    expected_delivery_date: '2026-02-20',
    advance_pending: true,
    advance_amount: '5000.00',
    remarks: 'Deliver to the Pune store',
    items: [
      { description: 'Acrylic display stand', quantity: '3', unit_price: '1250.50' },
      { description: 'Mirror 2x3 ft', quantity: '2.5', unit_price: '99.99' },
    ],
    ...overrides,
  };
}

describe('POST sales-orders/', () => {
  it('makes a draft order with its lines, the value summed exactly, a first history entry and an audit entry', async () => {
    const sales = await as('sales.exec');
    const res = await sales.post(API.salesOrders.list, await newOrderBody());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // 3 × 1250.50 = 3751.50; 2.5 × 99.99 = 249.975 → 249.98; 3751.50 + 249.98 = 4001.48
    expect(order).toMatchObject({ status: 'draft', total_order_value: '4001.48', customer_po_number: 'PO/2026/118', customer_name: 'Lenskart Retail', created_by_name: 'Ravi Kumar', advance_pending: true });
    expect(order.items.map((i: { amount: string }) => i.amount)).toEqual(['3751.50', '249.98']);
    expect(order.status_history).toMatchObject([{ from_status: null, to_status: 'draft', changed_by: await userId(db(), 'sales.exec') }]);
    expect(order.created_by).toBe(await userId(db(), 'sales.exec'));
    expect(res.headers.etag).toBe(`"${order.version}"`);
    expect(await auditOf('sales_order.create')).toMatchObject([{ target: `sales_orders:${order.id}`, username: 'sales.exec' }]);
  });

  it('names the field of each bad input', async () => {
    const sales = await as('sales.manager');
    const body = await newOrderBody();
    const branchOfOther = await makeBranch(db(), (await makeCustomer(db())).id);
    const quotation = await makeQuotation(db(), { status: 'accepted', tax_rate: '0', sales_exec: await userId(db(), 'sales.exec') });
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ customer: undefined }, 'customer', 'This field is required.'],
      [{ customer: 'x' }, 'customer'],
      [{ customer: 999999 }, 'customer', 'Invalid pk "999999" - object does not exist.'],
      [{ branch: 999999 }, 'branch', 'Invalid pk "999999" - object does not exist.'],
      [{ branch: branchOfOther.id }, 'branch', 'This branch belongs to another customer.'],
      [{ quotation: quotation.id }, 'quotation', "This quotation is another customer's."],
      [{ order_date: '01-02-2026' }, 'order_date'],
      [{ expected_delivery_date: '2026-01-31' }, 'expected_delivery_date', 'Expected delivery date cannot be before the order date.'],
      [{ advance_amount: '-1' }, 'advance_amount'],
      [{ advance_amount: '1.234' }, 'advance_amount'],
      [{ advance_pending: 'yes' }, 'advance_pending'],
      [{ items: [{ description: '', quantity: '1', unit_price: '1' }] }, 'items.0.description'],
      [{ items: [{ description: 'x', quantity: '0', unit_price: '1' }] }, 'items.0.quantity'],
      [{ items: [{ description: 'x', quantity: '1', unit_price: 'abc' }] }, 'items.0.unit_price'],
    ];
    for (const [change, field, message] of cases) {
      const res = await sales.post(API.salesOrders.list, { ...body, ...change });
      expect(res.statusCode, `${field} ${JSON.stringify(change)}`).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(change)).toContain(field);
      if (message) expect(res.json()[field]).toEqual([message]);
    }
    expect(await db().select().from(salesOrders)).toHaveLength(0);
  });

  it('starts every order as draft, whatever status the body names (status changes go through update-status/)', async () => {
    const res = await (await as('sales.manager')).post(API.salesOrders.list, await newOrderBody({ status: 'accepted', items: [] }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', total_order_value: '0.00', items: [] });
  });
});

describe('sales-orders/ list', () => {
  it('pages by 15, newest first, with results and count; limit is the page size', async () => {
    const made = [];
    for (let i = 0; i < 17; i++) made.push(await makeSalesOrder(db()));
    const accounts = await as('accounts');
    const first = (await accounts.get(API.salesOrders.list)).json();
    expect(first.count).toBe(17);
    expect(ids(first)).toEqual(made.slice(2).reverse().map((o) => o.id));
    expect(first.next).toContain('page=2');
    expect(ids((await accounts.get(`${API.salesOrders.list}?page=2`)).json())).toEqual([made[1]!.id, made[0]!.id]);
    expect(ids((await accounts.get(`${API.salesOrders.list}?limit=5`)).json())).toHaveLength(5);
    expect((await accounts.get(`${API.salesOrders.list}?page=3`)).statusCode).toBe(404);
  });

  it('filters by status, customer, branch, created_by, order date range and search', async () => {
    const exec = await userId(db(), 'sales.exec');
    const senior = await userId(db(), 'sales.senior');
    const titan = await makeCustomer(db(), { name: 'Titan Eye+' });
    const pune = await makeBranch(db(), titan.id, { location: 'Pune' });
    const a = await makeSalesOrder(db(), { customer: titan.id, branch: pune.id, created_by: exec, status: 'accepted', order_date: '2026-01-05', customer_po_number: 'TITAN-77' });
    const b = await makeSalesOrder(db(), { customer: titan.id, created_by: senior, status: 'draft', order_date: '2026-01-20', remarks: 'urgent, 50% advance', customer_po_number: 'BATA-X' });
    const zen = await makeCustomer(db(), { name: 'Zen Optics' });
    const c = await makeSalesOrder(db(), { customer: zen.id, created_by: exec, status: 'accepted', order_date: '2026-02-01', customer_po_number: 'ZEN-A' });
    await makeSalesOrder(db(), { customer: titan.id, deleted: true });
    const manager = await as('sales.manager');
    const list = async (q: string) => ids((await manager.get(`${API.salesOrders.list}?${q}`)).json());
    expect(await list('status=accepted')).toEqual([c.id, a.id]);
    expect(await list(`customer=${titan.id}`)).toEqual([b.id, a.id]);
    expect(await list(`branch=${pune.id}`)).toEqual([a.id]);
    expect(await list(`created_by=${exec}`)).toEqual([c.id, a.id]);
    expect(await list('start_date=2026-01-05&end_date=2026-01-20')).toEqual([b.id, a.id]);
    expect(await list('start_date=2026-01-06')).toEqual([c.id, b.id]);
    expect(await list('search=titan-77')).toEqual([a.id]);
    expect(await list('search=eye%2B')).toEqual([b.id, a.id]);
    expect(await list('search=50%25')).toEqual([b.id]);
    expect(await list(`search=${c.id}`)).toEqual([c.id]);
    expect(await list('ordering=order_date')).toEqual([a.id, b.id, c.id]);
  });

  it('refuses bad filters naming the parameter', async () => {
    const manager = await as('sales.manager');
    for (const [q, field] of [
      ['status=won', 'status'],
      ['customer=abc', 'customer'],
      ['branch=1.5', 'branch'],
      ['created_by=x', 'created_by'],
      ['start_date=2026-13-01', 'start_date'],
      ['end_date=yesterday', 'end_date'],
      ['advance_pending=maybe', 'advance_pending'],
      ['ordering=password', 'ordering'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['colour=red', 'non_field_errors'],
    ]) {
      const res = await manager.get(`${API.salesOrders.list}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json()), q).toContain(field);
    }
  });
});

describe('GET, PATCH and DELETE sales-orders/{id}/', () => {
  it('shows the order with its items and history; 404 for an unknown or deleted one', async () => {
    const order = await makeSalesOrder(db(), { items: [{ quantity: '2', unit_price: '10.25' }] });
    const deleted = await makeSalesOrder(db(), { deleted: true });
    const accounts = await as('accounts');
    const res = await accounts.get(API.salesOrders.detail(order.id));
    expect(res.json()).toMatchObject({ id: order.id, total_order_value: '20.50', items: [{ amount: '20.50' }], status_history: [{ to_status: 'draft' }] });
    expect((await accounts.get(API.salesOrders.detail(deleted.id))).statusCode).toBe(404);
    expect((await accounts.get(API.salesOrders.detail(999999))).statusCode).toBe(404);
    expect((await accounts.get('/salesorders/sales-orders/abc/')).statusCode).toBe(404);
  });

  it('changes the header, audited; checks the dates against each other and the version', async () => {
    const exec = await userId(db(), 'sales.exec');
    const order = await makeSalesOrder(db(), { created_by: exec, order_date: '2026-02-01', expected_delivery_date: '2026-02-10' });
    const sales = await as('sales.exec');
    const res = await sales.patch(API.salesOrders.detail(order.id), { remarks: 'Call before delivery', expected_delivery_date: '2026-02-15' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ remarks: 'Call before delivery', expected_delivery_date: '2026-02-15', version: order.version + 1 });
    expect(await auditOf('sales_order.update')).toMatchObject([{ target: `sales_orders:${order.id}`, metadata: { fields: ['expected_delivery_date', 'remarks'] } }]);
    const early = await sales.patch(API.salesOrders.detail(order.id), { order_date: '2026-02-20' });
    expect(early.json()).toEqual({ expected_delivery_date: ['Expected delivery date cannot be before the order date.'] });
    const stale = await sales.patch(API.salesOrders.detail(order.id), { remarks: 'x' }, { 'if-match': String(order.version) });
    expect(stale.statusCode).toBe(409);
    expect((await sales.patch(API.salesOrders.detail(order.id), { advance_amount: 'lots' })).json()).toHaveProperty('advance_amount');
    expect((await sales.patch(API.salesOrders.detail(order.id), { customer: 999999 })).json()).toEqual({ customer: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('refuses changes to a completed or cancelled order', async () => {
    const manager = await as('sales.manager');
    for (const status of ['completed', 'cancelled'] as const) {
      const order = await makeSalesOrder(db(), { status });
      const res = await manager.patch(API.salesOrders.detail(order.id), { remarks: 'late change' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [`A ${status} order cannot be changed.`] });
    }
  });

  it('cancels on DELETE: the row stays, listed as cancelled, with a history entry and a medium-risk audit entry', async () => {
    const order = await makeSalesOrder(db(), { status: 'sent' });
    const manager = await as('sales.manager');
    const res = await manager.delete(API.salesOrders.detail(order.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', deleted_at: null });
    expect(ids((await manager.get(`${API.salesOrders.list}?status=cancelled`)).json())).toEqual([order.id]);
    const history = await db().select().from(salesOrderStatusHistory).where(eq(salesOrderStatusHistory.sales_order, order.id));
    expect(history.map((h) => [h.from_status, h.to_status])).toEqual([
      [null, 'sent'],
      ['sent', 'cancelled'],
    ]);
    expect(await auditOf('sales_order.cancel')).toMatchObject([{ risk_level: 'medium', target: `sales_orders:${order.id}` }]);
    const again = await manager.delete(API.salesOrders.detail(order.id));
    expect(again.json()).toEqual({ status: ['The order is already cancelled.'] });
    const inProduction = await makeSalesOrder(db(), { status: 'in_production' });
    expect((await manager.delete(API.salesOrders.detail(inProduction.id))).json()).toEqual({ status: ['An in production order cannot move to cancelled.'] });
  });
});

describe('who may use the sales orders', () => {
  it('lets a sales executive change only the orders they created; the sales manager and management any', async () => {
    const mine = await makeSalesOrder(db(), { created_by: await userId(db(), 'sales.exec') });
    const theirs = await makeSalesOrder(db(), { created_by: await userId(db(), 'sales.senior') });
    const exec = await as('sales.exec');
    expect((await exec.patch(API.salesOrders.detail(mine.id), { remarks: 'ok' })).statusCode).toBe(200);
    const refused = await exec.patch(API.salesOrders.detail(theirs.id), { remarks: 'not mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'A sales executive changes only the sales orders they created.' });
    expect((await exec.delete(API.salesOrders.detail(theirs.id))).statusCode).toBe(403);
    expect((await exec.patch(API.salesOrders.updateStatus(theirs.id), { status: 'sent' })).statusCode).toBe(403);
    // Reading is not narrowed: the executive sees every order.
    expect(ids((await exec.get(API.salesOrders.list)).json())).toEqual([theirs.id, mine.id]);
    for (const username of ['sales.manager', 'management', 'admin']) {
      expect((await (await as(username)).patch(API.salesOrders.detail(theirs.id), { remarks: username })).statusCode, username).toBe(200);
    }
  });

  it('follows the permission matrix on every call', async () => {
    const order = await makeSalesOrder(db(), { items: [{ quantity: '1', unit_price: '1' }] });
    const item = order.items[0]!;
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.salesOrders.list, permission: 'sales-orders.read' },
      { method: 'POST', url: API.salesOrders.list, body: {}, permission: 'sales-orders.write' },
      { method: 'GET', url: API.salesOrders.detail(order.id), permission: 'sales-orders.read' },
      { method: 'PATCH', url: API.salesOrders.detail(order.id), body: { remarks: 'x' }, permission: 'sales-orders.write' },
      { method: 'DELETE', url: API.salesOrders.detail(999999), permission: 'sales-orders.write' },
      { method: 'POST', url: API.salesOrders.createFromQuotation, body: {}, permission: 'sales-orders.write' },
      { method: 'PATCH', url: API.salesOrders.updateStatus(999999), body: { status: 'sent' }, permission: 'sales-orders.write' },
      { method: 'GET', url: API.salesOrders.jobOrders(order.id), permission: 'sales-orders.read' },
      { method: 'GET', url: API.salesOrders.receipts(order.id), permission: 'sales-orders.read' },
      { method: 'GET', url: API.salesOrders.jobOrderDraft(order.id), permission: 'sales-orders.read' },
      { method: 'GET', url: API.salesOrders.dashboardStats, permission: 'sales-orders.read' },
      { method: 'GET', url: `${API.salesOrders.export}?format=csv`, permission: 'sales-orders.read' },
      { method: 'GET', url: API.salesOrders.pdf(order.id), permission: 'sales-orders.read' },
      { method: 'GET', url: `${API.salesOrderItems.list}?sales_order=${order.id}`, permission: 'sales-orders.read' },
      { method: 'POST', url: API.salesOrderItems.list, body: {}, permission: 'sales-orders.write' },
      { method: 'GET', url: API.salesOrderItems.detail(item.id), permission: 'sales-orders.read' },
      { method: 'PATCH', url: API.salesOrderItems.detail(999999), body: {}, permission: 'sales-orders.write' },
      { method: 'DELETE', url: API.salesOrderItems.detail(999999), permission: 'sales-orders.write' },
      { method: 'GET', url: API.salesOrderItems.jobOrders(item.id), permission: 'sales-orders.read' },
      { method: 'GET', url: `${API.salesOrderStatusHistory.list}?sales_order=${order.id}`, permission: 'sales-orders.read' },
    ]);
  });
});
