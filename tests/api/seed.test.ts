import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getTableColumns, getTableName, isTable, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { DELIVERY_NOTE_STATUSES } from '../../domain/delivery-note';
import { DISPATCH_STATUSES } from '../../domain/dispatch';
import { ESTIMATION_STATUSES } from '../../domain/estimation';
import { ESTIMATION_MATERIAL_CATEGORIES } from '../../domain/estimation-material';
import { INVOICE_STATUSES, RECURRING_FREQUENCIES, TAX_TYPES, isInvoiceOverdue, type Invoice } from '../../domain/invoice';
import { JOB_ORDER_BUCKETS, JOB_ORDER_STATUSES, PRODUCTION_DEPARTMENTS } from '../../domain/job-order';
import { JOB_ORDER_EXPENSE_CATEGORIES, JOB_ORDER_EXPENSE_STATUSES } from '../../domain/job-order-expense';
import { LEAD_FILTERS, LEAD_REQUIREMENTS, LEAD_SOURCES, LEAD_STAGES, LEAD_STATUSES, LEAD_TYPES, matchesLeadFilter, type Lead } from '../../domain/lead';
import { isValidGstin } from '../../domain/india';
import { businessDayOf } from '../../domain/rules/dates';
import { LPO_STATUSES } from '../../domain/lpo';
import { CONSUMABLES_CATEGORY, MATERIAL_UNITS } from '../../domain/material';
import { RECEIPT_MODES } from '../../domain/receipt';
import { REQUISITION_TYPES, REQUISITION_TYPES_NEEDING_APPROVAL } from '../../domain/requisition';
import { SALES_ORDER_STATUSES, isSalesOrderOverdue, type SalesOrder } from '../../domain/sales-order';
import { STOCK_ADJUSTMENT_STATUSES, STOCK_TRANSACTION_STATUSES, STOCK_TRANSACTION_TYPES } from '../../domain/stock';
import { SYSTEM_ALERT_TYPES } from '../../domain/system-alert';
import { openDatabase, queryRows, emptyAll, type Db } from '../../server/db/client';
import { ENTITIES } from '../../server/db/entities';
import * as schema from '../../server/db/schema';
import { DEMO_USERS, seedDemoCompany } from '../../server/db/seed';
import { progressReporter } from '../../server/db/seed/progress';
import { ScaleOptionsError, seedScale } from '../../server/db/seed/scale';
import { signedInAs, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let seededAt: Date;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
  await emptyAll(db());
  seededAt = new Date();
  await seedDemoCompany(db(), seededAt);
});
afterAll(() => server.close());

const db = (): Db => server.database.db;
const rows = <T>(query: SQL) => queryRows<T>(db(), query);
const values = async (query: SQL): Promise<string[]> => (await rows<{ v: string | null }>(query)).map((r) => String(r.v));
const count = async (query: SQL): Promise<number> => Number((await rows<{ n: string | number }>(query))[0]!.n);
const valuesOf = (options: readonly { value: string }[]) => options.map((o) => o.value);

/** Every consistency rule of the seeded data, as SQL that lists the rows breaking it. */
/** What an invoice's approved credit notes take back of what it is owed (decision 330). */
const CREDITED = sql.raw(`(SELECT coalesce(sum(c.total_amount), 0) FROM credit_notes c WHERE c.invoice = v.id AND c.status = 'approved' AND c.deleted_at IS NULL)`);

