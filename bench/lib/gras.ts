// Issue 19 §5: 50 clients booking GRAs against open LPOs while 50 others issue the same materials
// to job orders, then the ledger invariant and the LPO lines checked in SQL on the database. Each
// GRA receives one unit of one LPO line; the scarce material's LPO orders fewer units than GRAs
// come for it, so its last GRAs must be refused (400), exactly as many as it is short, and no
// LPO line may end over-received.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';
import { queryRows } from '../../server/db/client';
import { startBenchServer } from './bench-server';
import { environmentFor, type FreshDatabase } from './databases';
import type { LoadFigures } from './load';
import { benchMaterials, call, checkLedger, drive, expect, issue, onDatabase, openJobOrders, signInAs, stockUp, type Answer, type LedgerCheck, type Session } from './stock-issues';

export const GRA_CLIENTS = 50;
export const GRA_COUNT = 1000;
export const GRA_MATERIALS = 5;
const SCARCE_SHARE = 0.95;
const RATE = '10.00';

export interface GraFigures {
  gras: LoadFigures;
  /** Stock issues of the same materials, from as many clients, at the same time. */
  issues: LoadFigures;
  /** 400 answers of GRAs for more than the LPO still awaits, and how many the plan makes short. */
  refused: number;
  refusedExpected: number;
  /** LPO lines whose received quantity passed what was ordered, or is not the sum of their GRA lines. */
  lineFaults: string[];
  /** Materials whose on-hand is not what the plan says. */
  offPlan: string[];
  invariant: LedgerCheck;
}

/** A GRA for more than the LPO still awaits: the over-receipt refusal, or the LPO already received in full. */
const overReceipt = (answer: Answer) => answer.status === 400 && /can still be received against this LPO|received in full/.test(answer.body);

/** One approved LPO of one line per material: `quantities[i]` units of material i. */
async function openLpos(purchase: Session, manager: Session, materials: number[], quantities: number[]): Promise<{ lpo: number; item: number; material: number }[]> {
  const vendor = await expect<{ id: number }>(call(purchase, 'POST', API.vendors.list, { name: `Bench vendor ${randomUUID().slice(0, 8)}` }), 201, 'creating the bench vendor');
  const lpos: { lpo: number; item: number; material: number }[] = [];
  for (const [i, material] of materials.entries()) {
    const lpo = await expect<{ id: number; lpo_items: { id: number }[] }>(
      call(purchase, 'POST', API.lpos.list, { vendor: vendor.id, lpo_date: businessToday(), lpo_items: [{ material, quantity: String(quantities[i]), rate: RATE }] }),
      201,
      'raising a bench LPO',
    );
    // The purchase manager approves whatever the threshold: never the LPO's author.
    await expect(call(manager, 'POST', API.lpos.approve(lpo.id), {}), 200, 'approving a bench LPO');
    lpos.push({ lpo: lpo.id, item: lpo.lpo_items[0]!.id, material });
  }
  return lpos;
}

/**
 * On a fresh database with the demo company: bench materials stocked by approved adjustments (as
 * many units as will be issued), one approved LPO per material, then 1,000 GRAs and 1,000 issues
 * from 50 clients each at once; then, the server stopped, the ledger and the LPO lines in SQL.
 */
export async function grasOn(database: FreshDatabase, progress: (message: string) => void = () => undefined): Promise<GraFigures> {
  const server = await startBenchServer(environmentFor(database));
  const share = GRA_COUNT / GRA_MATERIALS;
  const scarceOrdered = Math.round(share * SCARCE_SHARE);
  let materials: number[] = [];
  let lines: { lpo: number; item: number; material: number }[] = [];
  let gras: { figures: LoadFigures; refused: number; refusedOn: Map<number, number> };
  let issues: LoadFigures;
  try {
    const stores = await signInAs(server.origin);
    const storesManager = await signInAs(server.origin, 'stores.manager');
    materials = await benchMaterials(stores, GRA_MATERIALS);
    for (const material of materials) await stockUp(stores, storesManager, material, share);
    lines = await openLpos(await signInAs(server.origin, 'purchase'), await signInAs(server.origin, 'purchase.manager'), materials, materials.map((_, i) => (i === 0 ? scarceOrdered : share)));
    const jobOrders = await openJobOrders(stores);
    const lineOf = (i: number) => lines[i % GRA_MATERIALS]!;
    const receipt = (i: number) => ({ lpo: lineOf(i).lpo, gra_date: businessToday(), invoice_number: `BENCH-${i}`, gra_items: [{ lpo_item: lineOf(i).item, quantity_received: '1', quantity_accepted: '1' }] });
    progress(`${GRA_COUNT} GRAs from ${GRA_CLIENTS} clients beside ${GRA_COUNT} stock issues`);
    const [booked, issued] = await Promise.all([
      drive(await signInAs(server.origin), API.gras.list, GRA_COUNT, GRA_CLIENTS, receipt, overReceipt, (request) => request.gra_items[0]!.lpo_item),
      drive(await signInAs(server.origin), '/stocks/stocktransactions/', GRA_COUNT, GRA_CLIENTS, (i) => issue(materials[i % GRA_MATERIALS]!, jobOrders[i % jobOrders.length]!)),
    ]);
    gras = booked;
    issues = issued.figures;
  } finally {
    await server.stop();
  }

  const refusedExpected = share - scarceOrdered;
  const offPlan: string[] = [];
  const misplaced = [...gras.refusedOn.keys()].filter((item) => item !== lines[0]!.item);
  if (misplaced.length) offPlan.push(`GRAs refused on LPO lines with goods still to come: ${misplaced.join(', ')}`);
  // Stocked with what is issued, each material ends with what its LPO brought in.
  const written = GRA_MATERIALS + GRA_COUNT + (GRA_COUNT - gras.refused);
  const { onHand, ...invariant } = await checkLedger(database, materials, written);
  for (const [i, material] of materials.entries()) {
    const planned = i === 0 ? scarceOrdered : share;
    if (onHand.get(material) !== planned) offPlan.push(`material ${material}: ${onHand.get(material)} on hand, planned ${planned}`);
  }
  const ids = sql.join(
    lines.map((line) => sql`${line.item}`),
    sql`, `,
  );
  const lineFaults = await onDatabase(database, async (db) =>
    (
      await queryRows<{ id: number; quantity: string; quantity_received: string; booked: string }>(
        db,
        sql`SELECT i.id, i.quantity::text, i.quantity_received::text,
            coalesce((SELECT sum(g.quantity_received) FROM gra_items g WHERE g.lpo_item = i.id AND g.deleted_at IS NULL), 0)::text AS booked
          FROM lpo_items i WHERE i.id IN (${ids})`,
      )
    )
      .filter((line) => Number(line.quantity_received) > Number(line.quantity) || Number(line.quantity_received) !== Number(line.booked))
      .map((line) => `LPO line ${line.id}: ${line.quantity} ordered, ${line.quantity_received} received, ${line.booked} on its GRAs`),
  );
  return { gras: gras.figures, issues, refused: gras.refused, refusedExpected, lineFaults, offPlan, invariant };
}
