import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EDITABLE_ESTIMATION_STATUSES, ESTIMATION_MESSAGES, ESTIMATION_STATUSES, ESTIMATION_STEP_MESSAGES, type EstimationHandOver, type EstimationStatus, type EstimationView, type estimationCreateSchema, type estimationQuotationStepSchema, type estimationUpdateSchema } from '../../../domain/estimation';
import { quotedRateOf } from '../../../domain/estimation-costing';
import { labelOf } from '../../../domain/options';
import { quotationCreateSchema } from '../../../domain/quotation';
import { businessToday } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, estimationFiles, estimationProductDetails, estimationProducts, estimations, leads } from '../../db/schema';
import { checkDuty } from '../../lib/duties';
import { badRequest, invalidPk, type FieldErrors } from '../../lib/http-error';
import { lockRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { addFile } from '../files/service';
import { parseBody } from '../../plugins/errors';
import { createQuotation } from '../quotations/writes';
import type { EstimationUpload } from './body';
import { keepCostingVersions, retotalEstimations } from './costing-store';
import { estimationView, type EstimationRow } from './queries';

/**
 * Estimations, the write side (issue 21 §1): create and change (with drawings and images), cancel,
 * and the costing's steps: submitted for approval, approved or rejected by another user (the
 * `estimation` duty rule), and handed over to sales as a draft quotation. Every write is audited
 * in its own transaction; a step expects the version it was shown (If-Match or expected_version).
 */

type CreateInput = z.output<typeof estimationCreateSchema>;
type UpdateInput = Omit<z.output<typeof estimationUpdateSchema>, 'expected_version'>;
type QuotationInput = Omit<z.output<typeof estimationQuotationStepSchema>, 'expected_version'>;

const now = sql`now()` as unknown as string;
const refuse = (message: string) => badRequest({ non_field_errors: [message] });
const statusLabel = (status: EstimationStatus) => labelOf(ESTIMATION_STATUSES, status);

/** The estimation locked for the rest of the transaction, its version checked, refused unless its status is one of `from`. */
async function lockIn(tx: Db, id: number, expected: number | undefined, from: readonly EstimationStatus[], refusal: (row: EstimationRow) => string): Promise<EstimationRow> {
  const row = await lockRow(tx, estimations, id, expected);
  if (!from.includes(row.status)) throw refuse(refusal(row));
  return row;
}

/** Field errors for a customer or a lead that names no live row, each field at once. */
async function partyProblems(tx: Db, party: { customer?: number | null; lead?: number | null }): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  if (party.customer != null) {
    const [found] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, party.customer), isNull(customers.deleted_at)));
    if (!found) problems.customer = [invalidPk(party.customer)];
  }
  if (party.lead != null) {
    const [found] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, party.lead), isNull(leads.deleted_at)));
    if (!found) problems.lead = [invalidPk(party.lead)];
  }
  return problems;
}

/** Keeps each uploaded drawing and image with the estimation (the files module types, stores and audits it). */
async function attachFiles(tx: Db, actor: User, estimation: number, uploads: readonly EstimationUpload[]): Promise<void> {
  for (const upload of uploads) {
    const file = await addFile(tx, actor, { type: 'estimation', id: estimation }, upload);
    await tx.insert(estimationFiles).values({ estimation, kind: upload.kind, file: file.id, original_name: file.name, content_type: file.content_type, size: file.size, created_by: actor.id });
  }
}

const fileNames = (uploads: readonly EstimationUpload[]) => uploads.map((u) => ({ kind: u.kind, name: u.name, size: u.bytes.length }));

/** POST estimations/ (JSON or multipart): a draft for a live customer or lead, with its drawings and images. */
export async function createEstimation(db: Db, actor: User, input: CreateInput, uploads: readonly EstimationUpload[]): Promise<EstimationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const problems = await partyProblems(tx, input);
      if (Object.keys(problems).length) throw badRequest(problems);
      const [row] = await tx
        .insert(estimations)
        .values({ ...input, status: 'draft', created_by: actor.id })
        .returning({ id: estimations.id });
      await attachFiles(tx, actor, row!.id, uploads);
      return estimationView(tx, row!.id);
    },
    (view) => ({ action: 'estimation.create', target: `estimations:${view.id}`, risk: 'low', metadata: { title: view.title, customer: view.customer, lead: view.lead, files: fileNames(uploads) } }),
  );
}

