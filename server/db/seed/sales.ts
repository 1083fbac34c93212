import { sql } from 'drizzle-orm';
import type { IndianState } from '../../../domain/india';
import { LEAD_REQUIREMENTS, LEAD_SOURCES, LEAD_STATUSES, LEAD_TYPES, type LeadStage } from '../../../domain/lead';
import type { SalesOrderStatus } from '../../../domain/sales-order';
import { queryRows, type Db } from '../client';
import {
  customerBranches,
  customerLpoCodes,
  customers,
  leadRemarks,
  leads,
  quotationItems,
  quotations,
  quotationVersions,
  salesOrderItems,
  salesOrders,
  salesOrderStatusHistory,
} from '../schema';
import { CITIES, COMPANY, HISTORY_DAYS, type CustomerRef, type SeedContext, type Staff } from './context';
import { productLines, sumOf, type Line } from './products';
import { money, qty, rupees, taxOn } from './values';

const DEMO_CUSTOMERS = [
  'Orbit Retail', 'Lumen Opticals', 'Crescent Malls', 'Swarna Jewellers', 'Vision Plus Opticals', 'Urban Threads Apparel', 'Galaxy Electronics',
  'Fresh Basket Supermarts', 'Zenith Pharmacy', 'Royal Footwear', 'Spice Route Restaurants', 'Aarambh Interiors', 'Lotus Cosmetics', 'Nirmal Sweets',
  'Bluestone Watches', 'Pearl Opticians', 'Sunrise Mobiles', 'Everest Sports', 'Heritage Hotels', 'Green Leaf Organics', 'Classic Furniture Mall',
  'Prism Eyewear', 'Shringar Sarees', 'City Centre Mall', 'Phoenix Auto World', 'Techno Gadgets', 'Ananda Books', 'Ayur Wellness', 'Coastal Cafe',
  'Silver Oak Realty', 'Radiant Diamonds', 'Trendz Fashion', 'Mahalakshmi Silks', 'Nova Pharmacy', 'Bloom Florists', 'Kids Kingdom Toys',
  'Sahyadri Hospitals', 'Star Motors', 'Horizon Telecom', 'Saffron Hotels', 'Om Medicals', 'Elite Salons', 'Annapurna Foods', 'Kaveri Handlooms',
  'Dhanlaxmi Gold',
];
const SCALE_PREFIXES = ['Shree', 'New', 'Royal', 'Sai', 'Star', 'Metro', 'Prime', 'Golden', 'Krishna', 'City', 'National', 'Modern'];
const SCALE_TRADES = ['Opticals', 'Jewellers', 'Retail', 'Fashions', 'Electronics', 'Pharmacy', 'Footwear', 'Mobiles', 'Sweets', 'Watches', 'Malls', 'Interiors'];
const PROSPECTS = [
  'Kiran Opticals', 'Shubham Jewellers', 'Decor Hub', 'Apex Pharma Retail', 'Glamour Boutique', 'Wheels & Deals Motors', 'Brew Bros Cafe',
  'Smart Mobile World', 'Care Plus Chemists', 'Gold Souk Jewels', 'Style Street', 'Fitness First Gym', 'Little Steps Preschool', 'Tech Arena',
  'Namaste Handicrafts', 'Vogue Eyewear', 'Urban Ladder Studio', 'Sparkle Diamonds', 'Bake House', 'Organic Roots',
];
const BRANCH_SPOTS = ['Phoenix Marketcity', 'High Street', 'Inorbit Mall', 'Main Road', 'City Centre', 'Forum Mall', 'Station Road', 'Market Yard'];

/** A customer's document dates start after it became a customer. */
function customerDate(ctx: SeedContext, customer: CustomerRef, earliest: number, latest = ctx.cal.now - 3_600_000): number {
  const from = Math.max(customer.since, earliest);
  if (from >= latest) return latest;
  return from + Math.floor(ctx.rng.float() * (latest - from));
}

