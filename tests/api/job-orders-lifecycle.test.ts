import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JOB_ORDER_MESSAGES, JOB_ORDER_STATUS_VALUES, type JobOrderStatus } from '../../domain/job-order';
import { auditLog, jobOrders, stockTransactions } from '../../server/db/schema';
import { makeBranch, makeCustomer } from '../support/factories-sales';
import { makeJobOrder, makeJobOrderItem, makeRequisition } from '../support/factories-requisitions';
import { makeJobOrderExpense } from '../support/factories-expenses';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { useTestServer } from '../support/server';
import { businessDayOf } from '../../domain/rules/dates';

const { db, as } = useTestServer({ seed: 'users' });

const base = '/joborders/joborders';

async function newJobOrderBody(extra: Record<string, unknown> = {}) {
  const customer = await makeCustomer(db(), { name: `Customer ${Math.random()}` });
  return {
    customer: customer.id,
    sales_executive: await userId(db(), 'sales.exec'),
    purchase_order: 'PO-77',
    job_order_items: [
      { product: 'Acrylic tray', quantity: '3', unit_price: '333.33' },
      { product: 'Display stand', quantity: '2.5', unit_price: '100.10' },
    ],
    ...extra,
  };
}

async function createJobOrder(extra: Record<string, unknown> = {}) {
  const res = await (await as('sales.exec')).post(`${base}/create/`, await newJobOrderBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A job order put straight into a status (the factory), with one product. */
async function jobOrderIn(status: JobOrderStatus) {
  const job = await makeJobOrder(db(), { status });
  await makeJobOrderItem(db(), job.id);
  return job;
}

describe('creating a job order', () => {
  it('starts Created in the Sales bucket, with its products, a total computed exactly, and the first history steps', async () => {
    const view = await createJobOrder();
    expect(view).toMatchObject({ status: 'Created', bucket: 'Sales', total_value: '1250.24', purchase_order: 'PO-77', version: 1 });
    expect(view.items.map((i: { amount: string }) => i.amount)).toEqual(['999.99', '250.25']);
    expect(view.label).toMatch(new RegExp(`^${view.id} - \\d{2}-\\d{2}-\\d{4}$`));
    expect(view.status_history.map((h: { kind: string; from: string | null; to: string }) => [h.kind, h.from, h.to]).sort()).toEqual([
      ['bucket', null, 'Sales'],
      ['status', null, 'Created'],
    ]);
    expect(view.status_history[0].changed_by_name).toBe('Ravi Kumar');
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'job_order.create'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a body without products, a bad phone and unknown references with field errors', async () => {
    const sales = await as('sales.exec');
    const noItems = await sales.post(`${base}/create/`, await newJobOrderBody({ job_order_items: [] }));
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json()).toHaveProperty(['job_order_items']);
    const badPhone = await sales.post(`${base}/create/`, await newJobOrderBody({ contact_number: '12ab' }));
    expect(badPhone.json()).toEqual({ contact_number: ['Enter a valid phone number.'] });
    const unknown = await sales.post(`${base}/create/`, await newJobOrderBody({ customer: 999999, sales_executive: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ customer: ['Invalid pk "999999" - object does not exist.'], sales_executive: ['Invalid pk "999999" - object does not exist.'] });
  });

  it("refuses another customer's branch", async () => {
    const other = await makeCustomer(db(), { name: 'Other' });
    const branch = await makeBranch(db(), other.id);
    const res = await (await as('sales.exec')).post(`${base}/create/`, await newJobOrderBody({ branch: branch.id }));
    expect(res.json()).toEqual({ branch: ['This branch belongs to another customer.'] });
  });
});

describe('editing a job order', () => {
  it('updates the main fields at the expected version, and answers a stale version with 409 and the current row', async () => {
    const view = await createJobOrder();
    const sales = await as('sales.exec');
    const ok = await sales.patch(`${base}/update/main/${view.id}/`, { contact_person: 'Mr Rao', expected_version: view.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ contact_person: 'Mr Rao', version: view.version + 1 });
    const stale = await sales.patch(`${base}/update/main/${view.id}/`, { contact_person: 'Ms Das', expected_version: view.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ contact_person: 'Mr Rao' });
    expect((await sales.patch(`${base}/update/main/999999/`, { contact_person: 'x' })).statusCode).toBe(404);
  });

  it('adds, changes and removes products, keeping the total equal to the live amounts', async () => {
    const view = await createJobOrder();
    const sales = await as('sales.exec');
    const added = await sales.post(`${base}/add/product/${view.id}/`, { product: 'Hooks', quantity: '10', unit_price: '0.75' });
    expect(added.statusCode).toBe(201);
    expect(added.json().total_value).toBe('1257.74');
    const hooks = added.json().items.find((i: { product: string }) => i.product === 'Hooks');
    const changed = await sales.put(`${base}/update/product/${hooks.id}/`, { quantity: '20' });
    expect(changed.json().total_value).toBe('1265.24');
    const removed = await sales.put(`${base}/job_order_items/delete/${hooks.id}/`, {});
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ total_value: '1250.24' });
    expect(removed.json().items).toHaveLength(2);
  });

  it('refuses to remove a product a live delivery note carries, or the last product', async () => {
    const job = await jobOrderIn('in-process');
    const [item] = (await (await as('sales.exec')).get(`${base}/${job.id}/`)).json().items;
    const production = await as('production');
    const note = await production.post('/deliverynotes/delivery_notes/create/', { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: item.id, quantity: '1' }] });
    expect(note.statusCode, note.body).toBe(201);
    const sales = await as('sales.exec');
    await sales.post(`${base}/add/product/${job.id}/`, { product: 'Spare', quantity: '1', unit_price: '1' });
    const refused = await sales.put(`${base}/job_order_items/delete/${item.id}/`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.deliveredItem] });

    const lonely = await jobOrderIn('Created');
    const [only] = (await sales.get(`${base}/${lonely.id}/`)).json().items;
    expect((await sales.put(`${base}/job_order_items/delete/${only.id}/`, {})).json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.lastItem] });
    expect((await sales.put(`${base}/job_order_items/delete/999999/`, {})).statusCode).toBe(404);
  });
});

