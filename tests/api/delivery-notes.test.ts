import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, deliveryNotes } from '../../server/db/schema';
import { DELIVERY_NOTE_MESSAGES, exceedsOrderMessage } from '../../domain/delivery-note';
import type { JobOrderStatus } from '../../domain/job-order';
import { STALE_VERSION } from '../../server/lib/rows';
import { useTestServer, type TestClient } from '../support/server';
import { expectAccessMatrix } from '../support/access';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { businessDayOf } from '../../domain/rules/dates';

const { app, db, as } = useTestServer({ seed: 'users' });

const one = '/deliverynotes/delivery_notes';
const two = '/deliverychallans/delivery_challans';
const details = '/deliverychallans/delivery_challan_details';

/** A job order with two products: 10 stands and 4 trays. */
async function order(status: JobOrderStatus = 'in-process') {
  const job = await makeJobOrder(db(), { status });
  const stands = await makeJobOrderItem(db(), job.id, { product: 'Acrylic display stand', quantity: '10' });
  const trays = await makeJobOrderItem(db(), job.id, { product: 'Steel tray', quantity: '4' });
  return { job, stands, trays };
}

async function createNote(client: TestClient, job: number, items: { job_order_item: number; quantity: string | number }[], url = `${one}/create/`) {
  const res = await client.post(url, { job_order: job, delivery_location: 'Andheri warehouse', remarks: 'Handle with care', items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; items: { id: number; job_order_item: number; version: number; quantity: string }[] };
}

describe('creating a delivery note (set 1 create/, set 2 delivery_challans/)', () => {
  it('creates a draft with its products, the message to show, and an audit entry', async () => {
    const { job, stands, trays } = await order();
    const production = await as('production');
    const res = await production.post(`${one}/create/`, { job_order: job.id, delivery_location: ' Andheri warehouse ', items: [{ job_order_item: stands.id, quantity: '6' }, { job_order_item: trays.id, quantity: 4 }] });
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const body = res.json();
    expect(body).toMatchObject({ job_order: job.id, delivery_location: 'Andheri warehouse', remarks: '', status: 'draft', message: DELIVERY_NOTE_MESSAGES.created, job_order_status: 'in-process' });
    expect(body.items.map((i: { product: string; quantity: string; ordered_quantity: string }) => [i.product, i.quantity, i.ordered_quantity])).toEqual([
      ['Acrylic display stand', '6.000', '10.000'],
      ['Steel tray', '4.000', '4.000'],
    ]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'delivery_note.create'))).toHaveLength(1);
    const got = await production.get(`${one}/${body.id}/`);
    expect(got.json()).toMatchObject({ id: body.id, items: [{ quantity: '6.000' }, { quantity: '4.000' }] });
    expect((await production.get(`${two}/${body.id}/`)).json()).toEqual(got.json());
  });

  it('refuses, on create through either set, more than the job order still has undelivered, counting every live note', async () => {
    const { job, stands } = await order();
    const production = await as('production');
    await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '6' }]);
    for (const url of [`${one}/create/`, `${two}/`]) {
      const res = await production.post(url, { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: '4.001' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'items.0.quantity': [exceedsOrderMessage('Acrylic display stand', '10.000', '6.000', '4.000')] });
    }
    await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '4' }], `${two}/`);
  });

  it('frees the quantity of a deleted (cancelled) note', async () => {
    const { job, stands } = await order();
    const production = await as('production');
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '10' }]);
    const deleted = await production.put(`${one}/delete/${note.id}/`, {});
    expect(deleted.json()).toMatchObject({ message: DELIVERY_NOTE_MESSAGES.deleted });
    await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '10' }]);
  });

  it('lets only one of two simultaneous notes take the last quantity', async () => {
    const { job, stands } = await order();
    const [production, management] = [await as('production'), await as('management')];
    const answers = await Promise.all(
      [production, management].map((c) => c.post(`${one}/create/`, { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: '7' }] })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('refuses products of another job order, closed job orders and unknown ones with 400s', async () => {
    const { job, stands } = await order();
    const other = await order();
    const closed = await makeJobOrder(db(), { closed: true });
    const closedItem = await makeJobOrderItem(db(), closed.id);
    const production = await as('production');
    const post = (body: unknown) => production.post(`${one}/create/`, body);
    expect((await post({ job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: other.stands.id, quantity: 1 }] })).json()).toEqual({ 'items.0.quantity': [DELIVERY_NOTE_MESSAGES.otherJobOrder] });
    expect((await post({ job_order: closed.id, delivery_location: 'Site', items: [{ job_order_item: closedItem.id, quantity: 1 }] })).json()).toEqual({ job_order: [DELIVERY_NOTE_MESSAGES.jobOrderClosed] });
    expect((await post({ job_order: 999999, delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: 1 }] })).json()).toEqual({ job_order: ['Invalid pk "999999" - object does not exist.'] });
    const cases: unknown[] = [
      {},
      { job_order: job.id, delivery_location: '', items: [{ job_order_item: stands.id, quantity: 1 }] },
      { job_order: job.id, delivery_location: 'Site', items: [] },
      { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: 0 }] },
      { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: 'lots' }] },
      { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: 1 }, { job_order_item: stands.id, quantity: 1 }] },
      { job_order: 'one', delivery_location: 'Site', items: [{ job_order_item: stands.id, quantity: 1 }] },
      { job_order: job.id, delivery_location: 'Site', delivery_date: '31-12-2026', items: [{ job_order_item: stands.id, quantity: 1 }] },
      { job_order: job.id, delivery_location: 'Site', items: [{ job_order_item: 999999, quantity: 1 }] },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json() as Record<string, unknown>;
      expect(Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string')), res.body).toBe(true);
    }
    expect(await db().select().from(deliveryNotes)).toHaveLength(0);
  });
});

