import { API } from '../../../domain/api-paths';
import { add, negate, parseDecimal, toQuantity, type Decimal } from '../../../domain/decimal';
import { labelOf } from '../../../domain/options';
import { materialUnitLabel, type MaterialName } from '../../../domain/material';
import { STOCK_TRANSACTION_TYPES, stockAdjustmentCreateSchema, stockTransactionCreateSchema } from '../../../domain/stock';
import type { MirrorDatabase } from '../mirror/db';
import { defineOperation, newRow, putServerRow } from '../outbox/operations';

/** Adds `delta` to a decimal field of a mirrored row, exactly, to 3 places (quantities are kept so). */
export async function addTo(mirror: MirrorDatabase, type: 'materials' | 'requisitionDetails' | 'lpoItems', id: number | null | undefined, field: string, delta: Decimal): Promise<void> {
  if (id == null) return;
  await mirror
    .rows(type)
    .where('id')
    .equals(id)
    .modify((row) => {
      row[field] = toQuantity(add(parseDecimal(row[field]) ?? '0', delta));
    });
}

/**
 * POST stocks/stocktransactions/: stores issues material (against a requisition line or a job
 * order), or records a return against one. Offline the ledger row shows pending, the material's
 * on hand and the line's issued quantity move at once; the server may still refuse it (not
 * enough stock; a receipt queued by an older version: receipts come only from GRAs), and the
 * Sync screen then shows why and offers to change it and resend, or discard it.
 */
export const recordStockTransaction = defineOperation({
  name: 'stock.record',
  permission: 'stock.write',
  label: 'Stock transaction',
  type: 'stockTransactions',
  schema: stockTransactionCreateSchema,
  creates: true,
  request: (row) => ({ method: 'POST', url: API.stockTransactions.list, body: row }),
  touches: (row) => [
    { type: 'materials', id: row.material },
    { type: 'requisitionDetails', id: row.requisition_detail },
  ],
  apply: async (mirror, row, ctx) => {
    const tables = [mirror.rows('stockTransactions'), mirror.rows('materials'), mirror.rows('requisitionDetails')];
    await mirror.transaction('rw', tables, async () => {
      await mirror.rows('stockTransactions').put(newRow({ requisition: null, requisition_detail: null, job_order: null, gra_item: null, stock_adjustment: null, rate: null, reverses: null, reversed_by: null, ...row, deleted_at: null }, ctx));
      await addTo(mirror, 'materials', row.material, 'quantity', row.quantity);
      // An issue (negative in the ledger) raises what the line has had; a return lowers it.
      await addTo(mirror, 'requisitionDetails', row.requisition_detail, 'quantity_issued', negate(row.quantity));
    });
  },
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'stockTransactions', row, ctx),
  summarize: async (mirror, row) => {
    const material = ((await mirror.rows('materials').get(row.material)) ?? (await mirror.rows('materialNames').get(row.material))) as MaterialName | undefined;
    const what = material ? `${materialUnitLabel(material.unit)} of ${material.name}` : `of material ${row.material}`;
    const issue = row.transaction_type === 'issue';
    const where = row.requisition ? `requisition ${row.requisition}` : row.job_order ? `job order ${row.job_order}` : `requisition line ${row.requisition_detail}`;
    return `${labelOf(STOCK_TRANSACTION_TYPES, row.transaction_type)} ${row.quantity.replace('-', '')} ${what} ${issue ? 'to' : 'from'} ${where}`;
  },
  // By the ledger's own labels: a receipt queued before receipts moved to GRAs still reads as one.
  describe: (row) => `${labelOf(STOCK_TRANSACTION_TYPES, row.transaction_type)} of ${row.quantity.replace('-', '')} (material ${row.material})`,
});

/** POST stockadjustments/stock-adjustments/: a correction stores asks for; stock moves once approved. */
export const requestStockAdjustment = defineOperation({
  name: 'stock-adjustment.request',
  permission: 'stock-adjustments.request',
  label: 'Stock adjustment request',
  type: 'stockAdjustments',
  schema: stockAdjustmentCreateSchema,
  creates: true,
  request: (adjustment) => ({ method: 'POST', url: API.stockAdjustments.list, body: adjustment }),
  apply: (mirror, adjustment, ctx) => mirror.rows('stockAdjustments').put(newRow({ ...adjustment, status: 'pending', approved_by: null, decided_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'stockAdjustments', row, ctx),
  describe: (adjustment) => `${adjustment.quantity} of material ${adjustment.material}: ${adjustment.reason}`,
});
