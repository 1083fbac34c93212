import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { compare, mul } from '../../../domain/decimal';
import { materialUnitSchema } from '../../../domain/material';
import { quotationDocument } from '../../../domain/documents';
import {
  QUOTATION_MESSAGES,
  quotationMail,
  quotationStepRefusal,
  quotationStatusSchema,
  type QuotationDecision,
  type quotationCreateSchema,
  type quotationItemCreateSchema,
  type quotationItemUpdateSchema,
  type QuotationLineUpdate,
  type quotationSendSchema,
  type QuotationSnapshot,
  type quotationUpdateSchema,
  type QuotationView,
} from '../../../domain/quotation';
import { sameQuotation } from '../../../domain/quotation-diff';
import { quotationTotals } from '../../../domain/totals';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customerBranches, customers, leads, quotationItems, quotations, quotationVersions, users } from '../../db/schema';
import { badRequest, fieldError, type FieldErrors, invalidPk, invalidPkError, notFound, throwIfAny } from '../../lib/http-error';
import { checkEdit } from '../../lib/row-rules';
import { checkVersion, lockRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { readCompanyProfile } from '../company/service';
import { renderPdf } from '../documents/render';
import { addFile, type Upload } from '../files/service';
import { queueMail } from '../mail/service';
import { readMonarchEntities } from './settings';
import { imagePathOf, liveItemsOf, quotationDocumentData, quotationView, snapshotOf, type LiveItem, type QuotationItemRow, type QuotationRow } from './service';

type CreateInput = z.output<typeof quotationCreateSchema>;
type UpdateInput = Omit<z.output<typeof quotationUpdateSchema>, 'expected_version'>;
type ItemCreateInput = z.output<typeof quotationItemCreateSchema>;
type ItemUpdateInput = Omit<z.output<typeof quotationItemUpdateSchema>, 'expected_version'>;
type SendInput = z.output<typeof quotationSendSchema>;
type LineFields = Pick<QuotationItemRow, 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount'>;

const refuse = (message: string) => badRequest({ non_field_errors: [message] });


/* ------------------------------------------------------------------------------------------ */
/* Checks                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** The quotation locked for the rest of the transaction, with its version checked; live ones only. */
const lockQuotation = (tx: Db, id: number, expected?: number): Promise<QuotationRow> => lockRow(tx, quotations, id, expected);

/** Locked for a change of what it offers: by those its row rule lets change it, and not once accepted. */
async function lockWritable(tx: Db, actor: User, id: number, expected?: number): Promise<QuotationRow> {
  const row = await lockQuotation(tx, id, expected);
  checkEdit('quotation', actor, row);
  if (row.status === 'accepted') throw refuse(QUOTATION_MESSAGES.accepted);
  return row;
}

/** Field errors for references that name no live row, so a form hears about each at once. */
async function referenceProblems(tx: Db, refs: { customer?: number; branch?: number | null; sales_exec?: number; lead?: number | null }, customer: number): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const check = async (field: string, id: number | null | undefined, exists: (id: number) => Promise<unknown[]>) => {
    if (id != null && !(await exists(id)).length) problems[field] = [invalidPk(id)];
  };
  await check('customer', refs.customer, (id) => tx.select({ id: customers.id }).from(customers).where(and(eq(customers.id, id), isNull(customers.deleted_at))));
  await check('sales_exec', refs.sales_exec, (id) => tx.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.is_active, true))));
  await check('lead', refs.lead, (id) => tx.select({ id: leads.id }).from(leads).where(and(eq(leads.id, id), isNull(leads.deleted_at))));
  if (refs.branch != null && !problems.customer) {
    const [branch] = await tx.select({ customer: customerBranches.customer }).from(customerBranches).where(eq(customerBranches.id, refs.branch));
    if (!branch) problems.branch = [invalidPk(refs.branch)];
    else if (branch.customer !== customer) problems.branch = [QUOTATION_MESSAGES.branchOfOtherCustomer];
  }
  return problems;
}

