import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { compare } from '../../../domain/decimal';
import {
  LPO_MESSAGES,
  LPO_REFUSALS,
  lpoActionRefusal,
  lpoStatusSchema,
  type LpoAction,
  type LpoLine,
  type lpoCreateSchema,
  type lpoItemUpdateSchema,
  type lpoSendSchema,
  lpoMail,
  type LpoStatus,
  type LpoView,
} from '../../../domain/lpo';
import { can } from '../../../domain/permissions';
import type { PurchaseSettings, PurchaseSettingsUpdate } from '../../../domain/system';
import { isValidDateRange } from '../../../domain/rules/dates';
import { lineAmount, lpoTotals } from '../../../domain/totals';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { lpoItems, lpos, materials, requisitions, systemConfig, vendors } from '../../db/schema';
import { checkDuty } from '../../lib/duties';
import { badRequest, fieldError, type FieldErrors, forbidden, invalidPk, invalidPkError, notFound } from '../../lib/http-error';
import { findRow, publicRow, updateRow, withUniqueField } from '../../lib/rows';
import { lpoDocument } from '../../../domain/documents';
import { auditedWrite, recordAudit } from '../audit/service';
import { readCompanyProfile } from '../company/service';
import { renderPdf } from '../documents/render';
import { queueMail } from '../mail/service';
import { lpoDocumentData } from './document';
import { linesOf, lpoView, purchaseSettingsOf } from './queries';

/**
 * The writes of LPOs: each audited in its own transaction with the LPO row locked first; every
 * step asks domain/lpo.ts's LPO_TRANSITIONS (lpoActionRefusal) whether the LPO's status allows
 * it, and line changes keep the LPO's subtotal, tax and total those of its live lines (settleTotals).
 */

type LpoInput = z.output<typeof lpoCreateSchema>;
type ItemUpdateInput = Omit<z.output<typeof lpoItemUpdateSchema>, 'expected_version'>;
type SendInput = Omit<z.output<typeof lpoSendSchema>, 'expected_version'>;
type LpoRow = typeof lpos.$inferSelect;
type LpoItemRow = typeof lpoItems.$inferSelect;

const refuse = (message: string) => badRequest({ non_field_errors: [message] });
const statusOf = (row: LpoRow): LpoStatus => lpoStatusSchema.parse(row.status);
const now = sql`now()` as unknown as string;

function throwIfAny(problems: FieldErrors): void {
  if (Object.keys(problems).length) throw badRequest(problems);
}

/** The LPO locked for the rest of the transaction, and allowed `action` in its status. */
async function lockFor(tx: Db, id: number, action: LpoAction): Promise<LpoRow> {
  const [row] = await tx
    .select()
    .from(lpos)
    .where(and(eq(lpos.id, id), isNull(lpos.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  const refusal = lpoActionRefusal(action, statusOf(row));
  if (refusal) throw refuse(refusal);
  return row;
}

/** Field errors for a vendor, requisition and materials that name no live row. */
async function referenceProblems(tx: Db, input: Pick<LpoInput, 'vendor' | 'requisition' | 'lpo_items'>): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const [vendor] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, input.vendor), isNull(vendors.deleted_at)));
  if (!vendor) problems.vendor = [invalidPk(input.vendor)];
  if (input.requisition != null) {
    const [requisition] = await tx
      .select({ id: requisitions.id })
      .from(requisitions)
      .where(and(eq(requisitions.id, input.requisition), isNull(requisitions.deleted_at)));
    if (!requisition) problems.requisition = [invalidPk(input.requisition)];
  }
  const wanted = [...new Set(input.lpo_items.map((item) => item.material))];
  const live = new Set(
    (
      await tx
        .select({ id: materials.id })
        .from(materials)
        .where(and(inArray(materials.id, wanted), isNull(materials.deleted_at)))
    ).map((m) => m.id),
  );
  input.lpo_items.forEach((item, i) => {
    if (!live.has(item.material)) problems[`lpo_items.${i}.material`] = [invalidPk(item.material)];
  });
  return problems;
}

/** The header's subtotal, tax and total of some lines (domain/totals.ts's lpoTotals, the one computation of an LPO's money). */
function headerTotals(lines: readonly { quantity: string; rate: string; tax_rate: string }[]) {
  const { subtotal, tax_amount, total_amount } = lpoTotals(lines);
  return { subtotal, tax_amount, total_amount };
}

/** The LPO's totals follow its live lines; the write also moves the LPO's version and sync cursor. */
async function settleTotals(tx: Db, id: number): Promise<void> {
  const live = await tx
    .select({ quantity: lpoItems.quantity, rate: lpoItems.rate, tax_rate: lpoItems.tax_rate })
    .from(lpoItems)
    .where(and(eq(lpoItems.lpo, id), isNull(lpoItems.deleted_at)));
  await tx.update(lpos).set(headerTotals(live)).where(eq(lpos.id, id));
}

const lineValues = (lpo: number, actor: User, line: LpoInput['lpo_items'][number]) => ({ lpo, ...line, expected_date: line.expected_date ?? null, amount: lineAmount(line.quantity, line.rate), created_by: actor.id });

