import { API } from '../../../domain/api-paths';
import {
  customerBranchCreateSchema,
  customerBranchUpdateSchema,
  customerCreateSchema,
  customerLpoCodeCreateSchema,
  customerLpoCodeUpdateSchema,
  customerUpdateSchema,
} from '../../../domain/customer';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow, type ReconcileContext } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** The customer with its first branches and LPO codes, as customers/add/ answers it. */
type CustomerDetail = MirrorRow & { branches?: MirrorRow[]; lpo_codes?: MirrorRow[] };

/** The server's customer in place of the temp one; rows made offline under the temp id follow it. */
async function reconcileCustomer(mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext): Promise<void> {
  const { branches = [], lpo_codes = [], ...customer } = serverRow as CustomerDetail;
  const tables = [mirror.rows('customers'), mirror.rows('customerBranches'), mirror.rows('customerLpoCodes'), mirror.rows('quotations')];
  await mirror.transaction('rw', tables, async () => {
    await putServerRow(mirror, 'customers', customer, ctx);
    await mirror.rows('customerBranches').bulkPut(branches);
    await mirror.rows('customerLpoCodes').bulkPut(lpo_codes);
    if (ctx.tempId === null) return;
    for (const type of ['customerBranches', 'customerLpoCodes', 'quotations'] as const) {
      await mirror.rows(type).where('customer').equals(ctx.tempId).modify({ customer: customer.id });
    }
  });
}

/** POST customers/add/: a customer, optionally with its first branches and LPO codes. */
export const createCustomer = defineOperation({
  name: 'customer.create',
  permission: 'customers.write',
  label: 'New customer',
  type: 'customers',
  schema: customerCreateSchema,
  creates: true,
  request: (customer) => ({ method: 'POST', url: API.customers.add, body: customer }),
  // The branches and codes sent with it show once the server has made them.
  apply: (mirror, { branches: _b, lpo_codes: _c, ...customer }, ctx) => mirror.rows('customers').put(newRow({ ...customer, deleted_at: null }, ctx)),
  reconcile: reconcileCustomer,
  describe: (customer) => customer.name,
});

/** PATCH customers/customers/{id}/ with If-Match (branches and codes have their own calls). */
export const editCustomer = defineOperation({
  name: 'customer.edit',
  permission: 'customers.write',
  label: 'Edit customer',
  type: 'customers',
  schema: customerUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.customers.detail(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'customers', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'customers', row, ctx),
  describe: (changes) => changes.name ?? `Customer ${changes.id}`,
});

/** POST customers/branch/add/: the customer may be one created offline (it is sent first). */
export const addBranch = defineOperation({
  name: 'customer-branch.add',
  permission: 'customers.write',
  label: 'New customer branch',
  type: 'customerBranches',
  schema: customerBranchCreateSchema.extend({ customer: localRefSchema }),
  creates: true,
  request: (branch) => ({ method: 'POST', url: API.customerBranches.add, body: { ...branch, customer: ref(branch.customer) } }),
  apply: (mirror, branch, ctx) => mirror.rows('customerBranches').put(newRow(branch, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'customerBranches', row, ctx),
  describe: (branch) => branch.location,
});

/** PATCH customers/branches/edit/{id}/ with If-Match; a branch stays with its customer. */
export const editBranch = defineOperation({
  name: 'customer-branch.edit',
  permission: 'customers.write',
  label: 'Edit customer branch',
  type: 'customerBranches',
  schema: customerBranchUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.customerBranches.edit(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'customerBranches', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'customerBranches', row, ctx),
  describe: (changes) => changes.location ?? `Branch ${changes.id}`,
});

/** POST customers/lpocodes/{customer}/: the customer is in the path and may be one created offline (it is sent first). */
export const addLpoCode = defineOperation({
  name: 'customer-lpo-code.add',
  permission: 'customers.write',
  label: 'New LPO code',
  type: 'customerLpoCodes',
  schema: customerLpoCodeCreateSchema.extend({ customer: localRefSchema }),
  creates: true,
  request: ({ customer, ...code }) => ({ method: 'POST', url: API.customerLpoCodes.ofCustomer(ref(customer)), body: code }),
  apply: (mirror, code, ctx) => mirror.rows('customerLpoCodes').put(newRow(code, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'customerLpoCodes', row, ctx),
  describe: (code) => code.code,
});

/** PATCH customers/lpocodes/edit/{id}/ with If-Match; a code stays with its customer. */
export const editLpoCode = defineOperation({
  name: 'customer-lpo-code.edit',
  permission: 'customers.write',
  label: 'Edit LPO code',
  type: 'customerLpoCodes',
  schema: customerLpoCodeUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.customerLpoCodes.edit(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'customerLpoCodes', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'customerLpoCodes', row, ctx),
  describe: (changes) => changes.code ?? `LPO code ${changes.id}`,
});
