import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, requisitionDetails, requisitions } from '../../server/db/schema';
import { REQUISITION_JOB_ORDER_REQUIRED, REQUISITION_MESSAGES } from '../../domain/requisition';
import { jobOrderLabel } from '../../domain/job-order';
import { signIn, useTestServer } from '../support/server';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeCustomer } from '../support/factories-sales';
import { makeJobOrder, makeRequisition } from '../support/factories-requisitions';
import { expectAccessMatrix } from '../support/access';

const { app, as, db } = useTestServer();

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

/** DELETE with a body (the cancel reason), which the shared client does not send. */
async function cancel(username: string, id: number | string, payload: unknown, headers: Record<string, string> = {}) {
  const { access } = await signIn(app(), username);
  return app().inject({ method: 'DELETE', url: `/api/v1/requisitions/requisitions/${id}/`, payload: payload as object, headers: { authorization: `JWT ${access}`, ...headers } });
}

async function shop() {
  const acme = await makeCustomer(db(), { name: 'Acme Displays' });
  const job = await makeJobOrder(db(), { customer: acme.id });
  const sheets = await makeCategory(db(), { name: 'Sheets' });
  const consumables = await makeCategory(db(), { name: 'Consumables' });
  const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET' });
  const steel = await makeMaterial(db(), sheets.id, { name: 'MS sheet 1mm', unit: 'SHEET' });
  const glue = await makeMaterial(db(), consumables.id, { name: 'Acrylic glue', unit: 'ML' });
  return { acme, job, acrylic, steel, glue };
}

