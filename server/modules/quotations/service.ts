import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { API } from '../../../domain/api-paths';
import {
  QUOTATION_MESSAGES,
  quotationSnapshotSchema,
  quotationStatusSchema,
  type FilterQuotationsQuery,
  type QuotationListRow,
  type QuotationRevision,
  type QuotationSnapshot,
  type QuotationView,
} from '../../../domain/quotation';
import { quotationDiff, type QuotationDiff } from '../../../domain/quotation-diff';
import type { QuotationDocumentData } from '../../../domain/documents';
import type { Db } from '../../db/client';
import { customers, files, quotationItems, quotations, quotationVersions, users } from '../../db/schema';
import { fieldError, notFound } from '../../lib/http-error';
import { byId, byValue, filter, type ListSpec } from '../../lib/list';
import { pageRows, type Paging, type Slice } from '../../lib/pagination';
import { publicRow } from '../../lib/rows';
import { userName } from '../users/names';
import { z } from 'zod';
import { quotationScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';

export type QuotationRow = typeof quotations.$inferSelect;
export type QuotationItemRow = typeof quotationItems.$inferSelect;

/** Quotations page by 15, as the other sales lists (business-areas.md §9). */
export const QUOTATION_PAGE_SIZE = 15;

/* ------------------------------------------------------------------------------------------ */
/* Mirrored lists                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** quotations/: the live quotations, newest number first; the device mirrors them. */
export const quotationList: ListSpec<typeof quotations> = {
  table: quotations,
  pageSize: QUOTATION_PAGE_SIZE,
  orderings: {
    id: quotations.id,
    number: quotations.number,
    quotation_date: quotations.quotation_date,
    total_amount: quotations.total_amount,
    created_at: quotations.created_at,
    updated_at: quotations.updated_at,
  },
  defaultOrdering: '-number',
  search: [quotations.subject, quotations.monarch_entity],
  filters: {
    customer: byId(quotations.customer),
    branch: byId(quotations.branch),
    sales_exec: byId(quotations.sales_exec),
    lead: byId(quotations.lead),
    status: byValue(quotations.status, quotationStatusSchema),
    monarch_entity: filter(z.string().max(100), (v) => eq(quotations.monarch_entity, v)),
  },
};

/** The quotations a user's lists hold (row-rules.ts): a sales executive's own; everyone else's all. */
export function quotationScope(user: User): SQL | undefined {
  return quotationScopeOf(user) === 'own' ? eq(quotations.sales_exec, user.id) : undefined;
}

/** quote_items/: every line, for the device (`?quotation=` for one quotation's). */
export const quotationItemList: ListSpec<typeof quotationItems> = {
  table: quotationItems,
  pageSize: 100,
  orderings: { id: quotationItems.id, quotation: quotationItems.quotation, updated_at: quotationItems.updated_at },
  defaultOrdering: 'id',
  search: [quotationItems.description, quotationItems.code],
  filters: { quotation: byId(quotationItems.quotation) },
};

/** Names of customers and users by id, one query each. */
async function namesOf(db: Db, customerIds: readonly number[], userIds: readonly number[]) {
  const [customerNames, userNames] = await Promise.all([
    customerIds.length ? db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, [...new Set(customerIds)])) : [],
    userIds.length ? db.select({ id: users.id, name: userName }).from(users).where(inArray(users.id, [...new Set(userIds)])) : [],
  ]);
  return { customer: new Map(customerNames.map((c) => [c.id, c.name])), user: new Map(userNames.map((u) => [u.id, u.name])) };
}

/** The list rows of quotations, in the order given, with their customer's and executive's names. */
export async function describeQuotations(db: Db, rows: readonly QuotationRow[]): Promise<QuotationListRow[]> {
  if (!rows.length) return [];
  const names = await namesOf(
    db,
    rows.map((r) => r.customer),
    rows.map((r) => r.sales_exec),
  );
  return rows.map((row) => ({
    ...publicRow(row),
    status: quotationStatusSchema.parse(row.status),
    customer_name: names.customer.get(row.customer) ?? '',
    sales_exec_name: names.user.get(row.sales_exec) ?? '',
  }));
}

/* ------------------------------------------------------------------------------------------ */
/* Views                                                                                       */
/* ------------------------------------------------------------------------------------------ */

const { txid: _itemTxid, ...itemColumns } = getTableColumns(quotationItems);

