import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { add, compare, sign, sub, toQuantity, type Decimal } from '../../../domain/decimal';
import { LPO_RECEIVING_STATUSES } from '../../../domain/lpo';
import { GRA_MESSAGES, graReceivingRefusal, issuedOnwardMessage, lpoStatusAfterReceipts, overReceiptMessage, stillReceivable, type GraLineChange } from '../../../domain/gra';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { graItems, gras, lpoItems, lpos, materials, stockTransactions } from '../../db/schema';
import { badRequest, fieldError, type FieldErrors, invalidPk, invalidPkError } from '../../lib/http-error';
import { checkVersion, lockRow } from '../../lib/rows';
import { recordReceipt, reverseTransaction, stockSettingsOf } from '../stock/ledger';

/**
 * The lines of the GRA writes (./writes.ts, issue 19 §3). A GRA's accepted quantities are
 * stock: each live line with something accepted has one standing receipt in the ledger (dated
 * the GRA date, at the line's rate). Changing a line posts its new receipt and then reverses the
 * old one, removing a line or cancelling the GRA reverses them, all in the write's transaction,
 * through the stock ledger (server/modules/stock/ledger.ts), which keeps on-hand and the weighted
 * average cost. The LPO and its lines are locked first (SELECT ... FOR UPDATE): two GRAs against
 * one LPO line are serialised, and the second sees what the first received. Locks are taken in
 * the order GRA, LPO, LPO lines, ledger row, material.
 */

export type GraRow = typeof gras.$inferSelect;
export type GraItemRow = typeof graItems.$inferSelect;
type LpoRow = typeof lpos.$inferSelect;
type LpoItemRow = typeof lpoItems.$inferSelect;

/** A line as it will be after the write. */
export interface LineValues {
  lpo_item: number | null;
  material: number;
  quantity_received: Decimal;
  quantity_accepted: Decimal;
  rate: Decimal;
  remarks: string;
}

/** One line the write touches: the line as it was (null when new) and as it will be (null when removed); `field` prefixes its errors. */
export interface LineTarget {
  field: string;
  existing: GraItemRow | null;
  next: LineValues | null;
}

export interface LockedLpo {
  lpo: LpoRow;
  items: Map<number, LpoItemRow>;
}

/** A line's field: inside a GRA body `gra_items.<i>.<name>`, on its own (gra_items/{id}/) just `<name>`. */
export const at = (line: string, name: string) => (line ? `${line}.${name}` : name);

/** Collects field errors so the form hears about every bad line at once. */
export class Problems {
  readonly fields: FieldErrors = {};
  /** Notes the message (if any); null, for a line that cannot be written. */
  add(field: string, message: string | null): null {
    if (message) (this.fields[field] ??= []).push(message);
    return null;
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length) throw badRequest(this.fields);
  }
}

/** The GRA locked for the rest of the transaction, its version checked; a cancelled one changes no more. */
export async function lockGra(tx: Db, id: number, expected?: number): Promise<GraRow> {
  const gra = await lockRow(tx, gras, id);
  if (gra.cancelled_at) throw fieldError('non_field_errors', GRA_MESSAGES.cancelled);
  checkVersion(gra, expected);
  return gra;
}

/** The LPO and its live lines, locked; null (and a 400 on `lpo`) when there is no such live LPO. */
export async function lockLpo(tx: Db, id: number): Promise<LockedLpo> {
  const [lpo] = await tx
    .select()
    .from(lpos)
    .where(and(eq(lpos.id, id), isNull(lpos.deleted_at)))
    .for('update');
  if (!lpo) throw invalidPkError('lpo', id);
  const items = await tx
    .select()
    .from(lpoItems)
    .where(and(eq(lpoItems.lpo, id), isNull(lpoItems.deleted_at)))
    .orderBy(asc(lpoItems.id))
    .for('update');
  return { lpo, items: new Map(items.map((item) => [item.id, item])) };
}

export const liveLinesOf = (tx: Db, gra: number) =>
  tx
    .select()
    .from(graItems)
    .where(and(eq(graItems.gra, gra), isNull(graItems.deleted_at)))
    .orderBy(asc(graItems.id));

async function materialProblem(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, id), isNull(materials.deleted_at)));
  return row ? null : invalidPk(id);
}

