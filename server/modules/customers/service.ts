import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { customerBranches, customerLpoCodes, customers } from '../../db/schema';
import {
  activeBranches,
  branchLabel,
  CUSTOMER_MESSAGES,
  customerNameKey,
  type CustomerBranch,
  type customerBranchCreateSchema,
  type customerBranchUpdateSchema,
  type customerCreateSchema,
  type CustomerLpoCode,
  type customerLpoCodeCreateSchema,
  type customerLpoCodeUpdateSchema,
  type customerUpdateSchema,
} from '../../../domain/customer';
import { indianStateSchema } from '../../../domain/india';
import type { User } from '../../../domain/user';
import { fieldError, invalidPkError } from '../../lib/http-error';
import { byFlag, byId, byText, byValue, type ListSpec } from '../../lib/list';
import { findRow, updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite } from '../audit/service';

type CustomerInput = z.output<typeof customerCreateSchema>;
type CustomerChanges = Omit<z.output<typeof customerUpdateSchema>, 'expected_version'>;
type BranchInput = z.output<typeof customerBranchCreateSchema>;
type BranchChanges = Omit<z.output<typeof customerBranchUpdateSchema>, 'expected_version'>;
type LpoCodeInput = z.output<typeof customerLpoCodeCreateSchema>;
type LpoCodeChanges = Omit<z.output<typeof customerLpoCodeUpdateSchema>, 'expected_version'>;

export const customerList: ListSpec<typeof customers> = {
  table: customers,
  pageSize: 15,
  orderings: { id: customers.id, name: byText(customers.name), created_at: customers.created_at, updated_at: customers.updated_at },
  defaultOrdering: 'name',
  search: [customers.name, customers.phone, customers.email, customers.gst_number],
  filters: {
    state: byValue(customers.state, indianStateSchema),
    enable_lpo_codes: byFlag(customers.enable_lpo_codes),
  },
};

/** Every branch, active or not, for the offline mirror (the dropdown lists offer active ones only). */
export const branchList: ListSpec<typeof customerBranches> = {
  table: customerBranches,
  pageSize: 100,
  orderings: { id: customerBranches.id, location: byText(customerBranches.location), customer: customerBranches.customer, updated_at: customerBranches.updated_at },
  defaultOrdering: 'location',
  search: [customerBranches.location, customerBranches.address_line_1, customerBranches.contact_person_name, customerBranches.contact_person_number],
  filters: { customer: byId(customerBranches.customer), is_active: byFlag(customerBranches.is_active) },
};

export const lpoCodeList: ListSpec<typeof customerLpoCodes> = {
  table: customerLpoCodes,
  pageSize: 100,
  orderings: { id: customerLpoCodes.id, code: byText(customerLpoCodes.code), article: byText(customerLpoCodes.article), customer: customerLpoCodes.customer, updated_at: customerLpoCodes.updated_at },
  defaultOrdering: 'code',
  search: [customerLpoCodes.code, customerLpoCodes.article],
  filters: { customer: byId(customerLpoCodes.customer) },
};

/** Names compare ignoring case and spaces, as the unique index does. */
const nameKey = sql`lower(regexp_replace(${customers.name}, '\\s', '', 'g'))`;

/** The existence check: a live customer whose name matches ignoring case and spaces. */
export async function findCustomerByName(db: Db, name: string): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(sql`${nameKey} = ${customerNameKey(name)}`, isNull(customers.deleted_at)));
  return row ?? null;
}

export const findCustomer = (db: Db, id: number) => findRow(db, customers, id);

const branchesOf = (db: Db, customer: number): Promise<CustomerBranch[]> =>
  db.select().from(customerBranches).where(eq(customerBranches.customer, customer)).orderBy(asc(customerBranches.location), asc(customerBranches.id));

export const lpoCodesOf = (db: Db, customer: number): Promise<CustomerLpoCode[]> =>
  db.select().from(customerLpoCodes).where(eq(customerLpoCodes.customer, customer)).orderBy(asc(customerLpoCodes.code), asc(customerLpoCodes.id));