describe('validate-delivery-note-constraints', () => {
  it('answers per product what was ordered, what other notes carry and what may still go', async () => {
    const { job, stands, trays } = await order();
    const production = await as('production');
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '6' }]);
    const check = (body: unknown) => production.post(`${one}/validate-delivery-note-constraints/`, body);
    const fits = await check({ job_order: job.id, items: [{ job_order_item: stands.id, quantity: '4' }, { job_order_item: trays.id, quantity: '1' }] });
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toEqual({
      valid: true,
      message: DELIVERY_NOTE_MESSAGES.withinOrder,
      items: [
        { job_order_item: stands.id, product: 'Acrylic display stand', ordered: '10.000', delivered_elsewhere: '6.000', requested: '4.000', remaining: '4.000', ok: true, message: null },
        { job_order_item: trays.id, product: 'Steel tray', ordered: '4.000', delivered_elsewhere: '0.000', requested: '1.000', remaining: '4.000', ok: true, message: null },
      ],
    });
    const over = (await check({ job_order: job.id, items: [{ job_order_item: stands.id, quantity: '5' }] })).json();
    expect(over).toMatchObject({ valid: false, message: exceedsOrderMessage('Acrylic display stand', '10.000', '6.000', '4.000') });
    // The note being changed does not count against itself.
    expect((await check({ job_order: job.id, delivery_note: note.id, items: [{ job_order_item: stands.id, quantity: '10' }] })).json()).toMatchObject({ valid: true });
    expect((await check({ job_order: job.id, items: [] })).statusCode).toBe(400);
    expect((await check({ items: [{ job_order_item: stands.id, quantity: '-1' }] })).json()).toMatchObject({ job_order: expect.any(Array), 'items.0.quantity': expect.any(Array) });
  });
});