/** Whether a kept line differs from what the request asks of it. */
const lineChanged = (line: LpoLine, next: LpoInput['lpo_items'][number]) =>
  compare(next.quantity, line.quantity) !== 0 || compare(next.rate, line.rate) !== 0 || compare(next.tax_rate, line.tax_rate) !== 0 || (next.expected_date ?? null) !== line.expected_date;

const auditLpo =
  (action: string, risk: 'low' | 'medium' | 'high' = 'low', metadata: Record<string, unknown> = {}) =>
  (view: { id: number; status: string; total_amount: string }) => ({
    action: `lpo.${action}`,
    target: `lpos:${view.id}`,
    risk,
    metadata: { status: view.status, total_amount: view.total_amount, ...metadata },
  });

/** POST lpos/: a draft LPO with its lines. */
export async function createLpo(db: Db, actor: User, input: LpoInput): Promise<LpoView> {
  const { lpo_items: lines, ...fields } = input;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      throwIfAny(await referenceProblems(tx, input));
      const [row] = await tx
        .insert(lpos)
        .values({ ...fields, status: 'draft', ...headerTotals(lines), created_by: actor.id })
        .returning();
      await tx.insert(lpoItems).values(lines.map((line) => lineValues(row!.id, actor, line)));
      return lpoView(tx, row!.id);
    },
    auditLpo('create', 'low', { items: lines.length }),
  );
}

/**
 * PUT lpos/{id}/: a draft's header and lines replaced as a whole. A line whose material stays
 * keeps its id (its quantity, rate, tax rate and expected date follow the request); lines left out are removed.
 */
export async function replaceLpo(db: Db, actor: User, id: number, input: LpoInput, expected: number | undefined): Promise<LpoView> {
  const { lpo_items: lines, ...fields } = input;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockFor(tx, id, 'edit');
      throwIfAny(await referenceProblems(tx, input));
      await updateRow(tx, lpos, id, { ...fields, expected_date: fields.expected_date ?? null, requisition: fields.requisition ?? null }, expected);
      const current = await linesOf(tx, [id]);
      const wanted = new Map(lines.map((line) => [line.material, line]));
      const gone = current.filter((line) => !wanted.has(line.material)).map((line) => line.id);
      if (gone.length) await tx.update(lpoItems).set({ deleted_at: now }).where(inArray(lpoItems.id, gone));
      for (const line of current) {
        const next = wanted.get(line.material);
        if (next && lineChanged(line, next)) {
          await tx
            .update(lpoItems)
            .set({ quantity: next.quantity, rate: next.rate, tax_rate: next.tax_rate, expected_date: next.expected_date ?? null, amount: lineAmount(next.quantity, next.rate) })
            .where(eq(lpoItems.id, line.id));
        }
      }
      const kept = new Set(current.map((line) => line.material));
      const added = lines.filter((line) => !kept.has(line.material));
      if (added.length) await tx.insert(lpoItems).values(added.map((line) => lineValues(id, actor, line)));
      await settleTotals(tx, id);
      return lpoView(tx, id);
    },
    auditLpo('update', 'low', { items: lines.length }),
  );
}

/**
 * A step of the LPO's life that only stamps the LPO (`changes`), audited as `lpo.<action>` with
 * `metadata`: lock, ask the state machine, write, answer the LPO as it now is.
 */
function stampLpo(db: Db, actor: User, id: number, action: LpoAction, changes: Partial<LpoRow>, expected: number | undefined, risk: 'low' | 'medium', metadata?: Record<string, unknown>): Promise<LpoView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockFor(tx, id, action);
      await updateRow(tx, lpos, id, changes, expected);
      return lpoView(tx, id);
    },
    auditLpo(action, risk, metadata),
  );
}

/** DELETE lpos/{id}/ with cancellation_remarks: the LPO stays, cancelled, listed in cancelled_lpos/; never once goods arrived. */
export const cancelLpo = (db: Db, actor: User, id: number, remarks: string, expected: number | undefined) =>
  stampLpo(db, actor, id, 'cancel', { status: 'cancelled', cancelled_at: now, cancellation_remarks: remarks }, expected, 'medium', { cancellation_remarks: remarks });

/**
 * POST lpos/{id}/approve/: at or below the approval threshold any purchase user approves (the
 * author too); above it only a purchase manager, and never the LPO's author (maker-checker).
 */
export async function approveLpo(db: Db, actor: User, id: number, expected: number | undefined): Promise<LpoView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockFor(tx, id, 'approve');
      const { lpo_approval_threshold: threshold } = await purchaseSettingsOf(tx);
      if (compare(row.total_amount, threshold) > 0) {
        if (!can(actor, 'lpos.approve-above-threshold')) throw forbidden(LPO_REFUSALS.managerOnly(threshold));
        checkDuty('lpo', row, actor);
      }
      await updateRow(tx, lpos, id, { status: 'approved', approved_by: actor.id, approved_at: now }, expected);
      return lpoView(tx, id);
    },
    auditLpo('approve', 'medium'),
  );
}