const CONSISTENCY: Record<string, SQL> = {
  'a sales order total is the sum of its live items': sql`
    SELECT o.id FROM sales_orders o LEFT JOIN sales_order_items i ON i.sales_order = o.id AND i.deleted_at IS NULL
    GROUP BY o.id HAVING o.total_order_value <> coalesce(sum(i.amount), 0)`,
  'a job order total is the sum of its live items': sql`
    SELECT j.id FROM job_orders j LEFT JOIN job_order_items i ON i.job_order = j.id AND i.deleted_at IS NULL
    GROUP BY j.id HAVING j.total_value <> coalesce(sum(i.amount), 0)`,
  'an LPO total is the sum of its live items': sql`
    SELECT l.id FROM lpos l LEFT JOIN lpo_items i ON i.lpo = l.id AND i.deleted_at IS NULL
    GROUP BY l.id HAVING l.total_amount <> coalesce(sum(i.amount), 0)`,
  'a line amount is quantity × price, rounded to the paisa': sql`
    SELECT 'so' || id FROM sales_order_items WHERE amount <> round(quantity * unit_price, 2)
    UNION ALL SELECT 'jo' || id FROM job_order_items WHERE amount <> round(quantity * unit_price, 2)
    UNION ALL SELECT 'lpo' || id FROM lpo_items WHERE amount <> round(quantity * rate, 2)
    UNION ALL SELECT 'inv' || id FROM invoice_items WHERE amount <> round(quantity * unit_price, 2)
    UNION ALL SELECT 'est' || id FROM estimation_product_details WHERE amount <> round(quantity * rate, 2)
    UNION ALL SELECT 'quo' || id FROM quotation_items WHERE gross_price <> round(quantity * unit_price, 2) - discount`,
  'an LPO item has received the accepted quantities of its live GRA lines': sql`
    SELECT i.id FROM lpo_items i LEFT JOIN gra_items g ON g.lpo_item = i.id AND g.deleted_at IS NULL
    LEFT JOIN gras r ON r.id = g.gra AND r.cancelled_at IS NULL
    GROUP BY i.id HAVING i.quantity_received <> coalesce(sum(g.quantity_accepted) FILTER (WHERE r.id IS NOT NULL), 0)`,
  'an LPO status matches what was received': sql`
    SELECT l.id FROM lpos l JOIN lpo_items i ON i.lpo = l.id AND i.deleted_at IS NULL GROUP BY l.id, l.status
    HAVING (l.status = 'received' AND bool_or(i.quantity_received < i.quantity))
        OR (l.status IN ('draft', 'approved', 'sent', 'cancelled') AND sum(i.quantity_received) > 0)
        OR (l.status IN ('partially_received', 'closed') AND NOT (sum(i.quantity_received) > 0 AND bool_or(i.quantity_received < i.quantity)))`,
  'an invoice subtotal, taxes and total follow its live items, the total rounded to the rupee': sql`
    SELECT v.id FROM invoices v LEFT JOIN invoice_items i ON i.invoice = v.id AND i.deleted_at IS NULL
    GROUP BY v.id HAVING v.subtotal <> coalesce(sum(i.amount), 0)
      OR v.taxable_amount <> coalesce(sum(i.taxable_amount), 0)
      OR v.cgst_amount <> coalesce(sum(i.cgst_amount), 0) OR v.sgst_amount <> coalesce(sum(i.sgst_amount), 0) OR v.igst_amount <> coalesce(sum(i.igst_amount), 0)
      OR v.total_amount <> round(v.taxable_amount + v.tax_amount)
      OR bool_or(i.line_total <> i.taxable_amount + i.cgst_amount + i.sgst_amount + i.igst_amount)`,
  'an invoice owes its total less the paid instalments and approved credit notes (nothing once paid, cancelled or void)': sql`
    SELECT v.id FROM invoices v LEFT JOIN payment_schedules p ON p.invoice = v.id AND p.deleted_at IS NULL
    GROUP BY v.id HAVING v.outstanding_amount <> CASE WHEN v.status IN ('paid', 'cancelled', 'void') THEN 0
      ELSE v.total_amount - coalesce(sum(p.amount) FILTER (WHERE p.is_paid), 0) - ${CREDITED} END
      OR (count(p.id) > 0 AND sum(p.amount) <> v.total_amount)`,
  'an issued invoice owes its total less the receipts allocated to it and its approved credit notes, and no receipt is allocated beyond its amount': sql`
    SELECT v.id FROM invoices v LEFT JOIN receipt_allocations a ON a.invoice = v.id AND a.deleted_at IS NULL
    WHERE v.status NOT IN ('draft', 'cancelled', 'void') GROUP BY v.id HAVING v.outstanding_amount <> v.total_amount - coalesce(sum(a.amount), 0) - ${CREDITED}
    UNION ALL SELECT r.id FROM receipts r JOIN receipt_allocations a ON a.receipt = r.id AND a.deleted_at IS NULL GROUP BY r.id HAVING sum(a.amount) > r.amount`,
  "a credit note's figures are its lines', and each line takes back no more than its invoice line": sql`
    SELECT c.id FROM credit_notes c JOIN credit_note_items i ON i.credit_note = c.id AND i.deleted_at IS NULL JOIN invoice_items ii ON ii.id = i.invoice_item
    GROUP BY c.id HAVING c.subtotal <> sum(i.amount) OR c.taxable_amount <> sum(i.taxable_amount) OR c.cgst_amount <> sum(i.cgst_amount)
      OR c.sgst_amount <> sum(i.sgst_amount) OR c.igst_amount <> sum(i.igst_amount) OR c.total_amount <> round(c.taxable_amount + c.tax_amount)
      OR bool_or(i.quantity > ii.quantity OR i.taxable_amount > ii.taxable_amount OR ii.invoice <> c.invoice)`,
  'a quotation total follows its items, discounts and tax rate': sql`
    SELECT q.id FROM quotations q JOIN quotation_items i ON i.quotation = q.id AND i.deleted_at IS NULL
    GROUP BY q.id HAVING q.subtotal <> sum(round(i.quantity * i.unit_price, 2)) OR q.discount_total <> sum(i.discount)
      OR q.tax_amount <> round((q.subtotal - q.discount_total) * q.tax_rate / 100, 2)
      OR q.total_amount <> q.subtotal - q.discount_total + q.tax_amount`,
  'an estimation product costs the sum of its lines, an estimation the sum of its products': sql`
    SELECT 'p' || p.id FROM estimation_products p LEFT JOIN estimation_product_details d ON d.product = p.id AND d.deleted_at IS NULL
    GROUP BY p.id HAVING p.unit_price <> coalesce(sum(d.amount), 0)
    UNION ALL
    SELECT 'e' || e.id FROM estimations e LEFT JOIN estimation_products p ON p.estimation = e.id AND p.deleted_at IS NULL
    GROUP BY e.id HAVING e.total_cost <> coalesce(round(sum(p.quantity * p.unit_price), 2), 0)`,
  "a material's on-hand quantity is the sum of its live ledger rows": sql`
    SELECT m.id FROM materials m LEFT JOIN stock_transactions t ON t.material = m.id AND t.deleted_at IS NULL
    GROUP BY m.id HAVING m.quantity <> coalesce(sum(t.quantity), 0) OR m.quantity < 0`,
  'a requisition line has issued what its live issue rows took out': sql`
    SELECT d.id FROM requisition_details d LEFT JOIN stock_transactions t ON t.requisition_detail = d.id AND t.deleted_at IS NULL AND t.transaction_type = 'issue'
    GROUP BY d.id HAVING d.quantity_issued <> coalesce(-sum(t.quantity), 0) OR d.quantity_issued + d.quantity_reserved > d.quantity`,
  'a completed requisition has issued everything; a cancelled or unapproved one nothing': sql`
    SELECT r.id FROM requisitions r JOIN requisition_details d ON d.requisition = r.id AND d.deleted_at IS NULL
    GROUP BY r.id, r.is_completed, r.deleted_at, r.is_approved, r.requisition_type
    HAVING (r.is_completed AND bool_or(d.quantity_issued <> d.quantity))
        OR ((r.deleted_at IS NOT NULL OR (r.requisition_type IN ('re-work', 'shortfall') AND NOT r.is_approved)) AND sum(d.quantity_issued) > 0)`,
  'an approved adjustment is carried out by one ledger row of its quantity, others by none': sql`
    SELECT a.id FROM stock_adjustments a LEFT JOIN stock_transactions t ON t.stock_adjustment = a.id AND t.deleted_at IS NULL
    GROUP BY a.id HAVING (a.status = 'approved') <> (count(t.id) = 1) OR (a.status = 'approved' AND sum(t.quantity) <> a.quantity)`,
  'accepted GRA lines are received into stock; a cancelled GRA no longer is': sql`
    SELECT g.id FROM gra_items g JOIN gras r ON r.id = g.gra LEFT JOIN stock_transactions t ON t.gra_item = g.id AND t.deleted_at IS NULL
    WHERE g.quantity_accepted > 0
    GROUP BY g.id, r.cancelled_at HAVING (r.cancelled_at IS NULL) <> (count(t.id) = 1) OR (r.cancelled_at IS NULL AND sum(t.quantity) <> g.quantity_accepted)`,
  'the ledger sign follows the type, and in-transit rows are issues': sql`
    SELECT id FROM stock_transactions WHERE (status = 'in-transit' AND transaction_type <> 'issue')
      OR (transaction_type = 'issue' AND requisition IS NULL AND job_order IS NULL)`,
  'a delivery never carries more of a product than the job order has': sql`
    SELECT i.id FROM job_order_items i JOIN delivery_note_items n ON n.job_order_item = i.id AND n.deleted_at IS NULL
    JOIN delivery_notes d ON d.id = n.delivery_note AND d.deleted_at IS NULL GROUP BY i.id HAVING sum(n.quantity) > i.quantity`,
  'a closed job order carries its invoice; a cancelled one its closure remarks': sql`
    SELECT j.id FROM job_orders j LEFT JOIN invoices v ON v.job_order = j.id AND v.invoice_number = j.invoice
    WHERE (j.status = 'closed' AND j.cancelled_at IS NULL AND (j.invoice IS NULL OR j.invoice_date IS NULL OR j.invoice_amount IS NULL OR j.closed_at IS NULL
        OR (v.id IS NOT NULL AND v.total_amount <> j.invoice_amount)))
      OR (j.cancelled_at IS NOT NULL AND j.closure_remarks IS NULL)`,
  'a sales order line of a job order belongs to its sales order': sql`
    SELECT i.id FROM job_order_items i JOIN job_orders j ON j.id = i.job_order JOIN sales_order_items s ON s.id = i.sales_order_item
    WHERE j.sales_order IS DISTINCT FROM s.sales_order`,
  'issued invoices are numbered 1, 2, 3… within each financial year, the sequence at the last, and drafts have no number': sql`
    SELECT i.financial_year FROM invoices i LEFT JOIN invoice_number_sequences s ON s.financial_year = i.financial_year
    WHERE i.invoice_number IS NOT NULL GROUP BY i.financial_year, s.last_number
    HAVING count(*) <> max(substring(i.invoice_number FROM '[0-9]+$')::int) OR count(DISTINCT i.invoice_number) <> count(*) OR s.last_number IS DISTINCT FROM count(*)::int
    UNION ALL SELECT financial_year FROM invoices WHERE status = 'draft' AND invoice_number IS NOT NULL`,
};

