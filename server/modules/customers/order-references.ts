import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, jobOrders, salesOrders } from '../../db/schema';
import { invalidPk, type FieldErrors } from '../../lib/http-error';

/** A row a document points at that must be the document's customer's (a branch, a quotation, an order). */
export interface CustomerReference {
  field: string;
  id: number | null | undefined;
  table: PgTable;
  idColumn: PgColumn;
  customerColumn: PgColumn;
  /** What a row must also be to count (not deleted). */
  live?: SQL;
  otherCustomer: string;
}

/** Field errors for a customer that names no live row, and for references that name no row or another customer's; each field at once. */
export async function customerReferenceProblems(tx: Db, customer: number, references: readonly CustomerReference[]): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customer), isNull(customers.deleted_at)));
  if (!found) problems.customer = [invalidPk(customer)];
  for (const ref of references) {
    if (ref.id == null) continue;
    const [row] = await tx
      .select({ customer: ref.customerColumn })
      .from(ref.table)
      .where(and(eq(ref.idColumn, ref.id), ref.live));
    if (!row) problems[ref.field] = [invalidPk(ref.id)];
    else if (row.customer !== customer) problems[ref.field] = [ref.otherCustomer];
  }
  return problems;
}

/** What an invoice and a receipt check before they point at a customer and its sales order or job order. */
export function customerOrderProblems(tx: Db, refs: { customer: number; sales_order?: number | null | undefined; job_order?: number | null | undefined }): Promise<FieldErrors> {
  return customerReferenceProblems(tx, refs.customer, [
    { field: 'sales_order', id: refs.sales_order, table: salesOrders, idColumn: salesOrders.id, customerColumn: salesOrders.customer, live: isNull(salesOrders.deleted_at), otherCustomer: 'This sales order is of another customer.' },
    { field: 'job_order', id: refs.job_order, table: jobOrders, idColumn: jobOrders.id, customerColumn: jobOrders.customer, otherCustomer: 'This job order is of another customer.' },
  ]);
}
