import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { isAdvancePending, isSalesOrderOverdue, type SalesOrderStatus } from '../../domain/sales-order';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';
import { businessToday } from '../../domain/rules/dates';

const { as, db } = useTestServer();

/** The company's day (IST), as the server reads it, and days and months around it. */
const today = businessToday();
const shiftDays = (days: number) => businessToday(days);
const firstOfMonth = (back: number) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const month = new Date(Date.UTC(y, m - 1 - back, 1));
  return month.toISOString().slice(0, 10);
};

/** RFC 4180: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

/** One table of orders: status, expected delivery, advance flag, value, order month (0 this month, 1 last, 2 the one before). */
async function orderBook() {
  const make = (status: SalesOrderStatus, expected: string | null, advance: boolean, unitPrice: string | null, month: number, extra: Parameters<typeof makeSalesOrder>[1] = {}) =>
    makeSalesOrder(db(), { status, expected_delivery_date: expected, advance_pending: advance, items: unitPrice ? [{ quantity: '1', unit_price: unitPrice }] : [], order_date: firstOfMonth(month), ...extra });
  return {
    a: await make('draft', shiftDays(-1), false, '100.10', 0),
    b: await make('sent', today, false, '200.20', 1),
    c: await make('accepted', null, true, '300.30', 0),
    d: await make('accepted', shiftDays(-2), false, '0.05', 1),
    e: await make('in_production', shiftDays(-1), true, '1000.00', 2),
    f: await make('completed', '2020-01-01', false, '50.00', 0),
    g: await make('cancelled', '2020-01-01', true, '999.99', 0),
    h: await make('draft', shiftDays(1), true, null, 0),
    deleted: await make('accepted', shiftDays(-5), true, '7.00', 0, { deleted: true }),
  };
}

describe('overdue and pending advance (business-areas.md §4)', () => {
  it('the list filters, the row flags and the domain rules agree on one table of orders', async () => {
    const book = await orderBook();
    const live = [book.a, book.b, book.c, book.d, book.e, book.f, book.g, book.h];
    const overdue = live.filter((o) => isSalesOrderOverdue({ expected_delivery_date: o.expected_delivery_date, status: o.status as SalesOrderStatus }, today)).map((o) => o.id);
    const pending = live.filter((o) => isAdvancePending({ advance_pending: o.advance_pending, status: o.status as SalesOrderStatus })).map((o) => o.id);
    // Written out: late and unfinished (a, d, e); accepted and awaiting the advance (c).
    expect(overdue).toEqual([book.a.id, book.d.id, book.e.id]);
    expect(pending).toEqual([book.c.id]);

    const manager = await as('sales.manager');
    const ids = async (q: string) => ((await manager.get(`${API.salesOrders.list}?ordering=id&${q}`)).json().results as { id: number }[]).map((r) => r.id);
    expect(await ids('overdue=true')).toEqual(overdue);
    expect(await ids('overdue=false')).toEqual(live.map((o) => o.id).filter((id) => !overdue.includes(id)));
    expect(await ids('advance_pending=true')).toEqual(pending);
    expect(await ids('advance_pending=false')).toEqual(live.map((o) => o.id).filter((id) => !pending.includes(id)));
    const rows = (await manager.get(`${API.salesOrders.list}?ordering=id`)).json().results as { id: number; is_overdue: boolean; is_advance_pending: boolean }[];
    expect(rows.filter((r) => r.is_overdue).map((r) => r.id)).toEqual(overdue);
    expect(rows.filter((r) => r.is_advance_pending).map((r) => r.id)).toEqual(pending);

    const stats = (await manager.get(API.salesOrders.dashboardStats)).json();
    expect(stats.overdue_count).toBe(3);
    expect(stats.pending_advance_count).toBe(1);
  });
});