/** Every foreign key of every table, as SQL listing the rows whose reference leads nowhere (the seed loads without triggers). */
function danglingReferences(): Record<string, SQL> {
  const checks: Record<string, SQL> = {};
  for (const table of (Object.values(schema) as unknown[]).filter((t): t is PgTable => isTable(t))) {
    for (const fk of getTableConfig(table).foreignKeys) {
      const { columns, foreignTable, foreignColumns } = fk.reference();
      const [child, parent] = [columns[0]!.name, foreignColumns[0]!.name];
      checks[`${getTableName(table)}.${child} refers to an existing ${getTableName(foreignTable)}`] = sql.raw(
        `SELECT c."${child}" FROM "${getTableName(table)}" c WHERE c."${child}" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "${getTableName(foreignTable)}" p WHERE p."${parent}" = c."${child}")`,
      );
    }
  }
  return checks;
}

async function inconsistencies(): Promise<Record<string, string[]>> {
  const broken: Record<string, string[]> = {};
  for (const [rule, query] of Object.entries(danglingReferences())) {
    const found = await values(query);
    if (found.length > 0) broken[rule] = found.slice(0, 10);
  }
  for (const [rule, query] of Object.entries(CONSISTENCY)) {
    const found = await values(query);
    if (found.length > 0) broken[rule] = found.slice(0, 10);
  }
  return broken;
}

