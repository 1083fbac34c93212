import { and, eq, isNull, sql } from 'drizzle-orm';
import { compare, sign } from '../../../domain/decimal';
import {
  REQUISITION_JOB_ORDER_REQUIRED,
  REQUISITION_MESSAGES,
  requisitionActionRefusal,
  requisitionIssuedInFull,
  requisitionNeedsJobOrder,
  requisitionState,
  type RequisitionAction,
  type RequisitionLine,
  type RequisitionType,
  type RequisitionView,
} from '../../../domain/requisition';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { jobOrders, materials, requisitionDetails, requisitions, users } from '../../db/schema';
import { checkDuty } from '../../lib/duties';
import { badRequest, fieldError, type FieldErrors, HttpError, invalidPk, invalidPkError, notFound } from '../../lib/http-error';
import { checkEdit } from '../../lib/row-rules';
import { findRow, softDeleteRow, updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { pendingRequests } from './queries';
import { jobOrderIsClosed, lineColumns, requisitionView, type CreateInput, type DetailRow, type LineChanges, type LineInput, type RequisitionRow, type UpdateInput } from './service';

/* ------------------------------------------------------------------------------------------ */
/* Writes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const now = <T>() => sql`now()` as unknown as T;

/** The requisition, locked for the rest of the transaction (cancelled ones too, so refusals can say why), and its live lines. */
async function lockRequisition(tx: Db, id: number): Promise<{ requisition: RequisitionRow; lines: DetailRow[] }> {
  const [requisition] = await tx.select().from(requisitions).where(eq(requisitions.id, id)).for('update');
  if (!requisition) throw notFound();
  const lines = await tx
    .select()
    .from(requisitionDetails)
    .where(and(eq(requisitionDetails.requisition, id), isNull(requisitionDetails.deleted_at)));
  return { requisition, lines };
}

/** The 400 of an action the requisition's state does not allow (domain/requisition.ts says which and why). */
function refuseUnless(action: RequisitionAction, requisition: RequisitionRow, lines: readonly DetailRow[]): void {
  const refusal = requisitionActionRefusal(action, requisitionState(requisition, lines), requisition.requisition_type as RequisitionType);
  if (refusal) throw new HttpError(400, { detail: refusal });
}

/**
 * The 403 of a change the requisition's row rule (domain/row-rules.ts) does not allow: whose
 * requisition it is and of which department decides. `fields` omitted for a cancel.
 */
async function refuseUnlessMayEdit(tx: Db, actor: User, requisition: RequisitionRow, fields?: readonly string[]): Promise<void> {
  const [raiser] = await tx.select({ department: users.department }).from(users).where(eq(users.id, requisition.requested_by));
  checkEdit('requisition', actor, { ...requisition, requested_by_department: raiser?.department ?? null }, fields);
}

const changedFields = (input: object) =>
  Object.entries(input)
    .filter(([field, value]) => value !== undefined && field !== 'confirm_repeat')
    .map(([field]) => field);

/** Why a job order cannot take requisitions, or null: unknown, or closed or cancelled. */
async function jobOrderProblem(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ closed: jobOrderIsClosed })
    .from(jobOrders)
    .where(and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at)));
  if (!row) return invalidPk(id);
  return row.closed ? REQUISITION_MESSAGES.jobOrderClosed : null;
}

async function materialProblem(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, id), isNull(materials.deleted_at)));
  return row ? null : invalidPk(id);
}

/** The repeat-request refusal (see confirm_repeat in domain/requisition.ts), naming the pending requisitions. */
async function repeatProblem(tx: Db, match: { material: number; jobOrder: number | null; type: RequisitionType; except?: number }): Promise<string[] | null> {
  if (match.jobOrder === null) return null;
  const earlier = await pendingRequests(tx, { material: match.material, jobOrder: match.jobOrder, type: match.type, except: match.except });
  if (!earlier.length) return null;
  return [REQUISITION_MESSAGES.repeatedRequest, `Still pending: requisition ${earlier.map((r) => r.id).join(', ')}. ${REQUISITION_MESSAGES.confirmRepeat}`];
}

