import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, requisitions } from '../../server/db/schema';
import { REQUISITION_MESSAGES } from '../../domain/requisition';
import { useTestServer } from '../support/server';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeJobOrder, makeRequisition } from '../support/factories-requisitions';

const { as, db } = useTestServer();

const requisitionRow = async (id: number) => (await db().select().from(requisitions).where(eq(requisitions.id, id)))[0]!;

async function shop() {
  const job = await makeJobOrder(db());
  const sheets = await makeCategory(db(), { name: 'Sheets' });
  const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET' });
  const steel = await makeMaterial(db(), sheets.id, { name: 'MS sheet 1mm', unit: 'SHEET' });
  const glass = await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', unit: 'SHEET' });
  return { job, acrylic, steel, glass };
}

describe('adding an item to a requisition', () => {
  it('adds the material against the requisition job order and moves the requisition in deltas', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const res = await (await as('foreman')).post('/requisitions/requisition_details/', { requisition: req.id, material: steel.id, quantity: '2.5' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ requisition: req.id, material: steel.id, material_name: 'MS sheet 1mm', job_order: job.id, quantity: '2.500', quantity_issued: '0.000' });
    expect((await requisitionRow(req.id)).version).toBe(2);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'requisition_detail.create'))).toHaveLength(1);
  });

  it('refuses a material already on the requisition', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const res = await (await as('foreman')).post('/requisitions/requisition_details/', { requisition: req.id, material: acrylic.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ material: [REQUISITION_MESSAGES.duplicateMaterial] });
  });

  it('refuses items against a job order that was closed or cancelled since', async () => {
    const { acrylic, steel } = await shop();
    const job = await makeJobOrder(db(), { closed: true });
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const foreman = await as('foreman');
    const inherited = await foreman.post('/requisitions/requisition_details/', { requisition: req.id, material: steel.id, quantity: 1 });
    expect(inherited.json()).toEqual({ requisition: [REQUISITION_MESSAGES.jobOrderClosed] });
    const consumables = await makeRequisition(db(), { requisition_type: 'consumables', lines: [{ material: acrylic.id }] });
    const cancelled = await makeJobOrder(db(), { cancelled: true });
    const named = await foreman.post('/requisitions/requisition_details/', { requisition: consumables.id, material: steel.id, job_order: cancelled.id, quantity: 1 });
    expect(named.json()).toEqual({ job_order: [REQUISITION_MESSAGES.jobOrderClosed] });
  });

  it('lets only one of two simultaneous adds of the same material through, the other a 400', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    // The raiser and a supervisor of his department (row-rules.ts) add it at the same moment.
    const [foreman, supervisor] = [await as('foreman'), await as('production')];
    const answers = await Promise.all([foreman, supervisor].map((client) => client.post('/requisitions/requisition_details/', { requisition: req.id, material: steel.id, quantity: 1 })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((res) => res.statusCode === 400)!.json()).toEqual({ material: [REQUISITION_MESSAGES.duplicateMaterial] });
  });

  it('answers bad input with 400s naming the field', async () => {
    const { job, acrylic } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const foreman = await as('foreman');
    const cases: [unknown, Record<string, string[]> | string[]][] = [
      [{}, ['requisition', 'material', 'quantity']],
      [{ requisition: req.id, material: acrylic.id, quantity: -1 }, ['quantity']],
      [{ requisition: 'one', material: acrylic.id, quantity: 1 }, ['requisition']],
      [{ requisition: 999999, material: acrylic.id, quantity: 1 }, { requisition: ['Invalid pk "999999" - object does not exist.'] }],
      [{ requisition: req.id, material: 999999, quantity: 1 }, { material: ['Invalid pk "999999" - object does not exist.'] }],
      [{ requisition: req.id, material: acrylic.id, quantity: 1, confirm_repeat: 'yes' }, ['confirm_repeat']],
    ];
    for (const [payload, expected] of cases) {
      const res = await foreman.post('/requisitions/requisition_details/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (Array.isArray(expected)) expect(Object.keys(res.json()).sort(), JSON.stringify(payload)).toEqual([...expected].sort());
      else expect(res.json(), JSON.stringify(payload)).toEqual(expected);
    }
  });
});

