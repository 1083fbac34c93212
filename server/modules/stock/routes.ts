import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { isoDateSchema, refSchema } from '../../../domain/entity';
import { requisitionDetailSchema } from '../../../domain/requisition';
import { stockSettingsSchema, stockSettingsUpdateSchema } from '../../../domain/system';
import {
  reserveMaterialSchema,
  stockAdjustmentCreateSchema,
  stockAdjustmentDecisionSchema,
  stockAdjustmentSchema,
  stockPositionSchema,
  stockTransactionCreateSchema,
  stockTransactionReverseSchema,
  stockTransactionSchema,
  stockTransactionUpdateSchema,
} from '../../../domain/stock';
import { currentUser } from '../../plugins/auth';
import { listRoute, type ListRequest } from '../../lib/list';
import { pageQuerySchema } from '../../lib/pagination';
import { sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { stockAdjustments, stockTransactions } from '../../db/schema';
import { materialScope } from '../materials/service';
import { reserveMaterial } from './ledger';
import {
  adjustmentList,
  decideAdjustment,
  filteredTransactionList,
  inTransitList,
  inTransitScope,
  materialMovement,
  readStockSettings,
  recordTransaction,
  requestAdjustment,
  requisitionLedger,
  requisitionMaterials,
  requisitionReceipts,
  reverse,
  stockPosition,
  stockValuation,
  transactionList,
  updateStatus,
  writeStockSettings,
} from './service';

const requisitionMaterialSchema = z.object({
  requisition_detail: z.number().int(),
  material: z.number().int(),
  name: z.string(),
  unit: z.string(),
  quantity: z.string(),
  quantity_issued: z.string(),
  quantity_reserved: z.string(),
  quantity_pending: z.string(),
  on_hand: z.string(),
});
const movementQuerySchema = z.object({ material: z.coerce.number({ error: 'A valid integer is required.' }).pipe(refSchema), startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional() }).strict();
const movementSchema = z.object({
  material: z.number().int(),
  name: z.string(),
  unit: z.string(),
  opening_quantity: z.string(),
  inward: z.string(),
  outward: z.string(),
  closing_quantity: z.string(),
  transactions: z.array(stockTransactionSchema),
});

/**
 * The stock ledger, reservations and adjustments (business-areas.md §7 "Materials and stock").
 * Every stock movement goes through ./ledger.ts, which keeps on-hand equal to the ledger.
 */
export default async function stockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['stock'];
  const read = { access: 'stock.read' } as const;
  const write = { access: 'stock.write' } as const;
  const transactions = { ...read, tags, item: stockTransactionSchema };
  const inMaterialScope = (req: ListRequest) => materialScope(currentUser(req), stockTransactions.material);

  listRoute(app, API.stockTransactions.list, { ...transactions, spec: transactionList, scope: inMaterialScope });
  app.post(API.stockTransactions.list, { config: write, schema: { tags, body: stockTransactionCreateSchema, response: { 201: stockTransactionSchema } } }, async (req, reply) =>
    reply.code(201).send(await recordTransaction(app.db, currentUser(req), req.body)),
  );
  // Never a removal: answers with the reversing entry.
  app.delete(API.stockTransactions.detail.pattern, { config: { access: 'stock.reverse' }, schema: { tags, params: idParams, body: stockTransactionReverseSchema, response: { 200: stockTransactionSchema } } }, (req) =>
    reverse(app.db, currentUser(req), req.params.id, req.body.reason),
  );
  app.get(API.stockTransactions.requisitionReceipts.pattern, { config: read, schema: { tags, params: idParams, response: { 200: z.array(stockTransactionSchema) } } }, (req) => requisitionReceipts(app.db, req.params.id));
  app.get(API.stockTransactions.requisitionLedger.pattern, { config: read, schema: { tags, params: idParams, response: { 200: z.array(stockTransactionSchema) } } }, (req) => requisitionLedger(app.db, req.params.id));
  app.get(API.stockTransactions.requisitionMaterials.pattern, { config: read, schema: { tags, params: idParams, response: { 200: z.array(requisitionMaterialSchema) } } }, (req) =>
    requisitionMaterials(app.db, req.params.id),
  );
  listRoute(app, API.stockTransactions.inTransit, { ...transactions, spec: inTransitList, scope: (req) => and(inTransitScope, inMaterialScope(req)) });
  app.patch(API.stockTransactions.updateStatus.pattern, { config: write, schema: { tags, params: idParams, body: stockTransactionUpdateSchema, response: { 200: stockTransactionSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateStatus(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.get(API.stockTransactions.materialMovement, { config: read, schema: { tags, querystring: movementQuerySchema, response: { 200: movementSchema } } }, (req) => materialMovement(app.db, currentUser(req), req.query));
  listRoute(app, API.stockTransactions.filter, { ...transactions, spec: filteredTransactionList, scope: inMaterialScope });

  app.get(API.stock.value, {
    config: { access: 'stock.reports' },
    schema: { tags, querystring: pageQuerySchema(15), response: { 200: z.object({ count: z.number().int(), total_value: z.string(), results: z.array(stockPositionSchema) }) } },
  }, (req) => stockValuation(app.db, currentUser(req), req.query.page, req.query.page_size));
  app.get(API.stock.valueOf.pattern, { config: { access: 'stock.reports' }, schema: { tags, params: idParams, response: { 200: stockPositionSchema } } }, (req) => stockPosition(app.db, currentUser(req), req.params.id));
  app.get(API.stock.settings, { config: { access: 'system.config' }, schema: { tags, response: { 200: stockSettingsSchema } } }, () => readStockSettings(app.db));
  app.put(API.stock.settings, { config: { access: 'system.config' }, schema: { tags, body: stockSettingsUpdateSchema, response: { 200: stockSettingsSchema } } }, (req) =>
    writeStockSettings(app.db, currentUser(req), req.body),
  );

  // reserve_material is a materials call in the spec; the ledger owns what it changes.
  app.post(API.materials.reserve, { config: write, schema: { tags, body: reserveMaterialSchema, response: { 200: requisitionDetailSchema } } }, (req) =>
    app.db.transaction((tx) => reserveMaterial(tx, currentUser(req), req.body)),
  );

  listRoute(app, API.stockAdjustments.list, { ...read, tags, spec: adjustmentList, item: stockAdjustmentSchema, scope: (req) => materialScope(currentUser(req), stockAdjustments.material) });
  app.post(API.stockAdjustments.list, { config: { access: 'stock-adjustments.request' }, schema: { tags, body: stockAdjustmentCreateSchema, response: { 201: stockAdjustmentSchema } } }, async (req, reply) =>
    reply.code(201).send(await requestAdjustment(app.db, currentUser(req), req.body)),
  );
  for (const [path, decision] of [[API.stockAdjustments.approve, 'approved'], [API.stockAdjustments.reject, 'rejected']] as const) {
    app.post(path.pattern, { config: { access: 'stock-adjustments.decide' }, schema: { tags, params: idParams, body: stockAdjustmentDecisionSchema, response: { 200: stockAdjustmentSchema } } }, (req) =>
      decideAdjustment(app.db, currentUser(req), req.params.id, decision, req.body.remarks),
    );
  }
}
