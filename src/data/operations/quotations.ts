import { API } from '../../../domain/api-paths';
import { QUOTATION_DATA_PART, quotationCreateSchema, quotationImagePart, quotationUpdateSchema, type QuotationLineUpdate } from '../../../domain/quotation';
import { quotationTotals } from '../../../domain/totals';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import { multipartBody, payloadFilesSchema, type PayloadFiles } from '../outbox/multipart';
import { defineOperation, ifMatch, localRefSchema, newRow, putServerRow, type OutboxRequest } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** A line as the device holds it inside its quotation's row: the server's fields, gross price computed as the server computes it. */
type LineFigures = Pick<QuotationLineUpdate, 'quantity' | 'unit_price' | 'discount'>;

/** The header's totals and each line's gross price from the lines and the tax rate (domain/totals.ts, as the server stores them). */
function priced<L extends LineFigures>(items: readonly L[], taxRate: string) {
  const totals = quotationTotals(items, taxRate);
  return {
    items: items.map((line, i) => ({ ...line, gross_price: totals.gross_prices[i]! })),
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    tax_amount: totals.tax_amount,
    total_amount: totals.total_amount,
  };
}

/** A reference that may be a row made offline (its temp id is resolved when sent), or none. */
const optionalRef = (id: number | null) => (id === null ? null : ref(id));

/**
 * The write as JSON, or, with item images, as multipart: the fields in the part `data` and each
 * picture in the part of its line (`items.{n}.image`), as the server's POST and PATCH take them.
 */
function withImages(request: OutboxRequest, images: PayloadFiles): OutboxRequest {
  if (!images.length) return request;
  return { ...request, body: multipartBody(QUOTATION_DATA_PART, request.body, images.map(({ line, name, file }) => ({ part: quotationImagePart(line), name, file }))) };
}

/**
 * POST quotations/quotations/: a draft with its lines (and the pictures chosen for them), shown at
 * once as the server will make it (numbered once it arrives); its customer, branch or lead may be
 * one made offline.
 */
export const createQuotation = defineOperation({
  name: 'quotation.create',
  permission: 'quotations.write',
  label: 'New quotation',
  type: 'quotations',
  schema: quotationCreateSchema.extend({
    customer: localRefSchema,
    branch: localRefSchema.nullable().default(null),
    lead: localRefSchema.nullable().default(null),
    images: payloadFilesSchema.default([]),
  }),
  creates: true,
  request: ({ images, ...quotation }) =>
    withImages({ method: 'POST', url: API.quotations.list, body: { ...quotation, customer: ref(quotation.customer), branch: optionalRef(quotation.branch), lead: optionalRef(quotation.lead) } }, images),
  apply: (mirror, { images: _, ...quotation }, ctx) =>
    mirror.rows('quotations').put(
      newRow({ ...quotation, ...priced(quotation.items, quotation.tax_rate), number: null, revision: 1, status: 'draft', sent_at: null, deleted_at: null }, ctx),
    ),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'quotations', row, ctx),
  describe: (quotation) => quotation.subject || quotation.items[0]!.description,
});

/** The row with the changes merged, its lines and totals computed again when the lines or the tax rate change. */
async function mergeQuotation(mirror: MirrorDatabase, id: number, changes: Record<string, unknown> & { items?: LineFigures[]; tax_rate?: string }, now: string): Promise<void> {
  const table = mirror.rows('quotations');
  await mirror.transaction('rw', table, async () => {
    const row = (await table.get(id)) as (MirrorRow & { items?: LineFigures[]; tax_rate?: string }) | undefined;
    if (!row) return;
    const items = changes.items ?? row.items;
    const taxRate = changes.tax_rate ?? row.tax_rate ?? '0';
    await table.put({ ...row, ...changes, ...(items ? priced(items, taxRate) : {}), updated_at: now });
  });
}

/**
 * PATCH quotations/quotations/{id}/ with If-Match (as multipart when pictures were chosen): header
 * fields and, with `items`, the lines (named by id: changed; without: added; left out: removed). A
 * sent quotation answers with its next revision (decision 210); the server's row replaces the
 * device's.
 */
export const updateQuotation = defineOperation({
  name: 'quotation.update',
  permission: 'quotations.write',
  label: 'Edit quotation',
  type: 'quotations',
  schema: quotationUpdateSchema.extend({ id: localRefSchema, customer: localRefSchema.optional(), branch: localRefSchema.nullable().optional(), images: payloadFilesSchema.default([]) }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, images, ...changes }) =>
    withImages(
      {
        method: 'PATCH',
        url: API.quotations.detail(ref(id)),
        body: { ...changes, ...(changes.customer === undefined ? {} : { customer: ref(changes.customer) }), ...(changes.branch === undefined ? {} : { branch: optionalRef(changes.branch) }) },
        headers: ifMatch(expected_version),
      },
      images,
    ),
  apply: (mirror, { id, expected_version: _, images: __, ...changes }, ctx) => mergeQuotation(mirror, id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'quotations', row, ctx),
  describe: (changes) => changes.subject || `Quotation ${changes.id}`,
});