describe('the demo company', () => {
  it('has rows in every business table (attachments aside: no stored files to point at)', async () => {
    const empty: string[] = [];
    for (const name of Object.keys(ENTITIES)) {
      if (name === 'invoice_attachments' || name === 'estimation_files') continue;
      if ((await count(sql.raw(`SELECT count(*) AS n FROM "${name}"`))) === 0) empty.push(name);
    }
    expect(empty).toEqual([]);
    expect(await count(sql`SELECT count(*) AS n FROM users`)).toBe(DEMO_USERS.length);
    expect(await count(sql`SELECT count(*) AS n FROM invoice_settings`)).toBe(1);
  });

  it('keeps the landing page volume: about 180 job orders and 140 LPOs', async () => {
    expect(await count(sql`SELECT count(*) AS n FROM job_orders`)).toBe(180);
    expect(await count(sql`SELECT count(*) AS n FROM lpos`)).toBe(140);
  });

  it('parses row by row with the domain read schemas', async () => {
    const failures: string[] = [];
    for (const [name, { table, read }] of Object.entries(ENTITIES)) {
      const all = await db().select().from(table as PgTable);
      for (const row of all) {
        const parsed = read.safeParse(row);
        if (!parsed.success) failures.push(`${name} ${(row as { id: number }).id}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('is consistent: references resolve, totals equal their lines, on-hand equals the ledger, statuses match what happened', async () => {
    expect(await inconsistencies()).toEqual({});
  });

  it('dates everything within the last 18 months and nothing but scheduled dates after today', async () => {
    const scheduled = new Set([
      'leads.followup_date',
      'sales_orders.expected_delivery_date',
      'lpos.expected_date',
      'invoices.due_date',
      'payment_schedules.due_date',
      'recurring_invoices.start_date',
      'recurring_invoices.next_date',
      'recurring_invoices.end_date',
      'dispatches.dispatch_date',
    ]);
    const earliest = new Date(seededAt);
    earliest.setUTCMonth(earliest.getUTCMonth() - 18);
    const today = businessDayOf(seededAt);
    const problems: string[] = [];
    for (const [name, { table }] of Object.entries(ENTITIES)) {
      for (const column of Object.values(getTableColumns(table as PgTable))) {
        const isDate = column.getSQLType() === 'date';
        if (!isDate && column.getSQLType() !== 'timestamp with time zone') continue;
        const key = `${name}.${column.name}`;
        const [range] = await rows<{ low: string | null; high: string | null }>(
          sql.raw(`SELECT min("${column.name}")::text AS low, max("${column.name}")::text AS high FROM "${name}"`),
        );
        if (!range?.low || !range.high) continue;
        const low = isDate ? range.low : new Date(range.low).toISOString();
        const high = isDate ? range.high : new Date(range.high).toISOString();
        if (low < (isDate ? earliest.toISOString().slice(0, 10) : earliest.toISOString())) problems.push(`${key} starts ${low}`);
        if (!scheduled.has(key) && high > (isDate ? today : seededAt.toISOString())) problems.push(`${key} ends ${high}`);
      }
    }
    expect(problems).toEqual([]);
    // Scheduled dates do reach into the future: follow-ups, expected and due dates.
    expect(await count(sql`SELECT count(*) AS n FROM leads WHERE followup_date > ${today}::date`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM dispatches WHERE status = 'scheduled' AND dispatch_date >= ${today}::date`)).toBeGreaterThan(0);
  });

  it('spreads documents over the 18 months', async () => {
    const months = await values(sql`SELECT DISTINCT to_char(created_at, 'YYYY-MM') AS v FROM job_orders`);
    expect(months.length).toBeGreaterThanOrEqual(17);
    expect((await values(sql`SELECT DISTINCT to_char(lpo_date, 'YYYY-MM') AS v FROM lpos`)).length).toBeGreaterThanOrEqual(17);
  });

  it('gives customers and vendors GSTINs whose check character matches', async () => {
    const gstins = await values(sql`SELECT gst_number AS v FROM customers WHERE gst_number <> '' UNION ALL SELECT gst_number FROM vendors WHERE gst_number <> ''`);
    expect(gstins.length).toBeGreaterThan(20);
    expect(gstins.filter((gstin) => !isValidGstin(gstin))).toEqual([]);
  });
});

describe('every lifecycle state is present in the demo', () => {
  const present = async (query: SQL, expected: readonly string[]) => {
    const found = new Set(await values(query));
    expect(expected.filter((v) => !found.has(v))).toEqual([]);
  };

  it('job orders: every status and bucket, cancelled ones, closed ones with their invoice', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM job_orders WHERE cancelled_at IS NULL`, valuesOf(JOB_ORDER_STATUSES));
    await present(sql`SELECT DISTINCT bucket AS v FROM job_orders`, valuesOf(JOB_ORDER_BUCKETS));
    await present(sql`SELECT DISTINCT production_department AS v FROM job_orders`, valuesOf(PRODUCTION_DEPARTMENTS));
    expect(await count(sql`SELECT count(*) AS n FROM job_orders WHERE cancelled_at IS NOT NULL AND closure_remarks <> ''`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM job_orders j JOIN invoices v ON v.job_order = j.id AND v.invoice_number = j.invoice WHERE j.status = 'closed'`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM job_orders WHERE sales_order IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM job_orders WHERE quotation IS NOT NULL AND sales_order IS NULL`)).toBeGreaterThan(0);
  });

  it('job order expenses: every status and category', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM job_order_expenses`, valuesOf(JOB_ORDER_EXPENSE_STATUSES));
    await present(sql`SELECT DISTINCT expense_category AS v FROM job_order_expenses`, valuesOf(JOB_ORDER_EXPENSE_CATEGORIES));
    expect(await count(sql`SELECT count(*) AS n FROM job_order_expenses WHERE status <> 'PENDING' AND (approved_by IS NULL OR approved_at IS NULL)`)).toBe(0);
  });

  it('sales orders: every status, overdue ones, and accepted ones awaiting an advance', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM sales_orders`, valuesOf(SALES_ORDER_STATUSES));
    const orders = await rows<Pick<SalesOrder, 'expected_delivery_date' | 'status'>>(sql`SELECT expected_delivery_date::text, status FROM sales_orders`);
    expect(orders.filter((o) => isSalesOrderOverdue(o, seededAt)).length).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM sales_orders WHERE status = 'accepted' AND advance_pending`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM sales_order_status_history WHERE to_status = 'cancelled'`)).toBeGreaterThan(0);
  });

  it('requisitions: every type; re-work and shortfall approved and not; closed, cancelled, completed; consumables without a job', async () => {
    await present(sql`SELECT DISTINCT requisition_type AS v FROM requisitions WHERE deleted_at IS NULL`, valuesOf(REQUISITION_TYPES));
    for (const type of REQUISITION_TYPES_NEEDING_APPROVAL) {
      expect(await count(sql`SELECT count(*) AS n FROM requisitions WHERE requisition_type = ${type} AND is_approved AND deleted_at IS NULL`), type).toBeGreaterThan(0);
      expect(
        await count(sql`SELECT count(*) AS n FROM requisitions WHERE requisition_type = ${type} AND NOT is_approved AND deleted_at IS NULL AND closed_at IS NULL`),
        type,
      ).toBeGreaterThan(0);
    }
    expect(await count(sql`SELECT count(*) AS n FROM requisitions WHERE closed_at IS NOT NULL AND close_reason IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM requisitions WHERE deleted_at IS NOT NULL AND cancel_reason IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM requisitions WHERE is_completed`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM requisitions WHERE requisition_type = 'consumables' AND job_order IS NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM requisition_details WHERE quantity_reserved > 0`)).toBeGreaterThan(0);
  });

  it('delivery notes and dispatches: every status, cancelled notes', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM delivery_notes WHERE deleted_at IS NULL`, valuesOf(DELIVERY_NOTE_STATUSES));
    expect(await count(sql`SELECT count(*) AS n FROM delivery_notes WHERE deleted_at IS NOT NULL`)).toBeGreaterThan(0);
    await present(sql`SELECT DISTINCT status AS v FROM dispatches`, valuesOf(DISPATCH_STATUSES));
  });

  it('purchasing: every LPO status, cancelled LPOs with remarks, cancelled GRAs, LPOs against shortfalls', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM lpos`, valuesOf(LPO_STATUSES));
    expect(await count(sql`SELECT count(*) AS n FROM lpos WHERE status = 'cancelled' AND (cancelled_at IS NULL OR cancellation_remarks IS NULL)`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM lpos WHERE status = 'closed' AND (closed_at IS NULL OR close_remarks IS NULL)`)).toBe(0);
    // Every LPO past draft (cancelled ones aside) was approved, above the threshold by a purchase manager who did not raise it.
    expect(await count(sql`SELECT count(*) AS n FROM lpos WHERE status NOT IN ('draft', 'cancelled') AND (approved_by IS NULL OR approved_at IS NULL)`)).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM lpos l JOIN users u ON u.id = l.approved_by
        WHERE l.total_amount > 50000 AND (l.approved_by = l.created_by OR u.department <> 'purchase' OR u.designation NOT IN ('manager', 'assistant-manager'))`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM lpos WHERE status IN ('sent', 'partially_received', 'received', 'closed') AND sent_at IS NULL`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM gras WHERE cancelled_at IS NOT NULL AND cancellation_remarks IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM gras WHERE cancelled_at IS NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM lpos l JOIN requisitions r ON r.id = l.requisition WHERE r.requisition_type = 'shortfall'`)).toBeGreaterThan(0);
  });

  it('stock: every adjustment status, every ledger type and status', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM stock_adjustments`, valuesOf(STOCK_ADJUSTMENT_STATUSES));
    await present(sql`SELECT DISTINCT transaction_type AS v FROM stock_transactions WHERE deleted_at IS NULL`, valuesOf(STOCK_TRANSACTION_TYPES));
    await present(sql`SELECT DISTINCT status AS v FROM stock_transactions WHERE deleted_at IS NULL`, valuesOf(STOCK_TRANSACTION_STATUSES));
    expect(await count(sql`SELECT count(*) AS n FROM materials WHERE quantity < reorder_level`)).toBeGreaterThan(0);
  });

  it('stock value: every material received at a rate has the quantity-weighted average of its receipts as its cost', async () => {
    const wrong = await rows<{ name: string }>(sql`
      SELECT m.name FROM materials m
      JOIN (SELECT material, round(sum(quantity * rate) / sum(quantity), 4) AS average FROM stock_transactions
            WHERE transaction_type = 'receipt' AND rate IS NOT NULL AND deleted_at IS NULL AND quantity > 0 GROUP BY material) r ON r.material = m.id
      WHERE m.average_cost <> r.average`);
    expect(wrong).toEqual([]);
    expect(await count(sql`SELECT count(*) AS n FROM materials WHERE average_cost > 0`)).toBeGreaterThan(100);
  });

  it('invoices: every status, overdue ones, a deleted one; receipts in every mode; GST set-up and recurring invoices', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM invoices WHERE deleted_at IS NULL`, valuesOf(INVOICE_STATUSES));
    const open = await rows<Pick<Invoice, 'due_date' | 'outstanding_amount' | 'status'>>(sql`SELECT due_date::text, outstanding_amount::text, status FROM invoices WHERE deleted_at IS NULL`);
    expect(open.filter((i) => isInvoiceOverdue(i, seededAt)).length).toBeGreaterThan(1);
    expect(await count(sql`SELECT count(*) AS n FROM invoices WHERE deleted_at IS NOT NULL`)).toBeGreaterThan(0);
    await present(sql`SELECT DISTINCT mode AS v FROM receipts`, valuesOf(RECEIPT_MODES));
    expect(await count(sql`SELECT count(*) AS n FROM receipts WHERE mode <> 'cash' AND reference = ''`)).toBe(0);
    await present(sql`SELECT DISTINCT tax_type AS v FROM tax_configurations WHERE is_active`, valuesOf(TAX_TYPES));
    await present(sql`SELECT DISTINCT frequency AS v FROM recurring_invoices`, valuesOf(RECURRING_FREQUENCIES));
    expect(await count(sql`SELECT count(*) AS n FROM invoice_templates WHERE is_default`)).toBe(1);
  });

  it('estimations: every status and cancelled ones, the 16 costing categories, BOQ drafts', async () => {
    await present(sql`SELECT DISTINCT status AS v FROM estimations WHERE deleted_at IS NULL`, valuesOf(ESTIMATION_STATUSES));
    expect(await count(sql`SELECT count(*) AS n FROM estimations WHERE deleted_at IS NOT NULL`)).toBeGreaterThan(0);
    await present(sql`SELECT name AS v FROM estimation_material_categories`, valuesOf(ESTIMATION_MATERIAL_CATEGORIES));
    expect(await count(sql`SELECT count(*) AS n FROM estimation_material_categories c WHERE NOT EXISTS (SELECT 1 FROM estimation_materials m WHERE m.category = c.id)`)).toBe(0);
  });

  it('quotations: live, revised with their earlier revisions, and deleted', async () => {
    expect(await count(sql`SELECT count(*) AS n FROM quotations WHERE deleted_at IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM quotations q WHERE revision > 1 AND (SELECT count(*) FROM quotation_versions v WHERE v.quotation = q.id) = q.revision - 1`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM quotations WHERE discount_total > 0`)).toBeGreaterThan(0);
  });

  it('leads: every stage, option and display filter; converted and lost ones with remarks; for sales.exec and sales.senior', async () => {
    await present(sql`SELECT DISTINCT stage AS v FROM leads`, valuesOf(LEAD_STAGES));
    await present(sql`SELECT DISTINCT source AS v FROM leads`, valuesOf(LEAD_SOURCES).filter((s) => s !== 'All'));
    await present(sql`SELECT DISTINCT requirement AS v FROM leads`, valuesOf(LEAD_REQUIREMENTS));
    await present(sql`SELECT DISTINCT lead_type AS v FROM leads`, valuesOf(LEAD_TYPES));
    await present(sql`SELECT DISTINCT status AS v FROM leads`, valuesOf(LEAD_STATUSES));
    expect(await count(sql`SELECT count(*) AS n FROM leads l WHERE stage IN ('converted', 'lost') AND NOT EXISTS (SELECT 1 FROM lead_remarks r WHERE r.lead = l.id)`)).toBe(0);
    const leads = await rows<Pick<Lead, 'stage' | 'followup_date' | 'created_at'> & { owner: string; remarks: number }>(sql`
      SELECT l.stage, l.followup_date::text, l.created_at, u.username AS owner, (SELECT count(*)::int FROM lead_remarks r WHERE r.lead = l.id) AS remarks
      FROM leads l JOIN users u ON u.id = l.assign_to`);
    const today = businessDayOf(seededAt);
    for (const owner of ['sales.exec', 'sales.senior']) {
      for (const { value: filter } of LEAD_FILTERS) {
        const mine = leads.filter((l) => l.owner === owner && matchesLeadFilter({ ...l, created_at: new Date(l.created_at).toISOString() }, filter, today, l.remarks > 0));
        expect(mine.length, `${owner} ${filter}`).toBeGreaterThan(0);
      }
    }
  });

  it('the catalogue: a Consumables category with glue, tape and screws, sheets, pipes, glass and hardware; every unit', async () => {
    const categories = await values(sql`SELECT name AS v FROM material_categories`);
    expect(categories).toEqual(expect.arrayContaining(['Consumables', 'Acrylic Sheets', 'Metal Sheets', 'Pipes & Sections', 'Glass', 'Hardware']));
    const consumables = await values(sql`SELECT m.name AS v FROM materials m JOIN material_categories c ON c.id = m.category WHERE c.name = 'Consumables'`);
    for (const word of [/cement|adhesive|glue|sealant/i, /tape/i, /screw/i]) expect(consumables.some((n) => word.test(n)), String(word)).toBe(true);
    await present(sql`SELECT unit AS v FROM materials UNION SELECT unit FROM estimation_materials`, valuesOf(MATERIAL_UNITS));
  });

  it('customers with branches, some closed, and LPO codes; vendors; messages and system alerts', async () => {
    expect(await count(sql`SELECT count(*) AS n FROM customer_branches WHERE NOT is_active`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM customers c WHERE enable_lpo_codes AND EXISTS (SELECT 1 FROM customer_lpo_codes l WHERE l.customer = c.id)`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM customers c WHERE NOT EXISTS (SELECT 1 FROM customer_branches b WHERE b.customer = c.id AND b.is_active)`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM messages WHERE department IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) AS n FROM messages WHERE recipient IS NOT NULL AND read_at IS NULL`)).toBeGreaterThan(0);
    await present(sql`SELECT DISTINCT type AS v FROM system_alerts WHERE NOT resolved`, valuesOf(SYSTEM_ALERT_TYPES));
    expect(await count(sql`SELECT count(*) AS n FROM system_alerts WHERE resolved AND resolved_by IS NOT NULL`)).toBeGreaterThan(0);
  });
});