/** The statuses in the words of the refusals. */
const LABELS: Record<JobOrderStatus, string> = {
  Created: 'Created',
  'in-process': 'In Process',
  'handover-to-dispatch': 'Handover To Dispatch',
  'ready-to-dispatch': 'Ready To Dispatch',
  dispatched: 'Dispatched',
  closed: 'Closed',
};
/** The status flow written out: one step forward, or one back to correct a mistake; closing is a call of its own. */
const MAY_GO: Record<Exclude<JobOrderStatus, 'closed'>, { to: JobOrderStatus[]; words: string }> = {
  Created: { to: ['in-process'], words: 'In Process' },
  'in-process': { to: ['handover-to-dispatch', 'Created'], words: 'Handover To Dispatch or Created' },
  'handover-to-dispatch': { to: ['ready-to-dispatch', 'in-process'], words: 'Ready To Dispatch or In Process' },
  'ready-to-dispatch': { to: ['dispatched', 'handover-to-dispatch'], words: 'Dispatched or Handover To Dispatch' },
  dispatched: { to: ['ready-to-dispatch'], words: 'Ready To Dispatch' },
};
/** What a status change from `from` to `to` answers: null when it is made, else the 400's message. */
function expectedRefusal(from: JobOrderStatus, to: JobOrderStatus): string | null {
  if (from === 'closed') return JOB_ORDER_MESSAGES.closed;
  if (to === 'closed') return JOB_ORDER_MESSAGES.closeByCall;
  if (to === from) return JOB_ORDER_MESSAGES.sameStatus;
  const step = MAY_GO[from];
  return step.to.includes(to) ? null : `A job order in ${LABELS[from]} can move to ${step.words}, not to ${LABELS[to]}.`;
}

