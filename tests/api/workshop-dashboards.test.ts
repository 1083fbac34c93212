import { describe, expect, it } from 'vitest';
import { deliveryNotes, jobOrders } from '../../server/db/schema';
import { CREATED_WEEKS, type WorkshopDashboard } from '../../domain/dashboard';
import type { JobOrderStatus, ProductionDepartment } from '../../domain/job-order';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeLedgerRow, makeRequisition } from '../support/factories-requisitions';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, db, as } = useTestServer({ seed: 'users' });


async function dashboard(username: string, path: string): Promise<WorkshopDashboard> {
  const res = await (await as(username)).get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A job order of a production department, made `daysAgo` days ago, with its value. */
async function jobOrder(values: { status: JobOrderStatus; department?: ProductionDepartment; value?: string; daysAgo?: number; cancelled?: boolean; closed?: boolean }) {
  const now = Date.now();
  const [row] = await db()
    .insert(jobOrders)
    .values({
      customer: (await makeCustomer(db())).id,
      sales_executive: await userId(db(), 'sales.exec'),
      status: values.status,
      production_department: values.department ?? null,
      total_value: values.value ?? '0',
      created_at: new Date(now - (values.daysAgo ?? 0) * 86_400_000).toISOString(),
      cancelled_at: values.cancelled ? new Date(now).toISOString() : null,
      closed_at: values.closed ? new Date(now).toISOString() : null,
    })
    .returning();
  return row!;
}

async function draftNote(jobOrderId: number, username: string, status: 'draft' | 'approved' = 'draft', deleted = false) {
  await db()
    .insert(deliveryNotes)
    .values({ job_order: jobOrderId, delivery_location: 'Site', status, created_by: await userId(db(), username), deleted_at: deleted ? new Date().toISOString() : null });
}

/**
 * The floor: acrylic job A and tray job B in process, showroom job C made 40 days ago and still
 * Created, D dispatched 40 days ago, E cancelled, F closed. Requisitions: the foreman's standard
 * (r1) and re-work (r2) on A and a standard one on closed F (r5); metal's approved shortfall on B,
 * partly issued today (r3); acrylic's standard on B (r7); an issued one and a cancelled one.
 */
async function floor() {
  const category = await makeCategory(db(), { name: 'Sheets' });
  const low = await makeMaterial(db(), category.id, { name: 'Clear acrylic 3mm', quantity: '5', reorder_level: '10' });
  const plenty = await makeMaterial(db(), category.id, { name: 'MS pipe 25mm', quantity: '50', reorder_level: '10' });
  const A = await jobOrder({ status: 'in-process', department: 'Acrylic', value: '1000.50' });
  const B = await jobOrder({ status: 'in-process', department: 'Tray', value: '250.25' });
  const C = await jobOrder({ status: 'Created', department: 'Showroom', daysAgo: 40 });
  const D = await jobOrder({ status: 'dispatched', daysAgo: 40 });
  await jobOrder({ status: 'in-process', value: '999.00', cancelled: true });
  const F = await jobOrder({ status: 'closed', closed: true });
  await makeRequisition(db(), { requested_by: 'foreman', job_order: A.id, lines: [{ material: low.id }] });
  await makeRequisition(db(), { requested_by: 'foreman', job_order: A.id, requisition_type: 're-work', lines: [{ material: low.id }] });
  await makeRequisition(db(), { requested_by: 'foreman', job_order: F.id, lines: [{ material: plenty.id }] });
  const r3 = await makeRequisition(db(), { requested_by: 'metal', job_order: B.id, requisition_type: 'shortfall', approved: true, lines: [{ material: plenty.id, quantity_issued: '2' }] });
  await makeLedgerRow(db(), { material: plenty.id, transaction_type: 'issue', quantity: '-2', requisition: r3.id, requisition_detail: r3.lines[0]!.id });
  await makeRequisition(db(), { requested_by: 'acrylic', job_order: B.id, lines: [{ material: low.id }] });
  await makeRequisition(db(), { requested_by: 'foreman', job_order: A.id, completed: true, lines: [{ material: low.id, quantity_issued: '10' }] });
  await makeRequisition(db(), { requested_by: 'foreman', job_order: A.id, cancelled: true, lines: [{ material: low.id }] });
  await draftNote(A.id, 'foreman');
  await draftNote(B.id, 'production');
  await draftNote(B.id, 'foreman', 'approved');
  await draftNote(A.id, 'foreman', 'draft', true);
  return { A, B, C, D, F, low };
}

const states = (d: WorkshopDashboard) => Object.fromEntries(d.requisitions.by_state.map((s) => [s.state, s.count]));
const counts = (d: WorkshopDashboard) => Object.fromEntries(d.status_counts.map((s) => [s.status, s.count]));

describe('production-home (GET /dashboard/production/)', () => {
  it('counts live job orders by status, the value in process, job orders made per week and the late ones', async () => {
    const { A, B, C } = await floor();
    const d = await dashboard('production', '/dashboard/production/');
    expect(d.workshop).toBe('production');
    expect(d.production_departments).toEqual([]);
    expect(counts(d)).toEqual({ Created: 1, 'in-process': 2, 'handover-to-dispatch': 0, 'ready-to-dispatch': 0, dispatched: 1, closed: 1 });
    expect(d.in_process).toMatchObject({ count: 2, value: '1250.75' });
    expect(d.in_process.results.map((j) => j.id)).toEqual([A.id, B.id]);
    expect(d.in_process.results[0]).toMatchObject({ production_department: 'Acrylic', total_value: '1000.50', days_open: 0, label: expect.stringContaining(String(A.id)) });
    expect(d.ageing.count).toBe(1);
    expect(d.ageing.results).toEqual([expect.objectContaining({ id: C.id, days_open: 40, status: 'Created' })]);
    expect(d.weekly_created).toHaveLength(CREATED_WEEKS);
    expect(d.weekly_created.at(-1)!.count).toBe(3);
    expect(d.weekly_created.reduce((sum, w) => sum + w.count, 0)).toBe(5);
    expect(new Date(`${d.weekly_created.at(-1)!.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('counts pending requisitions by state, those awaiting approval and those in stores queue, by the requisition rules', async () => {
    await floor();
    const d = await dashboard('production', '/dashboard/production/');
    expect(states(d)).toEqual({ open: 4, approved: 0, 'partly-issued': 1 });
    expect(d.requisitions.awaiting_approval).toBe(1);
    // r1, r3 and acrylic's: the re-work waits for approval, the one on a closed job order is not served.
    expect(d.requisitions.in_stores_queue).toBe(3);
    expect(d.delivery_notes_awaiting_approval).toBe(1 + 1);
    expect(d.issued_today).toMatchObject({ count: 1, results: [expect.objectContaining({ quantity: '2.000' })] });
    expect(d.low_stock.results.map((m) => m.name)).toEqual(['Clear acrylic 3mm']);
    expect(d.low_stock.results[0]).toMatchObject({ available: '5.000', reorder_level: '10.000', shortfall: '5.000' });
  });

  it('narrows every figure to one production department when asked', async () => {
    const { A } = await floor();
    const d = await dashboard('management', '/dashboard/production/?production_department=Acrylic');
    expect(d.production_departments).toEqual(['Acrylic']);
    expect(d.in_process).toMatchObject({ count: 1, value: '1000.50', results: [expect.objectContaining({ id: A.id })] });
    expect(counts(d)['in-process']).toBe(1);
    expect(states(d)).toEqual({ open: 2, approved: 0, 'partly-issued': 0 });
    expect(d.requisitions).toMatchObject({ awaiting_approval: 1, in_stores_queue: 1 });
    expect(d.delivery_notes_awaiting_approval).toBe(1);
    expect(d.issued_today.count).toBe(0);
    expect(d.ageing.count).toBe(0);
  });
});

describe("the foreman's dashboard (GET /dashboard/foreman/)", () => {
  it("shows the floor's job orders in process and the foreman's own requisitions, notes and issues", async () => {
    await floor();
    const d = await dashboard('foreman', '/dashboard/foreman/');
    expect(d.in_process.count).toBe(2);
    expect(states(d)).toEqual({ open: 3, approved: 0, 'partly-issued': 0 });
    expect(d.requisitions).toMatchObject({ awaiting_approval: 1, in_stores_queue: 1 });
    expect(d.delivery_notes_awaiting_approval).toBe(1);
    expect(d.issued_today.count).toBe(0);
  });
});

describe('metal-home and the acrylic and trays dashboard', () => {
  it("metal-home shows the job orders metal draws material for and metal's own requisitions and issues", async () => {
    const { B } = await floor();
    const d = await dashboard('metal', '/dashboard/metal/');
    expect(d.in_process.results.map((j) => j.id)).toEqual([B.id]);
    expect(counts(d)).toMatchObject({ 'in-process': 1, Created: 0 });
    expect(states(d)).toEqual({ open: 0, approved: 0, 'partly-issued': 1 });
    expect(d.requisitions).toMatchObject({ awaiting_approval: 0, in_stores_queue: 1 });
    expect(d.issued_today.count).toBe(1);
    expect(d.low_stock.count).toBe(0);
  });

  it("the acrylic and trays dashboard shows the two shops' job orders and acrylic's requisitions", async () => {
    const { A, B } = await floor();
    const d = await dashboard('acrylic', '/dashboard/acrylic/');
    expect(d.production_departments).toEqual(['Acrylic', 'Tray']);
    expect(d.in_process.results.map((j) => j.id)).toEqual([A.id, B.id]);
    expect(states(d)).toEqual({ open: 1, approved: 0, 'partly-issued': 0 });
    expect(d.requisitions.in_stores_queue).toBe(1);
    expect(d.low_stock.results.map((m) => m.name)).toEqual(['Clear acrylic 3mm']);
  });
});

describe('dashboard queries', () => {
  it('refuses an unknown production department or unknown parameters with 400', async () => {
    const management = await as('management');
    expect((await management.get('/dashboard/production/?production_department=Glass')).statusCode).toBe(400);
    expect((await management.get('/dashboard/production/?page=2')).statusCode).toBe(400);
    for (const workshop of ['foreman', 'metal', 'acrylic']) expect((await (await as('admin')).get(`/dashboard/${workshop}/?x=1`)).statusCode).toBe(400);
  });
});

describe('who may open which dashboard', () => {
  it('answers each dashboard as the matrix says, for every demo user', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: '/dashboard/production/', permission: 'dashboard.production' },
      { method: 'GET', url: '/dashboard/foreman/', permission: 'dashboard.foreman' },
      { method: 'GET', url: '/dashboard/metal/', permission: 'dashboard.metal' },
      { method: 'GET', url: '/dashboard/acrylic/', permission: 'dashboard.acrylic' },
    ]);
  });
});