describe('changing a draft note', () => {
  it('updates location and remarks through set 1 and set 2, with the If-Match version, and a stale one is a 409 with the current row', async () => {
    const { job, stands } = await order();
    const production = await as('production');
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '2' }]);
    const first = await production.patch(`${one}/update/${note.id}/`, { delivery_location: 'Thane site', remarks: 'Gate 2' }, { 'if-match': '"1"' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ delivery_location: 'Thane site', remarks: 'Gate 2', version: 2, message: DELIVERY_NOTE_MESSAGES.updated });
    const stale = await production.patch(`${one}/update/${note.id}/`, { remarks: 'Gate 3', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: STALE_VERSION, current: { id: note.id, remarks: 'Gate 2', version: 2 } });
    expect(stale.json().current).not.toHaveProperty('txid');
    expect((await production.put(`${two}/${note.id}/`, { remarks: 'Gate 4' }, { 'if-match': '2' })).json()).toMatchObject({ remarks: 'Gate 4', version: 3 });
    expect((await production.patch(`${two}/${note.id}/`, { delivery_location: 'Pune' })).json()).toMatchObject({ delivery_location: 'Pune', version: 4 });
    expect((await production.patch(`${one}/update/${note.id}/`, { delivery_location: '' })).json()).toEqual({ delivery_location: [expect.any(String)] });
    expect((await production.patch(`${one}/update/${note.id}/`, { remarks: 'x' }, { 'if-match': 'yesterday' })).statusCode).toBe(400);
    expect((await production.patch(`${one}/update/999999/`, { remarks: 'x' })).statusCode).toBe(404);
  });

  it('changes an item quantity within the order (set 1 and set 2), refusing more with the server message, and a stale version with 409', async () => {
    const { job, stands } = await order();
    const production = await as('production');
    await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '3' }]);
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '2' }]);
    const item = note.items[0]!;
    const ok = await production.put(`${one}/item/qty/update/${item.id}/`, { quantity: '7', expected_version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: item.id, quantity: '7.000', version: 2, message: DELIVERY_NOTE_MESSAGES.quantityUpdated });
    const over = await production.put(`${one}/item/qty/update/${item.id}/`, { quantity: '7.5' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ quantity: [exceedsOrderMessage('Acrylic display stand', '10.000', '3.000', '7.000')] });
    expect((await production.patch(`${details}/${item.id}/`, { quantity: '8' })).json()).toEqual({ quantity: [exceedsOrderMessage('Acrylic display stand', '10.000', '3.000', '7.000')] });
    const stale = await production.patch(`${details}/${item.id}/`, { quantity: '5' }, { 'if-match': '1' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { id: item.id, quantity: '7.000', version: 2 } });
    expect((await production.patch(`${details}/${item.id}/`, { quantity: '5' }, { 'if-match': '2' })).json()).toMatchObject({ quantity: '5.000', version: 3 });
    expect((await production.get(`${details}/${item.id}/`)).headers.etag).toBe('"3"');
    for (const bad of [{}, { quantity: 0 }, { quantity: '1.0001' }, { quantity: 'x' }]) expect((await production.put(`${one}/item/qty/update/${item.id}/`, bad)).statusCode).toBe(400);
    expect((await production.put(`${one}/item/qty/update/999999/`, { quantity: 1 })).statusCode).toBe(404);
  });

  it('deletes a product (set 1 delete/item and set 2 delivery_challan_details DELETE), never the last one', async () => {
    const { job, stands, trays } = await order();
    const production = await as('production');
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '1' }, { job_order_item: trays.id, quantity: '1' }]);
    const [standLine, trayLine] = note.items;
    const stale = await production.put(`${one}/${note.id}/delete/item/`, { item: standLine!.id, expected_version: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { id: standLine!.id, version: 1 } });
    const removed = await production.put(`${one}/${note.id}/delete/item/`, { item: standLine!.id, expected_version: 1 });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: note.id, message: DELIVERY_NOTE_MESSAGES.itemDeleted, items: [{ id: trayLine!.id }] });
    expect((await production.put(`${one}/${note.id}/delete/item/`, { item: standLine!.id })).json()).toEqual({ item: [`Invalid pk "${standLine!.id}" - object does not exist.`] });
    const last = await production.delete(`${details}/${trayLine!.id}/`);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.lastItem });
    const other = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '1' }, { job_order_item: trays.id, quantity: '1' }]);
    expect((await production.put(`${one}/${note.id}/delete/item/`, { item: other.items[0]!.id })).json()).toEqual({ item: [DELIVERY_NOTE_MESSAGES.itemOfOtherNote] });
    const viaTwo = await production.delete(`${details}/${other.items[0]!.id}/`, { 'if-match': '1' });
    expect(viaTwo.json()).toMatchObject({ id: other.items[0]!.id, message: DELIVERY_NOTE_MESSAGES.itemDeleted });
    expect((await production.put(`${one}/${note.id}/delete/item/`, {})).json()).toEqual({ item: ['This field is required.'] });
  });
});