describe('status changes follow the status flow', () => {
  const statuses = Object.keys(LABELS) as JobOrderStatus[];
  const steps = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

  it('the written flow covers every status of the domain', () => {
    expect(JOB_ORDER_STATUS_VALUES).toEqual(statuses);
  });

  it.each(steps)('from %s to %s', async (from, to) => {
    const job = await jobOrderIn(from);
    const res = await (await as('foreman')).post(`${base}/update/status/${job.id}/`, { new_status: to, expected_version: job.version });
    const refusal = expectedRefusal(from, to);
    if (refusal === null) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: job.id, status: to, version: job.version + 1 });
      const detail = (await (await as('foreman')).get(`${base}/${job.id}/`)).json();
      expect(detail.status_history[0]).toMatchObject({ kind: 'status', from, to, changed_by_name: 'Suresh Patil' });
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [refusal] });
    }
  });

  it('answers a stale expected_version (or If-Match) with 409 and the current row', async () => {
    const job = await jobOrderIn('Created');
    const foreman = await as('foreman');
    expect((await foreman.post(`${base}/update/status/${job.id}/`, { new_status: 'in-process' }, { 'if-match': `"${job.version}"` })).statusCode).toBe(200);
    const stale = await foreman.post(`${base}/update/status/${job.id}/`, { new_status: 'handover-to-dispatch', expected_version: job.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ status: 'in-process' });
  });

  it('refuses an unknown status and an unknown job order', async () => {
    const job = await jobOrderIn('Created');
    const foreman = await as('foreman');
    expect((await foreman.post(`${base}/update/status/${job.id}/`, { new_status: 'done' })).json()).toHaveProperty('new_status');
    expect((await foreman.post(`${base}/update/status/999999/`, { new_status: 'in-process' })).statusCode).toBe(404);
  });

  it('refuses any change on a cancelled job order', async () => {
    const job = await makeJobOrder(db(), { status: 'in-process', cancelled: true });
    const res = await (await as('foreman')).post(`${base}/update/status/${job.id}/`, { new_status: 'handover-to-dispatch' });
    expect(res.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.cancelled] });
  });
});

describe('bucket moves', () => {
  it('moves forward freely, back only with a reject remark, and records each move', async () => {
    const job = await jobOrderIn('Created');
    const design = await as('design');
    const forward = await design.post(`${base}/update/bucket/${job.id}/`, { new_bucket: 'Production', expected_version: job.version });
    expect(forward.json()).toMatchObject({ bucket: 'Production', reject_remark: null });
    const noRemark = await design.post(`${base}/update/bucket/${job.id}/`, { new_bucket: 'Design' });
    expect(noRemark.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.rejectRemark] });
    const same = await design.post(`${base}/update/bucket/${job.id}/`, { new_bucket: 'Production' });
    expect(same.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.sameBucket] });
    const back = await design.post(`${base}/update/bucket/${job.id}/`, { new_bucket: 'Design', reject_remark: 'Drawing wrong' });
    expect(back.json()).toMatchObject({ bucket: 'Design', reject_remark: 'Drawing wrong' });
    const history = (await (await as('management')).get(`${base}/${job.id}/`)).json().status_history;
    expect(history.slice(0, 2)).toMatchObject([
      { kind: 'bucket', from: 'Production', to: 'Design', remark: 'Drawing wrong', changed_by_name: 'Kavya Reddy' },
      { kind: 'bucket', from: 'Sales', to: 'Production', remark: '' },
    ]);
    expect((await design.post(`${base}/update/bucket/${job.id}/`, { new_bucket: 'Nowhere' })).statusCode).toBe(400);
  });
});

