import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerBranchCreateSchema,
  customerBranchSchema,
  customerBranchUpdateSchema,
  customerCreateSchema,
  customerLpoCodeCreateSchema,
  customerLpoCodeSchema,
  customerLpoCodeUpdateSchema,
  customerSchema,
  customerUpdateSchema,
} from '../../../domain/customer';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { etagOf, expectedVersion } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import {
  branchList,
  branchOptions,
  createBranch,
  createCustomer,
  createLpoCode,
  customerDetail,
  customerList,
  findCustomer,
  findCustomerByName,
  lpoCodeList,
  lpoCodesOf,
  updateBranch,
  updateCustomer,
  updateLpoCode,
} from './service';

/** The customer of a path (`{customer}` in business-areas.md §7); anything but an id is a 404. */
const customerParams = z.object({ customer: idParams.shape.id });
const nameParams = z.object({ name: z.string().trim().min(1).max(200) });

/** A customer with all its branches and LPO codes (detail and the answer to add). */
const customerDetailSchema = customerSchema.extend({ branches: z.array(customerBranchSchema), lpo_codes: z.array(customerLpoCodeSchema) });
/** A branch as the dropdowns offer it. */
const branchOptionSchema = customerBranchSchema.extend({ label: z.string() });
const existsVerdict = z.object({ exists: z.boolean(), customer: z.object({ id: z.number().int(), name: z.string() }).nullable() });

/** Customers, their branches and LPO codes (business-areas.md §7 "Customers"). */
export default async function customersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const read = { access: 'customers.read' } as const;
  const write = { access: 'customers.write' } as const;

  app.get('/customers/customers/', { config: read, schema: { tags, querystring: listQuerySchema(customerList), response: { 200: listPageSchema(customerSchema) } } }, (req) =>
    listPage(app.db, req, customerList, req.query as ListQuery),
  );
  app.get('/customers/customers/:id/', { config: read, schema: { tags, params: idParams, response: { 200: customerDetailSchema } } }, async (req, reply) => {
    const row = await customerDetail(app.db, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
  app.patch('/customers/customers/:id/', { config: write, schema: { tags, params: idParams, body: customerUpdateSchema, response: { 200: customerSchema } } }, async (req, reply) => {
    const { expected_version, ...changes } = req.body;
    const row = await updateCustomer(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
    return reply.header('etag', etagOf(row)).send(row);
  });
  // A POST that only reads: the add form asks before it saves.
  app.post('/customers/exists/:name/', { config: read, schema: { tags, params: nameParams, response: { 200: existsVerdict } } }, async (req) => {
    const customer = await findCustomerByName(app.db, req.params.name);
    return { exists: customer !== null, customer };
  });
  app.post('/customers/add/', { config: write, schema: { tags, body: customerCreateSchema, response: { 201: customerDetailSchema } } }, async (req, reply) => {
    const row = await createCustomer(app.db, currentUser(req), req.body);
    return reply.code(201).header('etag', etagOf(row)).send(row);
  });

  app.get('/customers/branches/', { config: read, schema: { tags, querystring: listQuerySchema(branchList), response: { 200: listPageSchema(customerBranchSchema) } } }, (req) =>
    listPage(app.db, req, branchList, req.query as ListQuery),
  );
  app.post('/customers/branch/add/', { config: write, schema: { tags, body: customerBranchCreateSchema, response: { 201: customerBranchSchema } } }, async (req, reply) =>
    reply.code(201).send(await createBranch(app.db, currentUser(req), req.body)),
  );
  app.patch('/customers/branches/edit/:id/', { config: write, schema: { tags, params: idParams, body: customerBranchUpdateSchema, response: { 200: customerBranchSchema } } }, (req) => {
    const { expected_version, ...changes } = req.body;
    return updateBranch(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
  });
  app.get('/customers/branches/list/:customer/', { config: read, schema: { tags, params: customerParams, response: { 200: z.object({ branches: z.array(branchOptionSchema) }) } } }, async (req) => {
    await findCustomer(app.db, req.params.customer);
    return { branches: await branchOptions(app.db, req.params.customer) };
  });

  app.get('/customers/lpo-codes/', { config: read, schema: { tags, querystring: listQuerySchema(lpoCodeList), response: { 200: listPageSchema(customerLpoCodeSchema) } } }, (req) =>
    listPage(app.db, req, lpoCodeList, req.query as ListQuery),
  );
  app.get('/customers/lpocodes/:customer/', { config: read, schema: { tags, params: customerParams, response: { 200: z.array(customerLpoCodeSchema) } } }, async (req) => {
    await findCustomer(app.db, req.params.customer);
    return lpoCodesOf(app.db, req.params.customer);
  });
  app.post('/customers/lpocodes/:customer/', { config: write, schema: { tags, params: customerParams, body: customerLpoCodeCreateSchema, response: { 201: customerLpoCodeSchema } } }, async (req, reply) =>
    reply.code(201).send(await createLpoCode(app.db, currentUser(req), req.params.customer, req.body)),
  );
  app.patch('/customers/lpocodes/edit/:id/', { config: write, schema: { tags, params: idParams, body: customerLpoCodeUpdateSchema, response: { 200: customerLpoCodeSchema } } }, (req) => {
    const { expected_version, ...changes } = req.body;
    return updateLpoCode(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
  });
  app.get('/customers/lpocodes/list/:customer/', {
    config: read,
    schema: { tags, params: customerParams, response: { 200: z.object({ enable_lpo_codes: z.boolean(), lpo_codes: z.array(customerLpoCodeSchema), branches: z.array(branchOptionSchema) }) } },
  }, async (req) => {
    const customer = await findCustomer(app.db, req.params.customer);
    const [lpo_codes, branches] = await Promise.all([lpoCodesOf(app.db, customer.id), branchOptions(app.db, customer.id)]);
    return { enable_lpo_codes: customer.enable_lpo_codes, lpo_codes, branches };
  });
}