describe('the way out: approval, ready to dispatch, delete', () => {
  it('approves a draft, makes it ready, and then refuses edits; a stale version is a 409', async () => {
    const { job, stands } = await order();
    const [production, dispatch] = [await as('production'), await as('dispatch')];
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '2' }]);
    expect((await dispatch.patch(`${one}/${note.id}/ready-to-dispatch/`, {})).json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.notApproved });
    expect((await production.patch(`${one}/${note.id}/approval/`, { expected_version: 9 })).statusCode).toBe(409);
    const approved = await production.patch(`${one}/${note.id}/approval/`, {});
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by: expect.any(Number), approved_at: expect.any(String), message: DELIVERY_NOTE_MESSAGES.approved });
    expect((await production.patch(`${one}/${note.id}/approval/`, {})).json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.notDraft });
    expect((await production.patch(`${one}/update/${note.id}/`, { remarks: 'late' })).json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.notEditable });
    expect((await production.put(`${one}/item/qty/update/${note.items[0]!.id}/`, { quantity: 1 })).json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.notEditable });
    const ready = await dispatch.patch(`${one}/${note.id}/ready-to-dispatch/`, {});
    expect(ready.json()).toMatchObject({ status: 'ready-to-dispatch', message: DELIVERY_NOTE_MESSAGES.readyToDispatch });
    const deleted = await production.delete(`${two}/${note.id}/`);
    expect(deleted.json()).toMatchObject({ deleted_at: expect.any(String), message: DELIVERY_NOTE_MESSAGES.deleted });
    expect((await production.get(`${one}/${note.id}/`)).json()).toMatchObject({ deleted_at: expect.any(String) });
    expect((await production.put(`${one}/delete/${note.id}/`, {})).statusCode).toBe(404);
  });

  it('keeps a dispatched note', async () => {
    const { job, stands } = await order();
    const production = await as('production');
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '2' }]);
    await db().update(deliveryNotes).set({ status: 'dispatched' }).where(eq(deliveryNotes.id, note.id));
    expect((await production.put(`${one}/delete/${note.id}/`, {})).json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.dispatched });
  });
});

