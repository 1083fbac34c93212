import { and, eq, isNull, sql } from 'drizzle-orm';
import { GRA_MESSAGES, type GraLineChange, type GraView } from '../../../domain/gra';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { graItems, gras, vendors } from '../../db/schema';
import { fieldError, invalidPk, notFound } from '../../lib/http-error';
import { lockRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { checkTransactionDate } from '../stock/ledger';
import { at, changedLine, liveLinesOf, lockGra, lockLpo, newLine, Problems, writeLines, type GraItemRow, type GraRow, type LineTarget, type LockedLpo } from './lines';
import { graView } from './service';

/** The GRA calls (business-areas.md §7 "GRA", issue 19 §3); ./lines.ts writes the lines, their receipts and the LPO's. */

/** What the create and the header PATCH take (zod's output of domain/gra.ts). */
export interface GraCreateInput {
  lpo?: number | null;
  vendor?: number;
  without_lpo_reason?: string;
  gra_date: string;
  invoice_number: string;
  challan_number: string;
  remarks: string;
  gra_items: GraLineChange[];
}
export interface GraUpdateInput {
  gra_date?: string;
  invoice_number?: string;
  challan_number?: string;
  remarks?: string;
  gra_items?: GraLineChange[];
}
export type GraItemChanges = Pick<GraLineChange, 'quantity_received' | 'quantity_accepted' | 'rate' | 'remarks'>;

/** POST gras/: the GRA, its lines and their receipts; the LPO's lines and status follow. */
export async function createGra(db: Db, actor: User, input: GraCreateInput): Promise<GraView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await checkTransactionDate(tx, actor, input.gra_date, 'gra_date');
      const locked = input.lpo != null ? await lockLpo(tx, input.lpo) : null;
      const problems = new Problems();
      let vendor: number;
      if (locked) {
        if (input.vendor !== undefined && input.vendor !== locked.lpo.vendor) problems.add('vendor', GRA_MESSAGES.vendorNotLpos);
        vendor = locked.lpo.vendor;
      } else {
        const [row] = await tx
          .select({ id: vendors.id })
          .from(vendors)
          .where(and(eq(vendors.id, input.vendor!), isNull(vendors.deleted_at)));
        if (!row) problems.add('vendor', invalidPk(input.vendor!));
        vendor = input.vendor!;
      }
      const targets: LineTarget[] = [];
      for (const [i, item] of input.gra_items.entries()) {
        const next = await newLine(tx, problems, `gra_items.${i}`, item, locked);
        if (next) targets.push({ field: `gra_items.${i}`, existing: null, next });
      }
      problems.throwIfAny();
      const [gra] = await tx
        .insert(gras)
        .values({
          lpo: locked?.lpo.id ?? null,
          vendor,
          gra_date: input.gra_date,
          invoice_number: input.invoice_number,
          challan_number: input.challan_number,
          remarks: input.remarks,
          without_lpo_reason: locked ? null : input.without_lpo_reason!,
          created_by: actor.id,
        })
        .returning();
      await writeLines(tx, actor, gra!, locked, targets, problems, `GRA #${gra!.id} corrected`);
      return graView(tx, gra!.id);
    },
    (view) => ({
      action: 'gra.create',
      target: `gras:${view.id}`,
      risk: view.lpo === null ? 'high' : 'medium',
      metadata: { lpo: view.lpo, vendor: view.vendor, lines: view.gra_items.length, without_lpo_reason: view.without_lpo_reason },
    }),
  );
}

/**
 * PATCH gras/{id}/: the vendor's papers, the date (every receipt is re-dated) and the remarks;
 * lines with an id change, lines without are added. The LPO and the vendor stay.
 */
