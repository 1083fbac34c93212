import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobOrders, materials, requisitionDetails, requisitions, stockAdjustments, stockTransactions, systemConfig } from '../../db/schema';
import { requisitionActionRefusal, requisitionState, type RequisitionAction, type RequisitionType } from '../../../domain/requisition';
import { can, type PermissionSubject } from '../../../domain/permissions';
import { issueBeyondLine, notEnoughStock, notEnoughToReserve, STOCK_MESSAGES, transactionDateRefusal, type StockPosition, type StockTransactionStatus, type StockTransactionType } from '../../../domain/stock';
import { STOCK_SETTINGS_DEFAULTS, type StockSettings } from '../../../domain/system';
import type { User } from '../../../domain/user';
import { conflict, fieldError, invalidPkError, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit/service';
import { abs, add, amountOf, compare, max, negate, sign, sub, toMoney, toQuantity, type Decimal } from '../../../domain/decimal';
import { weightedAverage } from './valuation';
import { TODAY } from '../../lib/business-day';

/**
 * The stock ledger (DESIGN.md "Stock is a ledger"). Every function here runs inside the caller's
 * transaction and keeps, within it, the invariants the rest of the system relies on:
 * - a material's on-hand quantity changes only together with a ledger row, and equals the sum of its rows;
 * - stock going out may not exceed what is on hand and not reserved for other requisitions,
 *   unless the system configuration allows negative stock;
 * - requisition lines follow their issues (quantity_issued, quantity_reserved, is_completed).
 * The material row is locked (SELECT ... FOR UPDATE) before it is read, so two issues of the last
 * units are serialised and the second sees the first. Locks are always taken in the order
 * ledger row, requisition, material, so two writers never wait on each other in a circle.
 */

type Actor = Pick<User, 'id' | 'username'>;
export type StockTransactionRow = typeof stockTransactions.$inferSelect;
export type RequisitionDetailRow = typeof requisitionDetails.$inferSelect;
type MaterialRow = typeof materials.$inferSelect;
type RequisitionRow = typeof requisitions.$inferSelect;

/** What a caller gives to issue material; `quantity` is how much goes out (positive). */
export interface IssueInput {
  material: number;
  quantity: string;
  requisition?: number | null;
  requisition_detail?: number | null;
  job_order?: number | null;
  transaction_date?: string;
  status?: StockTransactionStatus;
  remarks?: string;
}

/** A GRA line's receipt; `quantity` is what was accepted into stores, `rate` what it cost. */
export interface ReceiptInput {
  gra_item: number;
  material: number;
  quantity: string;
  rate: string;
  transaction_date?: string;
  /** The requisition whose shortfall the GRA's LPO covers. */
  requisition?: number | null;
  remarks?: string;
}

/** A return to stores of issued material; `quantity` is how much comes back (positive). */
export interface ReturnInput {
  material: number;
  quantity: string;
  transaction_date?: string;
  requisition?: number | null;
  requisition_detail?: number | null;
  job_order?: number | null;
  remarks?: string;
}

export interface ReserveInput {
  requisition_detail: number;
  /** The quantity held for the line from now on; 0 releases the reservation. */
  quantity: string;
}

/** numeric(14,3) holds 11 digits before the point. */
const MAX_QUANTITY = '100000000000';

/** The stock settings in force (system_config), the defaults until a superuser sets them. */
export async function stockSettingsOf(tx: Db): Promise<StockSettings> {
  const [row] = await tx
    .select({
      allow_negative_stock: systemConfig.allow_negative_stock,
      stock_backdate_days: systemConfig.stock_backdate_days,
      gra_over_receipt_tolerance_percent: systemConfig.gra_over_receipt_tolerance_percent,
    })
    .from(systemConfig)
    .where(eq(systemConfig.id, 1));
  return row ?? STOCK_SETTINGS_DEFAULTS;
}

/** Whether stores may take stock below what is free (system_config.allow_negative_stock). */
const negativeStockAllowed = async (tx: Db) => (await stockSettingsOf(tx)).allow_negative_stock;

/**
 * 400 on `field` (transaction_date unless the date is a document's, as a GRA's) when the date is
 * after today, or further back than the stock settings allow and the user may not back-date
 * (domain/stock.ts transactionDateRefusal).
 */
export async function checkTransactionDate(tx: Db, actor: PermissionSubject, date: string, field = 'transaction_date'): Promise<void> {
  const [{ day }] = (await queryRows<{ day: string }>(tx, sql`SELECT ${TODAY}::text AS day`)) as [{ day: string }];
  const refusal = transactionDateRefusal(date, day, (await stockSettingsOf(tx)).stock_backdate_days, can(actor, 'stock.backdate'));
  if (refusal) throw fieldError(field, refusal);
}

async function lockMaterial(tx: Db, id: number, field = 'material'): Promise<MaterialRow> {
  const [row] = await tx.select().from(materials).where(eq(materials.id, id)).for('update');
  if (!row) throw invalidPkError(field, id);
  return row;
}

/** A requisition, cancelled ones included (their state is what refuses the action), locked. */
async function lockRequisition(tx: Db, id: number, field = 'requisition'): Promise<RequisitionRow> {
  const [row] = await tx.select().from(requisitions).where(eq(requisitions.id, id)).for('update');
  if (!row) throw invalidPkError(field, id);
  return row;
}

const liveLinesOf = (tx: Db, requisition: number) =>
  tx.select().from(requisitionDetails).where(and(eq(requisitionDetails.requisition, requisition), isNull(requisitionDetails.deleted_at))).orderBy(asc(requisitionDetails.id));

/** 400 with the state machine's own message when the requisition's state forbids `action`. */
async function checkRequisitionAllows(tx: Db, requisition: RequisitionRow, action: RequisitionAction, field: string): Promise<void> {
  const state = requisitionState(requisition, await liveLinesOf(tx, requisition.id));
  const refusal = requisitionActionRefusal(action, state, requisition.requisition_type as RequisitionType);
  if (refusal) throw fieldError(field, refusal);
}

/**
 * What is held for requisitions that may still be served (live lines of requisitions neither
 * cancelled nor closed), leaving out one line: the one being served, whose own reservation is
 * its to use.
 */
async function reservedFor(tx: Db, material: number, exceptLine?: number): Promise<Decimal> {
  const [row] = await tx
    .select({ reserved: sql<string>`coalesce(sum(${requisitionDetails.quantity_reserved}), 0)::text` })
    .from(requisitionDetails)
    .innerJoin(requisitions, eq(requisitions.id, requisitionDetails.requisition))
    .where(
      and(
        eq(requisitionDetails.material, material),
        isNull(requisitionDetails.deleted_at),
        isNull(requisitions.deleted_at),
        isNull(requisitions.closed_at),
        exceptLine === undefined ? undefined : ne(requisitionDetails.id, exceptLine),
      ),
    );
  return row!.reserved;
}

/** What a refusal for want of free stock says, given the material's name, what was asked and what is free. */
export type ShortOfStock = (name: string, asked: string, available: string) => string;

/** 409 when `outgoing` units are more than is free, unless negative stock is allowed. */
async function checkFree(tx: Db, material: MaterialRow, outgoing: Decimal, exceptLine?: number, refusal: ShortOfStock = notEnoughStock): Promise<void> {
  if (await negativeStockAllowed(tx)) return;
  const available = sub(material.quantity, await reservedFor(tx, material.id, exceptLine));
  if (compare(outgoing, available) > 0) throw conflict(refusal(material.name, toQuantity(outgoing), toQuantity(max(available, '0'))));
}

/** Sets is_completed when every live line is issued in full (and clears it when a reversal undoes that). */
async function settleCompletion(tx: Db, requisition: number): Promise<void> {
  const lines = await liveLinesOf(tx, requisition);
  const complete = lines.length > 0 && lines.every((line) => compare(line.quantity_issued, line.quantity) >= 0);
  await tx.update(requisitions).set({ is_completed: complete }).where(and(eq(requisitions.id, requisition), ne(requisitions.is_completed, complete)));
}

interface Move {
  type: StockTransactionType;
  /** Signed. */
  quantity: Decimal;
  /** Value per unit this stock moves at (4 decimals); null moves it at the current average. */
  cost: string | null;
  transaction_date?: string;
  requisition?: number | null;
  requisition_detail?: number | null;
  job_order?: number | null;
  stock_adjustment?: number | null;
  gra_item?: number | null;
  reverses?: number | null;
  status?: StockTransactionStatus;
  remarks?: string;
}

/**
 * Writes one ledger row and moves the material's on-hand and average cost with it. The row's
 * rate is what the stock moved at (a receipt's price, the average an issue went out at).
 */
async function applyMove(tx: Db, actor: Actor, material: MaterialRow, move: Move): Promise<StockTransactionRow> {
  const onHand = material.quantity;
  const after = add(onHand, move.quantity);
  if (compare(abs(after), MAX_QUANTITY) >= 0) throw fieldError('quantity', `This would take the stock of ${material.name} beyond what can be recorded.`);
  const cost = move.cost ?? material.average_cost;
  const average = move.cost === null ? material.average_cost : weightedAverage(onHand, material.average_cost, move.quantity, move.cost);
  const [row] = await tx
    .insert(stockTransactions)
    .values({
      material: material.id,
      transaction_type: move.type,
      quantity: toQuantity(move.quantity),
      transaction_date: move.transaction_date ?? TODAY,
      requisition: move.requisition ?? null,
      requisition_detail: move.requisition_detail ?? null,
      job_order: move.job_order ?? null,
      stock_adjustment: move.stock_adjustment ?? null,
      gra_item: move.gra_item ?? null,
      reverses: move.reverses ?? null,
      status: move.status ?? 'completed',
      rate: toMoney(cost),
      remarks: move.remarks ?? '',
      created_by: actor.id,
    })
    .returning();
  await tx
    .update(materials)
    .set({ quantity: toQuantity(after), average_cost: average })
    .where(eq(materials.id, material.id));
  return row!;
}

async function checkJobOrder(tx: Db, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const [row] = await tx.select({ id: jobOrders.id }).from(jobOrders).where(eq(jobOrders.id, id));
  if (!row) throw invalidPkError('job_order', id);
}

/**
 * The requisition line a movement is for: named directly, or found by the requisition and the
 * material. Null when the movement names no requisition. The requisition is locked.
 */
async function lineOf(tx: Db, input: { material: number; requisition?: number | null; requisition_detail?: number | null }): Promise<{ requisition: RequisitionRow; line: RequisitionDetailRow } | null> {
  if (input.requisition_detail != null) {
    const [line] = await tx.select().from(requisitionDetails).where(and(eq(requisitionDetails.id, input.requisition_detail), isNull(requisitionDetails.deleted_at)));
    if (!line) throw invalidPkError('requisition_detail', input.requisition_detail);
    if (input.requisition != null && input.requisition !== line.requisition) throw fieldError('requisition_detail', STOCK_MESSAGES.lineOfOtherRequisition);
    if (line.material !== input.material) throw fieldError('requisition_detail', STOCK_MESSAGES.lineOfOtherMaterial);
    const requisition = await lockRequisition(tx, line.requisition, 'requisition_detail');
    return { requisition, line: await lockedLine(tx, line.id) };
  }
  if (input.requisition == null) return null;
  const requisition = await lockRequisition(tx, input.requisition);
  const [line] = await tx
    .select()
    .from(requisitionDetails)
    .where(and(eq(requisitionDetails.requisition, requisition.id), eq(requisitionDetails.material, input.material), isNull(requisitionDetails.deleted_at)));
  if (!line) throw fieldError('material', STOCK_MESSAGES.notOnRequisition);
  return { requisition, line };
}

/** The line as it is now that its requisition is locked (another issue may have just changed it). */
async function lockedLine(tx: Db, id: number): Promise<RequisitionDetailRow> {
  const [line] = await tx.select().from(requisitionDetails).where(eq(requisitionDetails.id, id)).for('update');
  return line!;
}

function positive(quantity: string): Decimal {
  if (sign(quantity) <= 0) throw fieldError('quantity', 'Ensure this value is greater than 0.');
  return quantity;
}

/**
 * Issues material from stores: against a requisition line (allowed only in the states the
 * requisition state machine allows; never more than the line still asks; the line's own
 * reservation is used first) or against a job order. Refused with 409 when it takes more than
 * is free, unless negative stock is allowed.
 */
export async function recordIssue(tx: Db, actor: Actor, input: IssueInput): Promise<StockTransactionRow> {
  const outgoing = positive(input.quantity);
  await checkJobOrder(tx, input.job_order);
  const served = await lineOf(tx, input);
  if (served) {
    await checkRequisitionAllows(tx, served.requisition, 'issue', 'requisition');
    const remaining = sub(served.line.quantity, served.line.quantity_issued);
    if (compare(outgoing, remaining) > 0) {
      const [named] = await tx.select({ name: materials.name }).from(materials).where(eq(materials.id, input.material));
      throw fieldError('quantity', issueBeyondLine(named?.name ?? 'this material', toQuantity(outgoing), toQuantity(max(remaining, '0'))));
    }
  }
  const material = await lockMaterial(tx, input.material);
  if (material.deleted_at) throw fieldError('material', STOCK_MESSAGES.materialDeleted);
  await checkFree(tx, material, outgoing, served?.line.id);
  const row = await applyMove(tx, actor, material, {
    type: 'issue',
    quantity: negate(outgoing),
    cost: null,
    transaction_date: input.transaction_date,
    requisition: served?.requisition.id ?? null,
    requisition_detail: served?.line.id ?? null,
    job_order: input.job_order ?? served?.line.job_order ?? served?.requisition.job_order ?? null,
    status: input.status,
    remarks: input.remarks,
  });
  if (served) {
    const reserved = sub(served.line.quantity_reserved, outgoing);
    await tx
      .update(requisitionDetails)
      .set({ quantity_issued: toQuantity(add(served.line.quantity_issued, outgoing)), quantity_reserved: toQuantity(max(reserved, '0')) })
      .where(eq(requisitionDetails.id, served.line.id));
    await settleCompletion(tx, served.requisition.id);
  }
  await recordAudit(tx, {
    actor,
    action: 'stock.issue',
    target: `stock_transactions:${row.id}`,
    risk: 'medium',
    metadata: { material: material.id, quantity: row.quantity, requisition: row.requisition, requisition_detail: row.requisition_detail, job_order: row.job_order },
  });
  return row;
}

/**
 * A GRA's receipt into stores (DESIGN.md: stock enters the ledger through a GRA, an approved
 * adjustment or a return against an issue): the accepted quantity at the line's rate, which moves
 * the weighted average cost.
 */
export async function recordReceipt(tx: Db, actor: Actor, input: ReceiptInput): Promise<StockTransactionRow> {
  const incoming = positive(input.quantity);
  const material = await lockMaterial(tx, input.material);
  if (material.deleted_at) throw fieldError('material', STOCK_MESSAGES.materialDeleted);
  const row = await applyMove(tx, actor, material, {
    type: 'receipt',
    quantity: incoming,
    cost: input.rate,
    transaction_date: input.transaction_date,
    gra_item: input.gra_item,
    requisition: input.requisition,
    remarks: input.remarks,
  });
  await recordAudit(tx, { actor, action: 'stock.receipt', target: `stock_transactions:${row.id}`, risk: 'low', metadata: { material: material.id, quantity: row.quantity, rate: row.rate, gra_item: row.gra_item } });
  return row;
}

/** What is out on a job order of a material outside requisitions: its issues less their returns (reversals net out). */
async function issuedToJobOrder(tx: Db, material: number, jobOrder: number): Promise<Decimal> {
  const [row] = await tx
    .select({ net: sql<string>`coalesce(-sum(${stockTransactions.quantity}), 0)::text` })
    .from(stockTransactions)
    .where(
      and(
        eq(stockTransactions.material, material),
        eq(stockTransactions.job_order, jobOrder),
        isNull(stockTransactions.requisition_detail),
        inArray(stockTransactions.transaction_type, ['issue', 'return']),
        isNull(stockTransactions.deleted_at),
      ),
    );
  return row!.net;
}

/**
 * A return of issued material at the average cost, against what it was issued to: a requisition
 * line (it takes back what was issued on the line) or a job order outside requisitions. Never
 * more than went out there, less what came back before.
 */
export async function recordReturn(tx: Db, actor: Actor, input: ReturnInput): Promise<StockTransactionRow> {
  const incoming = positive(input.quantity);
  await checkJobOrder(tx, input.job_order);
  const served = await lineOf(tx, input);
  if (!served && input.job_order == null) throw fieldError('requisition', STOCK_MESSAGES.returnTarget);
  if (served && compare(incoming, served.line.quantity_issued) > 0) throw fieldError('quantity', STOCK_MESSAGES.returnBeyondIssued);
  const material = await lockMaterial(tx, input.material);
  if (material.deleted_at) throw fieldError('material', STOCK_MESSAGES.materialDeleted);
  // The material is locked: no other movement of it changes what is out on the job order meanwhile.
  if (!served && compare(incoming, await issuedToJobOrder(tx, material.id, input.job_order!)) > 0) throw fieldError('quantity', STOCK_MESSAGES.returnBeyondJobOrder);
  const row = await applyMove(tx, actor, material, {
    type: 'return',
    quantity: incoming,
    cost: null,
    transaction_date: input.transaction_date,
    requisition: served?.requisition.id ?? null,
    requisition_detail: served?.line.id ?? null,
    job_order: input.job_order ?? served?.requisition.job_order ?? null,
    remarks: input.remarks,
  });
  if (served) {
    await tx
      .update(requisitionDetails)
      .set({ quantity_issued: toQuantity(sub(served.line.quantity_issued, incoming)) })
      .where(eq(requisitionDetails.id, served.line.id));
    await settleCompletion(tx, served.requisition.id);
  }
  await recordAudit(tx, {
    actor,
    action: 'stock.return',
    target: `stock_transactions:${row.id}`,
    risk: 'low',
    metadata: { material: material.id, quantity: row.quantity, requisition: row.requisition, requisition_detail: row.requisition_detail, job_order: row.job_order },
  });
  return row;
}

/**
 * Holds stock for a requisition line: what is held is no longer free to issue against other
 * requisitions or job orders. Never more than the line still needs, nor more than is free
 * (negative stock is never reserved, whatever the configuration).
 */
export async function reserveMaterial(tx: Db, actor: Actor, input: ReserveInput): Promise<RequisitionDetailRow> {
  const target = input.quantity;
  if (sign(target) < 0) throw fieldError('quantity', 'Ensure this value is greater than or equal to 0.');
  const [found] = await tx.select().from(requisitionDetails).where(and(eq(requisitionDetails.id, input.requisition_detail), isNull(requisitionDetails.deleted_at)));
  if (!found) throw invalidPkError('requisition_detail', input.requisition_detail);
  const requisition = await lockRequisition(tx, found.requisition, 'requisition_detail');
  await checkRequisitionAllows(tx, requisition, 'reserve', 'requisition_detail');
  const line = await lockedLine(tx, found.id);
  if (compare(target, sub(line.quantity, line.quantity_issued)) > 0) throw fieldError('quantity', STOCK_MESSAGES.reserveBeyondLine);
  const material = await lockMaterial(tx, line.material);
  if (compare(target, line.quantity_reserved) > 0) {
    const free = sub(material.quantity, await reservedFor(tx, material.id, line.id));
    if (compare(target, free) > 0) throw conflict(notEnoughToReserve(material.name, toQuantity(target), toQuantity(max(free, '0'))));
  }
  const [row] = await tx.update(requisitionDetails).set({ quantity_reserved: toQuantity(target) }).where(eq(requisitionDetails.id, line.id)).returning();
  await recordAudit(tx, {
    actor,
    action: 'stock.reserve',
    target: `requisition_details:${line.id}`,
    risk: 'low',
    metadata: { material: material.id, requisition: requisition.id, from: line.quantity_reserved, to: row!.quantity_reserved },
  });
  return row!;
}

/**
 * Cancels a ledger row with a reversing entry: a new row of the same type and the opposite
 * quantity that references it, the original marked as reversed. Nothing is deleted, so the
 * ledger still shows what happened, and the entry keeps the reason. Stock a reversal takes out
 * follows the same rule as an issue; `shortOfStock` words that refusal for the caller (a GRA's
 * goods already issued onward).
 */
export async function reverseTransaction(tx: Db, actor: Actor, id: number, reason: string, shortOfStock?: ShortOfStock): Promise<StockTransactionRow> {
  const [original] = await tx.select().from(stockTransactions).where(and(eq(stockTransactions.id, id), isNull(stockTransactions.deleted_at))).for('update');
  if (!original) throw notFound();
  if (original.reverses !== null) throw fieldError('non_field_errors', STOCK_MESSAGES.reversalOfReversal);
  if (original.reversed_by !== null) throw conflict(STOCK_MESSAGES.alreadyReversed);
  const moved = negate(original.quantity);
  const touchesLine = original.requisition_detail !== null && (original.transaction_type === 'issue' || original.transaction_type === 'return');
  const line = touchesLine ? await lockRequisition(tx, original.requisition!).then(() => lockedLine(tx, original.requisition_detail!)) : null;
  // Undoing an issue gives back what it issued on the line; undoing a return issues it again,
  // within what the line asks for and using its reservation first, as an issue would.
  const issuedAfter = line ? sub(line.quantity_issued, moved) : '0';
  if (line && sign(issuedAfter) < 0) throw fieldError('non_field_errors', STOCK_MESSAGES.reverseRequisitionLine);
  if (line && sign(moved) < 0 && compare(issuedAfter, line.quantity) > 0) throw fieldError('non_field_errors', STOCK_MESSAGES.reverseRequisitionLine);
  const material = await lockMaterial(tx, original.material);
  if (sign(moved) < 0) await checkFree(tx, material, negate(moved), line?.id, shortOfStock);
  // Undoing an issue to a job order (outside requisitions) may not leave more returned from it than went out.
  const jobOrderIssue = original.transaction_type === 'issue' && original.requisition_detail === null && original.job_order !== null;
  if (jobOrderIssue && compare(await issuedToJobOrder(tx, material.id, original.job_order!), moved) < 0) throw fieldError('non_field_errors', STOCK_MESSAGES.reverseJobOrderIssue);
  const row = await applyMove(tx, actor, material, {
    type: original.transaction_type,
    quantity: moved,
    cost: original.rate === null ? null : original.rate,
    requisition: original.requisition,
    requisition_detail: original.requisition_detail,
    job_order: original.job_order,
    stock_adjustment: original.stock_adjustment,
    gra_item: original.gra_item,
    reverses: original.id,
    remarks: `Reverses transaction #${original.id}: ${reason}`,
  });
  await tx.update(stockTransactions).set({ reversed_by: row.id }).where(eq(stockTransactions.id, original.id));
  if (line) {
    const reserved = sign(moved) < 0 ? add(line.quantity_reserved, moved) : line.quantity_reserved;
    await tx
      .update(requisitionDetails)
      .set({ quantity_issued: toQuantity(issuedAfter), quantity_reserved: toQuantity(max(reserved, '0')) })
      .where(eq(requisitionDetails.id, line.id));
    await settleCompletion(tx, line.requisition);
  }
  await recordAudit(tx, {
    actor,
    action: 'stock.reverse',
    target: `stock_transactions:${original.id}`,
    risk: 'high',
    metadata: { reversal: row.id, material: material.id, quantity: row.quantity, type: row.transaction_type, reason },
  });
  return row;
}

/**
 * Carries out an approved adjustment: its ledger row, in the caller's transaction (taking stock
 * out follows the negative-stock rule). The adjustment moves stock at the current average cost.
 */
export async function recordAdjustment(tx: Db, actor: Actor, adjustment: typeof stockAdjustments.$inferSelect): Promise<StockTransactionRow> {
  const moved = adjustment.quantity;
  const material = await lockMaterial(tx, adjustment.material);
  if (sign(moved) < 0) await checkFree(tx, material, negate(moved));
  return applyMove(tx, actor, material, { type: 'adjustment', quantity: moved, cost: null, stock_adjustment: adjustment.id, remarks: adjustment.reason });
}

/** Where a material stands now: on hand, reserved for requisitions, free to issue, average cost and value. */
export async function onHandOf(tx: Db, material: number): Promise<StockPosition> {
  const [row] = await tx.select().from(materials).where(eq(materials.id, material));
  if (!row) throw notFound();
  const reserved = await reservedFor(tx, material);
  const available = sub(row.quantity, reserved);
  return {
    material: row.id,
    name: row.name,
    unit: row.unit,
    quantity: row.quantity,
    reserved: toQuantity(reserved),
    available: toQuantity(available),
    average_cost: row.average_cost,
    stock_value: amountOf(row.quantity, row.average_cost),
  };
}
