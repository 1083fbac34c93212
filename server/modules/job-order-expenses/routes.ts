import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  jobOrderExpenseApprovalSchema,
  jobOrderExpenseBodySchema,
  jobOrderExpenseSchema,
  jobOrderExpenseSummaryQuerySchema,
  jobOrderExpenseSummarySchema,
  jobOrderExpenseUpdateSchema,
} from '../../../domain/job-order-expense';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { etagOf, expectedVersion } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { createExpense, decideExpense, deleteExpense, expenseSummary, findExpense, jobOrderExpenseList, jobOrderScope, updateExpense } from './service';

/**
 * Job order expenses (business-areas.md §7 "Expenses"), under the job orders' prefix. The static
 * `expenses/…` segments win over the job order module's `{id}/` in the router.
 */
export default async function jobOrderExpensesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['job order expenses'];
  const read = { access: 'job-order-expenses.read' } as const;
  const write = { access: 'job-order-expenses.write' } as const;
  const base = '/joborders/joborders';
  const listQuery = listQuerySchema(jobOrderExpenseList);
  const page = listPageSchema(jobOrderExpenseSchema);

  app.get(`${base}/expenses/`, { config: read, schema: { tags, querystring: listQuery, response: { 200: page } } }, (req) =>
    listPage(app.db, req, jobOrderExpenseList, req.query as ListQuery),
  );
  app.get(`${base}/expenses/summary/`, { config: read, schema: { tags, querystring: jobOrderExpenseSummaryQuerySchema, response: { 200: jobOrderExpenseSummarySchema } } }, (req) =>
    expenseSummary(app.db, req.query.job_order),
  );
  app.get(`${base}/:id/expenses/`, { config: read, schema: { tags, params: idParams, querystring: listQuery, response: { 200: page } } }, async (req) =>
    listPage(app.db, req, jobOrderExpenseList, req.query as ListQuery, await jobOrderScope(app.db, req.params.id)),
  );
  app.post(`${base}/:id/expenses/`, { config: write, schema: { tags, params: idParams, body: jobOrderExpenseBodySchema, response: { 201: jobOrderExpenseSchema } } }, async (req, reply) => {
    const expense = await createExpense(app.db, currentUser(req), req.params.id, req.body);
    return reply.code(201).header('etag', etagOf(expense)).send(expense);
  });
  app.get(`${base}/expenses/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderExpenseSchema } } }, async (req, reply) => {
    const expense = await findExpense(app.db, req.params.id);
    return reply.header('etag', etagOf(expense)).send(expense);
  });
  app.put(`${base}/expenses/:id/`, { config: write, schema: { tags, params: idParams, body: jobOrderExpenseUpdateSchema, response: { 200: jobOrderExpenseSchema } } }, async (req, reply) => {
    const { expected_version, ...changes } = req.body;
    const expense = await updateExpense(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
    return reply.header('etag', etagOf(expense)).send(expense);
  });
  // A DELETE has no body: the version comes as If-Match.
  app.delete(`${base}/expenses/:id/`, { config: write, schema: { tags, params: idParams, response: { 200: jobOrderExpenseSchema } } }, (req) =>
    deleteExpense(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
  app.patch(`${base}/expenses/:id/approve/`, { config: { access: 'job-order-expenses.approve' }, schema: { tags, params: idParams, body: jobOrderExpenseApprovalSchema, response: { 200: jobOrderExpenseSchema } } }, async (req, reply) => {
    const { status, approved_by, expected_version } = req.body;
    const expense = await decideExpense(app.db, currentUser(req), req.params.id, status, approved_by, expectedVersion(req, { expected_version }));
    return reply.header('etag', etagOf(expense)).send(expense);
  });
}