/** One of the customer's open branches, or none. */
export function activeBranch(ctx: SeedContext, customer: CustomerRef) {
  const open = customer.branches.filter((b) => b.active);
  return open.length > 0 ? ctx.rng.pick(open) : null;
}

/** Customers with branches (some closed) and, for a third of them, their own LPO codes. */
export function generateCustomers(ctx: SeedContext, count: number): CustomerRef[] {
  const { rng, cal, data } = ctx;
  const n = ctx.mode === 'demo' ? Math.min(count, DEMO_CUSTOMERS.length) : count;
  const sales = ctx.user('sales.manager');
  return Array.from({ length: n }, (_, i) => {
    const base = ctx.mode === 'demo' ? DEMO_CUSTOMERS[i]! : `${rng.pick(SCALE_PREFIXES)} ${rng.pick(SCALE_TRADES)}`;
    const [city, state, areas] = rng.pick(CITIES);
    const since = i < 3 || rng.chance(0.6) ? cal.ago(HISTORY_DAYS, rng.int(600, 900)) : ctx.pastInstant(1, HISTORY_DAYS - 30);
    const at = cal.ts(since);
    const enableLpoCodes = i % 3 === 1;
    const slug = base.toLowerCase().replace(/[^a-z]+/g, '');
    // Drawn in the order the row's fields always were, so every later draw stays as it was.
    const name = ctx.unique(base);
    const phone = ctx.phone();
    const gstin = rng.chance(0.85) ? ctx.gstNumber(state) : '';
    const id = data.add(customers, {
      name,
      enable_lpo_codes: enableLpoCodes,
      phone,
      email: `purchase@${slug}.in`,
      gst_number: gstin,
      state,
      address: `${rng.int(1, 240)}, ${rng.pick(areas)}, ${city}`,
      created_by: sales,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    const branchCount = rng.int(1, 4);
    const branches = Array.from({ length: branchCount }, (_, b) => {
      const [branchCity, , branchAreas] = b === 0 ? [city, state, areas] : rng.pick(CITIES);
      const location = `${branchCity} - ${rng.pick(branchAreas)}`;
      const contact = ctx.personName();
      const phone = ctx.phone();
      // The first branch stays open; later ones are sometimes closed.
      const active = b === 0 || !rng.chance(0.2);
      const branchId = data.add(customerBranches, {
        customer: id,
        location,
        address_line_1: `Shop ${rng.int(1, 180)}, ${rng.pick(BRANCH_SPOTS)}`,
        is_active: active,
        contact_person_name: contact,
        contact_person_number: phone,
        created_by: sales,
        created_at: at,
        updated_at: at,
      });
      return { id: branchId, location, contact, phone, active };
    });
    const lpoCodes: string[] = [];
    if (enableLpoCodes) {
      const prefix = base.replace(/[^A-Z]/g, '').slice(0, 3) || 'ART';
      for (const [k, line] of productLines(ctx, rng.int(3, 8)).entries()) {
        const code = `${prefix}-${1000 + k * 37 + rng.int(0, 30)}`;
        data.add(customerLpoCodes, { customer: id, code, article: line.description, created_by: sales, created_at: at, updated_at: at });
        lpoCodes.push(code);
      }
    }
    return { id, name: base, state, gstin, since, branches, lpoCodes };
  });
}

/** Live customers already in the database, for a scale run that adds documents but no customers. */
export async function existingCustomers(db: Db, ctx: SeedContext): Promise<CustomerRef[]> {
  const rows = await queryRows<{ id: number; name: string; state: IndianState; gstin: string; branch: number | null; location: string | null; contact: string | null; phone: string | null; active: boolean | null }>(
    db,
    sql`SELECT c.id, c.name, c.state, c.gst_number AS gstin, b.id AS branch, b.location, b.contact_person_name AS contact, b.contact_person_number AS phone, b.is_active AS active
        FROM customers c LEFT JOIN customer_branches b ON b.customer = c.id WHERE c.deleted_at IS NULL ORDER BY c.id, b.id`,
  );
  const byId = new Map<number, CustomerRef>();
  const since = ctx.cal.ago(HISTORY_DAYS);
  for (const r of rows) {
    let customer = byId.get(r.id);
    if (!customer) {
      customer = { id: r.id, name: r.name, state: r.state, gstin: r.gstin, since, branches: [], lpoCodes: [] };
      byId.set(r.id, customer);
    }
    if (r.branch !== null) customer.branches.push({ id: r.branch, location: r.location ?? '', contact: r.contact ?? '', phone: r.phone ?? '', active: r.active ?? false });
  }
  return [...byId.values()];
}

type LeadSituation = 'todays' | 'missed' | 'upcoming' | 'not-actioned' | 'converted' | 'lost' | 'fresh';

const FOLLOWUP_REMARKS = [
  'Called the purchase head; asked for a catalogue of display options.',
  'Shared the company profile and past work on WhatsApp.',
  'Site visit done; measurements taken for the counter area.',
  'Customer wants a revised design with more LED lighting.',
  'Sent the quotation; customer comparing with two other vendors.',
  'Budget approval pending from their head office.',
  'Asked to call back after the festive season.',
  'Negotiating on price; they want 8% off for a repeat order.',
];

/**
 * Leads of sales.exec and sales.senior (a few of the manager's): open ones with follow-ups
 * due today, missed or upcoming, some never actioned, and closed ones converted or lost with
 * the remark that closed them.
 */
export function generateLeads(ctx: SeedContext, count: number): void {
  const { rng, cal, data } = ctx;
  const situations: [LeadSituation, number][] = [
    ['todays', 12],
    ['missed', 14],
    ['upcoming', 20],
    ['not-actioned', 10],
    ['converted', 18],
    ['lost', 18],
    ['fresh', 8],
  ];
  const owners: [Staff, number][] = [
    ['sales.exec', 45],
    ['sales.senior', 40],
    ['sales.manager', 15],
  ];
  const sources = LEAD_SOURCES.map((s) => s.value).filter((s) => s !== 'All');
  for (let i = 0; i < count; i++) {
    // The first leads give each executive one lead in every situation.
    const covering = i < situations.length * 2;
    const situation = covering ? situations[i % situations.length]![0] : rng.weighted(situations);
    const owner = covering ? (i < situations.length ? 'sales.exec' : 'sales.senior') : rng.weighted(owners);
    // A lead stays new until someone follows it up (and writes a remark).
    const openStages: LeadStage[] = situation === 'not-actioned' || situation === 'fresh' ? ['new'] : ['followup', 'negotiation'];
    const stage: LeadStage = situation === 'converted' || situation === 'lost' ? situation : openStages[i % openStages.length]!;
    const createdDaysAgo =
      situation === 'fresh' ? 0 : situation === 'converted' || situation === 'lost' ? rng.int(20, HISTORY_DAYS - 5) : situation === 'not-actioned' ? rng.int(1, 45) : rng.int(3, 120);
    const created = situation === 'fresh' ? cal.ago(0, rng.int(1, 30)) : cal.ago(createdDaysAgo, rng.int(0, 600));
    const followup =
      situation === 'todays'
        ? cal.today
        : situation === 'missed'
          ? cal.dayAfter(cal.now, -rng.int(1, Math.min(20, createdDaysAgo)))
          : situation === 'upcoming' || situation === 'not-actioned'
            ? cal.dayAfter(cal.now, rng.int(1, 21))
            : situation === 'fresh'
              ? null
              : cal.dayAfter(created, rng.int(3, 15));
    const [city] = rng.pick(CITIES);
    const at = cal.ts(created);
    const lead = data.add(leads, {
      assign_to: ctx.user(owner),
      stage,
      followup_date: followup,
      source: rng.cover(i, sources.map((s) => [s, 1] as const)),
      requirement: rng.cover(i, LEAD_REQUIREMENTS.map((r) => [r.value, 1] as const)),
      lead_type: rng.cover(i, LEAD_TYPES.map((t) => [t.value, 1] as const)),
      company: ctx.mode === 'demo' ? rng.pick(PROSPECTS) : `${rng.pick(SCALE_PREFIXES)} ${rng.pick(SCALE_TRADES)}`,
      contact_person: ctx.personName(),
      contact_number: ctx.phone(),
      location: city,
      status: rng.cover(i, LEAD_STATUSES.map((s) => [s.value, 1] as const)),
      potential: money(rupees(rng.int(50, 2500) * 1000)),
      created_by: ctx.user(owner),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    if (situation === 'not-actioned' || situation === 'fresh') continue;
    const remarks = rng.int(1, 3);
    let when = created;
    for (let r = 0; r < remarks; r++) {
      when = cal.after(when, rng.int(1, Math.max(1, Math.floor(createdDaysAgo / (remarks + 1)))), rng.int(0, 300));
      data.add(leadRemarks, { lead, remark: rng.pick(FOLLOWUP_REMARKS), created_by: ctx.user(owner), created_at: cal.ts(when), updated_at: cal.ts(when) });
    }
    if (stage === 'converted' || stage === 'lost') {
      when = cal.after(when, rng.int(1, 10));
      const remark = stage === 'converted' ? 'Order confirmed: PO received, passed to the sales desk for a job order.' : rng.pick(['Lost to a local vendor on price.', 'Project shelved by the customer.', 'Customer went with an imported display system.']);
      data.add(leadRemarks, { lead, remark, created_by: ctx.user(owner), created_at: cal.ts(when), updated_at: cal.ts(when) });
    }
  }
}

export interface QuotationRef {
  id: number;
  customer: CustomerRef;
  branch: number | null;
  at: number;
  lines: Line[];
}

const QUOTATION_TERMS = 'Prices ex-works Pune. GST extra as applicable. 50% advance with PO, balance before dispatch. Delivery 3-4 weeks from approval of drawings.';

/** Priced quotations, numbered from `firstNumber`; some revised (earlier revisions kept), some cancelled. */
export function generateQuotations(ctx: SeedContext, count: number, customers: CustomerRef[], firstNumber: number): QuotationRef[] {
  const { rng, cal, data } = ctx;
  const live: QuotationRef[] = [];
  for (let i = 0; i < count; i++) {
    const variant = rng.cover(i, [['plain', 70], ['revised', 18], ['cancelled', 8], ['discounted', 14]] as const);
    const customer = rng.pick(customers);
    const created = customerDate(ctx, customer, cal.ago(HISTORY_DAYS));
    const date = cal.date(created);
    const branch = rng.chance(0.7) ? (activeBranch(ctx, customer)?.id ?? null) : null;
    const lines = productLines(ctx, rng.int(1, 5));
    const discounts = lines.map((l) => (variant === 'discounted' || rng.chance(0.15) ? Math.floor(l.amount / 100 / 20) * 100 : 0));
    const taxRate = rng.chance(0.85) ? 18 : 12;
    const subtotal = sumOf(lines.map((l) => l.amount));
    const discount = sumOf(discounts);
    const tax = taxOn(subtotal - discount, taxRate);
    const revision = variant === 'revised' ? rng.int(2, 3) : 1;
    const exec = rng.pick(['sales.exec', 'sales.senior', 'sales.manager'] as const);
    const deletedAt = variant === 'cancelled' ? cal.ts(cal.after(created, rng.int(2, 30))) : null;
    const revisedAt = revision > 1 ? cal.after(created, rng.int(2, 20)) : created;
    const entity = rng.pick(COMPANY.entities);
    const subject = `Supply of ${lines[0]!.description.toLowerCase()}${lines.length > 1 ? ' and related items' : ''}`;
    const id = data.add(quotations, {
      number: firstNumber + i,
      customer: customer.id,
      branch,
      sales_exec: ctx.user(exec),
      monarch_entity: entity,
      quotation_date: date,
      subject,
      terms: QUOTATION_TERMS,
      subtotal: money(subtotal),
      discount_total: money(discount),
      tax_rate: money(taxRate * 100),
      tax_amount: money(tax),
      total_amount: money(subtotal - discount + tax),
      revision,
      created_by: ctx.user(exec),
      created_at: cal.ts(created),
      updated_at: cal.ts(Math.max(revisedAt, deletedAt ? Date.parse(deletedAt) : 0)),
      deleted_at: deletedAt,
    });
    lines.forEach((line, k) => {
      data.add(quotationItems, {
        quotation: id,
        code: customer.lpoCodes[k] ?? `MDS-${line.product.hsn}-${k + 1}`,
        description: line.description,
        quantity: qty(line.quantity),
        unit_price: money(line.price),
        discount: money(discounts[k]!),
        gross_price: money(line.amount - discounts[k]!),
        image_path: null,
        created_by: ctx.user(exec),
        created_at: cal.ts(revisedAt),
        updated_at: cal.ts(revisedAt),
        deleted_at: null,
      });
    });
    // Each earlier revision as it stood: the same lines at the prices first offered.
    for (let r = 1; r < revision; r++) {
      const markup = 1 + (revision - r) * 0.05;
      const amounts = lines.map((l) => Math.round((l.quantity * Math.round((l.price * markup) / 100) * 100) / 1000));
      const items = lines.map((l, k) => {
        const price = Math.round((l.price * markup) / 100) * 100;
        const code = customer.lpoCodes[k] ?? `MDS-${l.product.hsn}-${k + 1}`;
        // The same lines at the prices first offered; without ids, revisions compare them by their place.
        return { id: null, code, description: l.description, quantity: qty(l.quantity), unit: 'PCS', unit_price: money(price), discount: '0.00', gross_price: money(amounts[k]!), image_path: null };
      });
      const offered = sumOf(amounts);
      const snapshotHeader = { customer: customer.id, branch, sales_exec: ctx.user(exec), lead: null, monarch_entity: entity, quotation_date: date, subject, terms: QUOTATION_TERMS };
      const tax = taxOn(offered, taxRate);
      data.add(quotationVersions, {
        quotation: id,
        revision: r,
        snapshot: { revision: r, ...snapshotHeader, tax_rate: money(taxRate * 100), subtotal: money(offered), discount_total: '0.00', tax_amount: money(tax), total_amount: money(offered + tax), items },
        created_by: ctx.user(exec),
        created_at: cal.ts(revisedAt),
        updated_at: cal.ts(revisedAt),
      });
    }
    if (!deletedAt) live.push({ id, customer, branch, at: revisedAt, lines });
  }
  return live;
}

export interface SalesOrderRef {
  id: number;
  customer: CustomerRef;
  branch: number | null;
  quotation: number | null;
  status: SalesOrderStatus;
  at: number;
  /** Advance received with the order, paise. */
  advance: number;
  /** The job order raised from it, if any (it is invoiced through the job order). */
  job?: number;
  lines: (Line & { id: number })[];
}

const SALES_ORDER_PATH: readonly SalesOrderStatus[] = ['draft', 'sent', 'accepted', 'in_production', 'completed'];

/** How long ago orders in each status were placed (days), newest statuses newest. */
const ORDER_AGE: Record<SalesOrderStatus, readonly [number, number]> = {
  draft: [0, 20],
  sent: [1, 30],
  accepted: [5, 150],
  in_production: [10, 200],
  completed: [40, HISTORY_DAYS - 10],
  cancelled: [10, HISTORY_DAYS - 10],
};

/**
 * Sales orders in every status, most from a quotation (taken out of `quotes`: a quotation is
 * ordered once), with the status history that led to their status; accepted and in-production
 * orders past their expected date are overdue.
 */
export function generateSalesOrders(ctx: SeedContext, count: number, customers: CustomerRef[], quotes: QuotationRef[]): SalesOrderRef[] {
  const { rng, cal, data } = ctx;
  const out: SalesOrderRef[] = [];
  const statuses: [SalesOrderStatus, number][] = [
    ['draft', 8],
    ['sent', 10],
    ['accepted', 18],
    ['in_production', 20],
    ['completed', 36],
    ['cancelled', 8],
  ];
  for (let i = 0; i < count; i++) {
    const status = rng.cover(i, statuses);
    const [minAge, maxAge] = ORDER_AGE[status];
    const target = cal.ago(rng.int(minAge, maxAge), rng.int(0, 500));
    const quote = quotes.length > 0 && rng.chance(0.6) ? quotes.splice(rng.int(0, quotes.length - 1), 1)[0]! : null;
    const customer = quote?.customer ?? rng.pick(customers);
    const created = Math.max(target, cal.after(quote?.at ?? customer.since, quote ? 1 : 0, 60));
    const lines = quote ? quote.lines : productLines(ctx, rng.int(1, 4));
    const total = sumOf(lines.map((l) => l.amount));
    const creator = ctx.user(rng.pick(['sales.exec', 'sales.senior', 'sales.manager'] as const));
    const path = status === 'cancelled' ? [...SALES_ORDER_PATH.slice(0, rng.int(1, 3)), 'cancelled' as const] : SALES_ORDER_PATH.slice(0, SALES_ORDER_PATH.indexOf(status) + 1);
    // Each step a few days after the last, the last no later than now.
    const steps: number[] = [created];
    for (let s = 1; s < path.length; s++) steps.push(cal.after(steps[s - 1]!, rng.int(1, Math.max(1, Math.floor(cal.age(created) / path.length))), rng.int(0, 200)));
    const accepted = path.includes('accepted');
    const advance = accepted && rng.chance(0.4) ? Math.floor(total / 100 / rng.pick([2, 3, 4])) * 100 : 0;
    const branch = activeBranch(ctx, customer)?.id ?? null;
    const id = data.add(salesOrders, {
      customer_po_number: `PO/${cal.date(created).slice(2, 4)}-${rng.digits(4)}`,
      order_date: cal.date(created),
      total_order_value: money(total),
      status,
      expected_delivery_date: cal.dayAfter(created, rng.int(15, 60)),
      customer: customer.id,
      branch: quote?.branch ?? branch,
      quotation: quote?.id ?? null,
      advance_pending: status === 'accepted' && advance === 0 && rng.chance(0.6),
      advance_amount: money(advance),
      remarks: status === 'cancelled' ? 'Cancelled at the customer’s request.' : '',
      created_by: creator,
      created_at: cal.ts(created),
      updated_at: cal.ts(steps[steps.length - 1]!),
      deleted_at: null,
    });
    const items = lines.map((line) => ({
      ...line,
      id: data.add(salesOrderItems, {
        sales_order: id,
        description: line.description,
        quantity: qty(line.quantity),
        unit_price: money(line.price),
        amount: money(line.amount),
        created_by: creator,
        created_at: cal.ts(created),
        updated_at: cal.ts(created),
        deleted_at: null,
      }),
    }));
    path.forEach((to, s) => {
      const at = cal.ts(steps[s]!);
      data.add(salesOrderStatusHistory, {
        sales_order: id,
        from_status: s === 0 ? null : path[s - 1]!,
        to_status: to,
        changed_by: creator,
        changed_at: at,
        note: to === 'cancelled' ? 'Customer cancelled the order.' : '',
        created_by: creator,
        created_at: at,
        updated_at: at,
      });
    });
    out.push({ id, customer, branch: quote?.branch ?? branch, quotation: quote?.id ?? null, status, at: created, advance, lines: items });
  }
  return out;
}
