import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { deliveryNotes, dispatches } from '../../server/db/schema';
import { DELIVERY_NOTE_MESSAGES } from '../../domain/delivery-note';
import { DASHBOARD_DAYS } from '../../domain/dispatch';
import { useTestServer } from '../support/server';
import { expectAccessMatrix } from '../support/access';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';

const { app, db, as } = useTestServer({ seed: 'users' });

const one = '/deliverynotes/delivery_notes';

/** A note of a new job order taken as far as `status` through the API. */
async function noteIn(status: 'draft' | 'approved' | 'ready-to-dispatch', location = 'Andheri warehouse') {
  const job = await makeJobOrder(db());
  const item = await makeJobOrderItem(db(), job.id, { quantity: '5' });
  const production = await as('production');
  const note = (await production.post(`${one}/create/`, { job_order: job.id, delivery_location: location, items: [{ job_order_item: item.id, quantity: '5' }] })).json() as { id: number };
  if (status !== 'draft') await production.patch(`${one}/${note.id}/approval/`, {});
  if (status === 'ready-to-dispatch') await (await as('dispatch')).patch(`${one}/${note.id}/ready-to-dispatch/`, {});
  return { job, note };
}

const today = async () => (await queryRows<{ d: string }>(db(), sql`SELECT to_char((now() AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS d`))[0]!.d;

describe('dispatches', () => {
  it('records a dispatch of a ready note, marks the note dispatched, and shows it in the list and detail', async () => {
    const { job, note } = await noteIn('ready-to-dispatch');
    const dispatch = await as('dispatch');
    const res = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-20', vehicle_number: 'mh12 ab 1234', driver_phone: '9876543210', status: 'dispatched' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ delivery_note: note.id, vehicle_number: 'MH12 AB 1234', status: 'dispatched', delivery_location: 'Andheri warehouse', delivery_note_status: 'dispatched', customer_name: expect.any(String) });
    const id = res.json().id as number;
    expect((await dispatch.get('/dispatches/dispatches/')).json()).toMatchObject({ count: 1, results: [{ id, delivery_note: note.id }] });
    expect((await dispatch.get(`/dispatches/dispatches/${id}/`)).json()).toMatchObject({ id, job_order_label: expect.stringContaining(String(job.id)) });
    expect((await dispatch.get('/dispatches/dispatches/?updated_since=0')).json().results).toHaveLength(1);
    const again = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-20' });
    expect(again.json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.alreadyDispatched });
  });

  it('refuses a note that is not ready, of another job order, or unknown, and bad input, with 400s', async () => {
    const { job, note } = await noteIn('approved');
    const other = await makeJobOrder(db());
    const dispatch = await as('dispatch');
    const post = (body: unknown) => dispatch.post('/dispatches/dispatches/', body);
    expect((await post({ delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-20' })).json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.notReady });
    expect((await post({ delivery_note: note.id, job_order: other.id, dispatch_date: '2026-11-20' })).json()).toEqual({ job_order: [DELIVERY_NOTE_MESSAGES.noteOfOtherJobOrder] });
    expect((await post({ delivery_note: 999999, job_order: job.id, dispatch_date: '2026-11-20' })).json()).toEqual({ delivery_note: ['Invalid pk "999999" - object does not exist.'] });
    for (const body of [{}, { delivery_note: note.id, job_order: job.id, dispatch_date: '20-11-2026' }, { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-20', driver_phone: 'call me' }, { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-20', status: 'lost' }]) {
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await dispatch.get('/dispatches/dispatches/999999/')).statusCode).toBe(404);
    expect((await dispatch.get('/dispatches/dispatches/?status=lost')).statusCode).toBe(400);
    expect(await db().select().from(dispatches)).toHaveLength(0);
  });
});

describe('the packing and dispatch dashboard', () => {
  it('shows notes ready with no vehicle, approved notes still to pack, what left today, and the last 14 days', async () => {
    const day = await today();
    const ready = await noteIn('ready-to-dispatch', 'Ready site');
    const gone = await noteIn('ready-to-dispatch', 'Gone site');
    const waiting = await noteIn('approved', 'Waiting site');
    await noteIn('draft');
    await db().update(deliveryNotes).set({ approved_at: sql`now() - interval '3 days'` }).where(eq(deliveryNotes.id, waiting.note.id));
    const dispatch = await as('dispatch');
    await dispatch.post('/dispatches/dispatches/', { delivery_note: gone.note.id, job_order: gone.job.id, dispatch_date: day, status: 'dispatched' });
    const res = await dispatch.get('/dispatches/dashboard/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(day);
    expect(body.ready_to_dispatch.map((n: { id: number }) => n.id)).toEqual([ready.note.id]);
    expect(body.waiting).toEqual([expect.objectContaining({ id: waiting.note.id, delivery_location: 'Waiting site', days_waiting: 3 })]);
    expect(body.dispatched_today.map((d: { delivery_note: number }) => d.delivery_note)).toEqual([gone.note.id]);
    expect(body.daily).toHaveLength(DASHBOARD_DAYS);
    expect(body.daily.at(-1)).toEqual({ date: day, count: 1 });
    expect(body.daily.slice(0, -1).every((d: { count: number }) => d.count === 0)).toBe(true);
  });
});

describe('who may call what', () => {
  it('answers each call as the matrix says, for every demo user', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: '/dispatches/dispatches/', permission: 'dispatches.read' },
      { method: 'GET', url: '/dispatches/dispatches/999999/', permission: 'dispatches.read' },
      { method: 'GET', url: '/dispatches/dashboard/', permission: 'dispatches.read' },
      { method: 'POST', url: '/dispatches/dispatches/', body: {}, permission: 'dispatches.write' },
    ]);
  });
});
