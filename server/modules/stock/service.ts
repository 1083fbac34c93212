import { and, asc, eq, gte, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { materials, requisitionDetails, requisitions, stockAdjustments, stockTransactions, systemConfig } from '../../db/schema';
import {
  STOCK_MESSAGES,
  stockAdjustmentStatusSchema,
  stockTransactionStatusSchema,
  stockTransactionTypeSchema,
  type StockPosition,
  type stockAdjustmentCreateSchema,
  type stockTransactionCreateSchema,
  type stockTransactionUpdateSchema,
} from '../../../domain/stock';
import type { StockSettings, StockSettingsUpdate } from '../../../domain/system';
import type { User } from '../../../domain/user';
import { checkDuty } from '../../lib/duties';
import { conflict, fieldError, invalidPkError, notFound } from '../../lib/http-error';
import { byId, byValue, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { flagParam } from '../../../domain/query-params';
import { findRow, updateRow } from '../../lib/rows';
import { auditedWrite, recordAudit } from '../audit/service';
import { materialScope } from '../materials/service';
import { checkTransactionDate, onHandOf, recordAdjustment, recordIssue, recordReturn, reverseTransaction, stockSettingsOf, type StockTransactionRow } from './ledger';
import { abs, add, amountOf, max, sign, sub, sum, toQuantity } from '../../../domain/decimal';

type TransactionInput = z.output<typeof stockTransactionCreateSchema>;
type StatusChanges = Omit<z.output<typeof stockTransactionUpdateSchema>, 'expected_version'>;
type AdjustmentInput = z.output<typeof stockAdjustmentCreateSchema>;

const ledgerFilters = {
  material: byId(stockTransactions.material),
  requisition: byId(stockTransactions.requisition),
  job_order: byId(stockTransactions.job_order),
  transaction_type: byValue(stockTransactions.transaction_type, stockTransactionTypeSchema),
  status: byValue(stockTransactions.status, stockTransactionStatusSchema),
};
const ledgerOrderings = {
  id: stockTransactions.id,
  transaction_date: stockTransactions.transaction_date,
  material: stockTransactions.material,
  quantity: stockTransactions.quantity,
  updated_at: stockTransactions.updated_at,
};

/** The ledger, newest first; the offline mirror pulls it with `updated_since`. */
export const transactionList: ListSpec<typeof stockTransactions> = {
  table: stockTransactions,
  pageSize: 15,
  orderings: ledgerOrderings,
  defaultOrdering: '-transaction_date,-id',
  search: [stockTransactions.remarks],
  filters: { ...ledgerFilters, transaction_date_from: fromDate(stockTransactions.transaction_date), transaction_date_to: toDate(stockTransactions.transaction_date) },
};

/**
 * filter_transactions/ (business-areas.md §7): a date range, a requisition, a material, and
 * whether receipts and issues are included (`receipts=false` leaves receipts out; both are in
 * unless a flag says otherwise). Reversing entries are receipts or issues of their own type.
 */
export const filteredTransactionList: ListSpec<typeof stockTransactions> = {
  table: stockTransactions,
  pageSize: 15,
  orderings: ledgerOrderings,
  defaultOrdering: '-transaction_date,-id',
  filters: {
    startDate: fromDate(stockTransactions.transaction_date),
    endDate: toDate(stockTransactions.transaction_date),
    requisition: byId(stockTransactions.requisition),
    material: byId(stockTransactions.material),
    receipts: filter(flagParam, (included) => (included ? undefined : ne(stockTransactions.transaction_type, 'receipt'))),
    issues: filter(flagParam, (included) => (included ? undefined : ne(stockTransactions.transaction_type, 'issue'))),
  },
};

/** Issues still on their way to the floor (list_materials_in_transit/); a reversed issue is not. */
export const inTransitList: ListSpec<typeof stockTransactions> = {
  table: stockTransactions,
  pageSize: 15,
  orderings: ledgerOrderings,
  defaultOrdering: 'transaction_date,id',
  filters: { material: byId(stockTransactions.material), requisition: byId(stockTransactions.requisition) },
};
export const inTransitScope: SQL = and(eq(stockTransactions.status, 'in-transit'), isNull(stockTransactions.reversed_by), isNull(stockTransactions.reverses))!;

export const adjustmentList: ListSpec<typeof stockAdjustments> = {
  table: stockAdjustments,
  pageSize: 15,
  orderings: { id: stockAdjustments.id, created_at: stockAdjustments.created_at, updated_at: stockAdjustments.updated_at, material: stockAdjustments.material, status: stockAdjustments.status },
  defaultOrdering: '-id',
  search: [stockAdjustments.reason, stockAdjustments.remarks],
  filters: { material: byId(stockAdjustments.material), status: byValue(stockAdjustments.status, stockAdjustmentStatusSchema) },
};

/** How many adjustments wait for approval or rejection (the purchases dashboard's tile). */
export async function adjustmentsAwaitingApproval(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(stockAdjustments).where(eq(stockAdjustments.status, 'pending'));
  return row?.count ?? 0;
}

/**
 * POST stocktransactions/: an issue or a return, dated within what the user may date it. The
 * body's quantity is signed as in the ledger; the ledger takes amounts.
 */
export async function recordTransaction(db: Db, actor: User, input: TransactionInput): Promise<StockTransactionRow> {
  const amount = toQuantity(abs(input.quantity));
  return db.transaction(async (tx) => {
    await checkTransactionDate(tx, actor, input.transaction_date);
    if (input.transaction_type === 'issue') return recordIssue(tx, actor, { ...input, quantity: amount });
    return recordReturn(tx, actor, { ...input, quantity: amount });
  });
}

/** DELETE stocktransactions/{id}/ with a reason: a reversing entry, never a removal. */
export const reverse = (db: Db, actor: User, id: number, reason: string) => db.transaction((tx) => reverseTransaction(tx, actor, id, reason));

/** PATCH {id}/update-status/: an issue arrives on the floor (or is marked in transit again); quantity never changes. */
export async function updateStatus(db: Db, actor: User, id: number, changes: StatusChanges, expected: number | undefined): Promise<StockTransactionRow> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await findRow(tx, stockTransactions, id);
      if (changes.status === 'in-transit' && row.transaction_type !== 'issue') throw fieldError('status', STOCK_MESSAGES.inTransit);
      return updateRow(tx, stockTransactions, id, changes, expected);
    },
    (row) => ({ action: 'stock.update_status', target: `stock_transactions:${row.id}`, risk: 'low', metadata: { status: row.status } }),
  );
}

