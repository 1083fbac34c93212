import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { SALES_ORDER_STATUSES, SALES_ORDER_TRANSITIONS, type SalesOrderStatus } from '../../domain/sales-order';
import { auditLog, salesOrderStatusHistory } from '../../server/db/schema';
import { userId } from '../support/factories';
import { makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

/** The allowed steps (docs/decisions.md 188), written out: from → the statuses it may move to. */
const ALLOWED: Record<SalesOrderStatus, SalesOrderStatus[]> = {
  draft: ['sent', 'accepted', 'cancelled'],
  sent: ['accepted', 'cancelled', 'draft'],
  accepted: ['in_production', 'cancelled'],
  in_production: ['completed'],
  completed: [],
  cancelled: [],
};

/** The refusal of each step the table does not allow. */
const REFUSALS: Partial<Record<`${SalesOrderStatus}>${SalesOrderStatus}`, string>> = {
  'draft>draft': 'The order is already draft.',
  'draft>in_production': 'A draft order cannot move to in production.',
  'draft>completed': 'A draft order cannot move to completed.',
  'sent>sent': 'The order is already sent.',
  'sent>in_production': 'A sent order cannot move to in production.',
  'sent>completed': 'A sent order cannot move to completed.',
  'accepted>draft': 'An accepted order cannot move to draft.',
  'accepted>sent': 'An accepted order cannot move to sent.',
  'accepted>accepted': 'The order is already accepted.',
  'accepted>completed': 'An accepted order cannot move to completed.',
  'in_production>draft': 'An in production order cannot move to draft.',
  'in_production>sent': 'An in production order cannot move to sent.',
  'in_production>accepted': 'An in production order cannot move to accepted.',
  'in_production>in_production': 'The order is already in production.',
  'in_production>cancelled': 'An in production order cannot move to cancelled.',
  'completed>draft': 'A completed order cannot move to draft.',
  'completed>sent': 'A completed order cannot move to sent.',
  'completed>accepted': 'A completed order cannot move to accepted.',
  'completed>in_production': 'A completed order cannot move to in production.',
  'completed>completed': 'The order is already completed.',
  'completed>cancelled': 'A completed order cannot move to cancelled.',
  'cancelled>draft': 'A cancelled order cannot move to draft.',
  'cancelled>sent': 'A cancelled order cannot move to sent.',
  'cancelled>accepted': 'A cancelled order cannot move to accepted.',
  'cancelled>in_production': 'A cancelled order cannot move to in production.',
  'cancelled>completed': 'A cancelled order cannot move to completed.',
  'cancelled>cancelled': 'The order is already cancelled.',
};

const STATUSES = SALES_ORDER_STATUSES.map((s) => s.value);

describe('the sales order status table', () => {
  it('is the table written here', () => {
    expect(SALES_ORDER_TRANSITIONS).toEqual(ALLOWED);
  });

  it('takes every allowed step and refuses every other one with its reason, through update-status/', async () => {
    const manager = await as('sales.manager');
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const order = await makeSalesOrder(db(), { status: from });
        const res = await manager.patch(API.salesOrders.updateStatus(order.id), { status: to, note: `${from} to ${to}` });
        if (ALLOWED[from].includes(to)) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe(to);
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(400);
          expect(res.json(), `${from} → ${to}`).toEqual({ status: [REFUSALS[`${from}>${to}`]] });
        }
      }
    }
  });
});

describe('PATCH sales-orders/{id}/update-status/', () => {
  it('appends each change with its note and who made it, and audits it, in the order made', async () => {
    const exec = await userId(db(), 'sales.exec');
    const order = await makeSalesOrder(db(), { created_by: exec });
    const sales = await as('sales.exec');
    for (const [status, note] of [
      ['sent', 'Mailed to the buyer'],
      ['accepted', 'PO received'],
      ['in_production', ''],
      ['completed', 'Delivered'],
    ]) {
      expect((await sales.patch(API.salesOrders.updateStatus(order.id), { status, note })).statusCode).toBe(200);
    }
    const history = await db().select().from(salesOrderStatusHistory).where(eq(salesOrderStatusHistory.sales_order, order.id)).orderBy(asc(salesOrderStatusHistory.id));
    expect(history.map((h) => [h.from_status, h.to_status, h.note, h.changed_by])).toEqual([
      [null, 'draft', '', exec],
      ['draft', 'sent', 'Mailed to the buyer', exec],
      ['sent', 'accepted', 'PO received', exec],
      ['accepted', 'in_production', '', exec],
      ['in_production', 'completed', 'Delivered', exec],
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'sales_order.status')).orderBy(asc(auditLog.id));
    expect(audit.map((a) => (a.metadata as { new_status: string }).new_status)).toEqual(['sent', 'accepted', 'in_production', 'completed']);
    const detail = (await sales.get(API.salesOrders.detail(order.id))).json();
    expect(detail.status_history.map((h: { to_status: string }) => h.to_status)).toEqual(['completed', 'in_production', 'accepted', 'sent', 'draft']);
  });

  it('writes nothing when the step is refused', async () => {
    const order = await makeSalesOrder(db(), { status: 'completed' });
    const manager = await as('sales.manager');
    await manager.patch(API.salesOrders.updateStatus(order.id), { status: 'draft' });
    expect(await db().select().from(salesOrderStatusHistory).where(eq(salesOrderStatusHistory.sales_order, order.id))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'sales_order.status'))).toHaveLength(0);
  });

  it('names the field of bad input, answers 404 for an unknown order and 409 for a stale version', async () => {
    const order = await makeSalesOrder(db());
    const manager = await as('sales.manager');
    for (const [body, field] of [
      [{}, 'status'],
      [{ status: 'won' }, 'status'],
      [{ status: 'sent', note: 'x'.repeat(1001) }, 'note'],
      [{ status: 'sent', note: 7 }, 'note'],
      [{ status: 'sent', expected_version: 0 }, 'expected_version'],
    ] as const) {
      const res = await manager.patch(API.salesOrders.updateStatus(order.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    expect((await manager.patch(API.salesOrders.updateStatus(999999), { status: 'sent' })).statusCode).toBe(404);
    const stale = await manager.patch(API.salesOrders.updateStatus(order.id), { status: 'sent', expected_version: order.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: order.id, status: 'draft' });
  });

  it('lists the history through sales-order-status-history/?sales_order=', async () => {
    const a = await makeSalesOrder(db());
    const b = await makeSalesOrder(db());
    const manager = await as('sales.manager');
    await manager.patch(API.salesOrders.updateStatus(a.id), { status: 'sent' });
    const page = (await manager.get(`${API.salesOrderStatusHistory.list}?sales_order=${a.id}`)).json();
    expect(page.count).toBe(2);
    expect(page.results.map((h: { from_status: string | null; to_status: string }) => [h.from_status, h.to_status])).toEqual([
      ['draft', 'sent'],
      [null, 'draft'],
    ]);
    expect((await manager.get(`${API.salesOrderStatusHistory.list}?sales_order=${b.id}`)).json().count).toBe(1);
    expect((await manager.get(`${API.salesOrderStatusHistory.list}?sales_order=abc`)).json()).toHaveProperty('sales_order');
  });
});
