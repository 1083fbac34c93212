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
import { API } from '../../../domain/api-paths';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
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
  const list = { ...read, tags, spec: jobOrderExpenseList, item: jobOrderExpenseSchema };

  listRoute(app, API.jobOrderExpenses.list, list);
  app.get(API.jobOrderExpenses.summary, { config: read, schema: { tags, querystring: jobOrderExpenseSummaryQuerySchema, response: { 200: jobOrderExpenseSummarySchema } } }, (req) =>
    expenseSummary(app.db, req.query.job_order),
  );
  listRoute(app, API.jobOrderExpenses.ofJobOrder.pattern, { ...list, byParent: true, scope: (req) => jobOrderScope(app.db, req.params.id) });
  app.post(API.jobOrderExpenses.ofJobOrder.pattern, { config: write, schema: { tags, params: idParams, body: jobOrderExpenseBodySchema, response: { 201: jobOrderExpenseSchema } } }, async (req, reply) =>
    sendRow(reply, await createExpense(app.db, currentUser(req), req.params.id, req.body), 201),
  );
  app.get(API.jobOrderExpenses.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderExpenseSchema } } }, async (req, reply) =>
    sendRow(reply, await findExpense(app.db, req.params.id)),
  );
  app.put(API.jobOrderExpenses.detail.pattern, { config: write, schema: { tags, params: idParams, body: jobOrderExpenseUpdateSchema, response: { 200: jobOrderExpenseSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateExpense(app.db, currentUser(req), req.params.id, changes, expected));
  });
  // A DELETE has no body: the version comes as If-Match.
  app.delete(API.jobOrderExpenses.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: jobOrderExpenseSchema } } }, (req) =>
    deleteExpense(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
  app.patch(API.jobOrderExpenses.approve.pattern, { config: { access: 'job-order-expenses.approve' }, schema: { tags, params: idParams, body: jobOrderExpenseApprovalSchema, response: { 200: jobOrderExpenseSchema } } }, async (req, reply) => {
    const [{ status, approved_by }, expected] = versionedBody(req, req.body);
    return sendRow(reply, await decideExpense(app.db, currentUser(req), req.params.id, status, approved_by, expected));
  });
}
