import { describe, expect, it } from 'vitest';
import { DELIVERY_NOTE_MESSAGES, DELIVERY_NOTE_STEPS, type DeliveryNoteStatus } from '../../domain/delivery-note';
import { useTestServer } from '../support/server';
import { expectAccessMatrix, type GuardedCall } from '../support/access';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';

const { app, db, as } = useTestServer({ seed: 'users' });

const one = '/deliverynotes/delivery_notes';

/** A note of a new job order taken to ready to dispatch through the API, each step by its owner. */
async function readyNote(location = 'Andheri warehouse') {
  const job = await makeJobOrder(db());
  const item = await makeJobOrderItem(db(), job.id, { quantity: '5' });
  const production = await as('production');
  const note = (await production.post(`${one}/create/`, { job_order: job.id, delivery_location: location, items: [{ job_order_item: item.id, quantity: '5' }] })).json() as { id: number };
  expect((await production.patch(`${one}/${note.id}/approval/`, {})).statusCode).toBe(200);
  expect((await (await as('dispatch')).patch(`${one}/${note.id}/ready-to-dispatch/`, {})).statusCode).toBe(200);
  return { job, note };
}

describe('a note with a vehicle booked is ready to dispatch, on the dashboard as for the dispatch action', () => {
  it('counts it on the dashboard with its booking, and dispatching it sends the booked vehicle', async () => {
    const { job, note } = await readyNote('Booked site');
    const dispatch = await as('dispatch');
    const booked = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-27', vehicle_number: 'MH 12 AB 1234', driver_name: 'Ramesh Yadav', status: 'scheduled' });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json() as { id: number };

    const dashboard = (await dispatch.get('/dispatches/dashboard/')).json();
    expect(dashboard.ready_to_dispatch).toEqual([expect.objectContaining({ id: note.id, booking: { id: booking.id, dispatch_date: '2026-11-27', vehicle_number: 'MH 12 AB 1234' } })]);
    expect((await dispatch.get(`${one}/list/?status=ready-to-dispatch`)).json().results.map((n: { id: number }) => n.id)).toEqual([note.id]);

    const sent = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-25', status: 'dispatched' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: booking.id, dispatch_date: '2026-11-25', status: 'dispatched', vehicle_number: 'MH 12 AB 1234', driver_name: 'Ramesh Yadav', delivery_note_status: 'dispatched' });
    expect((await dispatch.get(`/dispatches/dispatches/?delivery_note=${note.id}`)).json().count).toBe(1);
    expect((await dispatch.get('/dispatches/dashboard/')).json().ready_to_dispatch).toEqual([]);
    const again = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-25', status: 'dispatched' });
    expect(again.json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.alreadyDispatched });
  });

  it('sends a vehicle other than the booked one when the dispatcher types it, and refuses a second booking', async () => {
    const { job, note } = await readyNote();
    const dispatch = await as('dispatch');
    const booking = (await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-27', vehicle_number: 'MH 12 AB 1234', status: 'scheduled' })).json() as { id: number };
    const second = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-28', vehicle_number: 'MH 14 CD 9876', status: 'scheduled' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: DELIVERY_NOTE_MESSAGES.alreadyBooked });
    const sent = await dispatch.post('/dispatches/dispatches/', { delivery_note: note.id, job_order: job.id, dispatch_date: '2026-11-25', vehicle_number: 'mh 14 cd 9876', status: 'dispatched' });
    expect(sent.json()).toMatchObject({ id: booking.id, vehicle_number: 'MH 14 CD 9876', status: 'dispatched' });
  });
});

describe("the server's guard on each step of the note (DELIVERY_NOTE_STEPS)", () => {
  /** The call that takes each step. */
  const CALLS: Record<Exclude<DeliveryNoteStatus, 'draft'>, Omit<GuardedCall, 'permission'>> = {
    approved: { method: 'PATCH', url: `${one}/999999/approval/` },
    'ready-to-dispatch': { method: 'PATCH', url: `${one}/999999/ready-to-dispatch/` },
    dispatched: { method: 'POST', url: '/dispatches/dispatches/', body: {} },
  };

  it('refuses exactly the users the step’s permission leaves out', async () => {
    await expectAccessMatrix(
      app(),
      DELIVERY_NOTE_STEPS.map((step) => ({ ...CALLS[step.to], permission: step.permission })),
    );
  });
});
