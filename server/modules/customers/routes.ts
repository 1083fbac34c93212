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
import { API } from '../../../domain/api-paths';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { sendRow, versionedBody } from '../../lib/rows';
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

  listRoute(app, API.customers.list, { ...read, tags, spec: customerList, item: customerSchema });
  app.get(API.customers.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: customerDetailSchema } } }, async (req, reply) =>
    sendRow(reply, await customerDetail(app.db, req.params.id)),
  );
  app.patch(API.customers.detail.pattern, { config: write, schema: { tags, params: idParams, body: customerUpdateSchema, response: { 200: customerSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateCustomer(app.db, currentUser(req), req.params.id, changes, expected));
  });
  // A POST that only reads: the add form asks before it saves.
  app.post(API.customers.exists.pattern, { config: read, schema: { tags, params: nameParams, response: { 200: existsVerdict } } }, async (req) => {
    const customer = await findCustomerByName(app.db, req.params.name);
    return { exists: customer !== null, customer };
  });
  app.post(API.customers.add, { config: write, schema: { tags, body: customerCreateSchema, response: { 201: customerDetailSchema } } }, async (req, reply) =>
    sendRow(reply, await createCustomer(app.db, currentUser(req), req.body), 201),
  );

  listRoute(app, API.customerBranches.list, { ...read, tags, spec: branchList, item: customerBranchSchema });
  app.post(API.customerBranches.add, { config: write, schema: { tags, body: customerBranchCreateSchema, response: { 201: customerBranchSchema } } }, async (req, reply) =>
    reply.code(201).send(await createBranch(app.db, currentUser(req), req.body)),
  );
  app.patch(API.customerBranches.edit.pattern, { config: write, schema: { tags, params: idParams, body: customerBranchUpdateSchema, response: { 200: customerBranchSchema } } }, (req) => {
    const [changes, expected] = versionedBody(req, req.body);
    return updateBranch(app.db, currentUser(req), req.params.id, changes, expected);
  });
  app.get(API.customerBranches.ofCustomer.pattern, { config: read, schema: { tags, params: customerParams, response: { 200: z.object({ branches: z.array(branchOptionSchema) }) } } }, async (req) => {
    await findCustomer(app.db, req.params.customer);
    return { branches: await branchOptions(app.db, req.params.customer) };
  });

  listRoute(app, API.customerLpoCodes.list, { ...read, tags, spec: lpoCodeList, item: customerLpoCodeSchema });
  app.get(API.customerLpoCodes.ofCustomer.pattern, { config: read, schema: { tags, params: customerParams, response: { 200: z.array(customerLpoCodeSchema) } } }, async (req) => {
    await findCustomer(app.db, req.params.customer);
    return lpoCodesOf(app.db, req.params.customer);
  });
  app.post(API.customerLpoCodes.ofCustomer.pattern, { config: write, schema: { tags, params: customerParams, body: customerLpoCodeCreateSchema, response: { 201: customerLpoCodeSchema } } }, async (req, reply) =>
    reply.code(201).send(await createLpoCode(app.db, currentUser(req), req.params.customer, req.body)),
  );
  app.patch(API.customerLpoCodes.edit.pattern, { config: write, schema: { tags, params: idParams, body: customerLpoCodeUpdateSchema, response: { 200: customerLpoCodeSchema } } }, (req) => {
    const [changes, expected] = versionedBody(req, req.body);
    return updateLpoCode(app.db, currentUser(req), req.params.id, changes, expected);
  });
  app.get(API.customerLpoCodes.withBranches.pattern, {
    config: read,
    schema: { tags, params: customerParams, response: { 200: z.object({ enable_lpo_codes: z.boolean(), lpo_codes: z.array(customerLpoCodeSchema), branches: z.array(branchOptionSchema) }) } },
  }, async (req) => {
    const customer = await findCustomer(app.db, req.params.customer);
    const [lpo_codes, branches] = await Promise.all([lpoCodesOf(app.db, customer.id), branchOptions(app.db, customer.id)]);
    return { enable_lpo_codes: customer.enable_lpo_codes, lpo_codes, branches };
  });
}