const ledgerOf = (db: Db, where: SQL | undefined) =>
  db.select().from(stockTransactions).where(and(where, isNull(stockTransactions.deleted_at))).orderBy(asc(stockTransactions.transaction_date), asc(stockTransactions.id));

/** Requisitions may be cancelled (soft-deleted): their ledger is still theirs to show. */
async function checkRequisition(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: requisitions.id }).from(requisitions).where(eq(requisitions.id, id));
  if (!row) throw notFound();
}

/** req/all/{id}: every ledger row of a requisition, oldest first. */
export async function requisitionLedger(db: Db, requisition: number) {
  await checkRequisition(db, requisition);
  return ledgerOf(db, eq(stockTransactions.requisition, requisition));
}

/** req/receipts/{id}: material received into stores against a requisition (e.g. bought for a shortfall). */
export async function requisitionReceipts(db: Db, requisition: number) {
  await checkRequisition(db, requisition);
  return ledgerOf(db, and(eq(stockTransactions.requisition, requisition), eq(stockTransactions.transaction_type, 'receipt')));
}

/** req/material/{id}: each material line of a requisition with what is issued, reserved, pending and in stores. */
export async function requisitionMaterials(db: Db, requisition: number) {
  await checkRequisition(db, requisition);
  const lines = await db
    .select({
      requisition_detail: requisitionDetails.id,
      material: requisitionDetails.material,
      name: materials.name,
      unit: materials.unit,
      quantity: requisitionDetails.quantity,
      quantity_issued: requisitionDetails.quantity_issued,
      quantity_reserved: requisitionDetails.quantity_reserved,
      on_hand: materials.quantity,
    })
    .from(requisitionDetails)
    .innerJoin(materials, eq(materials.id, requisitionDetails.material))
    .where(and(eq(requisitionDetails.requisition, requisition), isNull(requisitionDetails.deleted_at)))
    .orderBy(asc(requisitionDetails.id));
  return lines.map((line) => {
    return { ...line, quantity_pending: toQuantity(max(sub(line.quantity, line.quantity_issued), '0')) };
  });
}

