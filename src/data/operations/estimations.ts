import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import type { Customer } from '../../../domain/customer';
import { ESTIMATION_MESSAGES, estimationCreateSchema } from '../../../domain/estimation';
import { costingProblem, costLine, estimationTotalOf } from '../../../domain/estimation-costing';
import type { EstimationMaterial } from '../../../domain/estimation-material';
import { costingSaveLineSchema, ESTIMATION_DATA_PART, ESTIMATION_FILE_PARTS, type EstimationViewDetail, type EstimationViewProduct, type EstimationView } from '../../../domain/estimation';
import type { Lead } from '../../../domain/lead';
import { changeKeptProduct, renumberKeptEstimation, withProductLines } from '../estimation-copies';
import type { MirrorDatabase } from '../mirror/db';
import { multipartBody, payloadFilesSchema, type PayloadFiles } from '../outbox/multipart';
import { defineOperation, localRefSchema, newRow, putServerRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

const optionalRef = (id: number | null) => (id === null ? null : ref(id));

/** Who an estimation is for, as the device names them. */
async function partyOf(mirror: MirrorDatabase, estimation: { customer: number | null; lead: number | null }) {
  const customer = estimation.customer === null ? undefined : ((await mirror.rows('customers').get(estimation.customer)) as Customer | undefined);
  const lead = estimation.lead === null ? undefined : ((await mirror.rows('leads').get(estimation.lead)) as Lead | undefined);
  return { customer_name: customer?.name ?? null, lead_company: lead?.company ?? null };
}

/** The parts of the files of one kind (none when none were chosen). */
const filesOf = (kind: keyof typeof ESTIMATION_FILE_PARTS, files: PayloadFiles) => (files.length ? files.map(({ name, file }) => ({ part: ESTIMATION_FILE_PARTS[kind], name, file })) : []);

/**
 * POST estimations/estimations/: a new estimation (in costing) for a customer or a lead, either
 * of which may be one made offline; with drawings or images it goes as multipart, the fields in
 * the part `data` and each file under `drawings` or `images`. Shown in the list at once.
 */
export const createEstimation = defineOperation({
  name: 'estimation.create',
  permission: 'estimations.request',
  label: 'New estimation',
  type: 'estimations',
  schema: z
    .object({
      ...estimationCreateSchema.shape,
      customer: localRefSchema.nullable().default(null),
      lead: localRefSchema.nullable().default(null),
      drawings: payloadFilesSchema.default([]),
      images: payloadFilesSchema.default([]),
    })
    .refine((e) => e.customer !== null || e.lead !== null, { path: ['customer'], message: ESTIMATION_MESSAGES.party }),
  creates: true,
  request: ({ drawings, images, ...estimation }) => {
    const body = { ...estimation, customer: optionalRef(estimation.customer), lead: optionalRef(estimation.lead) };
    const files = [...filesOf('drawing', drawings), ...filesOf('image', images)];
    return { method: 'POST', url: API.estimations.list, body: files.length ? multipartBody(ESTIMATION_DATA_PART, body, files) : body };
  },
  apply: async (mirror, { drawings: _, images: __, ...estimation }, ctx) =>
    mirror.rows('estimations').put(
      newRow(
        {
          ...estimation,
          ...(await partyOf(mirror, estimation)),
          ...{ status: 'draft', total_cost: '0.00', costing_version: 0, submitted_at: null, approved_by: null, approved_at: null, rejection_reason: '', quotation: null },
          product_count: 0,
          deleted_at: null,
        },
        ctx,
      ),
    ),
  reconcile: async (mirror, row, ctx) => {
    await putServerRow(mirror, 'estimations', row, ctx);
    // The copy its products were added to offline (decision 367) follows it to its server id.
    const id = (row as { id?: unknown } | null)?.id;
    if (ctx.tempId !== null && typeof id === 'number') await renumberKeptEstimation(ctx.tempId, id);
  },
  summarize: async (mirror, estimation) => {
    const party = await partyOf(mirror, estimation);
    const forWhom = party.customer_name ?? party.lead_company;
    return `New estimation “${estimation.title}”${forWhom ? ` for ${forWhom}` : ''}`;
  },
  describe: (estimation) => estimation.title,
});

/** The sheet's lines costed as the server will cost them, from the materials on the device (a line that cannot be costed yet counts nothing). */
async function costedLines(mirror: MirrorDatabase, view: EstimationView, product: number, lines: z.output<typeof costingSaveLineSchema>[]): Promise<EstimationViewDetail[]> {
  const sizes = view.products.find((p) => p.id === product) ?? { width: null, height: null };
  const materials = (await mirror.rows('estimationMaterials').bulkGet(lines.map((l) => l.estimation_material))) as (EstimationMaterial | undefined)[];
  return lines.map((line, i) => {
    const material = materials[i];
    const input = { pieces: line.pieces, length: line.length ?? null, width: line.width ?? null, wastage_percent: line.wastage_percent, quantity: line.quantity, rate: line.rate ?? null };
    const costed = material && !costingProblem(material, input, sizes) ? costLine(material, input, sizes) : { quantity: line.quantity ?? '0', rate: line.rate ?? material?.rate ?? '0', amount: '0.00' };
    return {
      ...{ id: line.id ?? 0, product, estimation_material: line.estimation_material, description: line.description, pieces: line.pieces, length: line.length ?? null, width: line.width ?? null },
      ...{ wastage_percent: line.wastage_percent, measured: line.quantity === null, quantity: costed.quantity, rate: costed.rate, amount: costed.amount },
      ...{ material_name: material?.name ?? '', material_unit: material?.unit ?? 'PCS', category: material?.category ?? 0, category_name: '' },
      ...{ created_by: 0, created_at: '', updated_at: '', version: 0, deleted_at: null },
    } as EstimationViewDetail;
  });
}

/** The estimation's row on the device with the total its kept copy now has. */
async function putTotal(mirror: MirrorDatabase, view: EstimationView | null, now: string) {
  if (view) await mirror.rows('estimations').update(view.id, { total_cost: estimationTotalOf(view.products), updated_at: now });
}

/**
 * POST estimation-products/{id}/details-with-cost-update/: the costing sheet's one save, every
 * line of the product. Offline it waits here; the device's kept copy of the estimation (decision
 * 354) shows the lines and totals at once, costed by domain/estimation-costing.ts as the server
 * will cost them, and the server's answer replaces them when it arrives. A product (or its
 * estimation) made offline is waited for, and its server id used (decision 367).
 */
export const saveProductCosting = defineOperation({
  name: 'estimation.product.costing',
  permission: 'estimations.write',
  label: 'Product costing',
  type: 'estimations',
  schema: z.object({ estimation: localRefSchema, product: localRefSchema, product_name: z.string().max(200), details: z.array(costingSaveLineSchema).max(500) }),
  rowId: (sheet) => sheet.estimation,
  request: ({ product, details }) => ({ method: 'POST', url: API.estimationProducts.detailsWithCostUpdate(ref(product)), body: { details } }),
  apply: async (mirror, sheet, ctx) => {
    const kept = await changeKeptProduct(sheet.product, (view) => view);
    if (!kept) return;
    const lines = await costedLines(mirror, kept, sheet.product, sheet.details);
    await putTotal(mirror, await changeKeptProduct(sheet.product, (view) => withProductLines(view, sheet.product, lines)), ctx.now);
  },
  reconcile: async (mirror, row) => {
    const product = row as EstimationViewProduct | null;
    if (!product || typeof product.id !== 'number') return;
    const view = await changeKeptProduct(product.id, (kept) => withProductLines(kept, product.id, product.details ?? [], product));
    await putTotal(mirror, view, new Date().toISOString());
  },
  summarize: async (_mirror, sheet) => `Costing of ${sheet.product_name || `product ${sheet.product}`}: ${sheet.details.length} ${sheet.details.length === 1 ? 'line' : 'lines'}`,
  describe: (sheet) => `Costing of ${sheet.product_name || `product ${sheet.product}`}`,
});
