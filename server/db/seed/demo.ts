import type { Db } from '../client';
import { companyProfile } from '../schema';
import { saveInvoiceSettings } from './accounts';
import { seedReadMarkers } from './communication';
import { SEED_GROUPS, generateCompany, type Volumes } from './company';
import { COMPANY, HISTORY_DAYS, SeedContext } from './context';

/** The seed of the demo company: the same rows on every machine for the same `today`. */
const DEMO_SEED = 20261122;

/**
 * The demo company's size: about 180 job orders and 140 LPOs over 18 months (the landing page's
 * figures), enough of everything else for every status to appear, small enough to seed in
 * well under a second.
 */
const DEMO_VOLUMES: Volumes = {
  materialCategories: 10,
  materials: 180,
  customers: 45,
  vendors: 16,
  leads: 90,
  quotations: 110,
  salesOrders: 80,
  jobOrders: 180,
  expensesPerJob: 0.75,
  requisitions: 320,
  lpos: 140,
  stockAdjustments: 30,
  costingMaterials: 0,
  estimations: 36,
  invoices: 30,
  messages: 60,
  alerts: 16,
};

/** Generates and writes the demo company for the demo users in `staff` (username → id). */
export async function writeDemoCompany(db: Db, staff: ReadonlyMap<string, number>, today: Date): Promise<void> {
  const ctx = new SeedContext('demo', DEMO_SEED, today, staff);
  const { invoiceNumbers } = await generateCompany(db, ctx, DEMO_VOLUMES, new Set(SEED_GROUPS));
  await ctx.data.write(db);
  await seedReadMarkers(db);
  await saveInvoiceSettings(db, invoiceNumbers ?? new Map(), ctx.cal.ts(ctx.cal.ago(HISTORY_DAYS, 900)));
  // The letterhead the demo's invoices were issued under: their state decides CGST and SGST or IGST on new ones too.
  await db.insert(companyProfile).values({ id: 1, name: COMPANY.name, address: COMPANY.address, gstin: COMPANY.gst, state: COMPANY.state }).onConflictDoNothing();
}