/** PATCH estimations/{id}/ (JSON or multipart): the header, and more drawings and images; only in costing or rejected. */
export async function updateEstimation(db: Db, actor: User, id: number, changes: UpdateInput, expected: number | undefined, uploads: readonly EstimationUpload[]): Promise<EstimationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockIn(tx, id, expected, EDITABLE_ESTIMATION_STATUSES, (r) => ESTIMATION_STEP_MESSAGES.notEditable(statusLabel(r.status)));
      const customer = changes.customer === undefined ? row.customer : changes.customer;
      const lead = changes.lead === undefined ? row.lead : changes.lead;
      if (customer === null && lead === null) throw badRequest({ customer: [ESTIMATION_MESSAGES.party] });
      const problems = await partyProblems(tx, changes);
      if (Object.keys(problems).length) throw badRequest(problems);
      await updateRow(tx, estimations, id, changes, undefined);
      await attachFiles(tx, actor, id, uploads);
      return estimationView(tx, id);
    },
    () => ({ action: 'estimation.update', target: `estimations:${id}`, risk: 'low', metadata: { fields: Object.keys(changes), files: fileNames(uploads) } }),
  );
}

/** DELETE estimations/{id}/: the estimation is cancelled (deleted_at) and moves to cancelled_estimations/; never once quoted. */
export async function cancelEstimation(db: Db, actor: User, id: number, expected: number | undefined): Promise<void> {
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockIn(tx, id, expected, ['draft', 'submitted', 'approved', 'rejected'], () => ESTIMATION_STEP_MESSAGES.quotedCancel);
      await updateRow(tx, estimations, id, { deleted_at: now }, undefined);
      return row;
    },
    (row) => ({ action: 'estimation.cancel', target: `estimations:${id}`, risk: 'medium', metadata: { title: row.title, status: row.status, total_cost: row.total_cost } }),
  );
}

/** Whether the estimation has a live product with a live costing line. */
async function hasCostedProduct(tx: Db, id: number): Promise<boolean> {
  const [found] = await tx
    .select({ id: estimationProducts.id })
    .from(estimationProducts)
    .where(
      and(
        eq(estimationProducts.estimation, id),
        isNull(estimationProducts.deleted_at),
        exists(
          tx
            .select({ id: estimationProductDetails.id })
            .from(estimationProductDetails)
            .where(and(eq(estimationProductDetails.product, estimationProducts.id), isNull(estimationProductDetails.deleted_at))),
        ),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** POST {id}/submit/: in costing or rejected, with a costed product, to submitted; the costing is kept as a version. */
export async function submitEstimation(db: Db, actor: User, id: number, expected: number | undefined): Promise<EstimationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockIn(tx, id, expected, EDITABLE_ESTIMATION_STATUSES, () => ESTIMATION_STEP_MESSAGES.submitFrom);
      if (!(await hasCostedProduct(tx, id))) throw refuse(ESTIMATION_STEP_MESSAGES.nothingCosted);
      await updateRow(tx, estimations, id, { status: 'submitted', submitted_at: now, rejection_reason: '' }, undefined);
      await retotalEstimations(tx, [id]);
      const version = (await keepCostingVersions(tx, actor, [id], 'submitted')).get(id);
      return { view: await estimationView(tx, id), from: row.status, version };
    },
    ({ view, from, version }) => ({ action: 'estimation.submit', target: `estimations:${id}`, risk: 'low', metadata: { from, costing_version: version, total_cost: view.total_cost } }),
  ).then(({ view }) => view);
}

