import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOrderLabel } from '../../domain/job-order';
import { signedInAs, startTestServer, type TestServer } from '../support/server';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { makeJobOrder, makeLedgerRow, makeRequisition } from '../support/factories-requisitions';
import { businessToday } from '../../domain/rules/dates';

/** The requisition reports of business-areas.md §7, on one constructed shop floor (read-only, so built once). */

let server: TestServer;
const db = () => server.database.db;
type Client = Awaited<ReturnType<typeof signedInAs>>;
let stores: Client;
let floor: Awaited<ReturnType<typeof build>>;

async function build() {
  const acme = await makeCustomer(db(), { name: 'Acme Displays' });
  const zenith = await makeCustomer(db(), { name: 'Zenith Retail' });
  const open = await makeJobOrder(db(), { customer: acme.id });
  const closed = await makeJobOrder(db(), { customer: zenith.id, closed: true });
  const cancelled = await makeJobOrder(db(), { customer: zenith.id, cancelled: true });
  const sheets = await makeCategory(db(), { name: 'Sheets' });
  const consumables = await makeCategory(db(), { name: 'CONSUMABLES' });
  const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm' });
  const steel = await makeMaterial(db(), sheets.id, { name: 'MS sheet 1mm' });
  const glue = await makeMaterial(db(), consumables.id, { name: 'Acrylic glue' });
  const day = (d: string) => `${d}T06:00:00Z`;
  const r = {
    reserved: await makeRequisition(db(), { requested_by: 'foreman', job_order: open.id, created_at: day('2026-03-01'), lines: [{ material: acrylic.id, quantity_reserved: '3' }] }),
    foremanGlue: await makeRequisition(db(), { requested_by: 'foreman', requisition_type: 'consumables', created_at: day('2026-03-02'), lines: [{ material: glue.id }] }),
    storesGlue: await makeRequisition(db(), { requested_by: 'stores', requisition_type: 'consumables', created_at: day('2026-03-03'), lines: [{ material: glue.id, quantity_issued: '1' }] }),
    unapproved: await makeRequisition(db(), { requested_by: 'production', requisition_type: 're-work', job_order: open.id, created_at: day('2026-03-04'), lines: [{ material: steel.id }] }),
    approved: await makeRequisition(db(), { requested_by: 'metal', requisition_type: 'shortfall', approved: true, job_order: open.id, created_at: day('2026-03-05'), lines: [{ material: steel.id, quantity_issued: '2' }] }),
    closedReq: await makeRequisition(db(), { requested_by: 'foreman', job_order: open.id, closed: true, created_at: day('2026-03-06'), lines: [{ material: steel.id, quantity_reserved: '2' }] }),
    cancelledReq: await makeRequisition(db(), { requested_by: 'foreman', job_order: open.id, cancelled: true, created_at: day('2026-03-07'), lines: [{ material: acrylic.id, quantity_reserved: '1' }] }),
    onClosedJob: await makeRequisition(db(), { requested_by: 'acrylic', job_order: closed.id, created_at: day('2026-03-08'), lines: [{ material: acrylic.id, quantity_reserved: '4' }] }),
    issued: await makeRequisition(db(), { requested_by: 'acrylic', job_order: open.id, completed: true, created_at: day('2026-03-09'), lines: [{ material: steel.id, quantity: '5', quantity_issued: '5', quantity_reserved: '1' }] }),
    onCancelledJob: await makeRequisition(db(), { requested_by: 'foreman', requisition_type: 'installation', job_order: cancelled.id, created_at: day('2026-03-10'), lines: [{ material: glue.id }] }),
    rework: await makeRequisition(db(), { requested_by: 'production', requisition_type: 're-work', approved: true, job_order: open.id, created_at: day('2026-03-11'), lines: [{ material: acrylic.id, quantity_issued: '4' }] }),
    reworkClosedJob: await makeRequisition(db(), { requested_by: 'production', requisition_type: 're-work', approved: true, job_order: closed.id, created_at: day('2026-03-12'), lines: [{ material: steel.id, quantity_issued: '1' }] }),
    glueReserved: await makeRequisition(db(), { requested_by: 'foreman', requisition_type: 'consumables', created_at: day('2026-03-13'), lines: [{ material: glue.id, quantity_reserved: '5' }] }),
  };
  // The ledger: acrylic received at 100 and 120 (weighted average 110); re-work issues and a return.
  await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'receipt', quantity: '10', rate: '100', transaction_date: '2026-01-05' });
  await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'receipt', quantity: '10', rate: '120', transaction_date: '2026-01-06' });
  const line = r.rework.lines[0]!.id;
  await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'issue', quantity: '-3', rate: '105', requisition: r.rework.id, requisition_detail: line, transaction_date: '2026-02-01' });
  await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'issue', quantity: '-2', requisition: r.rework.id, requisition_detail: line, transaction_date: '2026-02-02', status: 'in-transit' });
  await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'return', quantity: '1', requisition: r.rework.id, requisition_detail: line, transaction_date: '2026-02-03' });
  const wrong = await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'issue', quantity: '-7', rate: '110', requisition: r.rework.id, requisition_detail: line, transaction_date: '2026-02-04', status: 'in-transit' });
  await makeLedgerRow(db(), { material: acrylic.id, transaction_type: 'issue', quantity: '7', rate: '110', requisition: r.rework.id, requisition_detail: line, transaction_date: '2026-02-04', status: 'in-transit', reverses: wrong.id });
  await makeLedgerRow(db(), { material: steel.id, transaction_type: 'issue', quantity: '-1', rate: '50.5', requisition: r.reworkClosedJob.id, transaction_date: '2026-01-10' });
  // Issues against a standard requisition are not re-work.
  await makeLedgerRow(db(), { material: steel.id, transaction_type: 'issue', quantity: '-2', rate: '80', requisition: r.approved.id, transaction_date: '2026-02-01', status: 'in-transit' });
  return { r, open, closed, cancelled, acrylic, steel, glue, acme, zenith };
}

beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
  floor = await build();
  stores = await signedInAs(server.app, 'stores');
});
afterAll(() => server.close());

const get = async (url: string) => {
  const res = await stores.get(`/requisitions/${url}`);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const ids = (body: { results: { id: number }[] }) => body.results.map((row) => row.id);
const requisitionsOf = (body: { results: { requisition: number }[] }) => body.results.map((row) => row.requisition);

describe('requisition lists by state', () => {
  it('cancelled_requisitions and list_cancelled_requisitions: cancelled ones, by cancellation day', async () => {
    const { r } = floor;
    expect(ids(await get('cancelled_requisitions/'))).toEqual([r.cancelledReq.id]);
    const today = businessToday();
    expect(ids(await get(`list_cancelled_requisitions/?start_date=${today}`))).toEqual([r.cancelledReq.id]);
    expect((await get('list_cancelled_requisitions/?end_date=2026-01-01')).count).toBe(0);
  });

  it('list_closed_requisitions: closed ones with the reason', async () => {
    const body = await get('list_closed_requisitions/');
    expect(body.results).toMatchObject([{ id: floor.r.closedReq.id, state: 'closed', close_reason: 'No longer needed' }]);
  });

  it('not_approved_rework_shortfall: re-work and shortfall requisitions waiting for approval', async () => {
    expect(ids(await get('not_approved_rework_shortfall/'))).toEqual([floor.r.unapproved.id]);
  });

  it('requisitions_without_issues_or_reservation: pending ones nothing was issued or reserved against, oldest first', async () => {
    const { r } = floor;
    expect(ids(await get('requisitions_without_issues_or_reservation/'))).toEqual([r.foremanGlue.id, r.unapproved.id, r.onCancelledJob.id]);
    expect(ids(await get('requisitions_without_issues_or_reservation/?start_date=2026-03-03&end_date=2026-03-09'))).toEqual([r.unapproved.id]);
  });

  it('list_stores_requisitions: what stores may serve now, the newest waiting first; unapproved re-work and closed job orders left out', async () => {
    const { r } = floor;
    expect(ids(await get('list_stores_requisitions/'))).toEqual([r.glueReserved.id, r.rework.id, r.approved.id, r.storesGlue.id, r.foremanGlue.id, r.reserved.id]);
  });

  it('requisitions_for_closed_job_orders: requisitions left on closed or cancelled job orders, optionally only pending ones', async () => {
    const { r, closed, zenith } = floor;
    const body = await get('requisitions_for_closed_job_orders/');
    expect(ids(body)).toEqual([r.reworkClosedJob.id, r.onCancelledJob.id, r.onClosedJob.id]);
    expect(body.results[2]).toMatchObject({ job_order: closed.id, job_order_label: jobOrderLabel(closed), customer: zenith.id, customer_name: 'Zenith Retail' });
    expect(ids(await get('requisitions_for_closed_job_orders/?only_pending_reqs=true'))).toEqual([r.reworkClosedJob.id, r.onCancelledJob.id, r.onClosedJob.id]);
  });
});

describe('reservation reports', () => {
  it('get_redundant_reserved_materials: reserved on requisitions closed, cancelled or issued, or whose job order is closed, and says why', async () => {
    const { r } = floor;
    const body = await get('get_redundant_reserved_materials/');
    expect(body.results.map((row: { requisition: number; redundant_because: string; quantity_reserved: string }) => [row.requisition, row.redundant_because, row.quantity_reserved])).toEqual([
      [r.closedReq.id, 'requisition-closed', '2.000'],
      [r.cancelledReq.id, 'requisition-cancelled', '1.000'],
      [r.onClosedJob.id, 'job-order-closed', '4.000'],
      [r.issued.id, 'requisition-issued', '1.000'],
    ]);
  });

  it('get_reserved_material_requisitions: reservations still working for pending requisitions', async () => {
    const body = await get('get_reserved_material_requisitions/');
    expect(body.results).toMatchObject([
      { requisition: floor.r.reserved.id, material_name: 'Acrylic sheet 3mm', quantity_reserved: '3.000', state: 'open', customer_name: 'Acme Displays' },
      { requisition: floor.r.glueReserved.id, material_name: 'Acrylic glue', quantity_reserved: '5.000', job_order: null, job_order_label: null },
    ]);
  });
});

describe('who asked for what', () => {
  it('foreman_requested_non_consumables: a foreman asking outside consumables (cancelled requisitions left out)', async () => {
    const { r } = floor;
    const body = await get('foreman_requested_non_consumables/');
    expect(requisitionsOf(body)).toEqual([r.reserved.id, r.closedReq.id]);
    expect(body.results[0]).toMatchObject({ requested_by_name: 'Suresh Patil', requested_by_designation: 'foreman', category_name: 'Sheets' });
    expect(requisitionsOf(await get('foreman_requested_non_consumables/?start_date=2026-03-02'))).toEqual([r.closedReq.id]);
  });

  it('consumables_not_requested_by_foreman_designation: consumables asked for by anyone but a foreman', async () => {
    const body = await get('consumables_not_requested_by_foreman_designation/');
    expect(requisitionsOf(body)).toEqual([floor.r.storesGlue.id]);
    expect(body.results[0]).toMatchObject({ requested_by_department: 'stores', category_name: 'CONSUMABLES', state: 'partly-issued' });
  });
});

describe('rework_requisitions_value', () => {
  it('values re-work issues less returns at the ledger rates, the average receipt rate where a row has none', async () => {
    const { r, open } = floor;
    // 3 × 105 + 2 × 110 − 1 × 110 (the reversed 7 cancel out) = 425.00; 1 × 50.50 on the other.
    const body = await get('rework_requisitions_value/');
    expect(body.total_value).toBe('475.50');
    expect(body.results).toMatchObject([
      { requisition: r.rework.id, job_order: open.id, customer_name: 'Acme Displays', state: 'partly-issued', issue_count: 4, value: '425.00' },
      { requisition: r.reworkClosedJob.id, issue_count: 1, value: '50.50' },
    ]);
    expect(await get(`rework_requisitions_value/?job_order=${open.id}`)).toMatchObject({ total_value: '425.00' });
    expect(await get('rework_requisitions_value/?start_date=2026-03-01')).toEqual({ total_value: '0.00', results: [] });
    expect((await get('rework_requisitions_value/?end_date=2026-01-31')).total_value).toBe('50.50');
  });
});

describe('non_standard_requisitions', () => {
  it('lists every type but standard with its items, narrowed by type, job order, customer, dates and pending', async () => {
    const { r, open, acme, zenith } = floor;
    const all = await get('non_standard_requisitions/');
    expect(ids(all)).toEqual([r.glueReserved.id, r.reworkClosedJob.id, r.rework.id, r.onCancelledJob.id, r.approved.id, r.unapproved.id, r.storesGlue.id, r.foremanGlue.id]);
    expect(all.results[1].requisition_items).toMatchObject([{ material_name: 'MS sheet 1mm', quantity_issued: '1.000' }]);
    expect(ids(await get('non_standard_requisitions/?requisition_type=re-work'))).toEqual([r.reworkClosedJob.id, r.rework.id, r.unapproved.id]);
    expect(ids(await get(`non_standard_requisitions/?job_order=${open.id}&requisition_type=shortfall`))).toEqual([r.approved.id]);
    expect(ids(await get(`non_standard_requisitions/?customer=${zenith.id}`))).toEqual([r.reworkClosedJob.id, r.onCancelledJob.id]);
    expect(ids(await get(`non_standard_requisitions/?customer=${acme.id}&start_date=2026-03-05&end_date=2026-03-11`))).toEqual([r.rework.id, r.approved.id]);
    expect(ids(await get('non_standard_requisitions/?requisition_type=consumables&only_pending_reqs=true'))).toEqual([r.glueReserved.id, r.storesGlue.id, r.foremanGlue.id]);
  });
});

describe('filter_requisitions', () => {
  it('narrows live requisitions by the spec parameters', async () => {
    const { r, open, steel } = floor;
    expect(ids(await get(`filter_requisitions/?fromReq=${r.storesGlue.id}&toReq=${r.unapproved.id}`))).toEqual([r.unapproved.id, r.storesGlue.id]);
    expect(ids(await get('filter_requisitions/?startDate=2026-03-08&endDate=2026-03-09'))).toEqual([r.issued.id, r.onClosedJob.id]);
    expect(ids(await get('filter_requisitions/?typ=shortfall'))).toEqual([r.approved.id]);
    expect(ids(await get(`filter_requisitions/?job=${open.id}&material=${steel.id}`))).toEqual([r.issued.id, r.closedReq.id, r.approved.id, r.unapproved.id]);
    expect(ids(await get('filter_requisitions/?is_completed=true'))).toEqual([r.issued.id]);
    expect((await get('filter_requisitions/')).count).toBe(12);
  });
});

describe('in_transit_transactions', () => {
  it('lists issues still on their way to the floor, leaving out reversed ones and completed ones', async () => {
    const { r } = floor;
    const rows = await get(`requisitions/${r.rework.id}/in_transit_transactions/`);
    expect(rows).toMatchObject([{ quantity: '-2.000', status: 'in-transit', material_name: 'Acrylic sheet 3mm', transaction_date: '2026-02-02' }]);
    expect(rows[0].txid).toBeUndefined();
    expect(await get(`requisitions/${r.storesGlue.id}/in_transit_transactions/`)).toEqual([]);
    expect((await stores.get('/requisitions/requisitions/999999/in_transit_transactions/')).statusCode).toBe(404);
  });
});

describe('report parameters', () => {
  it('are 400s when malformed or unknown, and pages past the end are 404s', async () => {
    const bad = [
      'cancelled_requisitions/?start_date=01-03-2026',
      'list_closed_requisitions/?start_date=2026-03-10&end_date=2026-03-01',
      'list_stores_requisitions/?page=0',
      'not_approved_rework_shortfall/?page_size=abc',
      'foreman_requested_non_consumables/?foreman=1',
      'filter_requisitions/?typ=urgent',
      'filter_requisitions/?fromReq=9&toReq=3',
      'filter_requisitions/?startDate=2026-02-30',
      'filter_requisitions/?is_completed=perhaps',
      'filter_requisitions/?job=abc',
      'non_standard_requisitions/?requisition_type=standard',
      'non_standard_requisitions/?only_pending_reqs=yes',
      'requisitions_for_closed_job_orders/?only_pending_reqs=2',
      'rework_requisitions_value/?job_order=-1',
      'rework_requisitions_value/?page=1',
      'get_redundant_reserved_materials/?start_date=2026-01-01',
    ];
    for (const url of bad) expect((await stores.get(`/requisitions/${url}`)).statusCode, url).toBe(400);
    const past = await stores.get('/requisitions/list_stores_requisitions/?page=5');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    const paged = await get('list_stores_requisitions/?page_size=2&page=2');
    expect(paged).toMatchObject({ count: 6, results: [{ id: floor.r.approved.id }, { id: floor.r.storesGlue.id }] });
    expect(paged.next).toContain('page=3');
    // DRF's link back to page 1 is the list without `page`.
    expect(paged.previous).toBe('/api/v1/requisitions/list_stores_requisitions/?page_size=2');
  });
});