describe('cancelling and closing', () => {
  it('cancels with closure remarks, lists it among the cancelled, and takes no change after', async () => {
    const job = await jobOrderIn('in-process');
    const manager = await as('sales.manager');
    expect((await manager.put(`${base}/cancel/${job.id}/`, {})).json()).toHaveProperty('closure_remarks');
    const res = await manager.put(`${base}/cancel/${job.id}/`, { closure_remarks: 'Customer withdrew the PO' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelled_at: expect.any(String), closure_remarks: 'Customer withdrew the PO' });
    const cancelled = (await manager.get(`${base}/list/cancelled/`)).json();
    expect(cancelled.results.map((r: { id: number }) => r.id)).toEqual([job.id]);
    expect((await manager.get(`${base}/list/`)).json().count).toBe(0);
    const history = (await manager.get(`${base}/${job.id}/`)).json().status_history;
    expect(history[0]).toMatchObject({ kind: 'status', from: 'in-process', to: 'cancelled', remark: 'Customer withdrew the PO' });
    expect((await manager.put(`${base}/cancel/${job.id}/`, { closure_remarks: 'again' })).json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.cancelled] });
  });

  it('refuses to cancel a dispatched job order', async () => {
    const job = await jobOrderIn('dispatched');
    const res = await (await as('management')).put(`${base}/cancel/${job.id}/`, { closure_remarks: 'x' });
    expect(res.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.notCancellable] });
  });

  it('refuses to close or cancel while requisitions are active, naming them', async () => {
    const job = await jobOrderIn('dispatched');
    const category = await makeCategory(db());
    const material = await makeMaterial(db(), category.id);
    const open = await makeRequisition(db(), { job_order: job.id, lines: [{ material: material.id }] });
    const partly = await makeRequisition(db(), { job_order: job.id, lines: [{ material: material.id, quantity_issued: '2' }] });
    await makeRequisition(db(), { job_order: job.id, closed: true, lines: [{ material: material.id }] });
    await makeRequisition(db(), { job_order: job.id, completed: true, lines: [{ material: material.id, quantity_issued: '10' }] });
    await makeRequisition(db(), { job_order: job.id, cancelled: true, lines: [{ material: material.id }] });
    const accounts = await as('accounts');
    const verdict = (await accounts.get(`${base}/has-active-requisitions/${job.id}/`)).json();
    expect(verdict).toEqual({ has_active_requisitions: true, requisitions: [open.id, partly.id] });
    const message = `${JOB_ORDER_MESSAGES.activeRequisitions} Requisitions: ${open.id}, ${partly.id}.`;
    const close = await accounts.put(`${base}/close/${job.id}/`, { invoice: 'INV-1', invoice_date: '2026-03-05', invoice_amount: '1000' });
    expect(close.json()).toEqual({ non_field_errors: [message] });
    const inWork = await jobOrderIn('in-process');
    await makeRequisition(db(), { job_order: inWork.id, lines: [{ material: material.id }] });
    const cancel = await (await as('management')).put(`${base}/cancel/${inWork.id}/`, { closure_remarks: 'x' });
    expect(cancel.json().non_field_errors[0]).toMatch(/^This job order has active requisitions: close or cancel them first\. Requisitions: \d+\.$/);
  });

  it('closes a dispatched job order with its invoice, lists it as closed, and updates the invoice afterwards', async () => {
    const job = await jobOrderIn('dispatched');
    const accounts = await as('accounts');
    const notYet = await accounts.patch(`${base}/update/main/invoice-details/${job.id}/`, { invoice: 'INV-9', invoice_date: '2026-03-05', invoice_amount: '10' });
    expect(notYet.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.invoiceOnlyClosed] });
    expect((await accounts.put(`${base}/close/${job.id}/`, { invoice: 'INV-1' })).statusCode).toBe(400);
    const closed = await accounts.put(`${base}/close/${job.id}/`, { invoice: 'INV-1', invoice_date: '2026-03-05', invoice_amount: '1180.00', closure_remarks: 'Delivered' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_at: expect.any(String), invoice: 'INV-1', invoice_amount: '1180.00' });
    expect((await accounts.get(`${base}/closed/`)).json().results.map((r: { id: number }) => r.id)).toEqual([job.id]);
    const fixed = await accounts.patch(`${base}/update/main/invoice-details/${job.id}/`, { invoice: 'INV-1A', invoice_date: '2026-03-06', invoice_amount: '1200' });
    expect(fixed.json()).toMatchObject({ invoice: 'INV-1A', invoice_amount: '1200.00' });
    const history = (await accounts.get(`${base}/${job.id}/`)).json().status_history;
    expect(history[0]).toMatchObject({ kind: 'status', from: 'dispatched', to: 'closed', remark: 'Delivered', changed_by_name: 'Lakshmi Menon' });
  });

  it('refuses to close a job order that is not dispatched', async () => {
    const job = await jobOrderIn('ready-to-dispatch');
    const res = await (await as('accounts')).put(`${base}/close/${job.id}/`, { invoice: 'INV-1', invoice_date: '2026-03-05', invoice_amount: '1' });
    expect(res.json()).toEqual({ non_field_errors: [JOB_ORDER_MESSAGES.notClosable] });
  });

  it('records the advance amount, and refuses another job order in the body', async () => {
    const job = await jobOrderIn('in-process');
    const accounts = await as('accounts');
    expect((await accounts.patch(`${base}/advance-amount/${job.id}/`, { job_order_id: job.id, amount: '5000.5' })).json()).toMatchObject({ advance_amount: '5000.50' });
    expect((await accounts.patch(`${base}/advance-amount/${job.id}/`, { job_order_id: job.id + 1, amount: '1' })).json()).toHaveProperty('job_order_id');
    expect((await accounts.patch(`${base}/advance-amount/${job.id}/`, { amount: '-1' })).statusCode).toBe(400);
  });
});

