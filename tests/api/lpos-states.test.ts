import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import type { LpoStatus } from '../../domain/lpo';
import { lpos } from '../../server/db/schema';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { useTestServer, type TestClient } from '../support/server';

const { as, db } = useTestServer();

type Step = 'edit' | 'approve' | 'send' | 'cancel' | 'close';

/**
 * Every step from every status, written out (issue 19 §2): the status it leads to, or the 400's
 * sentence. Goods are received through GRAs (the GRA side), so receiving is not a step here.
 */
const TABLE: Record<LpoStatus, Record<Step, LpoStatus | string>> = {
  draft: {
    edit: 'draft',
    approve: 'approved',
    send: 'A draft LPO cannot be sent to the vendor: approve it first.',
    cancel: 'cancelled',
    close: 'A draft LPO cannot be closed short: nothing has been received against it; cancel it instead.',
  },
  approved: {
    edit: 'An approved LPO cannot be changed: only a draft LPO can be changed.',
    approve: 'An approved LPO cannot be approved: it is already approved.',
    send: 'sent',
    cancel: 'cancelled',
    close: 'An approved LPO cannot be closed short: nothing has been received against it; cancel it instead.',
  },
  sent: {
    edit: 'A sent LPO cannot be changed: only a draft LPO can be changed.',
    approve: 'A sent LPO cannot be approved: it is already approved and sent.',
    send: 'sent',
    cancel: 'cancelled',
    close: 'A sent LPO cannot be closed short: nothing has been received against it; cancel it instead.',
  },
  partially_received: {
    edit: 'A partially received LPO cannot be changed.',
    approve: 'A partially received LPO cannot be approved.',
    send: 'A partially received LPO cannot be sent to the vendor.',
    cancel: 'A partially received LPO cannot be cancelled: close it short instead.',
    close: 'closed',
  },
  received: {
    edit: 'A received LPO cannot be changed.',
    approve: 'A received LPO cannot be approved.',
    send: 'A received LPO cannot be sent to the vendor.',
    cancel: 'A received LPO cannot be cancelled: its goods have all arrived.',
    close: 'A received LPO cannot be closed short.',
  },
  closed: {
    edit: 'A closed LPO cannot be changed.',
    approve: 'A closed LPO cannot be approved.',
    send: 'A closed LPO cannot be sent to the vendor.',
    cancel: 'A closed LPO cannot be cancelled.',
    close: 'A closed LPO cannot be closed short.',
  },
  cancelled: {
    edit: 'A cancelled LPO cannot be changed.',
    approve: 'A cancelled LPO cannot be approved.',
    send: 'A cancelled LPO cannot be sent to the vendor.',
    cancel: 'A cancelled LPO cannot be cancelled.',
    close: 'A cancelled LPO cannot be closed short.',
  },
};

function take(client: TestClient, step: Step, lpo: { id: number; vendor: number }, material: number) {
  switch (step) {
    case 'edit':
      return client.put(API.lpos.detail(lpo.id), { vendor: lpo.vendor, lpo_date: '2026-03-02', lpo_items: [{ material, quantity: '5', rate: '10' }] });
    case 'approve':
      return client.post(API.lpos.approve(lpo.id));
    case 'send':
      return client.post(API.lpos.send(lpo.id));
    case 'cancel':
      return client.delete(API.lpos.detail(lpo.id), {}, { cancellation_remarks: 'Requirement dropped by production.' });
    case 'close':
      return client.post(API.lpos.close(lpo.id), { remarks: 'Balance not required.' });
  }
}

describe('the LPO state machine, step by step', () => {
  for (const [from, steps] of Object.entries(TABLE) as [LpoStatus, Record<Step, string>][]) {
    it(`from ${from}`, async () => {
      const vendor = await makeVendor(db());
      const material = await makeMaterial(db(), (await makeCategory(db())).id);
      const purchase = await as('purchase');
      for (const [step, outcome] of Object.entries(steps) as [Step, string][]) {
        const lpo = await makeLpo(db(), vendor.id, { status: from, total_amount: '50.00' });
        await makeLpoItem(db(), lpo.id, material.id, { quantity: '5', rate: '10' });
        const res = await take(purchase, step, lpo, material.id);
        const label = `${step} from ${from}`;
        if (outcome.includes(' ')) {
          expect(res.statusCode, label).toBe(400);
          expect(res.json(), label).toEqual({ non_field_errors: [outcome] });
          const [row] = await db().select().from(lpos).where(eq(lpos.id, lpo.id));
          expect(row!.status, label).toBe(from);
        } else {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
          expect(res.json().status, label).toBe(outcome);
        }
      }
    });
  }

  it('send stamps sent_at, and sending again moves it on; close keeps its remarks', async () => {
    const vendor = await makeVendor(db());
    const purchase = await as('purchase');
    const lpo = await makeLpo(db(), vendor.id, { status: 'approved' });
    const first = (await purchase.post(API.lpos.send(lpo.id))).json();
    expect(first).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
    const again = (await purchase.post(API.lpos.send(lpo.id))).json();
    expect(again.sent_at >= first.sent_at).toBe(true);
    const partial = await makeLpo(db(), vendor.id, { status: 'partially_received' });
    const closed = await purchase.post(API.lpos.close(partial.id), { remarks: 'Balance not required.' });
    expect(closed.json()).toMatchObject({ status: 'closed', close_remarks: 'Balance not required.', closed_at: expect.any(String) });
  });

  it('close needs remarks, and a stale version is a 409', async () => {
    const vendor = await makeVendor(db());
    const purchase = await as('purchase');
    const partial = await makeLpo(db(), vendor.id, { status: 'partially_received' });
    const missing = await purchase.post(API.lpos.close(partial.id), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ remarks: ['This field is required.'] });
    expect((await purchase.post(API.lpos.close(partial.id), { remarks: 'x', expected_version: partial.version + 1 })).statusCode).toBe(409);
    expect((await purchase.post(API.lpos.send(999999))).statusCode).toBe(404);
  });
});