/** POST {id}/approve/: submitted to approved, by a user other than its author; the approved costing is kept as a version. */
export async function approveEstimation(db: Db, actor: User, id: number, expected: number | undefined): Promise<EstimationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockIn(tx, id, expected, ['submitted'], () => ESTIMATION_STEP_MESSAGES.decideFrom);
      checkDuty('estimation', row, actor);
      await updateRow(tx, estimations, id, { status: 'approved', approved_by: actor.id, approved_at: now }, undefined);
      const version = (await keepCostingVersions(tx, actor, [id], 'approved')).get(id);
      return { view: await estimationView(tx, id), version };
    },
    ({ view, version }) => ({ action: 'estimation.approve', target: `estimations:${id}`, risk: 'medium', metadata: { costing_version: version, total_cost: view.total_cost, author: view.created_by } }),
  ).then(({ view }) => view);
}

/** POST {id}/reject/: submitted back to costing as rejected, with the reason, by a user other than its author. */
export async function rejectEstimation(db: Db, actor: User, id: number, reason: string, expected: number | undefined): Promise<EstimationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockIn(tx, id, expected, ['submitted'], () => ESTIMATION_STEP_MESSAGES.decideFrom);
      checkDuty('estimation', row, actor);
      await updateRow(tx, estimations, id, { status: 'rejected', rejection_reason: reason }, undefined);
      return estimationView(tx, id);
    },
    (view) => ({ action: 'estimation.reject', target: `estimations:${id}`, risk: 'low', metadata: { reason, total_cost: view.total_cost, author: view.created_by } }),
  );
}

/**
 * The quotation's party: the estimation's customer, else the customer its lead became; its sales
 * executive: the lead's, else whoever hands it over (decision 348).
 */
async function quotationParty(tx: Db, actor: User, row: EstimationRow): Promise<{ customer: number; sales_exec: number }> {
  const [lead] = row.lead === null ? [] : await tx.select({ customer: leads.customer, assign_to: leads.assign_to }).from(leads).where(eq(leads.id, row.lead));
  const customer = row.customer ?? lead?.customer ?? null;
  if (customer === null) throw refuse(ESTIMATION_STEP_MESSAGES.leadWithoutCustomer);
  return { customer, sales_exec: lead?.assign_to ?? actor.id };
}

/**
 * POST {id}/quotation/: an approved estimation becomes a draft quotation, made by the quotations
 * module as any other: one line per live product at its unit price with the margin on top, in
 * pieces, undiscounted. The estimation is then quoted and names the quotation. One transaction.
 */
export async function quoteEstimation(db: Db, actor: User, id: number, input: QuotationInput, expected: number | undefined): Promise<EstimationHandOver> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockIn(tx, id, expected, ['approved'], () => ESTIMATION_STEP_MESSAGES.quoteFrom);
      const party = await quotationParty(tx, actor, row);
      const products = await tx
        .select({ name: estimationProducts.name, description: estimationProducts.description, quantity: estimationProducts.quantity, unit_price: estimationProducts.unit_price })
        .from(estimationProducts)
        .where(and(eq(estimationProducts.estimation, id), isNull(estimationProducts.deleted_at)))
        .orderBy(asc(estimationProducts.id));
      if (!products.length) throw refuse(ESTIMATION_STEP_MESSAGES.nothingCosted);
      const quotationInput = parseBody(quotationCreateSchema, {
        ...party,
        lead: row.lead,
        monarch_entity: input.monarch_entity,
        quotation_date: businessToday(),
        subject: input.subject || row.title,
        items: products.map((p) => ({
          description: p.description ? `${p.name} — ${p.description}` : p.name,
          quantity: p.quantity,
          unit: 'PCS',
          unit_price: quotedRateOf(p.unit_price, input.margin_percent),
          discount: '0',
        })),
      });
      const quotation = await createQuotation(tx, actor, quotationInput, new Map());
      await updateRow(tx, estimations, id, { status: 'quoted', quotation: quotation.id }, undefined);
      return { estimation: await estimationView(tx, id), quotation };
    },
    ({ estimation, quotation }) => ({
      action: 'estimation.quote',
      target: `estimations:${id}`,
      risk: 'medium',
      metadata: { quotation: quotation.id, number: quotation.number, margin_percent: input.margin_percent, total_cost: estimation.total_cost, subtotal: quotation.subtotal },
    }),
  );
}