/**
 * A new line's values from what was sent: against an LPO, the LPO item's material and (unless
 * billed otherwise) rate; without one, the material and rate sent. Null after a 400 is noted.
 */
export async function newLine(tx: Db, problems: Problems, field: string, input: GraLineChange, locked: LockedLpo | null): Promise<LineValues | null> {
  const values = { quantity_received: input.quantity_received!, quantity_accepted: input.quantity_accepted!, remarks: input.remarks ?? '' };
  if (locked) {
    if (input.lpo_item === undefined) return problems.add(at(field, 'lpo_item'), GRA_MESSAGES.lpoItemRequired);
    const item = locked.items.get(input.lpo_item);
    if (!item) return problems.add(at(field, 'lpo_item'), GRA_MESSAGES.lpoItemOfOtherLpo);
    if (input.material !== undefined && input.material !== item.material) return problems.add(at(field, 'material'), GRA_MESSAGES.materialNotLpoItems);
    return { ...values, lpo_item: item.id, material: item.material, rate: input.rate ?? item.rate };
  }
  if (input.lpo_item !== undefined) return problems.add(at(field, 'lpo_item'), GRA_MESSAGES.lpoItemWithoutLpo);
  if (input.material === undefined) return problems.add(at(field, 'material'), GRA_MESSAGES.materialRequired);
  if (input.rate === undefined) return problems.add(at(field, 'rate'), GRA_MESSAGES.rateRequired);
  const missing = await materialProblem(tx, input.material);
  if (missing) return problems.add(at(field, 'material'), missing);
  return { ...values, lpo_item: null, material: input.material, rate: input.rate };
}

/** An existing line with the changes sent; its LPO item and material stay. */
export function changedLine(problems: Problems, field: string, line: GraItemRow, input: Partial<GraLineChange>): LineValues | null {
  if ((input.lpo_item !== undefined && input.lpo_item !== line.lpo_item) || (input.material !== undefined && input.material !== line.material)) {
    return problems.add(at(field, 'lpo_item'), GRA_MESSAGES.lineChangeFixed);
  }
  const next = {
    lpo_item: line.lpo_item,
    material: line.material,
    quantity_received: input.quantity_received ?? line.quantity_received,
    quantity_accepted: input.quantity_accepted ?? line.quantity_accepted,
    rate: input.rate ?? line.rate,
    remarks: input.remarks ?? line.remarks,
  };
  if (compare(next.quantity_accepted, next.quantity_received) > 0) return problems.add(at(field, 'quantity_accepted'), GRA_MESSAGES.acceptedOverReceived);
  return next;
}

/**
 * What the lines' changes do to their LPO lines: more accepted needs the LPO in a receiving
 * status and may not pass what is still to come (with the over-receipt tolerance); less may
 * always be recorded (goods sent back). Returns each LPO line's new received quantity.
 */
async function checkReceiving(tx: Db, problems: Problems, locked: LockedLpo, targets: readonly LineTarget[]): Promise<Map<number, Decimal>> {
  const received = new Map<number, Decimal>();
  const tolerance = (await stockSettingsOf(tx)).gra_over_receipt_tolerance_percent;
  for (const target of targets) {
    const lpoItem = target.next?.lpo_item ?? target.existing?.lpo_item;
    if (lpoItem == null) continue;
    const item = locked.items.get(lpoItem);
    const delta = sub(target.next?.quantity_accepted ?? '0', target.existing?.quantity_accepted ?? '0');
    if (!item) {
      // The LPO line was removed after the goods came: they may still leave, never arrive.
      if (sign(delta) > 0) problems.add(at(target.field, 'lpo_item'), GRA_MESSAGES.lpoItemOfOtherLpo);
      continue;
    }
    const before = received.get(item.id) ?? item.quantity_received;
    if (sign(delta) > 0) {
      const refusal = graReceivingRefusal(locked.lpo.status);
      if (refusal) {
        problems.add('lpo', refusal);
        continue;
      }
      const receivable = stillReceivable(item.quantity, before, tolerance);
      if (compare(delta, receivable) > 0) {
        const [material] = await tx.select({ name: materials.name }).from(materials).where(eq(materials.id, item.material));
        problems.add(
          at(target.field, 'quantity_accepted'),
          overReceiptMessage(material!.name, { ordered: toQuantity(item.quantity), received: toQuantity(before), receivable: toQuantity(receivable), tolerancePercent: tolerance }),
        );
        continue;
      }
    }
    received.set(item.id, add(before, delta));
  }
  return received;
}

