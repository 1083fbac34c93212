import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { amountOf, toMoney } from '../../../domain/decimal';
import { ESTIMATION_COSTING_MESSAGES, OPEN_ESTIMATION_STATUSES, type BulkUpdateCostsResult, type bulkUpdateCostsSchema, type CostUpdate } from '../../../domain/estimation';
import { rateChanged } from '../../../domain/estimation-costing';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { estimationMaterials, estimationProductDetails, estimationProducts, estimations } from '../../db/schema';
import { type FieldErrors, invalidPk, throwIfAny } from '../../lib/http-error';
import { qualified } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { keepCostingVersions, recostProducts } from '../estimations/costing-store';

type BulkInput = z.output<typeof bulkUpdateCostsSchema>;

/** Rows per UPDATE … FROM unnest(…): three array parameters whatever the count, one statement per chunk. */
const CHUNK = 10_000;

/** Writes many rows' new values in one statement per chunk: `UPDATE table SET … FROM unnest(ids, values…)`. */
async function updateRates(tx: Db, table: 'materials' | 'lines', rows: readonly { id: number; rate: string; amount?: string }[]): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK);
    const ids = chunk.map((r) => r.id);
    const rates = chunk.map((r) => r.rate);
    if (table === 'materials') {
      await tx.execute(sql`UPDATE ${estimationMaterials} AS m SET rate = v.rate
        FROM unnest(${sql.param(ids)}::int[], ${sql.param(rates)}::numeric[]) AS v(id, rate) WHERE m.id = v.id`);
    } else {
      const amounts = chunk.map((r) => r.amount!);
      await tx.execute(sql`UPDATE ${estimationProductDetails} AS d SET rate = v.rate, amount = v.amount
        FROM unnest(${sql.param(ids)}::int[], ${sql.param(rates)}::numeric[], ${sql.param(amounts)}::numeric[]) AS v(id, rate, amount) WHERE d.id = v.id`);
    }
  }
}

/**
 * PATCH estimation-products/bulk-update-costs/: each material's new rate, then every live costing
 * line of those materials in a live, open (draft or submitted) estimation re-priced at it where
 * its rate differs: amount = quantity × rate to the paisa (domain/decimal.ts amountOf), written
 * set-based. Approved, rejected and quoted estimations are never touched: nothing sent to a
 * customer changes behind their back. Each touched product and estimation is re-totalled and
 * each touched estimation keeps one costing version ('repriced').
 */
export async function bulkUpdateCosts(db: Db, actor: User, request: BulkInput): Promise<BulkUpdateCostsResult> {
  // Rates as money ("50" is "50.00"), as stored and as every answer writes them.
  const input = { updates: request.updates.map((u) => ({ ...u, rate: toMoney(u.rate) })) };
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const problems: FieldErrors = {};
      const seen = new Set<number>();
      input.updates.forEach(({ estimation_material: id }, i) => {
        if (seen.has(id)) problems[`updates.${i}.estimation_material`] = [ESTIMATION_COSTING_MESSAGES.repeatedMaterial(id)];
        seen.add(id);
      });
      throwIfAny(problems);
      const ids = [...seen];
      const materials = await tx
        .select({ id: estimationMaterials.id, rate: estimationMaterials.rate })
        .from(estimationMaterials)
        .where(and(inArray(estimationMaterials.id, ids), isNull(estimationMaterials.deleted_at)))
        .orderBy(asc(estimationMaterials.id))
        .for('update');
      const before = new Map(materials.map((m) => [m.id, m.rate]));
      input.updates.forEach(({ estimation_material: id }, i) => {
        if (!before.has(id)) problems[`updates.${i}.estimation_material`] = [invalidPk(id)];
      });
      throwIfAny(problems);
      const newRate = new Map(input.updates.map((u) => [u.estimation_material, u.rate]));
      await updateRates(
        tx,
        'materials',
        input.updates.filter((u) => rateChanged(before.get(u.estimation_material)!, u.rate)).map((u) => ({ id: u.estimation_material, rate: u.rate })),
      );

      // The open estimations using the materials, locked in id order (a costing write or an approval waits).
      const open = await tx
        .select({ id: estimations.id, total: estimations.total_cost })
        .from(estimations)
        .where(
          and(
            isNull(estimations.deleted_at),
            inArray(estimations.status, [...OPEN_ESTIMATION_STATUSES]),
            sql`EXISTS (SELECT 1 FROM ${estimationProducts} p JOIN ${estimationProductDetails} d ON d.product = p.id
              WHERE p.estimation = ${qualified(estimations.id)} AND p.deleted_at IS NULL AND d.deleted_at IS NULL
                AND d.estimation_material = ANY(${sql.param(ids)}::int[]))`,
          ),
        )
        .orderBy(asc(estimations.id))
        .for('update');
      const oldTotals = new Map(open.map((e) => [e.id, e.total]));
      const lines = open.length
        ? await tx
            .select({
              id: estimationProductDetails.id,
              product: estimationProductDetails.product,
              estimation: estimationProducts.estimation,
              estimation_material: estimationProductDetails.estimation_material,
              quantity: estimationProductDetails.quantity,
              rate: estimationProductDetails.rate,
              amount: estimationProductDetails.amount,
            })
            .from(estimationProductDetails)
            .innerJoin(estimationProducts, eq(estimationProducts.id, estimationProductDetails.product))
            .where(
              and(
                inArray(estimationProductDetails.estimation_material, ids),
                isNull(estimationProductDetails.deleted_at),
                isNull(estimationProducts.deleted_at),
                inArray(
                  estimationProducts.estimation,
                  open.map((e) => e.id),
                ),
              ),
            )
            .orderBy(asc(estimationProductDetails.id))
        : [];
      const updates: CostUpdate[] = lines
        .filter((line) => rateChanged(line.rate, newRate.get(line.estimation_material)!))
        .map((line) => {
          const rate = newRate.get(line.estimation_material)!;
          return { estimation: line.estimation, product: line.product, detail: line.id, estimation_material: line.estimation_material, old_rate: line.rate, new_rate: rate, old_amount: line.amount, new_amount: amountOf(line.quantity, rate) };
        });
      await updateRates(
        tx,
        'lines',
        updates.map((u) => ({ id: u.detail, rate: u.new_rate, amount: u.new_amount })),
      );

      await recostProducts(
        tx,
        updates.map((u) => u.product),
      );
      const touched = [...new Set(updates.map((u) => u.estimation))].sort((a, b) => a - b);
      await keepCostingVersions(tx, actor, touched, 'repriced');
      const totals = touched.length
        ? await tx
            .select({ id: estimations.id, total: estimations.total_cost })
            .from(estimations)
            .where(inArray(estimations.id, touched))
            .orderBy(asc(estimations.id))
        : [];
      const result: BulkUpdateCostsResult = { updates, estimations: totals.map((e) => ({ estimation: e.id, old_total: oldTotals.get(e.id)!, new_total: e.total })) };
      return { result, rates: input.updates.map((u) => ({ estimation_material: u.estimation_material, old_rate: before.get(u.estimation_material)!, new_rate: u.rate })) };
    },
    ({ result, rates }) => ({
      action: 'estimation_material.bulk_update_costs',
      target: 'estimation_materials',
      risk: 'medium',
      metadata: { rates, lines: result.updates.length, estimations: result.estimations },
    }),
  ).then(({ result }) => result);
}