export interface MovementQuery {
  material: number;
  startDate?: string;
  endDate?: string;
}

/** material-movement/: a material the user may see, its rows in a date range, with the balance before and after. */
export async function materialMovement(db: Db, user: User, query: MovementQuery) {
  if (query.startDate && query.endDate && query.endDate < query.startDate) throw fieldError('endDate', 'The end date may not be before the start date.');
  const [material] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.id, query.material), materialScope(user)));
  if (!material) throw invalidPkError('material', query.material);
  const ofMaterial = and(eq(stockTransactions.material, material.id), isNull(stockTransactions.deleted_at));
  const sumWhere = async (where: SQL | undefined) => {
    const [row] = await db.select({ total: sql<string>`coalesce(sum(${stockTransactions.quantity}), 0)::text` }).from(stockTransactions).where(and(ofMaterial, where));
    return row!.total;
  };
  const opening = query.startDate ? await sumWhere(lt(stockTransactions.transaction_date, query.startDate)) : '0';
  const transactions = await ledgerOf(
    db,
    and(
      eq(stockTransactions.material, material.id),
      query.startDate ? gte(stockTransactions.transaction_date, query.startDate) : undefined,
      query.endDate ? lte(stockTransactions.transaction_date, query.endDate) : undefined,
    ),
  );
  const inward = sum(transactions.filter((row) => sign(row.quantity) > 0).map((row) => row.quantity));
  const outward = abs(sum(transactions.filter((row) => sign(row.quantity) < 0).map((row) => row.quantity)));
  return {
    material: material.id,
    name: material.name,
    unit: material.unit,
    opening_quantity: toQuantity(opening),
    inward: toQuantity(inward),
    outward: toQuantity(outward),
    closing_quantity: toQuantity(sub(add(opening, inward), outward)),
    transactions,
  };
}

/** Stock value per material the user may see (quantity x weighted average cost), highest value first, with the total. */
export async function stockValuation(db: Db, user: User, page: number, pageSize: number): Promise<{ count: number; total_value: string; results: StockPosition[] }> {
  const reserved = db
    .select({ material: requisitionDetails.material, reserved: sql<string>`sum(${requisitionDetails.quantity_reserved})`.as('reserved') })
    .from(requisitionDetails)
    .innerJoin(requisitions, eq(requisitions.id, requisitionDetails.requisition))
    .where(and(isNull(requisitionDetails.deleted_at), isNull(requisitions.deleted_at), isNull(requisitions.closed_at)))
    .groupBy(requisitionDetails.material)
    .as('held');
  const value = sql`${materials.quantity} * ${materials.average_cost}`;
  const rows = await db
    .select({
      material: materials.id,
      name: materials.name,
      unit: materials.unit,
      quantity: materials.quantity,
      reserved: sql<string>`coalesce(${reserved.reserved}, 0)::text`,
      average_cost: materials.average_cost,
      count: sql<number>`count(*) over ()`.mapWith(Number),
      total: sql<string>`coalesce(sum(round(${value}, 2)) over (), 0)::text`,
    })
    .from(materials)
    .leftJoin(reserved, eq(reserved.material, materials.id))
    .where(and(isNull(materials.deleted_at), materialScope(user)))
    .orderBy(sql`${value} desc`, asc(materials.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    count: rows[0]?.count ?? 0,
    total_value: rows[0] ? valueText(rows[0].total) : '0.00',
    results: rows.map(({ count: _, total: __, ...row }) => ({
      ...row,
      reserved: toQuantity(row.reserved),
      available: toQuantity(sub(row.quantity, row.reserved)),
      stock_value: amountOf(row.quantity, row.average_cost),
    })),
  };
}

/** stock-value/{id}/: where a material the user may see stands. */
export async function stockPosition(db: Db, user: User, id: number): Promise<StockPosition> {
  const [visible] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, id), materialScope(user)));
  if (!visible) throw notFound();
  return onHandOf(db, id);
}