describe('raising a requisition', () => {
  it('saves the requisition and its items, requested by the signed-in user, open, and audited', async () => {
    const { job, acrylic, glue } = await shop();
    const res = await (await as('foreman')).post('/requisitions/requisitions/', {
      job_order: job.id,
      requisition_type: 'standard',
      requisition_items: [
        { material: acrylic.id, quantity: '4' },
        { material: glue.id, quantity: 250.5 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const body = res.json();
    expect(body).toMatchObject({
      job_order: job.id,
      requisition_type: 'standard',
      requested_by: await userId(db(), 'foreman'),
      requested_by_name: 'Suresh Patil',
      requested_by_department: 'production',
      customer_name: 'Acme Displays',
      job_order_label: jobOrderLabel(job),
      state: 'open',
      is_approved: false,
      line_count: 2,
      has_issues: false,
    });
    expect(body.txid).toBeUndefined();
    expect(body.requisition_items.map((l: { material_name: string; quantity: string; job_order: number }) => [l.material_name, l.quantity, l.job_order])).toEqual([
      ['Acrylic sheet 3mm', '4.000', job.id],
      ['Acrylic glue', '250.500', job.id],
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'requisition.create'));
    expect(audit).toMatchObject([{ username: 'foreman', target: `requisitions:${body.id}` }]);
  });

  it('lets consumables go without a job order, and no other type', async () => {
    const { glue, acrylic } = await shop();
    const foreman = await as('foreman');
    const ok = await foreman.post('/requisitions/requisitions/', { requisition_type: 'consumables', requisition_items: [{ material: glue.id, quantity: 1 }] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ job_order: null, job_order_label: null, customer_name: null });
    const refused = await foreman.post('/requisitions/requisitions/', { requisition_type: 'installation', requisition_items: [{ material: acrylic.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ job_order: [REQUISITION_JOB_ORDER_REQUIRED] });
  });

  it('is refused against a closed or cancelled job order', async () => {
    const { acrylic } = await shop();
    const foreman = await as('foreman');
    for (const job of [await makeJobOrder(db(), { closed: true }), await makeJobOrder(db(), { cancelled: true }), await makeJobOrder(db(), { status: 'closed' })]) {
      const res = await foreman.post('/requisitions/requisitions/', { job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 1 }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ job_order: [REQUISITION_MESSAGES.jobOrderClosed] });
    }
    expect(await db().select().from(requisitions)).toHaveLength(0);
  });

  it('refuses the same material twice on one requisition', async () => {
    const { job, acrylic } = await shop();
    const res = await (await as('foreman')).post('/requisitions/requisitions/', {
      job_order: job.id,
      requisition_type: 'standard',
      requisition_items: [
        { material: acrylic.id, quantity: 1 },
        { material: acrylic.id, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ requisition_items: ['Each material may appear only once on a requisition.'] });
  });

  it('names every bad field of a request at once, with a 400 and never a 500', async () => {
    const { job, acrylic } = await shop();
    const deletedJob = await makeJobOrder(db(), { deleted: true });
    const foreman = await as('foreman');
    const cases: [unknown, Record<string, string[]> | string[]][] = [
      [{}, ['requisition_type', 'requisition_items']],
      [{ job_order: job.id, requisition_type: 'urgent', requisition_items: [{ material: acrylic.id, quantity: 1 }] }, ['requisition_type']],
      [{ job_order: job.id, requisition_type: 'standard', requisition_items: [] }, ['requisition_items']],
      [{ job_order: 'x', requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 1 }] }, ['job_order']],
      [{ job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 0 }] }, ['requisition_items.0.quantity']],
      [{ job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: '1.2345' }] }, ['requisition_items.0.quantity']],
      [{ job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 'lots' }] }, ['requisition_items.0.quantity']],
      [{ job_order: job.id, requisition_type: 'standard', requisition_items: [{ quantity: 1 }] }, ['requisition_items.0.material']],
      [
        { job_order: deletedJob.id, requisition_type: 'standard', requisition_items: [{ material: 999999, quantity: 1 }] },
        { job_order: [`Invalid pk "${deletedJob.id}" - object does not exist.`], 'requisition_items.0.material': ['Invalid pk "999999" - object does not exist.'] },
      ],
    ];
    for (const [payload, expected] of cases) {
      const res = await foreman.post('/requisitions/requisitions/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (Array.isArray(expected)) expect(Object.keys(res.json()).sort(), JSON.stringify(payload)).toEqual([...expected].sort());
      else expect(res.json()).toEqual(expected);
    }
    const notJson = await app().inject({ method: 'POST', url: '/api/v1/requisitions/requisitions/', payload: '{oops', headers: { authorization: `JWT ${(await signIn(app(), 'foreman')).access}`, 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
  });

  it('is created once for one Idempotency-Key, however often the tablet resends it', async () => {
    const { job, acrylic } = await shop();
    const foreman = await as('foreman');
    const body = { job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 2 }] };
    const first = await foreman.post('/requisitions/requisitions/', body, { 'idempotency-key': 'req-1' });
    const again = await foreman.post('/requisitions/requisitions/', body, { 'idempotency-key': 'req-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await db().select().from(requisitions)).toHaveLength(1);
    const other = await foreman.post('/requisitions/requisitions/', { ...body, requisition_type: 'installation' }, { 'idempotency-key': 'req-1' });
    expect(other.statusCode).toBe(422);
  });
});

describe('the requisitions list', () => {
  it('pages by 50, newest first, with each row state and labels', async () => {
    const { job, acrylic } = await shop();
    for (let i = 0; i < 52; i++) await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const stores = await as('stores');
    const first = (await stores.get('/requisitions/requisitions/')).json();
    expect(first.count).toBe(52);
    expect(first.results).toHaveLength(50);
    expect(first.results[0].id).toBeGreaterThan(first.results[1].id);
    expect(first.results[0]).toMatchObject({ state: 'open', customer_name: 'Acme Displays', job_order_label: jobOrderLabel(job), requested_by_name: 'Suresh Patil', line_count: 1 });
    expect(first.next).toContain('page=2');
    expect((await stores.get('/requisitions/requisitions/?page=2')).json().results).toHaveLength(2);
    expect((await stores.get('/requisitions/requisitions/?page=3')).statusCode).toBe(404);
  });

  it('filters by type, job order, customer, requester, department, flags and raised date', async () => {
    const { job, acme, acrylic, glue } = await shop();
    const other = await makeJobOrder(db());
    const mine = await makeRequisition(db(), { job_order: job.id, requested_by: 'foreman', lines: [{ material: acrylic.id }], created_at: '2026-03-01T10:00:00Z' });
    const metal = await makeRequisition(db(), { job_order: other.id, requested_by: 'metal', requisition_type: 're-work', approved: true, lines: [{ material: acrylic.id }], created_at: '2026-03-05T10:00:00Z' });
    const consumables = await makeRequisition(db(), { requested_by: 'stores', requisition_type: 'consumables', completed: true, lines: [{ material: glue.id, quantity_issued: '10' }], created_at: '2026-03-09T20:00:00Z' });
    const stores = await as('stores');
    const list = async (query: string) => ids((await stores.get(`/requisitions/requisitions/${query}`)).json());
    expect(await list('?requisition_type=re-work')).toEqual([metal.id]);
    expect(await list(`?job_order=${job.id}`)).toEqual([mine.id]);
    expect(await list(`?customer=${acme.id}`)).toEqual([mine.id]);
    expect(await list(`?requested_by=${await userId(db(), 'metal')}`)).toEqual([metal.id]);
    expect(await list('?department=metal')).toEqual([metal.id]);
    expect(await list('?is_approved=true')).toEqual([metal.id]);
    expect(await list('?is_completed=true')).toEqual([consumables.id]);
    // 20:00 UTC on 9 March is 10 March in India: the business day.
    expect(await list('?created_from=2026-03-05&created_to=2026-03-09')).toEqual([metal.id]);
    expect(await list('?created_from=2026-03-10')).toEqual([consumables.id]);
    expect(await list('?ordering=id')).toEqual([mine.id, metal.id, consumables.id]);
    for (const query of ['?requisition_type=urgent', '?job_order=x', '?department=moon', '?is_completed=maybe', '?created_from=09-03-2026', '?ordering=state', '?colour=red', '?page=0']) {
      expect((await stores.get(`/requisitions/requisitions/${query}`)).statusCode, query).toBe(400);
    }
  });

  it('leaves cancelled requisitions out but sends them in a delta, so mirrors drop them', async () => {
    const { job, acrylic } = await shop();
    const live = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const gone = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const foreman = await as('foreman');
    const full = (await foreman.get('/requisitions/requisitions/?updated_since=0')).json();
    expect(ids(full)).toEqual([live.id, gone.id]);
    expect((await cancel('foreman', gone.id, { reason: 'Wrong job' })).statusCode).toBe(200);
    const delta = (await foreman.get(`/requisitions/requisitions/?updated_since=${full.cursor}`)).json();
    // A delta may send a row again (the cursor is the oldest running transaction), never leave one out.
    expect(delta.results.find((row: { id: number }) => row.id === gone.id)).toMatchObject({ state: 'cancelled', cancel_reason: 'Wrong job' });
    expect(ids((await foreman.get('/requisitions/requisitions/')).json())).toEqual([live.id]);
  });
});

describe('a requisition in detail', () => {
  it('comes with its live items and its state; a cancelled one still opens', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity: '5', quantity_issued: '2' }, { material: steel.id, deleted: true }] });
    const production = await as('production');
    const res = await production.get(`/requisitions/requisitions/${req.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ id: req.id, state: 'partly-issued', has_issues: true, line_count: 1 });
    expect(res.json().requisition_items).toMatchObject([{ material: acrylic.id, quantity: '5.000', quantity_issued: '2.000', material_unit: 'SHEET' }]);
    const cancelled = await makeRequisition(db(), { job_order: job.id, cancelled: true, lines: [{ material: acrylic.id }] });
    expect((await production.get(`/requisitions/requisitions/${cancelled.id}/`)).json()).toMatchObject({ state: 'cancelled', cancel_reason: 'Raised by mistake' });
  });

  it('is 404 for unknown and malformed ids', async () => {
    const stores = await as('stores');
    for (const id of ['999999', 'abc', '0', '-3', '1.5']) expect((await stores.get(`/requisitions/requisitions/${id}/`)).statusCode, id).toBe(404);
  });
});

describe('changing a requisition', () => {
  it('changes the type and job order while open, and the items that followed the job order move with it', async () => {
    const { job, acrylic, steel } = await shop();
    const next = await makeJobOrder(db());
    const elsewhere = await makeJobOrder(db());
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }, { material: steel.id, job_order: elsewhere.id }] });
    const res = await (await as('foreman')).patch(`/requisitions/requisitions/${req.id}/`, { job_order: next.id, requisition_type: 'installation' }, { 'if-match': '"1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ job_order: next.id, requisition_type: 'installation', version: 2 });
    expect(res.json().requisition_items.map((l: { job_order: number }) => l.job_order)).toEqual([next.id, elsewhere.id]);
  });

  it('keeps the type and job order once approved or issued against', async () => {
    const { job, acrylic } = await shop();
    const approved = await makeRequisition(db(), { job_order: job.id, requisition_type: 're-work', approved: true, lines: [{ material: acrylic.id }] });
    const issued = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity_issued: '1' }] });
    const foreman = await as('foreman');
    for (const req of [approved, issued]) {
      const res = await foreman.patch(`/requisitions/requisitions/${req.id}/`, { requisition_type: 'shortfall' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: REQUISITION_MESSAGES.headerFixed });
    }
  });

  it('refuses a closed job order, a missing job order, bad fields and a stale version', async () => {
    const { job, acrylic } = await shop();
    const closed = await makeJobOrder(db(), { closed: true });
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const foreman = await as('foreman');
    const patch = (body: unknown, headers?: Record<string, string>) => foreman.patch(`/requisitions/requisitions/${req.id}/`, body, headers);
    expect((await patch({ job_order: closed.id })).json()).toEqual({ job_order: [REQUISITION_MESSAGES.jobOrderClosed] });
    expect((await patch({ job_order: null })).json()).toEqual({ job_order: [REQUISITION_JOB_ORDER_REQUIRED] });
    expect((await patch({ job_order: 999999 })).json()).toEqual({ job_order: ['Invalid pk "999999" - object does not exist.'] });
    expect((await patch({ requisition_type: 'urgent' })).statusCode).toBe(400);
    const stale = await patch({ requisition_type: 'installation' }, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: req.id, version: 1 });
    expect((await foreman.patch('/requisitions/requisitions/999999/', { requisition_type: 'installation' })).statusCode).toBe(404);
  });
});

describe('cancelling a requisition', () => {
  it('needs a reason, keeps the row with the reason and lists it as cancelled', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    for (const body of [{}, { reason: '   ' }, { reason: 7 }]) {
      const res = await cancel('foreman', req.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['reason']);
    }
    const res = await cancel('foreman', req.id, { reason: 'Design changed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', cancel_reason: 'Design changed' });
    expect(res.json().deleted_at).not.toBeNull();
    const [row] = await db().select().from(requisitions).where(eq(requisitions.id, req.id));
    expect(row!.cancel_reason).toBe('Design changed');
    expect(await db().select().from(requisitionDetails).where(eq(requisitionDetails.requisition, req.id))).toHaveLength(1);
    const list = (await (await as('stores')).get('/requisitions/cancelled_requisitions/')).json();
    expect(list).toMatchObject({ count: 1, results: [{ id: req.id, state: 'cancelled' }] });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'requisition.cancel'));
    expect(audit).toMatchObject([{ username: 'foreman', risk_level: 'medium', metadata: { reason: 'Design changed' } }]);
    expect((await cancel('foreman', 999999, { reason: 'x' })).statusCode).toBe(404);
  });

  it('is replayed, not repeated, when an offline tablet resends the cancel with its Idempotency-Key', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const first = await cancel('foreman', req.id, { reason: 'Duplicate' }, { 'idempotency-key': 'cancel-1' });
    const again = await cancel('foreman', req.id, { reason: 'Duplicate' }, { 'idempotency-key': 'cancel-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'requisition.cancel'))).toHaveLength(1);
    const fresh = await cancel('foreman', req.id, { reason: 'Duplicate' }, { 'idempotency-key': 'cancel-2' });
    expect(fresh.json()).toEqual({ detail: 'This requisition is cancelled: it cannot be cancelled.' });
  });

  it('cannot be done once material was issued: such a requisition is closed instead', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity_issued: '3' }] });
    const res = await cancel('foreman', req.id, { reason: 'Not needed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: REQUISITION_MESSAGES.cancelIssued });
  });
});

describe('approving and closing', () => {
  it('approves a re-work requisition, recording who and when', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, requisition_type: 're-work', lines: [{ material: acrylic.id }] });
    const res = await (await as('management')).put(`/requisitions/${req.id}/approve_requisition/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'approved', is_approved: true, approved_by: await userId(db(), 'management') });
    expect(res.json().approved_at).not.toBeNull();
    expect((await (await as('management')).put('/requisitions/999999/approve_requisition/')).statusCode).toBe(404);
  });

  it('closes with a reason, and refuses a close without one', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity_issued: '4' }] });
    const stores = await as('stores');
    expect((await stores.patch(`/requisitions/${req.id}/close/`, {})).json()).toEqual({ reason: ['This field is required.'] });
    const res = await stores.patch(`/requisitions/${req.id}/close/`, { reason: 'Balance not required' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'closed', close_reason: 'Balance not required' });
    expect((await stores.patch('/requisitions/abc/close/', { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const line = req.lines[0]!;
    const r = '/requisitions';
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${r}/requisitions/`, permission: 'requisitions.read' },
      { method: 'POST', url: `${r}/requisitions/`, body: {}, permission: 'requisitions.write' },
      { method: 'GET', url: `${r}/requisitions/${req.id}/`, permission: 'requisitions.read' },
      { method: 'PATCH', url: `${r}/requisitions/${req.id}/`, body: { requisition_type: 'urgent' }, permission: 'requisitions.write' },
      { method: 'DELETE', url: `${r}/requisitions/999999/`, permission: 'requisitions.write' },
      { method: 'GET', url: `${r}/requisitions/${req.id}/in_transit_transactions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/cancelled_requisitions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/requisition_details/`, permission: 'requisitions.read' },
      { method: 'POST', url: `${r}/requisition_details/`, body: {}, permission: 'requisitions.write' },
      { method: 'GET', url: `${r}/requisition_details/${line.id}/`, permission: 'requisitions.read' },
      { method: 'PATCH', url: `${r}/requisition_details/${line.id}/`, body: { quantity: 'x' }, permission: 'requisitions.write' },
      { method: 'DELETE', url: `${r}/requisition_details/999999/`, permission: 'requisitions.write' },
      { method: 'GET', url: `${r}/requisition_details/check_duplicate_material/?material=${acrylic.id}&job_order=${job.id}`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/filter_requisitions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/check_req_for_material_against_job_order_exists/?material=${acrylic.id}&job=${job.id}&requisition_type=standard`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/not_approved_rework_shortfall/`, permission: 'requisitions.read' },
      { method: 'PUT', url: `${r}/999999/approve_requisition/`, permission: 'requisitions.approve' },
      { method: 'PATCH', url: `${r}/999999/close/`, body: { reason: 'x' }, permission: 'requisitions.close' },
      { method: 'GET', url: `${r}/list_cancelled_requisitions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/list_closed_requisitions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/get_redundant_reserved_materials/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/get_reserved_material_requisitions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/requisitions_without_issues_or_reservation/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/foreman_requested_non_consumables/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/consumables_not_requested_by_foreman_designation/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/rework_requisitions_value/`, permission: 'stock.reports' },
      { method: 'GET', url: `${r}/list_stores_requisitions/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/requisitions_for_closed_job_orders/`, permission: 'requisitions.read' },
      { method: 'GET', url: `${r}/non_standard_requisitions/`, permission: 'requisitions.read' },
    ]);
  });
});