/** monarch_entity must be one of the company's entities once the company has named them (an empty list takes any text). */
async function entityProblems(tx: Db, entity: string | undefined): Promise<FieldErrors> {
  if (entity === undefined) return {};
  const entities = await readMonarchEntities(tx);
  if (!entities.length || entities.includes(entity)) return {};
  return { monarch_entity: [entity === '' ? QUOTATION_MESSAGES.monarchEntityRequired : QUOTATION_MESSAGES.monarchEntityUnknown(entity, entities)] };
}

/* ------------------------------------------------------------------------------------------ */
/* Numbers, lines, totals, revisions                                                           */
/* ------------------------------------------------------------------------------------------ */

/** The advisory lock that makes quotation numbers one at a time (any value unique to this use). */
const NUMBERING_LOCK = 0x51554f54;

/**
 * The next quotation number: consecutive across all quotations, deleted ones included. Creations
 * wait for each other here until they commit, so two never take the same number; a creation that
 * rolls back leaves no gap, because the next one reads the highest number again.
 */
async function nextNumber(tx: Db): Promise<number> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${NUMBERING_LOCK})`);
  const [row] = await queryRows<{ next: number }>(tx, sql`SELECT (coalesce(max(${quotations.number}), 0) + 1)::int AS next FROM ${quotations}`);
  return row!.next;
}

/** A line's gross price (quantity × unit price − discount, to the paisa), by the function the PDF uses. */
const grossPriceOf = (line: LineFields) => quotationTotals([line], '0').gross_prices[0]!;

const lineValues = (quotation: number, actor: User, line: LineFields) => ({
  quotation,
  code: line.code,
  description: line.description,
  quantity: line.quantity,
  unit: line.unit,
  unit_price: line.unit_price,
  discount: line.discount,
  gross_price: grossPriceOf(line),
  created_by: actor.id,
});

/**
 * Before a sent quotation changes, the revision it is now is kept as it stands; the change is the
 * next revision. A quotation not yet sent is edited in place.
 */
async function startRevision(tx: Db, actor: User, row: QuotationRow): Promise<number> {
  if (row.sent_at === null) return row.revision;
  const snapshot = snapshotOf(row, await liveItemsOf(tx, [row.id]));
  await tx.insert(quotationVersions).values({ quotation: row.id, revision: row.revision, snapshot, created_by: actor.id }).onConflictDoNothing();
  return row.revision + 1;
}

/** The header's totals from its live lines (domain/totals.ts quotationTotals), with the header's changes and revision. */
async function settle(tx: Db, row: QuotationRow, changes: Partial<typeof quotations.$inferInsert>): Promise<void> {
  const items = await liveItemsOf(tx, [row.id]);
  const totals = quotationTotals(items, changes.tax_rate ?? row.tax_rate);
  await updateRow(tx, quotations, row.id, { ...changes, subtotal: totals.subtotal, discount_total: totals.discount_total, tax_amount: totals.tax_amount, total_amount: totals.total_amount }, undefined);
}

/** Keeps an item's image in the file store (typed by its bytes, audited) and points the item at it. */
async function attachImage(tx: Db, actor: User, item: number, upload: Upload): Promise<void> {
  const file = await addFile(tx, actor, { type: 'quotation-item', id: item }, upload);
  await tx.update(quotationItems).set({ image_path: imagePathOf(file.id) }).where(eq(quotationItems.id, item));
}

/* ------------------------------------------------------------------------------------------ */
/* Quotations                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** POST quotations/: the server numbers it and computes every line's and the header's totals. */
export async function createQuotation(db: Db, actor: User, input: CreateInput, images: ReadonlyMap<number, Upload>): Promise<QuotationView> {
  checkEdit('quotation', actor, { sales_exec: input.sales_exec });
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      throwIfAny(await referenceProblems(tx, input, input.customer), await entityProblems(tx, input.monarch_entity));
      const { items, ...header } = input;
      const totals = quotationTotals(items, input.tax_rate);
      const [row] = await tx
        .insert(quotations)
        .values({ ...header, number: await nextNumber(tx), subtotal: totals.subtotal, discount_total: totals.discount_total, tax_amount: totals.tax_amount, total_amount: totals.total_amount, created_by: actor.id })
        .returning();
      const lines = await tx
        .insert(quotationItems)
        .values(items.map((line) => lineValues(row!.id, actor, line)))
        .returning({ id: quotationItems.id });
      for (const [index, upload] of images) await attachImage(tx, actor, lines[index]!.id, upload);
      return quotationView(tx, row!.id);
    },
    (view) => ({ action: 'quotation.create', target: `quotations:${view.id}`, risk: 'low', metadata: { number: view.number, customer: view.customer, items: view.items.length, total_amount: view.total_amount } }),
  );
}

/** What an update does to the lines: changes to lines named by id, new lines, and the lines left out. */
function planLines(current: readonly LiveItem[], lines: readonly QuotationLineUpdate[]) {
  const byId = new Map(current.map((item) => [item.id, item]));
  const seen = new Set<number>();
  const problems: FieldErrors = {};
  lines.forEach((line, i) => {
    if (line.id === undefined) return;
    if (!byId.has(line.id)) problems[`items.${i}.id`] = [QUOTATION_MESSAGES.unknownLine(line.id)];
    else if (seen.has(line.id)) problems[`items.${i}.id`] = [QUOTATION_MESSAGES.repeatedLine(line.id)];
    seen.add(line.id);
  });
  throwIfAny(problems);
  return {
    changed: lines.flatMap((line, index) => (line.id === undefined ? [] : [{ index, line, item: byId.get(line.id)! }])),
    added: lines.flatMap((line, index) => (line.id === undefined ? [{ index, line }] : [])),
    removed: current.filter((item) => !seen.has(item.id)),
  };
}

const sameLine = (a: LineFields, b: LineFields) =>
  a.code === b.code && a.description === b.description && a.unit === b.unit && compare(a.quantity, b.quantity) === 0 && compare(a.unit_price, b.unit_price) === 0 && compare(a.discount, b.discount) === 0;

/** The quotation an update would make, to tell whether it changes anything the customer reads. */
function proposal(row: QuotationRow, header: Partial<QuotationRow>, lines: readonly (LineFields & { id: number | null; image_path: string | null })[]): QuotationSnapshot {
  const merged = { ...row, ...header };
  const totals = quotationTotals(lines, merged.tax_rate);
  return {
    ...snapshotOf({ ...merged, ...totals }, []),
    items: lines.map((line, i) => ({ ...line, unit: materialUnitSchema.parse(line.unit), gross_price: totals.gross_prices[i]! })),
  };
}

/**
 * PATCH {id}/ (JSON or multipart): header fields, and with `items` the lines (named by id: changed;
 * without: added; left out: removed). A change that changes nothing is no revision.
 */
export async function updateQuotation(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined, images: ReadonlyMap<number, Upload>) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockWritable(tx, actor, id, expected);
      const { items: lines, ...header } = input;
      if (header.sales_exec !== undefined) checkEdit('quotation', actor, { ...row, sales_exec: header.sales_exec });
      const customer = header.customer ?? row.customer;
      const branch = header.branch !== undefined ? header.branch : header.customer !== undefined ? row.branch : undefined;
      throwIfAny(await referenceProblems(tx, { ...header, branch }, customer), await entityProblems(tx, header.monarch_entity));
      const current = await liveItemsOf(tx, [id]);
      const plan = lines ? planLines(current, lines) : null;
      const proposed = plan
        ? proposal(row, header, lines!.map((line) => ({ ...line, id: line.id ?? null, image_path: line.id === undefined ? null : current.find((c) => c.id === line.id)!.image_path })))
        : proposal(row, header, current);
      if (!images.size && sameQuotation(snapshotOf(row, current), proposed)) return { view: await quotationView(tx, id), revised: false };
      const revision = await startRevision(tx, actor, row);
      if (plan) {
        for (const { item, line } of plan.changed) {
          if (!sameLine(item, line)) await tx.update(quotationItems).set(lineValues(id, actor, line)).where(eq(quotationItems.id, item.id));
        }
        for (const item of plan.removed) await tx.update(quotationItems).set({ deleted_at: sql`now()` as unknown as string }).where(eq(quotationItems.id, item.id));
        const added = plan.added.length ? await tx.insert(quotationItems).values(plan.added.map(({ line }) => lineValues(id, actor, line))).returning({ id: quotationItems.id }) : [];
        const lineIds = new Map([...plan.changed.map(({ index, item }) => [index, item.id] as const), ...plan.added.map(({ index }, n) => [index, added[n]!.id] as const)]);
        for (const [index, upload] of images) await attachImage(tx, actor, lineIds.get(index)!, upload);
      }
      await settle(tx, row, { ...header, revision });
      return { view: await quotationView(tx, id), revised: revision !== row.revision };
    },
    ({ view, revised }) => ({ action: 'quotation.update', target: `quotations:${id}`, risk: 'low', metadata: { fields: Object.keys(input), revision: view.revision, revised } }),
  ).then(({ view }) => view);
}

/** DELETE {id}/: the quotation is cancelled (deleted_at) and moves to deleted_list/; its lines stay with it. */
export async function deleteQuotation(db: Db, actor: User, id: number, expected: number | undefined): Promise<void> {
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockQuotation(tx, id, expected);
      checkEdit('quotation', actor, row);
      await updateRow(tx, quotations, id, { deleted_at: sql`now()` as unknown as string }, undefined);
      return row;
    },
    (row) => ({ action: 'quotation.delete', target: `quotations:${id}`, risk: 'medium', metadata: { number: row.number, status: row.status } }),
  );
}

/** PATCH {id}/status/: the customer accepted or rejected it, along the steps of QUOTATION_STEPS. */
export async function decideQuotation(db: Db, actor: User, id: number, status: QuotationDecision, expected: number | undefined): Promise<QuotationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockQuotation(tx, id, expected);
      checkEdit('quotation', actor, row);
      const refusal = quotationStepRefusal(quotationStatusSchema.parse(row.status), status);
      if (refusal) throw fieldError('status', refusal);
      await updateRow(tx, quotations, id, { status }, undefined);
      return { view: await quotationView(tx, id), from: row.status };
    },
    ({ view, from }) => ({ action: 'quotation.status', target: `quotations:${id}`, risk: 'low', metadata: { number: view.number, from, to: status } }),
  ).then(({ view }) => view);
}

/**
 * POST {id}/send/: the quotation's PDF mailed to the customer's addresses (queued in this
 * transaction, so it leaves only if the step commits), and the quotation marked sent; the
 * first sending is its sent_at, after which every saved change is a new revision.
 */
export async function sendQuotation(db: Db, actor: User, id: number, input: SendInput): Promise<QuotationView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockQuotation(tx, id);
      checkEdit('quotation', actor, row);
      const refusal = quotationStepRefusal(quotationStatusSchema.parse(row.status), 'sent');
      if (refusal) throw refuse(refusal);
      const company = await readCompanyProfile(tx);
      const pdf = await renderPdf(quotationDocument(company, await quotationDocumentData(tx, id)));
      const mail = quotationMail(row, company.name, input.notes);
      const mailId = await queueMail(tx, { to: input.email_addresses, subject: mail.subject, text: mail.text, attachments: [{ filename: mail.filename, content_type: 'application/pdf', content: pdf }] });
      await updateRow(tx, quotations, id, { status: 'sent', sent_at: row.sent_at ?? (sql`now()` as unknown as string) }, undefined);
      return { view: await quotationView(tx, id), mailId, from: row.status };
    },
    ({ view, mailId, from }) => ({ action: 'quotation.send', target: `quotations:${id}`, risk: 'low', metadata: { number: view.number, revision: view.revision, from, to: input.email_addresses, mail: mailId } }),
  ).then(({ view }) => view);
}

/* ------------------------------------------------------------------------------------------ */
/* Items (quote_items/)                                                                        */
/* ------------------------------------------------------------------------------------------ */

async function findItem(db: Db, id: number): Promise<QuotationItemRow> {
  const [item] = await db
    .select()
    .from(quotationItems)
    .where(and(eq(quotationItems.id, id), isNull(quotationItems.deleted_at)));
  if (!item) throw notFound();
  return item;
}

async function readItem(db: Db, id: number) {
  const { txid: _, ...item } = await findItem(db, id);
  return item;
}

/** POST quote_items/: a line added to a quotation (a new revision once it was sent). */
export async function createItem(db: Db, actor: User, input: ItemCreateInput, image: Upload | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [live] = await tx
        .select({ id: quotations.id })
        .from(quotations)
        .where(and(eq(quotations.id, input.quotation), isNull(quotations.deleted_at)));
      if (!live) throw invalidPkError('quotation', input.quotation);
      const row = await lockWritable(tx, actor, live.id);
      const revision = await startRevision(tx, actor, row);
      const [item] = await tx.insert(quotationItems).values(lineValues(row.id, actor, input)).returning({ id: quotationItems.id });
      if (image) await attachImage(tx, actor, item!.id, image);
      await settle(tx, row, { revision });
      return readItem(tx, item!.id);
    },
    (item) => ({ action: 'quotation_item.create', target: `quotation_items:${item.id}`, risk: 'low', metadata: { quotation: item.quotation, description: item.description, gross_price: item.gross_price } }),
  );
}

/** PATCH quote_items/{id}/ (JSON or multipart): a line changed, its image replaced when one is sent. */
export async function updateItem(db: Db, actor: User, id: number, input: ItemUpdateInput, expected: number | undefined, image: Upload | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await findItem(tx, id);
      if (input.quotation !== undefined && input.quotation !== current.quotation) throw fieldError('quotation', 'An item cannot move to another quotation.');
      const row = await lockWritable(tx, actor, current.quotation);
      const item = await findItem(tx, id);
      checkVersion(item, expected);
      const merged = { ...item, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as QuotationItemRow;
      if (compare(merged.discount, mul(merged.quantity, merged.unit_price)) > 0) throw fieldError('discount', QUOTATION_MESSAGES.discount);
      if (!image && sameLine(item, merged)) return readItem(tx, id);
      const revision = await startRevision(tx, actor, row);
      await tx.update(quotationItems).set(lineValues(row.id, actor, merged)).where(eq(quotationItems.id, id));
      if (image) await attachImage(tx, actor, id, image);
      await settle(tx, row, { revision });
      return readItem(tx, id);
    },
    (item) => ({ action: 'quotation_item.update', target: `quotation_items:${id}`, risk: 'low', metadata: { quotation: item.quotation, fields: Object.keys(input), image: image !== undefined } }),
  );
}

/** DELETE quote_items/{id}/: a line removed (a quotation keeps at least one). */
export async function deleteItem(db: Db, actor: User, id: number, expected: number | undefined): Promise<void> {
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await findItem(tx, id);
      const row = await lockWritable(tx, actor, current.quotation);
      const item = await findItem(tx, id);
      checkVersion(item, expected);
      const [live] = await tx
        .select({ n: count() })
        .from(quotationItems)
        .where(and(eq(quotationItems.quotation, row.id), isNull(quotationItems.deleted_at)));
      if (live!.n <= 1) throw refuse(QUOTATION_MESSAGES.lastItem);
      const revision = await startRevision(tx, actor, row);
      await tx.update(quotationItems).set({ deleted_at: sql`now()` as unknown as string }).where(eq(quotationItems.id, id));
      await settle(tx, row, { revision });
      return item;
    },
    (item) => ({ action: 'quotation_item.delete', target: `quotation_items:${id}`, risk: 'low', metadata: { quotation: item.quotation, description: item.description } }),
  );
}
