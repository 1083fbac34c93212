import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ESTIMATION_COSTING_MESSAGES, type BoqDraft, type BoqDraftQuery, type boqDraftCreateSchema, type boqDraftUpdateSchema, type EstimationProductView } from '../../../domain/estimation';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { boqDrafts, estimationProducts, estimations } from '../../db/schema';
import { fieldError, invalidPkError, notFound } from '../../lib/http-error';
import { findRow, lockRow, publicRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { liveProduct } from './queries';
import { changeProduct, lockEditableProduct } from './writes';

/**
 * Bill-of-quantities drafts (business-areas.md §3, decision 363): sizes and a quantity of an
 * estimation product as the customer's requirement or a site measurement gives them, kept beside
 * the product. "Use these sizes" makes them the product's, costed again as a PATCH of the product
 * is. Drafts change only while the product's estimation may (in costing or rejected).
 */

type DraftInput = z.output<typeof boqDraftCreateSchema>;
type DraftChanges = Omit<z.output<typeof boqDraftUpdateSchema>, 'expected_version'>;

const { txid: _txid, ...draftColumns } = getTableColumns(boqDrafts);

/** What an audit row says of a draft: its product and its sizes. */
const sizesOf = (draft: BoqDraft) => ({ product: draft.product, width: draft.width, depth: draft.depth, height: draft.height, quantity: draft.quantity });

/**
 * GET boq-drafts/?product= or ?estimation=: the live drafts of a live product, or of every live
 * product of a live estimation (decision 369), oldest first; 404 for no such product or estimation.
 */
export async function draftsOf(db: Db, query: BoqDraftQuery): Promise<BoqDraft[]> {
  if (query.product !== undefined) await liveProduct(db, query.product);
  if (query.estimation !== undefined) await findRow(db, estimations, query.estimation);
  return db
    .select(draftColumns)
    .from(boqDrafts)
    .innerJoin(estimationProducts, eq(estimationProducts.id, boqDrafts.product))
    .where(
      and(
        isNull(boqDrafts.deleted_at),
        isNull(estimationProducts.deleted_at),
        query.product === undefined ? undefined : eq(boqDrafts.product, query.product),
        query.estimation === undefined ? undefined : eq(estimationProducts.estimation, query.estimation),
      ),
    )
    .orderBy(asc(boqDrafts.id));
}

/** A live draft locked after its product and estimation (refused unless the estimation may change), its version checked. */
async function lockEditableDraft(tx: Db, id: number, expected?: number): Promise<BoqDraft> {
  const [found] = await tx
    .select({ product: boqDrafts.product })
    .from(boqDrafts)
    .where(and(eq(boqDrafts.id, id), isNull(boqDrafts.deleted_at)));
  if (!found) throw notFound();
  await lockEditableProduct(tx, found.product);
  return publicRow(await lockRow(tx, boqDrafts, id, expected));
}

/** POST boq-drafts/: a draft of a live product whose estimation may change; an unknown product is a 400 on `product`. */
export async function createDraft(db: Db, actor: User, input: DraftInput): Promise<BoqDraft> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [product] = await tx
        .select({ id: estimationProducts.id })
        .from(estimationProducts)
        .where(and(eq(estimationProducts.id, input.product), isNull(estimationProducts.deleted_at)));
      if (!product) throw invalidPkError('product', input.product);
      await lockEditableProduct(tx, input.product);
      const [row] = await tx
        .insert(boqDrafts)
        .values({ ...input, width: input.width ?? null, depth: input.depth ?? null, height: input.height ?? null, created_by: actor.id })
        .returning();
      return publicRow(row!);
    },
    (draft) => ({ action: 'boq_draft.create', target: `boq_drafts:${draft.id}`, risk: 'low', metadata: sizesOf(draft) }),
  );
}

/** PATCH boq-drafts/{id}/: new sizes or quantity; a draft stays with its product. */
export async function updateDraft(db: Db, actor: User, id: number, input: DraftChanges, expected: number | undefined): Promise<BoqDraft> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await lockEditableDraft(tx, id, expected);
      if (input.product !== undefined && input.product !== current.product) throw fieldError('product', ESTIMATION_COSTING_MESSAGES.draftMoves);
      return publicRow(await updateRow(tx, boqDrafts, id, input, undefined));
    },
    (draft) => ({ action: 'boq_draft.update', target: `boq_drafts:${id}`, risk: 'low', metadata: { ...sizesOf(draft), fields: Object.keys(input) } }),
  );
}

/** DELETE boq-drafts/{id}/: the draft removed (soft); the product keeps its sizes. */
export async function deleteDraft(db: Db, actor: User, id: number, expected: number | undefined): Promise<void> {
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const draft = await lockEditableDraft(tx, id, expected);
      await tx.update(boqDrafts).set({ deleted_at: sql`now()` as unknown as string }).where(eq(boqDrafts.id, id));
      return draft;
    },
    (draft) => ({ action: 'boq_draft.delete', target: `boq_drafts:${id}`, risk: 'low', metadata: sizesOf(draft) }),
  );
}

/**
 * POST boq-drafts/{id}/apply/ ("Use these sizes"): the product takes the draft's width, depth,
 * height and quantity and is costed again (its measured lines, unit price and its estimation's
 * total), in one transaction; answers the product.
 */
export async function applyDraft(db: Db, actor: User, id: number): Promise<EstimationProductView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const draft = await lockEditableDraft(tx, id);
      const { view, resized } = await changeProduct(tx, draft.product, { width: draft.width, depth: draft.depth, height: draft.height, quantity: draft.quantity }, undefined);
      return { draft, view, resized };
    },
    ({ draft, view, resized }) => ({ action: 'boq_draft.apply', target: `boq_drafts:${id}`, risk: 'low', metadata: { ...sizesOf(draft), estimation: view.estimation, resized, unit_price: view.unit_price } }),
  ).then(({ view }) => view);
}