describe('messages of the demo company', () => {
  it('are numbered in the order they were sent', async () => {
    expect(await count(sql`SELECT count(*) AS n FROM messages a JOIN messages b ON a.id < b.id AND a.created_at > b.created_at`)).toBe(0);
  });

  it('leave each demo user the few newest messages unread, not all of them (read markers, decision 399)', async () => {
    const received = await rows<{ username: string; n: number }>(sql`
      SELECT u.username, count(m.id)::int AS n FROM users u JOIN messages m ON m.sender <> u.id
        AND (m.recipient = u.id OR m.department = u.department)
      WHERE u.is_active GROUP BY u.username ORDER BY u.username`);
    expect(received.length).toBeGreaterThan(3);
    let unreadInAll = 0;
    for (const { username, n } of received) {
      const { unread } = (await (await signedInAs(server.app, username)).get(API.messaging.unread)).json();
      expect(unread, username).toBeLessThan(n);
      unreadInAll += unread;
    }
    expect(unreadInAll).toBeGreaterThan(0);
  });
});

describe('materials the foreman sees', () => {
  it("lists only consumables for the foreman, and all but consumables for a production supervisor", async () => {
    const [consumables] = await rows<{ id: number }>(sql`SELECT id FROM material_categories WHERE lower(name) = ${CONSUMABLES_CATEGORY}`);
    const total = await count(sql`SELECT count(*) AS n FROM materials WHERE category = ${consumables!.id} AND deleted_at IS NULL`);
    expect(total).toBeGreaterThan(10);
    const foreman = (await (await signedInAs(server.app, 'foreman')).get('/materials/materials/?page_size=1000')).json();
    expect(foreman.count).toBe(total);
    expect(new Set(foreman.results.map((m: { category: number }) => m.category))).toEqual(new Set([consumables!.id]));
    const production = (await (await signedInAs(server.app, 'production')).get('/materials/materials/?page_size=1000')).json();
    expect(production.results.length).toBeGreaterThan(0);
    expect(production.results.some((m: { category: number }) => m.category === consumables!.id)).toBe(false);
  });
});