/**
 * The LPO's status follows its lines' receipts while it is being received (domain/gra.ts
 * lpoStatusAfterReceipts); a closed or cancelled LPO keeps its status.
 */
async function settleLpo(tx: Db, locked: LockedLpo, received: Map<number, Decimal>): Promise<void> {
  for (const [id, quantity] of received) await tx.update(lpoItems).set({ quantity_received: toQuantity(quantity) }).where(eq(lpoItems.id, id));
  const { status } = locked.lpo;
  if (!(LPO_RECEIVING_STATUSES as readonly string[]).includes(status) && status !== 'received') return;
  const lines = [...locked.items.values()].map((item) => ({ quantity: item.quantity, quantity_received: received.get(item.id) ?? item.quantity_received }));
  const next = lpoStatusAfterReceipts(lines, locked.lpo);
  if (next !== status) await tx.update(lpos).set({ status: next }).where(eq(lpos.id, locked.lpo.id));
}

/** A line's standing receipt: its receipt not reversed (none when nothing was accepted). */
async function standingReceipt(tx: Db, line: number) {
  const [row] = await tx
    .select()
    .from(stockTransactions)
    .where(
      and(
        eq(stockTransactions.gra_item, line),
        eq(stockTransactions.transaction_type, 'receipt'),
        isNull(stockTransactions.reverses),
        isNull(stockTransactions.reversed_by),
        isNull(stockTransactions.deleted_at),
      ),
    );
  return row;
}

/**
 * Brings a line's receipt in line with the line: the new receipt first (so stock taken out by the
 * reversal counts what comes in), then the old one reversed. Nothing happens when they agree.
 */
async function repost(tx: Db, actor: User, gra: GraRow, requisition: number | null, line: GraItemRow, removed: boolean, reason: string): Promise<void> {
  const old = await standingReceipt(tx, line.id);
  const accepted = removed ? '0' : line.quantity_accepted;
  const agrees = old ? compare(old.quantity, accepted) === 0 && compare(old.rate ?? '0', line.rate) === 0 && old.transaction_date === gra.gra_date : sign(accepted) === 0;
  if (agrees) return;
  if (sign(accepted) > 0) {
    await recordReceipt(tx, actor, { gra_item: line.id, material: line.material, quantity: accepted, rate: line.rate, transaction_date: gra.gra_date, requisition, remarks: `GRA #${gra.id}` });
  }
  if (old) await reverseTransaction(tx, actor, old.id, reason, issuedOnwardMessage);
}

/**
 * Writes the lines' changes: the LPO lines' received quantities (checked), the GRA lines, their
 * receipts and the LPO's status. `repostAll` re-dates every live line's receipt (the GRA date moved).
 */
export async function writeLines(tx: Db, actor: User, gra: GraRow, locked: LockedLpo | null, targets: LineTarget[], problems: Problems, reason: string, repostAll = false): Promise<void> {
  const received = locked ? await checkReceiving(tx, problems, locked, targets) : new Map<number, Decimal>();
  problems.throwIfAny();
  const touched: { line: GraItemRow; removed: boolean }[] = [];
  for (const target of targets) {
    if (!target.next) {
      const [line] = await tx.update(graItems).set({ deleted_at: sql`now()` }).where(eq(graItems.id, target.existing!.id)).returning();
      touched.push({ line: line!, removed: true });
    } else if (target.existing) {
      const [line] = await tx.update(graItems).set(target.next).where(eq(graItems.id, target.existing.id)).returning();
      touched.push({ line: line!, removed: false });
    } else {
      const [line] = await tx
        .insert(graItems)
        .values({ ...target.next, gra: gra.id, created_by: actor.id })
        .returning();
      touched.push({ line: line!, removed: false });
    }
  }
  if (repostAll) {
    const seen = new Set(touched.map((t) => t.line.id));
    for (const line of await liveLinesOf(tx, gra.id)) if (!seen.has(line.id)) touched.push({ line, removed: false });
  }
  const requisition = locked?.lpo.requisition ?? null;
  for (const { line, removed } of touched) await repost(tx, actor, gra, requisition, line, removed, reason);
  if (locked) await settleLpo(tx, locked, received);
}

