import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import {
  convertedLeadRowSchema,
  DEFAULT_LEAD_FILTER,
  leadConversionStatsSchema,
  leadConvertResultSchema,
  leadConvertSchema,
  leadCreateBodySchema,
  leadExistsParamsSchema,
  leadExistsVerdictSchema,
  leadQualityRowSchema,
  leadReassignResultSchema,
  leadReassignSchema,
  leadRemarkCreateSchema,
  leadRemarkSchema,
  leadRemarksQuerySchema,
  leadReportQuerySchema,
  leadRequirementBreakupRowSchema,
  leadRequirementSummaryRowSchema,
  leadSchema,
  leadStagewiseRowSchema,
  leadStatusConsolidatedRowSchema,
  leadSuccessRatioRowSchema,
  leadUpdateBodySchema,
  type LeadReportQuery,
} from '../../../domain/lead';
import { periodInOrder } from '../../../domain/query-params';
import type { User } from '../../../domain/user';
import { leads } from '../../db/schema';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, listRoute, type ListQuery } from '../../lib/list';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { conversionStats, convertedLeads, leadExists, leadQuality, requirementsBreakup, requirementSummary, stagewise, statusConsolidated, successRatio } from './reports';
import { filterLeadsList, findLead, leadList, leadScope, remarkList, remarkScope, remarksOf } from './service';
import { addRemark, convertLead, createLead, deleteLead, reassignLeads, updateLead } from './writes';

/** filter_leads/'s query: the list's, with both date ranges in order (`periodInOrder`). */
type FilterLeadsQuery = ListQuery & Partial<Record<'followup_from' | 'followup_to' | 'created_from' | 'created_to', string>>;
const filterLeadsQuery = (listQuerySchema(filterLeadsList) as z.ZodType<FilterLeadsQuery, Record<string, unknown>>)
  .refine(...periodInOrder('followup_from', 'followup_to'))
  .refine(...periodInOrder('created_from', 'created_to'));

type Report<R> = (db: Db, user: User, q: LeadReportQuery) => Promise<R>;

/** Leads (business-areas.md §7 "Leads"); the row rule applies to every list, detail, report and write. */
export default async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];
  const read = { access: 'leads.read' } as const;
  const write = { access: 'leads.write' } as const;

  // Lists
  listRoute(app, API.leads.list, { ...read, tags, spec: leadList, item: leadSchema, scope: (req) => leadScope(currentUser(req)) });
  // One executive's leads: `assign_to`, the caller when not given; the row rule still applies.
  listRoute(app, API.leads.salesExecLeads, {
    ...read,
    tags,
    spec: leadList,
    item: leadSchema,
    scope: (req) => {
      const user = currentUser(req);
      return and(leadScope(user), eq(leads.assign_to, (req.query.assign_to as number | undefined) ?? user.id));
    },
  });
  app.route<{ Querystring: ListQuery }>({
    method: 'GET',
    url: API.leads.filter,
    config: read,
    schema: { tags, querystring: filterLeadsQuery, response: { 200: listPageSchema(leadSchema) } },
    handler: (req) => listPage(app.db, req, filterLeadsList, { ...req.query, filter: req.query.filter ?? DEFAULT_LEAD_FILTER }, leadScope(currentUser(req))),
  });
  listRoute(app, API.leads.remarkRows, { ...read, tags, spec: remarkList, item: leadRemarkSchema, scope: (req) => remarkScope(currentUser(req)) });

  app.get(API.leads.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: leadSchema } } }, async (req, reply) =>
    sendRow(reply, await findLead(app.db, currentUser(req), req.params.id)),
  );
  app.get(API.leads.remarks, { config: read, schema: { tags, querystring: leadRemarksQuerySchema, response: { 200: z.array(leadRemarkSchema) } } }, (req) =>
    remarksOf(app.db, currentUser(req), req.query.lead_id),
  );
  // A POST that only reads: the lead form asks before it saves.
  app.post(API.leads.exists.pattern, { config: read, schema: { tags, params: leadExistsParamsSchema, response: { 200: leadExistsVerdictSchema } } }, (req) =>
    leadExists(app.db, req.params.contact_number, req.params.company),
  );

  // Writes
  app.post(API.leads.list, { config: write, schema: { tags, body: leadCreateBodySchema, response: { 201: leadSchema } } }, async (req, reply) =>
    sendRow(reply, await createLead(app.db, currentUser(req), req.body), 201),
  );
  app.patch(API.leads.update.pattern, { config: write, schema: { tags, params: idParams, body: leadUpdateBodySchema, response: { 200: leadSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateLead(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.post(API.leads.remarks, { config: write, schema: { tags, body: leadRemarkCreateSchema, response: { 201: leadRemarkSchema } } }, async (req, reply) =>
    sendRow(reply, await addRemark(app.db, currentUser(req), req.body), 201),
  );
  app.delete(API.leads.setDeleted.pattern, { config: write, schema: { tags, params: idParams, response: { 200: leadSchema } } }, async (req, reply) =>
    sendRow(reply, await deleteLead(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );
  app.post(API.leads.convert.pattern, { config: write, schema: { tags, params: idParams, body: leadConvertSchema, response: { 200: leadConvertResultSchema } } }, (req) => {
    const [input, expected] = versionedBody(req, req.body);
    return convertLead(app.db, currentUser(req), req.params.id, input, expected);
  });
  app.post(API.leads.reassign, { config: { access: 'leads.reassign' }, schema: { tags, body: leadReassignSchema, response: { 200: leadReassignResultSchema } } }, (req) =>
    reassignLeads(app.db, currentUser(req), req.body),
  );

  // Reports
  // Registered untyped: each answer's schema is its report's row, checked by the serializer.
  const report = (url: string, row: z.ZodType, run: Report<unknown>) =>
    fastify.get(url, { config: read, schema: { tags, querystring: leadReportQuerySchema, response: { 200: row } } }, (req) => run(app.db, currentUser(req), req.query as LeadReportQuery));
  const { reports } = API.leads;
  report(reports.requirementSummary, z.array(leadRequirementSummaryRowSchema), requirementSummary);
  report(reports.requirementsBreakup, z.array(leadRequirementBreakupRowSchema), requirementsBreakup);
  report(reports.statusConsolidated, z.array(leadStatusConsolidatedRowSchema), statusConsolidated);
  report(reports.stagewise, z.array(leadStagewiseRowSchema), stagewise);
  report(reports.quality, z.array(leadQualityRowSchema), leadQuality);
  report(reports.converted, z.array(convertedLeadRowSchema), convertedLeads);
  report(reports.successRatio, z.array(leadSuccessRatioRowSchema), successRatio);
  report(reports.conversionStats, leadConversionStatsSchema, conversionStats);
}
