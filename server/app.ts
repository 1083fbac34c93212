import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './lib/serializer';
import { eq } from 'drizzle-orm';
import '../domain/zod-messages';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { systemSecrets } from './db/schema';
import { registerErrorHandling, routerErrorHandler } from './plugins/errors';
import { authenticate, registerAuth } from './plugins/auth';
import { registerInputChecks } from './plugins/input';
import { registerSecurityHeaders } from './plugins/security-headers';
import { requestContext } from '@fastify/request-context';
import { registerAuditContext } from './modules/audit/service';
import { purgeIdempotencyKeys, registerIdempotency } from './plugins/idempotency';
import { registerJobs } from './plugins/jobs';
import authRoutes from './modules/auth/routes';
import usersRoutes from './modules/users/routes';
import systemRoutes from './modules/system/routes';
import sessionsRoutes from './modules/sessions/routes';
import dashboardRoutes from './modules/dashboard/routes';
import materialsRoutes from './modules/materials/routes';
import vendorsRoutes from './modules/vendors/routes';
import estimationMaterialsRoutes from './modules/estimation-materials/routes';
import customersRoutes from './modules/customers/routes';
import leadsRoutes from './modules/leads/routes';
import stockRoutes from './modules/stock/routes';
import requisitionsRoutes from './modules/requisitions/routes';
import jobOrdersRoutes from './modules/job-orders/routes';
import jobOrderExpensesRoutes from './modules/job-order-expenses/routes';
import materialReportsRoutes from './modules/material-reports/routes';
import deliveryNotesRoutes from './modules/delivery-notes/routes';
import dispatchesRoutes from './modules/dispatches/routes';
import grasRoutes from './modules/gras/routes';
import lposRoutes from './modules/lpos/routes';
import invoicesRoutes from './modules/invoices/routes';
import receiptsRoutes from './modules/receipts/routes';
import invoiceSettingsRoutes from './modules/invoice-settings/routes';
import creditNotesRoutes from './modules/credit-notes/routes';
import invoiceAttachmentsRoutes from './modules/invoices/attachments-routes';
import deviceOutboxRoutes from './modules/device-outbox/routes';
import filesRoutes from './modules/files/routes';
import liveRoutes from './modules/live/routes';
import companyRoutes from './modules/company/routes';
import documentsRoutes from './modules/documents/routes';
import jobsRoutes from './modules/jobs/routes';
import mailRoutes from './modules/mail/routes';
import salesOrdersRoutes from './modules/sales-orders/routes';
import quotationsRoutes from './modules/quotations/routes';
import estimationProductsRoutes from './modules/estimation-products/routes';
import estimationsRoutes from './modules/estimations/routes';
import salesDashboardRoutes from './modules/sales-dashboard/routes';
import designDashboardRoutes from './modules/design-dashboard/routes';
import messagesRoutes from './modules/messages/routes';
import adminRoutes from './modules/admin/routes';
import { registerMetrics } from './modules/admin/metrics';
import { startAlertMonitor } from './modules/admin/monitor';
import { monitorMeasures } from './modules/admin/health';
import { startLiveHub } from './modules/live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    jwtSecret: string;
  }
}

export const API_PREFIX = '/api/v1';
const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The signing key: from the environment, else generated once and shared through the database. */
async function jwtSecret(db: Db, config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await db.insert(systemSecrets).values({ name: 'jwt', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, 'jwt'));
  return row!.value;
}

/** Serves the built PWA: hashed assets forever, index.html and sw.js always revalidated. */
async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Files are looked up per request so a rebuilt client is served without a restart.
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // The router has already decoded the path; decoding again would turn '%25' into a URIError (500).
    const relative = (request.params as { '*': string })['*'] ?? '';
    const file = path.join(clientDir, relative);
    if (relative && file.startsWith(clientDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(relative);
    }
    // A missing API path or hashed asset is a 404: a stale client must not run index.html as a script.
    if (relative.startsWith('api/') || relative === 'api' || relative.startsWith('assets/')) return reply.code(404).send({ detail: 'Not found.' });
    // The SPA fallback: any other path is a client route.
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Time every request for the metrics (on unless turned off: the bench measures what it costs). */
  requestMetrics?: boolean;
}