describe('GET sales-orders/dashboard_stats/', () => {
  it('counts by status and sums exactly: cancelled orders count but add no value; this month against last', async () => {
    await orderBook();
    const stats = (await (await as('accounts')).get(API.salesOrders.dashboardStats)).json();
    expect(stats).toEqual({
      total_orders: 8,
      by_status: [
        { status: 'draft', label: 'Draft', color: 'grey', count: 2, value: '100.10' },
        { status: 'sent', label: 'Sent', color: 'blue', count: 1, value: '200.20' },
        { status: 'accepted', label: 'Accepted', color: 'green', count: 2, value: '300.35' },
        { status: 'in_production', label: 'In Production', color: 'orange', count: 1, value: '1000.00' },
        { status: 'completed', label: 'Completed', color: 'positive', count: 1, value: '50.00' },
        { status: 'cancelled', label: 'Cancelled', color: 'negative', count: 1, value: '999.99' },
      ],
      // 100.10 + 200.20 + 300.30 + 0.05 + 1000.00 + 50.00 + 0
      total_value: '1650.65',
      overdue_count: 3,
      pending_advance_count: 1,
      pending_advance_value: '300.30',
      // a 100.10 + c 300.30 + f 50.00 + h 0 (g is cancelled)
      this_month_value: '450.40',
      // b 200.20 + d 0.05
      last_month_value: '200.25',
      month_change: '250.15',
    });
  });

  it('answers zeros with no orders', async () => {
    const stats = (await (await as('management')).get(API.salesOrders.dashboardStats)).json();
    expect(stats).toMatchObject({ total_orders: 0, total_value: '0.00', overdue_count: 0, pending_advance_count: 0, this_month_value: '0.00', last_month_value: '0.00', month_change: '0.00' });
    expect(stats.by_status.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('GET sales-orders/export/?format=csv', () => {
  it('downloads the filtered list, quoted as spreadsheets read it, with exact figures', async () => {
    const customer = await makeCustomer(db(), { name: 'Shah, Sons & "Co"' });
    const first = await makeSalesOrder(db(), { customer: customer.id, status: 'accepted', order_date: '2026-01-05', expected_delivery_date: '2026-01-31', advance_pending: true, advance_amount: '2500.5', customer_po_number: '=HYPERLINK("x")', remarks: 'line one\nline two', items: [{ quantity: '3', unit_price: '33.33' }] });
    const second = await makeSalesOrder(db(), { customer: customer.id, status: 'accepted', order_date: '2026-01-06', customer_po_number: 'PO-2', items: [{ quantity: '0.5', unit_price: '0.01' }] });
    await makeSalesOrder(db(), { status: 'draft' });
    const res = await (await as('sales.exec')).get(`${API.salesOrders.export}?format=csv&status=accepted&ordering=id`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-orders.csv"');
    expect(parseCsv(res.body)).toEqual([
      ['Order No.', 'Order date', 'Customer', 'Customer PO', 'Status', 'Expected delivery', 'Order value', 'Advance pending', 'Advance amount', 'Overdue', 'Created by', 'Remarks'],
      // 3 × 33.33 = 99.99; the PO would run as a formula in a spreadsheet, so it is written as text
      [String(first.id), '2026-01-05', 'Shah, Sons & "Co"', `'=HYPERLINK("x")`, 'accepted', '2026-01-31', '99.99', 'true', '2500.50', 'true', '', 'line one\nline two'],
      // 0.5 × 0.01 = 0.005 → 0.01
      [String(second.id), '2026-01-06', 'Shah, Sons & "Co"', 'PO-2', 'accepted', '', '0.01', 'false', '0.00', 'false', '', ''],
    ]);
  });

  it('exports every matching row, not one page of 15, newest first by default', async () => {
    const made = [];
    for (let i = 0; i < 17; i++) made.push(await makeSalesOrder(db()));
    const rows = parseCsv((await (await as('management')).get(`${API.salesOrders.export}?format=csv`)).body);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(made.map((o) => o.id).reverse());
  });

  it("refuses a format other than csv and the list's bad filters, naming the parameter", async () => {
    const manager = await as('sales.manager');
    for (const [q, field] of [
      ['format=xlsx', 'format'],
      ['format=csv&status=won', 'status'],
      ['format=csv&start_date=2026-02-31', 'start_date'],
      ['format=csv&ordering=secret', 'ordering'],
      ['format=csv&colour=red', 'non_field_errors'],
    ]) {
      const res = await manager.get(`${API.salesOrders.export}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json()), q).toContain(field);
    }
  });
});