/** Collects field errors so a form hears about every bad field at once. */
class Problems {
  readonly fields: FieldErrors = {};
  add(field: string, messages: string | string[] | null): void {
    if (messages) (this.fields[field] ??= []).push(...(Array.isArray(messages) ? messages : [messages]));
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length) throw badRequest(this.fields);
  }
}

/** `is_completed` follows the lines; writing it also moves the requisition's sync cursor, so mirrors see the new state. */
async function settleCompletion(tx: Db, id: number): Promise<void> {
  const lines = await tx
    .select()
    .from(requisitionDetails)
    .where(and(eq(requisitionDetails.requisition, id), isNull(requisitionDetails.deleted_at)));
  await tx.update(requisitions).set({ is_completed: requisitionIssuedInFull(lines) }).where(eq(requisitions.id, id));
}

/** POST requisitions/: a requisition and its materials, raised by the signed-in user. */
export async function createRequisition(db: Db, actor: User, input: CreateInput): Promise<RequisitionView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const problems = new Problems();
      if (input.job_order != null) problems.add('job_order', await jobOrderProblem(tx, input.job_order));
      for (const [i, item] of input.requisition_items.entries()) {
        problems.add(`requisition_items.${i}.material`, await materialProblem(tx, item.material));
        if (item.job_order != null) problems.add(`requisition_items.${i}.job_order`, await jobOrderProblem(tx, item.job_order));
      }
      problems.throwIfAny();
      if (!input.confirm_repeat) {
        for (const [i, item] of input.requisition_items.entries()) {
          problems.add(`requisition_items.${i}.material`, await repeatProblem(tx, { material: item.material, jobOrder: item.job_order ?? input.job_order ?? null, type: input.requisition_type }));
        }
        problems.throwIfAny();
      }
      const [requisition] = await tx
        .insert(requisitions)
        .values({ job_order: input.job_order ?? null, requisition_type: input.requisition_type, requested_by: actor.id, created_by: actor.id })
        .returning();
      await tx.insert(requisitionDetails).values(
        input.requisition_items.map((item) => ({
          requisition: requisition!.id,
          material: item.material,
          job_order: item.job_order ?? input.job_order ?? null,
          quantity: item.quantity,
          created_by: actor.id,
        })),
      );
      return requisitionView(tx, requisition!.id);
    },
    (row) => ({
      action: 'requisition.create',
      target: `requisitions:${row.id}`,
      risk: 'low',
      metadata: { requisition_type: row.requisition_type, job_order: row.job_order, items: row.requisition_items.length, confirm_repeat: input.confirm_repeat },
    }),
  );
}

/**
 * PATCH requisitions/{id}/: the type and job order, while the requisition is open. Once approved
 * or issued against, they stay: an approval is for a given job and type, and issued material was
 * booked to them. Lines that followed the old job order follow the new one.
 */
