import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requisitionDetails } from '../../server/db/schema';
import type { RequisitionAction, RequisitionState, RequisitionType } from '../../domain/requisition';
import { signIn, signedInAs, startTestServer, type TestServer } from '../support/server';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeJobOrder, makeRequisition } from '../support/factories-requisitions';
import { REQUISITION_ANSWERS, REQUISITION_STATE_NAMES } from '../support/requisition-answers';

/**
 * Every step of the requisition state machine that the requisitions API carries out (approve, change
 * items, close, cancel), from every state and for every type: a legal step succeeds and lands
 * where it should, an illegal one is a 400 with the written-out message and changes nothing.
 * Issue and reserve are the stock module's calls.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;

/** A requisition of `type` standing in `state`, built as the API and the stock ledger would leave it. */
async function requisitionIn(state: RequisitionState, type: RequisitionType) {
  const job = type === 'consumables' ? null : (await makeJobOrder(db())).id;
  const category = await makeCategory(db());
  const material = await makeMaterial(db(), category.id);
  const issued = { 'partly-issued': '4', issued: '10' } as Partial<Record<RequisitionState, string>>;
  return makeRequisition(db(), {
    job_order: job,
    requisition_type: type,
    approved: state === 'approved' || (type === 're-work' || type === 'shortfall' ? state !== 'open' : false),
    completed: state === 'issued',
    closed: state === 'closed',
    cancelled: state === 'cancelled',
    lines: [{ material: material.id, quantity: '10', quantity_issued: issued[state] ?? '0' }],
  });
}

/** The call of each action, as the user whose role may make it. */
async function perform(action: Exclude<RequisitionAction, 'issue' | 'reserve'>, requisition: Awaited<ReturnType<typeof requisitionIn>>) {
  const user = { approve: 'management', 'change-items': 'foreman', close: 'stores', cancel: 'foreman' }[action];
  const client = await signedInAs(server.app, user);
  switch (action) {
    case 'approve':
      return client.put(`/requisitions/${requisition.id}/approve_requisition/`);
    case 'close':
      return client.patch(`/requisitions/${requisition.id}/close/`, { reason: 'Enough' });
    case 'change-items': {
      const material = await makeMaterial(db(), (await makeCategory(db())).id);
      return client.post('/requisitions/requisition_details/', { requisition: requisition.id, material: material.id, quantity: 1 });
    }
    case 'cancel': {
      const { access } = await signIn(server.app, user);
      return server.app.inject({ method: 'DELETE', url: `/api/v1/requisitions/requisitions/${requisition.id}/`, payload: { reason: 'Not needed' }, headers: { authorization: `JWT ${access}` } });
    }
  }
}

const landsIn: Record<'approve' | 'close' | 'cancel', RequisitionState> = { approve: 'approved', close: 'closed', cancel: 'cancelled' };

describe('the requisition state machine through the API', () => {
  const actions = ['approve', 'change-items', 'close', 'cancel'] as const;
  for (const action of actions) {
    it(`${action}: allowed exactly from the states the written table allows for each type, refused with its message otherwise`, async () => {
      const stores = await signedInAs(server.app, 'stores');
      for (const type of Object.keys(REQUISITION_ANSWERS) as RequisitionType[]) {
        for (const state of REQUISITION_STATE_NAMES) {
          const requisition = await requisitionIn(state, type);
          const before = (await stores.get(`/requisitions/requisitions/${requisition.id}/`)).json();
          expect(before.state, `${type} built as ${state}`).toBe(state);
          const refusal = REQUISITION_ANSWERS[type][action][state];
          const res = await perform(action, requisition);
          const label = `${action} a ${type} requisition that is ${state}`;
          const after = (await stores.get(`/requisitions/requisitions/${requisition.id}/`)).json();
          if (refusal) {
            expect(res.statusCode, label).toBe(400);
            expect(res.json(), label).toEqual({ detail: refusal });
            expect(after.version, label).toBe(before.version);
          } else {
            expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
            expect(after.state, label).toBe(action === 'change-items' ? state : landsIn[action]);
          }
        }
      }
    });
  }

  it('takes a re-work requisition through its life: raised open, approved, partly issued by stores, closed', async () => {
    const job = await makeJobOrder(db());
    const material = await makeMaterial(db(), (await makeCategory(db())).id);
    const foreman = await signedInAs(server.app, 'foreman');
    const raised = await foreman.post('/requisitions/requisitions/', { job_order: job.id, requisition_type: 're-work', requisition_items: [{ material: material.id, quantity: 6 }] });
    expect(raised.json().state).toBe('open');
    const id = raised.json().id as number;
    const management = await signedInAs(server.app, 'management');
    expect((await management.put(`/requisitions/${id}/approve_requisition/`)).json().state).toBe('approved');
    // Stores issue through the stock ledger, which moves the line's issued quantity.
    await db().update(requisitionDetails).set({ quantity_issued: '2' }).where(eq(requisitionDetails.requisition, id));
    expect((await foreman.get(`/requisitions/requisitions/${id}/`)).json().state).toBe('partly-issued');
    expect((await management.put(`/requisitions/${id}/approve_requisition/`)).json()).toEqual({ detail: 'This requisition is partly issued: it cannot be approved.' });
    const closed = await (await signedInAs(server.app, 'stores')).patch(`/requisitions/${id}/close/`, { reason: 'Balance not needed' });
    expect(closed.json()).toMatchObject({ state: 'closed', close_reason: 'Balance not needed' });
  });
});