/** The live lines of quotations, in the order they were added. */
export async function liveItemsOf(db: Db, quotationIds: readonly number[]) {
  if (!quotationIds.length) return [];
  const rows = await db
    .select(itemColumns)
    .from(quotationItems)
    .where(and(inArray(quotationItems.quotation, [...quotationIds]), isNull(quotationItems.deleted_at)))
    .orderBy(asc(quotationItems.id));
  return rows.map((row) => ({ ...row, unit: row.unit as QuotationView['items'][number]['unit'] }));
}

/** A live line as the API shows it. */
export type LiveItem = Awaited<ReturnType<typeof liveItemsOf>>[number];

/** GET quote_items/{id}/: a live line of a live quotation, or 404. */
export async function quotationItemView(db: Db, id: number) {
  const [item] = await db
    .select(itemColumns)
    .from(quotationItems)
    .innerJoin(quotations, eq(quotations.id, quotationItems.quotation))
    .where(and(eq(quotationItems.id, id), isNull(quotationItems.deleted_at), isNull(quotations.deleted_at)));
  if (!item) throw notFound();
  return item;
}

/** The revisions kept of quotations (every one before the current). */
async function versionsOf(db: Db, quotationIds: readonly number[]) {
  if (!quotationIds.length) return [];
  return db
    .select({ quotation: quotationVersions.quotation, revision: quotationVersions.revision, saved_at: quotationVersions.created_at, saved_by: quotationVersions.created_by })
    .from(quotationVersions)
    .where(inArray(quotationVersions.quotation, [...quotationIds]))
    .orderBy(asc(quotationVersions.revision));
}