/**
 * POST lpos/{id}/send/: the LPO's PDF mailed to the vendor (to the addresses given, else the
 * vendor's own) and the LPO marked sent (again, when resent), in one transaction: the mail is
 * queued only if the LPO is sent, and an LPO is never marked sent without its mail.
 */
export async function sendLpo(db: Db, actor: User, id: number, input: SendInput, expected: number | undefined): Promise<LpoView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockFor(tx, id, 'send');
      await updateRow(tx, lpos, id, { status: 'sent', sent_at: now }, expected);
      const { vendorEmail, ...document } = await lpoDocumentData(tx, id);
      const to = input.email_addresses ?? (vendorEmail ? [vendorEmail] : []);
      if (!to.length) throw fieldError('email_addresses', LPO_REFUSALS.noVendorEmail);
      const company = await readCompanyProfile(tx);
      const mail = lpoMail(document.lpo, company.name, input.notes);
      const pdf = await renderPdf(lpoDocument(company, document));
      const mailId = await queueMail(tx, { to, subject: mail.subject, text: mail.text, attachments: [{ filename: mail.filename, content_type: 'application/pdf', content: pdf }] });
      return { view: await lpoView(tx, id), to, mailId };
    },
    ({ view, to, mailId }) => ({ ...auditLpo('send')(view), metadata: { status: view.status, total_amount: view.total_amount, to, mail: mailId } }),
  ).then(({ view }) => view);
}

/** POST lpos/{id}/close/: a partially received LPO closed short; the rest will not come. */
export const closeLpo = (db: Db, actor: User, id: number, remarks: string, expected: number | undefined) =>
  stampLpo(db, actor, id, 'close', { status: 'closed', closed_at: now, close_remarks: remarks }, expected, 'medium', { close_remarks: remarks });

/* Lines (item-details/) */

const auditItem =
  (action: string, risk: 'low' | 'medium' = 'low') =>
  (item: { id: number; lpo: number }) => ({ action: `lpo_item.${action}`, target: `lpo_items:${item.id}`, risk, metadata: { lpo: item.lpo } });

/** The line and its draft LPO, locked for a change. */
async function editableItem(tx: Db, itemId: number): Promise<{ item: LpoItemRow; lpo: LpoRow }> {
  const item = await findRow(tx, lpoItems, itemId);
  return { item, lpo: await lockFor(tx, item.lpo, 'edit') };
}

/**
 * PUT item-details/{id}/: a draft's line (material, quantity, rate, tax rate, expected date, not
 * before the LPO's date); its amount and the LPO's totals follow.
 */
export async function updateLpoItem(db: Db, actor: User, itemId: number, input: ItemUpdateInput, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { item, lpo } = await editableItem(tx, itemId);
      if (!isValidDateRange(lpo.lpo_date, input.expected_date)) throw fieldError('expected_date', LPO_MESSAGES.expectedDate);
      if (input.material !== undefined && input.material !== item.material) {
        const [material] = await tx
          .select({ id: materials.id })
          .from(materials)
          .where(and(eq(materials.id, input.material), isNull(materials.deleted_at)));
        if (!material) throw invalidPkError('material', input.material);
      }
      const quantity = input.quantity ?? item.quantity;
      const rate = input.rate ?? item.rate;
      const row = await withUniqueField('material', LPO_MESSAGES.duplicateMaterial, () => updateRow(tx, lpoItems, itemId, { ...input, amount: lineAmount(quantity, rate) }, expected));
      await settleTotals(tx, item.lpo);
      return publicRow(row);
    },
    auditItem('update'),
  );
}

/** DELETE item-details/{id}/: removes a draft's line (soft delete); the LPO keeps at least one. */
export async function deleteLpoItem(db: Db, actor: User, itemId: number, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { item } = await editableItem(tx, itemId);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(lpoItems)
        .where(and(eq(lpoItems.lpo, item.lpo), isNull(lpoItems.deleted_at)));
      if (n <= 1) throw refuse(LPO_REFUSALS.lastLine);
      const row = await updateRow(tx, lpoItems, itemId, { deleted_at: now }, expected);
      await settleTotals(tx, item.lpo);
      return publicRow(row);
    },
    auditItem('delete', 'medium'),
  );
}

/* Purchase settings */

/** PUT lpo/settings/: the approval threshold, audited as the stock settings are. */
export async function writePurchaseSettings(db: Db, actor: User, changes: PurchaseSettingsUpdate): Promise<PurchaseSettings> {
  await db.transaction(async (tx) => {
    const settings = { ...(await purchaseSettingsOf(tx)), ...changes };
    await tx
      .insert(systemConfig)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: systemConfig.id, set: { ...settings, updated_at: new Date(), version: sql`${systemConfig.version} + 1` } });
    await recordAudit(tx, { actor, action: 'system.config.purchase', target: 'system_config', risk: 'critical', metadata: changes });
  });
  return purchaseSettingsOf(db);
}