describe('lists', () => {
  it('lists notes (set 1 list/, set 2 delivery_challans/) with deltas, products, cancelled, filtered and by job status', async () => {
    const inProcess = await order('in-process');
    const ready = await order('ready-to-dispatch');
    const production = await as('production');
    const a = await createNote(production, inProcess.job.id, [{ job_order_item: inProcess.stands.id, quantity: '1' }]);
    const b = await createNote(production, ready.job.id, [{ job_order_item: ready.trays.id, quantity: '1' }]);
    const c = await createNote(production, ready.job.id, [{ job_order_item: ready.stands.id, quantity: '1' }]);
    await production.put(`${one}/delete/${c.id}/`, {});

    for (const url of [`${one}/list/`, `${two}/`]) {
      const page = (await production.get(url)).json();
      expect(page.results.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
      const delta = (await production.get(`${url}?updated_since=0`)).json();
      expect(delta.results.map((r: { id: number }) => r.id)).toEqual([a.id, b.id, c.id]);
      expect(delta.cursor).toEqual(expect.any(String));
    }
    expect((await production.get(`${one}/list/?status=shipped`)).statusCode).toBe(400);
    expect((await production.get(`${details}/?delivery_note=${a.id}`)).json().results).toHaveLength(1);
    expect((await production.get(`${one}/job_order_items/?job_order=${ready.job.id}`)).json().results.map((r: { product: string }) => r.product)).toEqual(['Acrylic display stand', 'Steel tray']);

    const byStatus = async (status: string) => (await production.get(`${one}/list/${status}/`)).json().results.map((r: { id: number }) => r.id);
    expect(await byStatus('in-process')).toEqual([a.id]);
    expect(await byStatus('ready-to-dispatch')).toEqual([b.id]);
    expect(await byStatus('handover-to-dispatch')).toEqual([]);
    expect(await byStatus('dispatched')).toEqual([]);
    expect((await production.get(`${one}/list/in-process/?page=2`)).statusCode).toBe(404);

    const cancelled = (await production.get(`${two}/cancelled_dnotes/`)).json();
    expect(cancelled).toMatchObject({ count: 1, results: [{ id: c.id, deleted_at: expect.any(String) }] });

    const filter = async (query: string) => (await production.get(`${two}/filter_dnotes/?${query}`)).json().results.map((r: { id: number }) => r.id);
    expect(await filter(`job=${ready.job.id}`)).toEqual([b.id]);
    expect(await filter('material=tray')).toEqual([b.id]);
    const today = businessDayOf(new Date());
    expect(await filter(`startDate=2000-01-01&endDate=${today}`)).toHaveLength(2);
    expect(await filter('endDate=2000-01-01')).toEqual([]);
    expect((await production.get(`${two}/filter_dnotes/?startDate=01-01-2026`)).json()).toEqual({ startDate: [expect.any(String)] });
    expect((await production.get(`${two}/filter_dnotes/?colour=red`)).statusCode).toBe(400);
  });
});

describe('odd paths and bodies', () => {
  it('answers 404 for ids that name no row and 400 for bodies that are not objects, never 500', async () => {
    const production = await as('production');
    for (const url of [`${one}/abc/`, `${one}/0/`, `${one}/99999999999/`, `${two}/abc/`, `${details}/abc/`, `${one}/list/unknown-status/`]) {
      expect((await production.get(url)).statusCode, url).toBe(404);
    }
    for (const body of [[], 42, null]) {
      const res = await production.post(`${one}/create/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A body that is not JSON at all is the platform's 415.
    expect((await production.post(`${one}/create/`, 'text')).statusCode).toBe(415);
    expect((await production.put(`${one}/item/qty/update/abc/`, { quantity: 1 })).statusCode).toBe(404);
    expect((await production.patch(`${one}/1/approval/`, { expected_version: 'one' })).statusCode).toBe(400);
  });
});

describe('who may call what (domain/permissions.ts)', () => {
  it('answers each call as the matrix says, for every demo user', async () => {
    const { job, stands } = await order();
    const production = await as('production');
    const note = await createNote(production, job.id, [{ job_order_item: stands.id, quantity: '1' }]);
    const item = note.items[0]!.id;
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${one}/list/`, permission: 'delivery-notes.read' },
      { method: 'GET', url: `${one}/${note.id}/`, permission: 'delivery-notes.read' },
      { method: 'GET', url: `${one}/list/in-process/`, permission: 'delivery-notes.read' },
      // A job order's products are the job order's (docs/decisions.md 357).
      { method: 'GET', url: `${one}/job_order_items/`, permission: 'job-orders.read' },
      { method: 'POST', url: `${one}/validate-delivery-note-constraints/`, body: { job_order: job.id, items: [{ job_order_item: stands.id, quantity: 1 }] }, permission: 'delivery-notes.read' },
      { method: 'POST', url: `${one}/create/`, body: {}, permission: 'delivery-notes.write' },
      { method: 'PATCH', url: `${one}/update/${note.id}/`, body: { delivery_location: '' }, permission: 'delivery-notes.write' },
      { method: 'PUT', url: `${one}/item/qty/update/${item}/`, body: { quantity: 0 }, permission: 'delivery-notes.write' },
      { method: 'PUT', url: `${one}/${note.id}/delete/item/`, body: {}, permission: 'delivery-notes.write' },
      { method: 'PUT', url: `${one}/delete/999999/`, permission: 'delivery-notes.write' },
      { method: 'PATCH', url: `${one}/999999/approval/`, permission: 'delivery-notes.approve' },
      { method: 'PATCH', url: `${one}/999999/ready-to-dispatch/`, permission: 'delivery-notes.ready' },
      { method: 'GET', url: `${two}/`, permission: 'delivery-notes.read' },
      { method: 'GET', url: `${two}/cancelled_dnotes/`, permission: 'delivery-notes.read' },
      { method: 'GET', url: `${two}/filter_dnotes/`, permission: 'delivery-notes.read' },
      { method: 'GET', url: `${details}/`, permission: 'delivery-notes.read' },
      { method: 'POST', url: `${two}/`, body: {}, permission: 'delivery-notes.write' },
      { method: 'PATCH', url: `${two}/${note.id}/`, body: { delivery_location: '' }, permission: 'delivery-notes.write' },
      { method: 'PUT', url: `${two}/${note.id}/`, body: { delivery_location: '' }, permission: 'delivery-notes.write' },
      { method: 'DELETE', url: `${two}/999999/`, permission: 'delivery-notes.write' },
      { method: 'PATCH', url: `${details}/${item}/`, body: { quantity: 0 }, permission: 'delivery-notes.write' },
      { method: 'DELETE', url: `${details}/999999/`, permission: 'delivery-notes.write' },
    ]);
  });
});
