import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { Invoicing, generateTaxSetup, invoiceNumbersInUse, type InvoiceNumbers } from './accounts';
import { existingMaterials, generateCatalogue } from './catalogue';
import { generateAlerts, generateMessages } from './communication';
import type { CustomerRef, MaterialRef, SeedContext, VendorRef } from './context';
import { generateCostingMaterials, generateEstimations } from './estimation';
import { generateDeliveries, generateExpenses, generateJobOrders, generateRequisitions, type JobRef, type RequisitionRef } from './production';
import { existingVendors, generatePurchases, generateVendors } from './purchase';
import { existingCustomers, generateCustomers, generateLeads, generateQuotations, generateSalesOrders, type QuotationRef, type SalesOrderRef } from './sales';
import { Ledger, generateStoresActivity } from './stock';
import { qty } from './values';

/** The parts of the company a run can generate (the scale generator's `only`). */
export const SEED_GROUPS = [
  'materials',
  'customers',
  'vendors',
  'leads',
  'quotations',
  'sales-orders',
  'job-orders',
  'delivery-notes',
  'requisitions',
  'lpos',
  'stock',
  'estimations',
  'invoices',
  'communication',
] as const;
export type SeedGroup = (typeof SEED_GROUPS)[number];

/** Groups that build on documents of another group made in the same run. */
export const SEED_GROUP_NEEDS: Partial<Record<SeedGroup, SeedGroup>> = {
  'delivery-notes': 'job-orders',
  requisitions: 'job-orders',
};

/** How many documents of each kind a run makes (children follow from their parents). */
export interface Volumes {
  materialCategories: number;
  materials: number;
  customers: number;
  vendors: number;
  leads: number;
  quotations: number;
  salesOrders: number;
  jobOrders: number;
  /** Average expenses booked per job order under way. */
  expensesPerJob: number;
  requisitions: number;
  lpos: number;
  stockAdjustments: number;
  costingMaterials: number;
  estimations: number;
  /** Invoices for services, besides those of closed job orders and completed sales orders. */
  invoices: number;
  messages: number;
  alerts: number;
}

export interface GeneratedCompany {
  /** On-hand change of materials that were already in the database. */
  stockDeltas: Map<number, number>;
  /** The last invoice number of each financial year, when invoices were generated. */
  invoiceNumbers: InvoiceNumbers | null;
}

/**
 * Generates the company into `ctx.data`, area by area in the order documents arise: catalogue,
 * customers and suppliers, leads, quotations, sales orders, job orders (closed ones invoiced),
 * deliveries, requisitions and their issues, purchases and receipts, the stores' own movements,
 * estimations, invoices and receipts, messages. Parents a run does not generate come from the
 * database.
 */
export async function generateCompany(db: Db, ctx: SeedContext, volumes: Volumes, groups: ReadonlySet<SeedGroup>): Promise<GeneratedCompany> {
  const wants = (...names: SeedGroup[]) => names.some((g) => groups.has(g));
  const from = async <T>(group: SeedGroup, load: () => Promise<T[]>, needed: boolean): Promise<T[]> => {
    if (!needed) return [];
    const rows = await load();
    if (rows.length === 0) throw new Error(`the database has no ${group} to build on: include "${group}" in the run`);
    return rows;
  };

  const newMaterials = groups.has('materials') ? await generateCatalogue(db, ctx, volumes.materials, volumes.materialCategories) : [];
  const stock: MaterialRef[] = groups.has('materials') ? newMaterials : await from('materials', () => existingMaterials(db, ctx), wants('requisitions', 'lpos', 'stock'));
  const customers: CustomerRef[] = groups.has('customers')
    ? generateCustomers(ctx, volumes.customers)
    : await from('customers', () => existingCustomers(db, ctx), wants('quotations', 'sales-orders', 'job-orders', 'estimations', 'invoices'));
  const suppliers: VendorRef[] = groups.has('vendors') ? generateVendors(ctx, volumes.vendors) : await from('vendors', () => existingVendors(db), wants('lpos'));
  if (groups.has('leads')) generateLeads(ctx, volumes.leads);

  // Live quotations, taken out as orders and jobs take them up.
  const openQuotes: QuotationRef[] = groups.has('quotations') ? generateQuotations(ctx, volumes.quotations, customers, await nextQuotationNumber(db, ctx)) : [];
  const orders: SalesOrderRef[] = groups.has('sales-orders') ? generateSalesOrders(ctx, volumes.salesOrders, customers, openQuotes) : [];
  const invoicing = groups.has('invoices') ? new Invoicing(ctx, ctx.mode === 'demo' ? new Map() : await invoiceNumbersInUse(db)) : null;

  let jobs: JobRef[] = [];
  if (groups.has('job-orders')) {
    jobs = generateJobOrders(ctx, volumes.jobOrders, { customers, quotations: openQuotes, salesOrders: orders, invoicer: invoicing });
    generateExpenses(ctx, jobs, volumes.expensesPerJob);
  }
  if (groups.has('delivery-notes')) generateDeliveries(ctx, jobs);

  const ledger = new Ledger();
  const requisitions: RequisitionRef[] = groups.has('requisitions') ? generateRequisitions(ctx, volumes.requisitions, jobs, stock, ledger) : [];
  if (groups.has('lpos')) {
    generatePurchases(
      ctx,
      volumes.lpos,
      suppliers,
      stock,
      requisitions.filter((r) => r.type === 'shortfall'),
      ledger,
    );
  }
  if (groups.has('stock')) generateStoresActivity(ctx, ledger, { newMaterials, materials: stock, adjustments: volumes.stockAdjustments, jobs });
  const stockDeltas = ledger.size > 0 ? ledger.close(ctx) : new Map<number, number>();

  if (groups.has('estimations')) generateEstimations(ctx, volumes.estimations, customers, await generateCostingMaterials(db, ctx, volumes.costingMaterials), openQuotes);
  if (invoicing) {
    if (ctx.mode === 'demo') generateTaxSetup(ctx);
    invoicing.forSalesOrders(orders);
    invoicing.standalone(volumes.invoices, customers);
    invoicing.advances(orders);
  }
  if (groups.has('communication')) {
    generateMessages(ctx, volumes.messages);
    generateAlerts(ctx, volumes.alerts);
  }
  return { stockDeltas, invoiceNumbers: invoicing?.numbers ?? null };
}

async function nextQuotationNumber(db: Db, ctx: SeedContext): Promise<number> {
  if (ctx.mode === 'demo') return 1001;
  const [row] = await queryRows<{ last: number | null }>(db, sql`SELECT max(number) AS last FROM quotations`);
  return (row?.last ?? 1000) + 1;
}

/** Adds each change to the on-hand quantity of a material that existed before the run. */
export async function applyStockDeltas(db: Db, deltas: Map<number, number>): Promise<void> {
  if (deltas.size === 0) return;
  const rows = [...deltas].map(([id, milli]) => ({ id, delta: qty(milli) }));
  await db.execute(sql`
    UPDATE materials m SET quantity = m.quantity + d.delta
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS d(id int, delta numeric)
    WHERE m.id = d.id`);
}
