import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gras } from '../../server/db/schema';
import { ledgerMismatches } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';
import { cancelGraAs, lpoState, resetOrders, steelOrder, stockOf } from '../support/factories-gra';
import { signedInAs, useTestServer } from '../support/server';

/**
 * GRAs racing for one LPO line: the LPO and its lines are locked before what is still to come is
 * read, so the second GRA sees the first. On PostgreSQL the requests really run at once (PGlite
 * has one connection and would serialise them anyway).
 */
const { app, db } = useTestServer({ seed: 'users' });
beforeEach(resetOrders);

const TODAY = businessToday();

describe('concurrent GRAs on one LPO line', () => {
  it.runIf(process.env.TEST_DB === 'postgres')('two GRAs of 15 against a line of 20 at once: one lands, the other is refused; never over-received', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    const [stores, purchase] = await Promise.all([signedInAs(app(), 'stores'), signedInAs(app(), 'purchase')]);
    const answers = await Promise.all(
      [stores, purchase].map((client) => client.post('/gra/gras/', { lpo: lpo.id, gra_date: TODAY, gra_items: [{ lpo_item: sheetItem.id, quantity_received: '15', quantity_accepted: '15' }] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual({
      'gra_items.0.quantity_accepted': ['Only 5.000 of MS sheet 2mm can still be received against this LPO: 20.000 ordered, 15.000 received.'],
    });
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['15.000', '0.000'] });
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '15.000' });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('eight GRAs of 3 against a line of 20 and a cancellation at once: received equals the GRAs in force, at most 20', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    const stores = await signedInAs(app(), 'stores');
    const first = (await stores.post('/gra/gras/', { lpo: lpo.id, gra_date: TODAY, gra_items: [{ lpo_item: sheetItem.id, quantity_received: '5', quantity_accepted: '5' }] })).json();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => stores.post('/gra/gras/', { lpo: lpo.id, gra_date: TODAY, gra_items: [{ lpo_item: sheetItem.id, quantity_received: '3', quantity_accepted: '3' }] })),
      cancelGraAs(app(), 'stores', first.id),
    ]);
    expect(answers.every((a) => [200, 201, 400].includes(a.statusCode))).toBe(true);
    const inForce = (await db().select().from(gras).where(eq(gras.lpo, lpo.id))).filter((g) => g.cancelled_at === null);
    const received = (await lpoState(db(), lpo.id)).received[0]!;
    expect(Number(received)).toBeLessThanOrEqual(20);
    expect(received).toBe(`${inForce.length * 3}.000`);
    expect((await stockOf(db(), sheet.id)).quantity).toBe(received);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