export async function updateRequisition(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined): Promise<RequisitionView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { requisition, lines } = await lockRequisition(tx, id);
      await refuseUnlessMayEdit(tx, actor, requisition, changedFields(input));
      refuseUnless('change-items', requisition, lines);
      const type = input.requisition_type ?? (requisition.requisition_type as RequisitionType);
      const jobOrder = input.job_order === undefined ? requisition.job_order : input.job_order;
      const moves = type !== requisition.requisition_type || jobOrder !== requisition.job_order;
      if (moves && requisitionState(requisition, lines) !== 'open') throw new HttpError(400, { detail: REQUISITION_MESSAGES.headerFixed });
      if (jobOrder === null && requisitionNeedsJobOrder(type)) throw fieldError('job_order', REQUISITION_JOB_ORDER_REQUIRED);
      const problems = new Problems();
      if (jobOrder !== null && jobOrder !== requisition.job_order) problems.add('job_order', await jobOrderProblem(tx, jobOrder));
      problems.throwIfAny();
      if (moves && !input.confirm_repeat) {
        for (const line of lines) {
          const lineJobOrder = line.job_order === requisition.job_order ? jobOrder : line.job_order;
          problems.add('requisition_type', await repeatProblem(tx, { material: line.material, jobOrder: lineJobOrder, type, except: id }));
        }
        problems.throwIfAny();
      }
      await updateRow(tx, requisitions, id, { requisition_type: input.requisition_type, job_order: input.job_order }, expected);
      if (jobOrder !== requisition.job_order) {
        await tx
          .update(requisitionDetails)
          .set({ job_order: jobOrder })
          .where(
            and(
              eq(requisitionDetails.requisition, id),
              isNull(requisitionDetails.deleted_at),
              requisition.job_order === null ? isNull(requisitionDetails.job_order) : eq(requisitionDetails.job_order, requisition.job_order),
            ),
          );
      }
      return requisitionView(tx, id);
    },
    (row) => ({ action: 'requisition.update', target: `requisitions:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) } }),
  );
}

/** A state-changing action on the requisition: checked against the state machine, then written and audited. */
async function act(
  db: Db,
  actor: User,
  id: number,
  action: RequisitionAction,
  values: Partial<typeof requisitions.$inferInsert>,
  expected: number | undefined,
  audit: { name: string; risk: 'low' | 'medium'; metadata?: Record<string, unknown> },
): Promise<RequisitionView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { requisition, lines } = await lockRequisition(tx, id);
      // Cancelling is the raiser's side's; closing and approving have permissions of their own.
      if (action === 'cancel') await refuseUnlessMayEdit(tx, actor, requisition);
      if (action === 'approve') checkDuty('requisition', requisition, actor);
      refuseUnless(action, requisition, lines);
      await updateRow(tx, requisitions, id, values, expected);
      return requisitionView(tx, id);
    },
    (row) => ({ action: `requisition.${audit.name}`, target: `requisitions:${row.id}`, risk: audit.risk, metadata: { requisition_type: row.requisition_type, ...audit.metadata } }),
  );
}

/** DELETE requisitions/{id}/ with a reason: cancelling keeps the row (and its lines) for the cancelled lists. */
export const cancelRequisition = (db: Db, actor: User, id: number, reason: string, expected: number | undefined) =>
  act(db, actor, id, 'cancel', { deleted_at: now(), cancel_reason: reason }, expected, { name: 'cancel', risk: 'medium', metadata: { reason } });

/** PATCH {id}/close/ with a reason: nothing more will be served. */
export const closeRequisition = (db: Db, actor: User, id: number, reason: string, expected: number | undefined) =>
  act(db, actor, id, 'close', { closed_at: now(), close_reason: reason }, expected, { name: 'close', risk: 'medium', metadata: { reason } });

/** PUT {id}/approve_requisition/: a re-work or shortfall requisition may now be served. */
export const approveRequisition = (db: Db, actor: User, id: number, expected: number | undefined) =>
  act(db, actor, id, 'approve', { is_approved: true, approved_by: actor.id, approved_at: now() }, expected, { name: 'approve', risk: 'medium' });

/** A line with its material's name and unit. */
async function lineView(db: Db, id: number): Promise<RequisitionLine> {
  const [line] = await db
    .select({ ...lineColumns, material_name: materials.name, material_unit: materials.unit })
    .from(requisitionDetails)
    .innerJoin(materials, eq(materials.id, requisitionDetails.material))
    .where(eq(requisitionDetails.id, id));
  return line!;
}

const lineAudit = (name: string, risk: 'low' | 'medium') => (line: RequisitionLine) => ({
  action: `requisition_detail.${name}`,
  target: `requisition_details:${line.id}`,
  risk,
  metadata: { requisition: line.requisition, material: line.material, quantity: line.quantity },
});

/** POST requisition_details/: one more material on a requisition that is still being served. */
export async function addLine(db: Db, actor: User, input: LineInput): Promise<RequisitionLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [exists] = await tx.select({ id: requisitions.id }).from(requisitions).where(eq(requisitions.id, input.requisition));
      if (!exists) throw invalidPkError('requisition', input.requisition);
      const { requisition, lines } = await lockRequisition(tx, input.requisition);
      await refuseUnlessMayEdit(tx, actor, requisition, ['requisition_items']);
      refuseUnless('change-items', requisition, lines);
      const jobOrder = input.job_order ?? requisition.job_order;
      const problems = new Problems();
      problems.add('material', await materialProblem(tx, input.material));
      if (jobOrder !== null) problems.add(input.job_order == null ? 'requisition' : 'job_order', await jobOrderProblem(tx, jobOrder));
      if (lines.some((line) => line.material === input.material)) problems.add('material', REQUISITION_MESSAGES.duplicateMaterial);
      problems.throwIfAny();
      if (!input.confirm_repeat) {
        problems.add('material', await repeatProblem(tx, { material: input.material, jobOrder, type: requisition.requisition_type as RequisitionType, except: requisition.id }));
        problems.throwIfAny();
      }
      // The unique index is the last word should two writers slip past the check.
      const [line] = await withUniqueField('material', REQUISITION_MESSAGES.duplicateMaterial, () =>
        tx.insert(requisitionDetails).values({ requisition: requisition.id, material: input.material, job_order: jobOrder, quantity: input.quantity, created_by: actor.id }).returning(),
      );
      await settleCompletion(tx, requisition.id);
      return lineView(tx, line!.id);
    },
    lineAudit('create', 'low'),
  );
}

/** The live line and its locked requisition. */
async function lockLine(tx: Db, id: number) {
  const line = await findRow(tx, requisitionDetails, id);
  const { requisition, lines } = await lockRequisition(tx, line.requisition);
  return { line, requisition, lines };
}

/** PATCH requisition_details/{id}/: quantity (not below what was issued), material (while none was issued), job order. */
export async function updateLine(db: Db, actor: User, id: number, input: LineChanges, expected: number | undefined): Promise<RequisitionLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line, requisition, lines } = await lockLine(tx, id);
      await refuseUnlessMayEdit(tx, actor, requisition, changedFields(input));
      if (input.requisition !== undefined && input.requisition !== line.requisition) throw fieldError('requisition', REQUISITION_MESSAGES.otherRequisition);
      refuseUnless('change-items', requisition, lines);
      const material = input.material ?? line.material;
      const jobOrder = input.job_order === undefined ? line.job_order : (input.job_order ?? requisition.job_order);
      const problems = new Problems();
      if (material !== line.material) {
        if (sign(line.quantity_issued) > 0) problems.add('material', REQUISITION_MESSAGES.lineMaterialIssued);
        problems.add('material', await materialProblem(tx, material));
        if (lines.some((other) => other.id !== line.id && other.material === material)) problems.add('material', REQUISITION_MESSAGES.duplicateMaterial);
      }
      if (jobOrder !== line.job_order && jobOrder !== null) problems.add('job_order', await jobOrderProblem(tx, jobOrder));
      if (input.quantity !== undefined && compare(input.quantity, line.quantity_issued) < 0) problems.add('quantity', REQUISITION_MESSAGES.belowIssued);
      problems.throwIfAny();
      if ((material !== line.material || jobOrder !== line.job_order) && !input.confirm_repeat) {
        problems.add('material', await repeatProblem(tx, { material, jobOrder, type: requisition.requisition_type as RequisitionType, except: requisition.id }));
        problems.throwIfAny();
      }
      await withUniqueField('material', REQUISITION_MESSAGES.duplicateMaterial, () =>
        updateRow(tx, requisitionDetails, id, { material: input.material, job_order: jobOrder, quantity: input.quantity }, expected),
      );
      await settleCompletion(tx, requisition.id);
      return lineView(tx, id);
    },
    lineAudit('update', 'low'),
  );
}

/** DELETE requisition_details/{id}/: only a line nothing was issued or reserved against, and never the last one. */
export async function removeLine(db: Db, actor: User, id: number, expected: number | undefined): Promise<RequisitionLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line, requisition, lines } = await lockLine(tx, id);
      await refuseUnlessMayEdit(tx, actor, requisition, ['requisition_items']);
      refuseUnless('change-items', requisition, lines);
      if (sign(line.quantity_issued) > 0) throw new HttpError(400, { detail: REQUISITION_MESSAGES.lineIssued });
      if (sign(line.quantity_reserved) > 0) throw new HttpError(400, { detail: REQUISITION_MESSAGES.lineReserved });
      if (lines.length === 1) throw new HttpError(400, { detail: REQUISITION_MESSAGES.lastLine });
      await softDeleteRow(tx, requisitionDetails, id, expected);
      await settleCompletion(tx, requisition.id);
      return lineView(tx, id);
    },
    lineAudit('delete', 'medium'),
  );
}

/** GET requisition_details/{id}/: a live line. */
export async function findLine(db: Db, id: number): Promise<RequisitionLine> {
  await findRow(db, requisitionDetails, id);
  return lineView(db, id);
}