/** A customer with all its branches (inactive ones too, so they can be switched back on) and LPO codes. */
export async function customerDetail(db: Db, id: number) {
  const customer = await findCustomer(db, id);
  // One after the other: inside add's transaction both run on the same connection.
  return { ...customer, branches: await branchesOf(db, id), lpo_codes: await lpoCodesOf(db, id) };
}

/** The branches a new document may name: active ones only (business-areas.md §9), with their label. */
export async function branchOptions(db: Db, customer: number) {
  return activeBranches(await branchesOf(db, customer)).map((branch) => ({ ...branch, label: branchLabel(branch) }));
}

/** A branch or LPO code must belong to a live customer; an unknown one is the field's 400. */
async function checkCustomer(db: Db, customer: number): Promise<void> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, customer), isNull(customers.deleted_at)));
  if (!row) throw invalidPkError('customer', customer);
}

/** A new customer with its first branches and LPO codes: one transaction, one audit entry. */
export async function createCustomer(db: Db, actor: User, input: CustomerInput) {
  const { branches, lpo_codes, ...fields } = input;
  if (new Set(lpo_codes.map((c) => c.code)).size !== lpo_codes.length) throw fieldError('lpo_codes', CUSTOMER_MESSAGES.repeatedLpoCode);
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [customer] = await withUniqueField('name', CUSTOMER_MESSAGES.duplicateName, () => tx.insert(customers).values({ ...fields, created_by: actor.id }).returning());
      const owned = { customer: customer!.id, created_by: actor.id };
      if (branches.length) await tx.insert(customerBranches).values(branches.map((b) => ({ ...b, ...owned })));
      if (lpo_codes.length) await tx.insert(customerLpoCodes).values(lpo_codes.map((c) => ({ ...c, ...owned })));
      return customerDetail(tx, customer!.id);
    },
    (row) => ({ action: 'customer.create', target: `customers:${row.id}`, risk: 'low', metadata: { name: row.name, branches: row.branches.length, lpo_codes: row.lpo_codes.length } }),
  );
}

export async function updateCustomer(db: Db, actor: User, id: number, input: CustomerChanges, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    (tx) => withUniqueField('name', CUSTOMER_MESSAGES.duplicateName, () => updateRow(tx, customers, id, input, expected)),
    (row) => ({ action: 'customer.update', target: `customers:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input) } }),
  );
}

export async function createBranch(db: Db, actor: User, input: BranchInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await checkCustomer(tx, input.customer);
      const [row] = await tx.insert(customerBranches).values({ ...input, created_by: actor.id }).returning();
      return row!;
    },
    (row) => ({ action: 'customer_branch.create', target: `customer_branches:${row.id}`, risk: 'low', metadata: { customer: row.customer, location: row.location } }),
  );
}

export async function updateBranch(db: Db, actor: User, id: number, input: BranchChanges, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    (tx) => updateRow(tx, customerBranches, id, input, expected),
    (row) => ({ action: 'customer_branch.update', target: `customer_branches:${row.id}`, risk: 'low', metadata: { customer: row.customer, fields: Object.keys(input) } }),
  );
}

/** An LPO code for the customer of the path (404 when there is no such customer). */
export async function createLpoCode(db: Db, actor: User, customer: number, input: LpoCodeInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await findCustomer(tx, customer);
      const [row] = await withUniqueField('code', CUSTOMER_MESSAGES.duplicateLpoCode, () => tx.insert(customerLpoCodes).values({ ...input, customer, created_by: actor.id }).returning());
      return row!;
    },
    (row) => ({ action: 'customer_lpo_code.create', target: `customer_lpo_codes:${row.id}`, risk: 'low', metadata: { customer: row.customer, code: row.code } }),
  );
}

export async function updateLpoCode(db: Db, actor: User, id: number, input: LpoCodeChanges, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    (tx) => withUniqueField('code', CUSTOMER_MESSAGES.duplicateLpoCode, () => updateRow(tx, customerLpoCodes, id, input, expected)),
    (row) => ({ action: 'customer_lpo_code.update', target: `customer_lpo_codes:${row.id}`, risk: 'low', metadata: { customer: row.customer, fields: Object.keys(input) } }),
  );
}