/** A digest of every business table, ids included, the per-transaction sync id left out. */
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, { table }] of Object.entries(ENTITIES)) {
    const all = await db()
      .select()
      .from(table as PgTable)
      .orderBy(sql`id`);
    out[name] = createHash('sha256')
      .update(JSON.stringify(all.map((r) => ({ ...r, txid: undefined }))))
      .digest('hex');
  }
  return out;
}

describe('determinism', () => {
  it('seeds the same rows for the same day', async () => {
    const day = new Date('2026-02-01T06:30:00Z');
    await emptyAll(db());
    await seedDemoCompany(db(), day);
    const first = await fingerprint();
    await emptyAll(db());
    await seedDemoCompany(db(), day);
    expect(await fingerprint()).toEqual(first);
    expect(getTableName(ENTITIES.materials.table)).toBe('materials');
    // Back to the demo of today for the tests that follow.
    await emptyAll(db());
    seededAt = new Date();
    await seedDemoCompany(db(), seededAt);
  });
});

describe('seedScale', () => {
  it('adds scale × the volume on top of the demo, consistently, numbering after what is there', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM invoices`);
    const result = await seedScale(db(), { scale: 0.02, seed: 42 });
    expect(result.counts.materials).toBe(40);
    expect(result.counts.customers).toBe(10);
    expect(result.counts.job_orders).toBe(40);
    expect(result.counts.stock_transactions).toBeGreaterThan(200);
    expect(result.counts.stock_transactions).toBeLessThan(800);
    expect(await count(sql`SELECT count(*) AS n FROM invoices`)).toBe(before + result.counts.invoices!);
    expect(await inconsistencies()).toEqual({});
    // Consumables of the run join the one Consumables category.
    expect(await count(sql`SELECT count(*) AS n FROM material_categories WHERE lower(name) = ${CONSUMABLES_CATEGORY}`)).toBe(1);
  });

  it('leaves the planner statistics of what it filled fresh, so the first reports are planned for the real row counts', async () => {
    await seedScale(db(), { scale: 0.02, only: ['customers', 'job-orders'], seed: 7 });
    const [analyzed] = await rows<{ reltuples: number }>(sql`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'job_orders'`);
    expect(Number(analyzed!.reltuples)).toBe(await count(sql`SELECT count(*) AS n FROM job_orders`));
  });

  it('makes only the parts asked for, taking the rest from the database', async () => {
    const tables = async () => Object.fromEntries(await Promise.all(Object.keys(ENTITIES).map(async (n) => [n, await count(sql.raw(`SELECT count(*) AS n FROM "${n}"`))] as const)));
    const start = await tables();
    const materials = await seedScale(db(), { scale: 0.05, only: ['materials'], seed: 1 });
    expect(Object.keys(materials.counts).sort()).toEqual(['material_categories', 'material_subcategories', 'materials']);
    expect(materials.counts.materials).toBe(100);
    const afterMaterials = await tables();
    for (const name of Object.keys(ENTITIES)) if (!(name in materials.counts)) expect(afterMaterials[name], name).toBe(start[name]);

    // Purchases and stores movements on existing materials and vendors: on-hand moves with the ledger.
    const purchases = await seedScale(db(), { scale: 0.02, only: ['lpos', 'stock'], seed: 2 });
    expect(purchases.counts.lpos).toBe(30);
    expect(purchases.counts.materials).toBeUndefined();
    expect(await inconsistencies()).toEqual({});
  });

  it('refuses bad options before touching the database', async () => {
    await expect(seedScale(db(), { scale: 0 })).rejects.toBeInstanceOf(ScaleOptionsError);
    await expect(seedScale(db(), { scale: Number.NaN })).rejects.toBeInstanceOf(ScaleOptionsError);
    await expect(seedScale(db(), { scale: 1, only: ['requisitions'] })).rejects.toThrow(/job-orders/);
    await expect(seedScale(db(), { scale: 1, only: ['nothing' as 'materials'] })).rejects.toThrow(/unknown part/);
  });

  it('reports progress per table', async () => {
    const seen: { entity: string; done: number; total: number }[] = [];
    await seedScale(db(), { scale: 0.01, only: ['customers'], seed: 3, onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toEqual({ entity: 'customer_lpo_codes', done: expect.any(Number), total: expect.any(Number) });
    expect(seen.filter((p) => p.entity === 'customers').map((p) => p.done)).toEqual([0, 5]);
  });
});

describe('the progress display', () => {
  const stream = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, stream: { isTTY, write: (s: string) => chunks.push(s) } as unknown as NodeJS.WriteStream };
  };

  it('redraws one line in place on a terminal, with count, percentage and rate', () => {
    const { chunks, stream: tty } = stream(true);
    let t = 0;
    const report = progressReporter(tty, () => t);
    report({ entity: 'materials', done: 0, total: 10_000 });
    t = 1000;
    report({ entity: 'materials', done: 5000, total: 10_000 });
    t = 2000;
    report({ entity: 'materials', done: 10_000, total: 10_000 });
    expect(chunks.every((c) => c.startsWith('\r'))).toBe(true);
    expect(chunks[1]).toContain('5,000/10,000');
    expect(chunks[1]).toContain('50%');
    expect(chunks[1]).toContain('5,000 rows/s');
    expect(chunks[2]!.endsWith('\n')).toBe(true);
  });

  it('prints plain occasional lines elsewhere', () => {
    const { chunks, stream: log } = stream(false);
    let t = 0;
    const report = progressReporter(log, () => t);
    report({ entity: 'materials', done: 0, total: 3 });
    for (const done of [1, 2]) {
      t += 10;
      report({ entity: 'materials', done, total: 3 });
    }
    t += 10;
    report({ entity: 'materials', done: 3, total: 3 });
    expect(chunks).toEqual([expect.stringMatching(/^materials: 3\/3 100%, [\d,]+ rows\/s\n$/)]);
  });
});

describe('npm run seed', () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['server/db/seed-cli.ts', ...args], { env: { ...process.env, ...env }, timeout: 120_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it.each([
    [[], /--scale is required/],
    [['--scale', 'lots'], /--scale must be a number/],
    [['--scale', '-1'], /--scale must be a number/],
    [['--scale', '0'], /greater than 0/],
    [['--scale', '1', '--only', 'widgets'], /unknown part "widgets"/],
    [['--scale', '1', '--only', 'delivery-notes'], /add "job-orders"/],
    [['--scale', '1', '--frobnicate'], /unknown argument/],
  ])('rejects %j with exit code 2', async (args, message) => {
    const { code, stderr } = await run(args, { DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('prints its usage with --help', async () => {
    const { code, stdout } = await run(['--help'], {});
    expect(code).toBe(0);
    expect(stdout).toContain('--scale N');
  });

  // A process of its own that migrates and seeds a new PGlite: about 25 s on a busy two-core machine.
  it('adds data to the database it is pointed at, creating the demo users in an empty one', async () => {
    if (server.url) {
      const before = await count(sql`SELECT count(*) AS n FROM materials`);
      const { code } = await run(['--scale', '0.01', '--seed', '5'], { DATABASE_URL: server.url });
      expect(code).toBe(0);
      expect(await count(sql`SELECT count(*) AS n FROM materials`)).toBe(before + 20);
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-seed-'));
    try {
      const { code, stdout } = await run(['--scale', '0.01', '--seed', '5'], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(code).toBe(0);
      expect(stdout).toMatch(/Added [\d,]+ rows/);
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await queryRows<{ materials: number; users: number; jobs: number }>(
          database.db,
          sql`SELECT (SELECT count(*)::int FROM materials) AS materials, (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM job_orders) AS jobs`,
        );
        expect(row).toEqual({ materials: 20, users: DEMO_USERS.length, jobs: 20 });
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