describe('the same material requested again against a job order', () => {
  it('is refused while an earlier requisition of that type is pending, naming it', async () => {
    const { job, acrylic } = await shop();
    const earlier = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity_issued: '2' }] });
    const res = await (await as('foreman')).post('/requisitions/requisitions/', { job_order: job.id, requisition_type: 'standard', requisition_items: [{ material: acrylic.id, quantity: 3 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'requisition_items.0.material': [REQUISITION_MESSAGES.repeatedRequest, `Still pending: requisition ${earlier.id}. ${REQUISITION_MESSAGES.confirmRepeat}`] });
  });

  it('goes through when the requester confirms it, and the audit says so', async () => {
    const { job, acrylic } = await shop();
    await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const res = await (await as('foreman')).post('/requisitions/requisitions/', { job_order: job.id, requisition_type: 'standard', confirm_repeat: true, requisition_items: [{ material: acrylic.id, quantity: 3 }] });
    expect(res.statusCode).toBe(201);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'requisition.create'));
    expect(audit!.metadata).toMatchObject({ confirm_repeat: true });
  });

  it('is free once the earlier one is issued, closed or cancelled, or for another type or job order', async () => {
    const { job, acrylic, steel, glass } = await shop();
    const other = await makeJobOrder(db());
    await makeRequisition(db(), { job_order: job.id, completed: true, lines: [{ material: acrylic.id, quantity_issued: '10' }] });
    await makeRequisition(db(), { job_order: job.id, closed: true, lines: [{ material: steel.id }] });
    await makeRequisition(db(), { job_order: job.id, cancelled: true, lines: [{ material: glass.id }] });
    await makeRequisition(db(), { job_order: other.id, lines: [{ material: glass.id }] });
    await makeRequisition(db(), { job_order: job.id, requisition_type: 'shortfall', lines: [{ material: glass.id }] });
    const res = await (await as('foreman')).post('/requisitions/requisitions/', {
      job_order: job.id,
      requisition_type: 'standard',
      requisition_items: [
        { material: acrylic.id, quantity: 1 },
        { material: steel.id, quantity: 1 },
        { material: glass.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
  });

  it('is checked when an item is added, its material changed or the requisition moved to another type', async () => {
    const { job, acrylic, steel, glass } = await shop();
    const earlier = await makeRequisition(db(), { job_order: job.id, requisition_type: 'installation', lines: [{ material: acrylic.id }] });
    const pending = [REQUISITION_MESSAGES.repeatedRequest, `Still pending: requisition ${earlier.id}. ${REQUISITION_MESSAGES.confirmRepeat}`];
    const foreman = await as('foreman');
    const standard = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    expect((await foreman.patch(`/requisitions/requisitions/${standard.id}/`, { requisition_type: 'installation' })).json()).toEqual({ requisition_type: pending });
    expect((await foreman.patch(`/requisitions/requisitions/${standard.id}/`, { requisition_type: 'installation', confirm_repeat: true })).statusCode).toBe(200);
    const installation = await makeRequisition(db(), { job_order: job.id, requisition_type: 'installation', lines: [{ material: steel.id }] });
    expect((await foreman.post('/requisitions/requisition_details/', { requisition: installation.id, material: glass.id, quantity: 1 })).statusCode).toBe(201);
    const onlyEarlier = await makeRequisition(db(), { job_order: job.id, requisition_type: 'installation', lines: [{ material: (await makeMaterial(db(), (await makeCategory(db())).id)).id }] });
    const repeated = await foreman.post('/requisitions/requisition_details/', { requisition: onlyEarlier.id, material: steel.id, quantity: 1 });
    expect(repeated.json()).toEqual({ material: [REQUISITION_MESSAGES.repeatedRequest, `Still pending: requisition ${installation.id}. ${REQUISITION_MESSAGES.confirmRepeat}`] });
    const line = onlyEarlier.lines[0]!;
    expect((await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { material: steel.id })).json()).toEqual({ material: [REQUISITION_MESSAGES.repeatedRequest, `Still pending: requisition ${installation.id}. ${REQUISITION_MESSAGES.confirmRepeat}`] });
    expect((await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { material: steel.id, confirm_repeat: true })).statusCode).toBe(200);
  });
});