export async function buildApp({ config, database, requestMetrics = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    // A proxy's or client's request id is kept for tracing only when it is a plain token: it lands in the audit log.
    requestIdHeader: false,
    genReqId: (req) => {
      const offered = req.headers['x-request-id'];
      return typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    },
    frameworkErrors: routerErrorHandler,
    // Slow or stalled clients are cut off (issue 14). Node looks for overdue requests only every
    // connectionsCheckingInterval (30 s by default): check at least twice per headers timeout.
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_SECONDS * 500) },
  });
  app.server.maxConnections = config.MAX_CONNECTIONS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // A keyed write runs in a transaction of its own (plugins/idempotency.ts): while its handler runs, `app.db` is that transaction.
  app.decorate('db', { getter: () => requestContext.get('transaction') ?? database.db });
  app.decorate('config', config);
  app.decorate('jwtSecret', await jwtSecret(database.db, config));
  // Live updates fan out through the database's LISTEN/NOTIFY; the hub stops before the database closes.
  const live = await startLiveHub(database, (err) => app.log.error({ err }, 'live updates listener failed'));
  app.decorate('live', live);
  app.addHook('onClose', async () => {
    await live.close().catch(() => undefined);
    await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry business data and tokens: no browser or proxy may keep a copy.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
  await registerAuditContext(app);
  // Before every route, so that each is timed (decision 404).
  registerMetrics(app, { requestHooks: requestMetrics, slowMs: config.SLOW_REQUEST_MS, token: config.METRICS_TOKEN });
  registerIdempotency(app, database.db);
  await purgeIdempotencyKeys(database.db);
  // Background jobs and schedules (the idempotency purge among them); stopped before the database closes.
  await registerJobs(app, database);
  if (config.alertCheckSeconds > 0) {
    const stopMonitor = startAlertMonitor({
      db: () => database.db,
      measure: () => monitorMeasures(app),
      everyMs: config.alertCheckSeconds * 1000,
      onError: (err) => app.log.error({ err }, 'alert monitor'),
    });
    app.addHook('onClose', stopMonitor);
  }

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerErrorHandling(app);
  registerAuth(app);
  registerInputChecks(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'FabOps API', version: '1' },
      components: { securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <access token>' } } },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // In production the API's map is for signed-in users only; in development it stays open.
  const signedIn = async (request: FastifyRequest) => {
    request.user = await authenticate(app, request);
  };
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' }, uiHooks: config.NODE_ENV === 'production' ? { onRequest: signedIn } : undefined });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(systemRoutes);
      await api.register(sessionsRoutes);
      await api.register(dashboardRoutes);
      await api.register(materialsRoutes);
      await api.register(vendorsRoutes);
      await api.register(estimationMaterialsRoutes);
      await api.register(customersRoutes);
      await api.register(leadsRoutes);
      await api.register(stockRoutes);
      await api.register(requisitionsRoutes);
      await api.register(jobOrdersRoutes);
      await api.register(jobOrderExpensesRoutes);
      await api.register(materialReportsRoutes);
      await api.register(deliveryNotesRoutes);
      await api.register(dispatchesRoutes);
      await api.register(grasRoutes);
      await api.register(lposRoutes);
      await api.register(invoicesRoutes);
      await api.register(receiptsRoutes);
      await api.register(invoiceSettingsRoutes);
      await api.register(creditNotesRoutes);
      await api.register(invoiceAttachmentsRoutes);
      await api.register(deviceOutboxRoutes);
      await api.register(filesRoutes);
      await api.register(liveRoutes);
      await api.register(companyRoutes);
      await api.register(documentsRoutes);
      await api.register(jobsRoutes);
      await api.register(mailRoutes);
      await api.register(salesOrdersRoutes);
      await api.register(quotationsRoutes);
      await api.register(estimationProductsRoutes);
      await api.register(estimationsRoutes);
      await api.register(salesDashboardRoutes);
      await api.register(designDashboardRoutes);
      await api.register(messagesRoutes);
      await api.register(adminRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerClient(app, config.clientDir);
  return app;
}