export async function updateGra(db: Db, actor: User, id: number, input: GraUpdateInput, expected: number | undefined): Promise<GraView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const before = await lockGra(tx, id, expected);
      const redated = input.gra_date !== undefined && input.gra_date !== before.gra_date;
      if (redated) await checkTransactionDate(tx, actor, input.gra_date!, 'gra_date');
      const locked = before.lpo !== null ? await lockLpo(tx, before.lpo) : null;
      const lines = await liveLinesOf(tx, id);
      const problems = new Problems();
      const targets: LineTarget[] = [];
      for (const [i, change] of (input.gra_items ?? []).entries()) {
        const field = `gra_items.${i}`;
        if (change.id !== undefined) {
          const line = lines.find((l) => l.id === change.id);
          if (!line) {
            problems.add(at(field, 'id'), invalidPk(change.id));
            continue;
          }
          const next = changedLine(problems, field, line, change);
          if (next) targets.push({ field, existing: line, next });
          continue;
        }
        const next = await newLine(tx, problems, field, change, locked);
        if (!next) continue;
        const taken = lines.some((l) => (next.lpo_item !== null ? l.lpo_item === next.lpo_item : l.material === next.material));
        if (taken) problems.add(next.lpo_item !== null ? at(field, 'lpo_item') : at(field, 'material'), next.lpo_item !== null ? GRA_MESSAGES.duplicateLpoItem : GRA_MESSAGES.duplicateMaterial);
        else targets.push({ field, existing: null, next });
      }
      problems.throwIfAny();
      const gra = await updateRow(tx, gras, id, { gra_date: input.gra_date, invoice_number: input.invoice_number, challan_number: input.challan_number, remarks: input.remarks }, undefined);
      await writeLines(tx, actor, gra, locked, targets, problems, `GRA #${id} corrected`, redated);
      return graView(tx, id);
    },
    (view) => ({
      action: 'gra.update',
      target: `gras:${view.id}`,
      risk: input.gra_items ? 'medium' : 'low',
      metadata: { fields: Object.keys(input).filter((k) => input[k as keyof GraUpdateInput] !== undefined), lines: input.gra_items?.length ?? 0 },
    }),
  );
}

/** DELETE gras/{id}/: a cancellation with its reason; every receipt is reversed and the LPO's lines give back what they had received. */
export async function cancelGra(db: Db, actor: User, id: number, reason: string, expected: number | undefined): Promise<GraView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const gra = await lockGra(tx, id, expected);
      const locked = gra.lpo !== null ? await lockLpo(tx, gra.lpo) : null;
      const lines = await liveLinesOf(tx, id);
      await tx.update(gras).set({ cancelled_at: sql`now()`, cancellation_remarks: reason }).where(eq(gras.id, id));
      const targets = lines.map((line) => ({ field: 'non_field_errors', existing: line, next: null }));
      await writeLines(tx, actor, gra, locked, targets, new Problems(), `GRA #${id} cancelled: ${reason}`);
      return graView(tx, id);
    },
    (view) => ({ action: 'gra.cancel', target: `gras:${view.id}`, risk: 'high', metadata: { reason, lpo: view.lpo, lines: view.gra_items.length } }),
  );
}

/** The line and its GRA, locked (a cancelled GRA's lines do not change). */
async function lockLine(tx: Db, id: number, expected: number | undefined): Promise<{ gra: GraRow; line: GraItemRow; locked: LockedLpo | null }> {
  const [found] = await tx
    .select({ gra: graItems.gra })
    .from(graItems)
    .where(and(eq(graItems.id, id), isNull(graItems.deleted_at)));
  if (!found) throw notFound();
  const gra = await lockGra(tx, found.gra);
  const locked = gra.lpo !== null ? await lockLpo(tx, gra.lpo) : null;
  return { gra, line: await lockRow(tx, graItems, id, expected), locked };
}

const lineAnswer = async (tx: Db, id: number) => (await tx.select().from(graItems).where(eq(graItems.id, id)))[0]!;

/** PATCH gra_items/{id}/: a line's quantities, rate or remarks; its receipt follows. */
export async function updateGraItem(db: Db, actor: User, id: number, changes: GraItemChanges, expected: number | undefined): Promise<GraItemRow> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { gra, line, locked } = await lockLine(tx, id, expected);
      const problems = new Problems();
      const next = changedLine(problems, '', line, changes);
      problems.throwIfAny();
      await writeLines(tx, actor, gra, locked, [{ field: '', existing: line, next }], problems, `GRA #${gra.id} line corrected`);
      return lineAnswer(tx, id);
    },
    (row) => ({ action: 'gra_item.update', target: `gra_items:${row.id}`, risk: 'medium', metadata: { gra: row.gra, quantity_accepted: row.quantity_accepted, rate: row.rate } }),
  );
}

/** DELETE gra_items/{id}/: the line leaves the GRA and its receipt is reversed; a GRA's last line stays (cancel the GRA). */
export async function removeGraItem(db: Db, actor: User, id: number, expected: number | undefined): Promise<GraItemRow> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { gra, line, locked } = await lockLine(tx, id, expected);
      if ((await liveLinesOf(tx, gra.id)).length === 1) throw fieldError('non_field_errors', GRA_MESSAGES.lastLine);
      await writeLines(tx, actor, gra, locked, [{ field: 'non_field_errors', existing: line, next: null }], new Problems(), `GRA #${gra.id} line removed`);
      return lineAnswer(tx, id);
    },
    (row) => ({ action: 'gra_item.remove', target: `gra_items:${row.id}`, risk: 'high', metadata: { gra: row.gra, material: row.material, quantity_accepted: row.quantity_accepted } }),
  );
}