describe('the duplicate checks', () => {
  it('check_duplicate_material lists pending requisitions of any type with the material on the job order', async () => {
    const { job, acrylic, steel } = await shop();
    const standard = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity: '4' }] });
    const rework = await makeRequisition(db(), { job_order: job.id, requisition_type: 're-work', lines: [{ material: acrylic.id, quantity: '1' }] });
    await makeRequisition(db(), { job_order: job.id, closed: true, lines: [{ material: acrylic.id }] });
    const stores = await as('stores');
    const found = (await stores.get(`/requisitions/requisition_details/check_duplicate_material/?material=${acrylic.id}&job_order=${job.id}`)).json();
    expect(found.exists).toBe(true);
    expect(found.requisitions).toMatchObject([
      { id: standard.id, requisition_type: 'standard', state: 'open', quantity: '4.000' },
      { id: rework.id, requisition_type: 're-work', state: 'open', quantity: '1.000' },
    ]);
    expect((await stores.get(`/requisitions/requisition_details/check_duplicate_material/?material=${steel.id}&job_order=${job.id}`)).json()).toEqual({ exists: false, requisitions: [] });
    for (const query of ['', `?material=${acrylic.id}`, '?material=x&job_order=1', `?material=${acrylic.id}&job_order=${job.id}&extra=1`]) {
      expect((await stores.get(`/requisitions/requisition_details/check_duplicate_material/${query}`)).statusCode, query).toBe(400);
    }
  });

  it('check_req_for_material_against_job_order_exists narrows to one requisition type', async () => {
    const { job, acrylic } = await shop();
    await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }] });
    const rework = await makeRequisition(db(), { job_order: job.id, requisition_type: 're-work', lines: [{ material: acrylic.id }] });
    const stores = await as('foreman');
    const url = (type: string) => `/requisitions/check_req_for_material_against_job_order_exists/?material=${acrylic.id}&job=${job.id}&requisition_type=${type}`;
    expect((await stores.get(url('re-work'))).json()).toMatchObject({ exists: true, requisitions: [{ id: rework.id }] });
    expect((await stores.get(url('shortfall'))).json()).toEqual({ exists: false, requisitions: [] });
    expect((await stores.get(url('urgent'))).statusCode).toBe(400);
    expect((await stores.get(`/requisitions/check_req_for_material_against_job_order_exists/?material=${acrylic.id}`)).statusCode).toBe(400);
  });
});

describe('changing an item', () => {
  it('changes the quantity, not below what was issued; and the requisition is issued once nothing is left to serve', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity: '10', quantity_issued: '4' }, { material: steel.id, quantity: '2', quantity_issued: '2' }] });
    const line = req.lines[0]!;
    const foreman = await as('foreman');
    const below = await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '3.5' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ quantity: [REQUISITION_MESSAGES.belowIssued] });
    const res = await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: '4' }, { 'if-match': '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: '4.000', version: 2 });
    expect(res.headers.etag).toBe('"2"');
    expect((await (await as('stores')).get(`/requisitions/requisitions/${req.id}/`)).json()).toMatchObject({ state: 'issued', is_completed: true });
  });

  it('keeps the material of a line issued against, and refuses moving a line to another requisition', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity_issued: '1' }] });
    const other = await makeRequisition(db(), { job_order: job.id, lines: [{ material: steel.id }] });
    const foreman = await as('foreman');
    const line = req.lines[0]!;
    expect((await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { material: steel.id, confirm_repeat: true })).json()).toEqual({ material: [REQUISITION_MESSAGES.lineMaterialIssued] });
    expect((await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { requisition: other.id })).json()).toEqual({ requisition: [REQUISITION_MESSAGES.otherRequisition] });
    expect((await foreman.patch(`/requisitions/requisition_details/${other.lines[0]!.id}/`, { quantity: 'many' })).statusCode).toBe(400);
    expect((await foreman.patch(`/requisitions/requisition_details/${line.id}/`, { quantity: 5 }, { 'if-match': '9' })).statusCode).toBe(409);
    expect((await foreman.patch('/requisitions/requisition_details/999999/', { quantity: 5 })).statusCode).toBe(404);
  });
});