const valueText = (total: string) => (total.includes('.') ? total : `${total}.00`);

/** POST stock-adjustments/: a request; stock changes only when a stores manager approves it. */
export async function requestAdjustment(db: Db, actor: User, input: AdjustmentInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [material] = await tx.select({ id: materials.id }).from(materials).where(and(eq(materials.id, input.material), isNull(materials.deleted_at)));
      if (!material) throw invalidPkError('material', input.material);
      const [row] = await tx.insert(stockAdjustments).values({ ...input, created_by: actor.id }).returning();
      return row!;
    },
    (row) => ({ action: 'stock_adjustment.request', target: `stock_adjustments:${row.id}`, risk: 'medium', metadata: { material: row.material, quantity: row.quantity } }),
  );
}

/**
 * Approves or rejects a pending adjustment; approval writes its ledger row in the same
 * transaction. The row is locked first, so two managers deciding at once decide once.
 */
export async function decideAdjustment(db: Db, actor: User, id: number, decision: 'approved' | 'rejected', remarks: string) {
  return db.transaction(async (tx) => {
    const [adjustment] = await tx.select().from(stockAdjustments).where(eq(stockAdjustments.id, id)).for('update');
    if (!adjustment) throw notFound();
    // Rejecting one's own request withdraws it; approving it needs another stores manager.
    if (decision === 'approved') checkDuty('stock-adjustment', adjustment, actor);
    if (adjustment.status !== 'pending') throw conflict(STOCK_MESSAGES.adjustmentDecided(adjustment.status));
    const ledgerRow = decision === 'approved' ? await recordAdjustment(tx, actor, adjustment) : null;
    const [row] = await tx
      .update(stockAdjustments)
      .set({ status: decision, approved_by: actor.id, decided_at: sql`now()`, ...(remarks ? { remarks } : {}) })
      .where(eq(stockAdjustments.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: decision === 'approved' ? 'stock_adjustment.approve' : 'stock_adjustment.reject',
      target: `stock_adjustments:${id}`,
      risk: 'high',
      metadata: { material: adjustment.material, quantity: adjustment.quantity, ledger_row: ledgerRow?.id ?? null },
    });
    return row!;
  });
}

/** Stock settings a superuser sets: whether stores may issue beyond what is free, and how far back stores may date. */
export const readStockSettings = (db: Db): Promise<StockSettings> => stockSettingsOf(db);

export async function writeStockSettings(db: Db, actor: User, changes: StockSettingsUpdate): Promise<StockSettings> {
  await db.transaction(async (tx) => {
    const settings = { ...(await stockSettingsOf(tx)), ...changes };
    await tx
      .insert(systemConfig)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: systemConfig.id, set: { ...settings, updated_at: new Date(), version: sql`${systemConfig.version} + 1` } });
    await recordAudit(tx, { actor, action: 'system.config.stock', target: 'system_config', risk: 'critical', metadata: changes });
  });
  return readStockSettings(db);
}