/** Quotations matching `where` with their names, live lines and revisions; a slice when paged. */
async function quotationViews(db: Db, where: SQL | undefined, order: SQL[], paging?: Paging): Promise<Slice<QuotationView>> {
  const query = db
    .select({ row: quotations, total_count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(quotations)
    .where(where)
    .orderBy(...order, desc(quotations.id))
    .$dynamic();
  const found = await pageRows(query, paging);
  const rows = found.map((f) => f.row);
  const ids = rows.map((r) => r.id);
  const listed = await describeQuotations(db, rows);
  const items = await liveItemsOf(db, ids);
  const versions = await versionsOf(db, ids);
  return {
    count: found[0]?.total_count ?? 0,
    results: listed.map((row) => ({
      ...row,
      items: items.filter((item) => item.quotation === row.id),
      versions: [
        ...versions.filter((v) => v.quotation === row.id).map((v) => ({ revision: v.revision, current: false, saved_at: v.saved_at, saved_by: v.saved_by })),
        { revision: row.revision, current: true, saved_at: null, saved_by: null },
      ],
    })),
  };
}

/**
 * A live quotation with its live items and its revisions, or 404: GET {id}/, and what other
 * modules (a sales order made from a quotation) read.
 */
export async function quotationView(db: Db, id: number): Promise<QuotationView> {
  const { results } = await quotationViews(db, and(eq(quotations.id, id), isNull(quotations.deleted_at)), []);
  if (!results.length) throw notFound();
  return results[0]!;
}

/** deleted_list/: the cancelled (deleted) quotations, the latest cancelled first; an empty page when there are none. */
export const deletedQuotations = (db: Db, scope: SQL | undefined, paging: Paging) => quotationViews(db, and(isNotNull(quotations.deleted_at), scope), [desc(quotations.deleted_at)], paging);

/** filter_quotations/: live quotations by number range, period, customer, executive and entity; newest number first. */
export const filterQuotations = (db: Db, q: FilterQuotationsQuery, scope: SQL | undefined, paging: Paging) =>
  quotationViews(
    db,
    and(
      isNull(quotations.deleted_at),
      scope,
      q.start_number === undefined ? undefined : sql`${quotations.number} >= ${q.start_number}`,
      q.end_number === undefined ? undefined : sql`${quotations.number} <= ${q.end_number}`,
      q.start_date ? sql`${quotations.quotation_date} >= ${q.start_date}` : undefined,
      q.end_date ? sql`${quotations.quotation_date} <= ${q.end_date}` : undefined,
      q.customer ? eq(quotations.customer, q.customer) : undefined,
      q.sales_exec ? eq(quotations.sales_exec, q.sales_exec) : undefined,
      q.monarch_entity !== undefined ? eq(quotations.monarch_entity, q.monarch_entity) : undefined,
    ),
    [desc(quotations.number)],
    paging,
  );

/* ------------------------------------------------------------------------------------------ */
/* Revisions                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** A quotation's header and lines as they stand now: what a revision keeps when it is superseded. */
type SnapshotHeader = Pick<QuotationRow, 'revision' | 'customer' | 'branch' | 'sales_exec' | 'lead' | 'monarch_entity' | 'quotation_date' | 'subject' | 'terms' | 'tax_rate' | 'subtotal' | 'discount_total' | 'tax_amount' | 'total_amount'>;
type SnapshotLine = Pick<QuotationItemRow, 'id' | 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'gross_price' | 'image_path'>;

export function snapshotOf(row: SnapshotHeader, items: readonly SnapshotLine[]): QuotationSnapshot {
  return quotationSnapshotSchema.parse({
    revision: row.revision,
    customer: row.customer,
    branch: row.branch,
    sales_exec: row.sales_exec,
    lead: row.lead,
    monarch_entity: row.monarch_entity,
    quotation_date: row.quotation_date,
    subject: row.subject,
    terms: row.terms,
    tax_rate: row.tax_rate,
    subtotal: row.subtotal,
    discount_total: row.discount_total,
    tax_amount: row.tax_amount,
    total_amount: row.total_amount,
    items: items.map((i) => ({ id: i.id, code: i.code, description: i.description, quantity: i.quantity, unit: i.unit, unit_price: i.unit_price, discount: i.discount, gross_price: i.gross_price, image_path: i.image_path })),
  });
}

/** GET {id}/version/{v}/: the current revision from the live rows, an earlier one from what was kept. */
export async function quotationRevision(db: Db, id: number, revision: number): Promise<QuotationRevision> {
  const view = await quotationView(db, id);
  if (revision === view.revision) return { ...snapshotOf(view, view.items), quotation: id, number: view.number, current: true, saved_at: null };
  const [kept] = await db
    .select()
    .from(quotationVersions)
    .where(and(eq(quotationVersions.quotation, id), eq(quotationVersions.revision, revision)));
  if (!kept) throw notFound(QUOTATION_MESSAGES.unknownVersion(revision));
  return { ...quotationSnapshotSchema.parse(kept.snapshot), quotation: id, number: view.number, current: false, saved_at: kept.created_at };
}

/** {id}/compare/?from=&to=: what changed from one revision to another (domain/quotation-diff.ts). */
export async function compareRevisions(db: Db, id: number, from: number, to: number): Promise<QuotationDiff> {
  const view = await quotationView(db, id);
  const known = new Set(view.versions.map((v) => v.revision));
  for (const [field, revision] of [['from', from], ['to', to]] as const) {
    if (!known.has(revision)) throw fieldError(field, QUOTATION_MESSAGES.unknownVersion(revision));
  }
  const [a, b] = [await quotationRevision(db, id, from), await quotationRevision(db, id, to)];
  return quotationDiff(a, b);
}

/* ------------------------------------------------------------------------------------------ */
/* Document                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** The id of the stored file an item's image_path names (`/files/{id}/content/`). */
export function imageFileId(path: string | null): number | null {
  const match = path === null ? null : /^\/files\/(\d+)\/content\/$/.exec(path);
  return match ? Number(match[1]) : null;
}
export const imagePathOf = (fileId: number) => API.files.content(fileId);

/** PNG and JPEG pictures the PDF can embed. */
const EMBEDDABLE: readonly string[] = ['image/png', 'image/jpeg'];

/** The items' images as data URLs from the file store, by item id (the renderer reads no files). */
async function imagesOf(db: Db, items: readonly Pick<QuotationItemRow, 'id' | 'image_path'>[]): Promise<Record<number, string>> {
  const wanted = new Map(items.flatMap((item) => (imageFileId(item.image_path) === null ? [] : [[imageFileId(item.image_path)!, item.id] as const])));
  if (!wanted.size) return {};
  const stored = await db
    .select({ id: files.id, content_type: files.content_type, content: files.content })
    .from(files)
    .where(and(inArray(files.id, [...wanted.keys()]), eq(files.owner_type, 'quotation-item')));
  return Object.fromEntries(stored.filter((f) => EMBEDDABLE.includes(f.content_type)).map((f) => [wanted.get(f.id)!, `data:${f.content_type};base64,${f.content.toString('base64')}`]));
}

/** What the quotation's PDF is made of: the view, its customer as addressed, and its item images. */
export async function quotationDocumentData(db: Db, id: number): Promise<QuotationDocumentData> {
  const view = await quotationView(db, id);
  const [customer] = await db.select().from(customers).where(eq(customers.id, view.customer));
  return {
    quotation: view,
    items: view.items,
    customer: { name: customer!.name, address: customer!.address, gstin: customer!.gst_number, state: customer!.state, phone: customer!.phone },
    images: await imagesOf(db, view.items),
  };
}
