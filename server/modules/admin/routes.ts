import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertQuerySchema,
  apiPerformanceSchema,
  auditEntrySchema,
  auditQuerySchema,
  auditWriteSchema,
  errorRatesSchema,
  moduleStatisticsSchema,
  pingSchema,
  securityMetricsSchema,
  systemHealthSchema,
} from '../../../domain/admin';
import { API } from '../../../domain/api-paths';
import { systemAlertSchema } from '../../../domain/system-alert';
import { idParams } from '../../lib/schemas';
import { pageSchema } from '../../lib/pagination';
import { currentUser } from '../../plugins/auth';
import { listAlerts, resolveAlert } from './alerts';
import { listAudit, writeAudit } from './audit';
import { apiPerformance, errorRates, systemHealth } from './health';
import { INSTANCE } from './measures';
import { securityMetrics } from './security';
import { moduleStatistics } from './statistics';

/** The superuser's observability calls (product-frame.md §7 "Admin", issue 23 §1). */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'system.admin' } as const;

  app.get(API.admin.health, { config, schema: { tags, response: { 200: systemHealthSchema } } }, () => systemHealth(app));
  app.get(API.admin.ping, { config, schema: { tags, response: { 200: pingSchema } } }, () => ({ status: 'ok' as const, timestamp: new Date().toISOString(), instance: INSTANCE }));
  app.get(API.admin.performance, { config, schema: { tags, response: { 200: apiPerformanceSchema } } }, () => apiPerformance(app));
  app.get(API.admin.errorRates, { config, schema: { tags, response: { 200: errorRatesSchema } } }, () => errorRates(app));

  app.get(API.admin.alerts, { config, schema: { tags, querystring: alertQuerySchema, response: { 200: z.array(systemAlertSchema) } } }, (req) => listAlerts(app.db, req.query));
  app.put(API.admin.resolveAlert.pattern, { config, schema: { tags, params: idParams, response: { 200: systemAlertSchema } } }, (req) =>
    resolveAlert(app.db, currentUser(req), req.params.id),
  );

  app.get(API.admin.securityMetrics, { config, schema: { tags, response: { 200: securityMetricsSchema } } }, () => securityMetrics(app.db));
  app.get(API.admin.moduleStatistics, { config, schema: { tags, response: { 200: z.array(moduleStatisticsSchema) } } }, () => moduleStatistics(app.db));

  app.get(API.admin.audit, { config, schema: { tags, querystring: auditQuerySchema, response: { 200: pageSchema(auditEntrySchema) } } }, (req) => listAudit(app.db, req, req.query));
  app.post(API.admin.audit, { config, schema: { tags, body: auditWriteSchema, response: { 201: auditEntrySchema } } }, async (req, reply) =>
    reply.code(201).send(await writeAudit(app.db, currentUser(req), req.body)),
  );
}