describe('removing an item', () => {
  it('soft-deletes a line nothing was issued or reserved against', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }, { material: steel.id }] });
    const foreman = await as('foreman');
    const res = await foreman.delete(`/requisitions/requisition_details/${req.lines[1]!.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
    expect((await foreman.get(`/requisitions/requisitions/${req.id}/`)).json().requisition_items.map((l: { material: number }) => l.material)).toEqual([acrylic.id]);
    expect((await foreman.get(`/requisitions/requisition_details/${req.lines[1]!.id}/`)).statusCode).toBe(404);
    expect((await foreman.delete(`/requisitions/requisition_details/${req.lines[1]!.id}/`)).statusCode).toBe(404);
  });

  it('refuses a line issued or reserved against, and the last line', async () => {
    const { job, acrylic, steel, glass } = await shop();
    const req = await makeRequisition(db(), {
      job_order: job.id,
      lines: [{ material: acrylic.id, quantity_issued: '1' }, { material: steel.id, quantity_reserved: '2' }],
    });
    const single = await makeRequisition(db(), { job_order: job.id, lines: [{ material: glass.id }] });
    const foreman = await as('foreman');
    expect((await foreman.delete(`/requisitions/requisition_details/${req.lines[0]!.id}/`)).json()).toEqual({ detail: REQUISITION_MESSAGES.lineIssued });
    expect((await foreman.delete(`/requisitions/requisition_details/${req.lines[1]!.id}/`)).json()).toEqual({ detail: REQUISITION_MESSAGES.lineReserved });
    expect((await foreman.delete(`/requisitions/requisition_details/${single.lines[0]!.id}/`)).json()).toEqual({ detail: REQUISITION_MESSAGES.lastLine });
    expect((await foreman.delete('/requisitions/requisition_details/abc/')).statusCode).toBe(404);
  });

  it('completes a requisition whose only unserved line goes', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id, quantity: '2', quantity_issued: '2' }, { material: steel.id }] });
    expect((await (await as('foreman')).delete(`/requisitions/requisition_details/${req.lines[1]!.id}/`)).statusCode).toBe(200);
    expect((await requisitionRow(req.id)).is_completed).toBe(true);
  });
});

describe('the lines list for the offline mirror', () => {
  it('lists live lines by requisition and sends removed ones in a delta', async () => {
    const { job, acrylic, steel } = await shop();
    const req = await makeRequisition(db(), { job_order: job.id, lines: [{ material: acrylic.id }, { material: steel.id }] });
    const foreman = await as('foreman');
    const full = (await foreman.get(`/requisitions/requisition_details/?requisition=${req.id}&updated_since=0`)).json();
    expect(full.results).toHaveLength(2);
    await foreman.delete(`/requisitions/requisition_details/${req.lines[1]!.id}/`);
    const delta = (await foreman.get(`/requisitions/requisition_details/?updated_since=${full.cursor}`)).json();
    // A delta may send a row again (the cursor is the oldest running transaction), never leave one out.
    expect(delta.results.find((l: { id: number }) => l.id === req.lines[1]!.id).deleted_at).not.toBeNull();
    expect((await foreman.get(`/requisitions/requisition_details/?requisition=${req.id}`)).json().count).toBe(1);
    expect((await foreman.get('/requisitions/requisition_details/?requisition=x')).statusCode).toBe(400);
  });
});