describe('a job order from creation to close', () => {
  it('follows requisitions, stock issues and expenses to a profitability that matches the hand-computed figures', async () => {
    const view = await createJobOrder();
    const foreman = await as('foreman');
    for (const status of ['in-process', 'handover-to-dispatch', 'ready-to-dispatch', 'dispatched'] as const) {
      expect((await foreman.post(`${base}/update/status/${view.id}/`, { new_status: status })).statusCode).toBe(200);
    }
    // Materials issued against the job order at their weighted average cost, and some returned.
    const category = await makeCategory(db());
    const sheet = await makeMaterial(db(), category.id, { name: 'Acrylic sheet' });
    const screws = await makeMaterial(db(), category.id, { name: 'Screws' });
    const requisition = await makeRequisition(db(), { job_order: view.id, completed: true, lines: [{ material: sheet.id, quantity_issued: '4' }] });
    const ledger = (material: number, transaction_type: 'issue' | 'return', quantity: string, rate: string) =>
      db().insert(stockTransactions).values({ material, transaction_type, quantity, rate, transaction_date: businessDayOf(new Date()), job_order: view.id, requisition: requisition.id, status: 'completed' } as typeof stockTransactions.$inferInsert);
    await ledger(sheet.id, 'issue', '-4', '120.50'); // 482.00
    await ledger(sheet.id, 'return', '1', '120.50'); // -120.50
    await ledger(screws.id, 'issue', '-100', '0.35'); // 35.00
    await makeJobOrderExpense(db(), view.id, { amount: '250.00', status: 'APPROVED' });
    await makeJobOrderExpense(db(), view.id, { amount: '99.00', status: 'PENDING' });
    await makeJobOrderExpense(db(), view.id, { amount: '75.00', status: 'REJECTED' });

    const management = await as('management');
    // Before closing: revenue is the job order's value.
    expect((await management.get(`${base}/profitability/${view.id}/`)).json()).toMatchObject({
      revenue: '1250.24',
      material_cost: '396.50',
      expense_cost: '250.00',
      total_cost: '646.50',
      margin: '603.74',
      margin_percent: '48.29',
    });
    const consumption = (await management.get(`${base}/material-consumption/${view.id}/`)).json();
    expect(consumption.total_value).toBe('396.50');

    const accounts = await as('accounts');
    expect((await accounts.put(`${base}/close/${view.id}/`, { invoice: 'INV-7', invoice_date: '2026-03-09', invoice_amount: '1300.00' })).statusCode).toBe(200);
    // Closed with an invoice: revenue is the invoice amount.
    const report = (await management.get(`${base}/profitability/`)).json();
    expect(report.results).toEqual([
      expect.objectContaining({ job_order: view.id, status: 'closed', revenue: '1300.00', total_cost: '646.50', margin: '653.50', margin_percent: '50.27' }),
    ]);
    expect(report.totals).toMatchObject({ revenue: '1300.00', margin: '653.50', margin_percent: '50.27' });
    const statuses = (await management.get(`${base}/${view.id}/`)).json().status_history.filter((h: { kind: string }) => h.kind === 'status').map((h: { to: string }) => h.to);
    expect(statuses).toEqual(['closed', 'dispatched', 'ready-to-dispatch', 'handover-to-dispatch', 'in-process', 'Created']);
    const [row] = await db().select().from(jobOrders).where(eq(jobOrders.id, view.id));
    expect(row!.status).toBe('closed');
  });
});
