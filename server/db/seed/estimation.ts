import { sql } from 'drizzle-orm';
import type { EstimationStatus } from '../../../domain/estimation';
import { ESTIMATION_MATERIAL_CATEGORIES } from '../../../domain/estimation-material';
import type { MaterialUnit } from '../../../domain/material';
import { queryRows, type Db } from '../client';
import { boqDrafts, estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts, estimations, estimationVersions } from '../schema';
import { HISTORY_DAYS, type CustomerRef, type SeedContext } from './context';
import { PRODUCTS, sumOf } from './products';
import type { QuotationRef } from './sales';
import { lineAmount, money, qty, units } from './values';

type Category = (typeof ESTIMATION_MATERIAL_CATEGORIES)[number]['value'];

/** The design department's costing materials per category: name, unit, rate in paise. */
const COSTING: Record<Category, readonly (readonly [string, MaterialUnit, number])[]> = {
  MS: [['MS Square Pipe 25x25x1.6 mm', 'KG', 7800], ['MS Flat 40x5 mm', 'KG', 7200], ['MS Angle 35x35x5 mm', 'KG', 7500], ['MS Sheet 1.2 mm', 'KG', 8000]],
  'SS square and round pipe': [['SS 304 Round Pipe 25 mm', 'FT', 21000], ['SS 304 Square Pipe 25x25 mm', 'FT', 23000], ['SS 202 Round Pipe 19 mm', 'FT', 12000]],
  'sheet and rod': [['Clear Acrylic Rod 10 mm', 'FEET', 9000], ['Polycarbonate Sheet 3 mm', 'SQMTR', 145000], ['Sunboard 5 mm', 'SHEET', 85000]],
  'aluminium sheet': [['Aluminium Sheet 1.5 mm', 'SQMTR', 165000], ['ACP Sheet 4 mm', 'SQMTR', 125000]],
  'toughened glass': [['Toughened Glass 8 mm', 'SQMTR', 190000], ['Toughened Glass 12 mm', 'SQMTR', 270000], ['Glass Edge Polishing', 'MTRS', 9500]],
  acrylic: [['Clear Acrylic 3 mm', 'SQMTR', 110000], ['Opal Acrylic 5 mm', 'SQMTR', 165000], ['Mirror Acrylic 2 mm', 'SQMTR', 150000]],
  wooden: [['MDF 18 mm', 'SHEET', 230000], ['BWR Plywood 19 mm', 'SHEET', 310000], ['Particle Board 18 mm', 'SHEET', 160000]],
  'solid wood': [['Teak Wood Section', 'FT', 45000], ['Rubber Wood Section', 'FT', 18000]],
  laminate: [['Laminate 1 mm', 'SHEET', 125000], ['Teak Veneer', 'SQMTR', 90000], ['PVC Edge Banding', 'MTRS', 2200]],
  'MS and SS laser cutting': [['Laser Cutting MS up to 3 mm', 'MM', 15], ['Laser Cutting SS up to 2 mm', 'MM', 25], ['CNC Bending', 'PCS', 2500]],
  hardware: [['Soft Close Hinge', 'PCS', 16000], ['Telescopic Channel 18 in', 'SET', 48000], ['Glass Clamp', 'PCS', 12000], ['Castor Wheel 3 in', 'PCS', 18000]],
  'painting/polish': [['PU Polish', 'SQMTR', 65000], ['Duco Paint', 'SQMTR', 55000], ['Melamine Polish', 'SQMTR', 38000]],
  'powder coating': [['Powder Coating', 'SQMTR', 14000], ['Powder Coating Small Parts', 'PCS', 3500]],
  'service rate': [['Carpenter', 'DAYS', 120000], ['Fabricator', 'DAYS', 110000], ['Installation Team', 'MANPOWER', 150000], ['Site Supervisor', 'DAYS', 180000]],
  'finishing rate': [['Buffing & Polishing', 'SQMTR', 22000], ['Sanding & Putty', 'SQMTR', 16000]],
  miscellaneous: [['Local Transport', 'ADHOC', 350000], ['Packing Charges', 'ADHOC', 150000], ['Velvet Fabric', 'MTRS', 32000], ['Printed Vinyl', 'SQMTR', 45000], ['Screws & Fixings', 'PKT', 9000], ['LED Strip', 'ROLL', 90000]],
};

interface CostingMaterial {
  id: number;
  unit: MaterialUnit;
  rate: number;
}

/**
 * The 16 costing categories (in a scale run: those missing from the database) and their
 * materials; a scale run adds `count` more materials with unique names.
 */
export async function generateCostingMaterials(db: Db, ctx: SeedContext, count: number): Promise<CostingMaterial[]> {
  const { rng, cal, data } = ctx;
  const design = ctx.user('design');
  const at = cal.ts(cal.ago(HISTORY_DAYS, 700));
  const existing =
    ctx.mode === 'demo'
      ? []
      : await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM estimation_material_categories WHERE deleted_at IS NULL ORDER BY id`);
  const categories = new Map<string, number>(existing.map((c) => [c.name, c.id]));
  for (const { value } of ESTIMATION_MATERIAL_CATEGORIES) {
    if (!categories.has(value)) categories.set(value, data.add(estimationMaterialCategories, { name: value, created_by: design, created_at: at, updated_at: at, deleted_at: null }));
  }
  const add = (category: number, name: string, unit: MaterialUnit, rate: number): CostingMaterial => ({
    id: data.add(estimationMaterials, { category, name, unit, rate: money(rate), created_by: design, created_at: at, updated_at: at, deleted_at: null }),
    unit,
    rate,
  });
  const entries = Object.entries(COSTING) as [Category, (typeof COSTING)[Category]][];
  if (ctx.mode === 'demo') return entries.flatMap(([category, items]) => items.map(([name, unit, rate]) => add(categories.get(category)!, name, unit, rate)));
  return Array.from({ length: count }, () => {
    const [category, items] = rng.pick(entries);
    const [name, unit, rate] = rng.pick(items);
    return add(categories.get(category)!, ctx.unique(name), unit, Math.max(1, Math.round(rate * (0.9 + rng.float() * 0.2))));
  });
}

/**
 * Estimations in every status, some cancelled: products with outer sizes, each costed per unit
 * by its lines (unit price = sum of the lines), the estimation's total = Σ quantity × unit price.
 * Every third approved one whose customer has a live quotation became it (quoted); each
 * submitted costing is kept as a version, and an approved one again when it was approved.
 */
export function generateEstimations(ctx: SeedContext, count: number, customers: CustomerRef[], costing: CostingMaterial[], quotations: readonly QuotationRef[]): void {
  const { rng, cal, data } = ctx;
  const design = ctx.user('design');
  const approver = ctx.user('costing.manager');
  const states: [EstimationStatus | 'cancelled', number][] = [
    ['draft', 22],
    ['submitted', 25],
    ['approved', 30],
    ['rejected', 13],
    ['cancelled', 8],
  ];
  const quotedAlready = new Set<number>();
  for (let i = 0; i < count; i++) {
    const state = rng.cover(i, states);
    const customer = rng.pick(customers);
    const created = Math.max(ctx.pastInstant(state === 'draft' ? 3 : 1), cal.after(customer.since, 1));
    const updated = state === 'draft' ? created : cal.after(created, rng.int(1, 20), rng.int(0, 300));
    const products = rng.sample(PRODUCTS, rng.int(1, 3));
    const quoted = state === 'approved' && i % 3 === 0 ? quotations.find((q) => q.customer.id === customer.id && !quotedAlready.has(q.id)) : undefined;
    if (quoted) quotedAlready.add(quoted.id);
    const status = state === 'cancelled' ? rng.pick(['draft', 'submitted'] as const) : quoted ? 'quoted' : state;
    // Submitted the day it was costed; approved by the costing manager when it was last touched.
    const id = data.add(estimations, {
      customer: customer.id,
      title: `${products[0]!.name} for ${customer.name}`,
      estimation_date: cal.date(created),
      status,
      total_cost: money(0),
      submitted_at: status === 'draft' ? null : cal.ts(created),
      approved_by: status === 'approved' || status === 'quoted' ? approver : null,
      approved_at: status === 'approved' || status === 'quoted' ? cal.ts(updated) : null,
      quotation: quoted?.id ?? null,
      created_by: design,
      created_at: cal.ts(created),
      updated_at: cal.ts(updated),
      deleted_at: state === 'cancelled' ? cal.ts(updated) : null,
    });
    const kept: unknown[] = [];
    const totals = products.map((product) => {
      const lines = rng.sample(costing, rng.int(2, 6)).map((material) => {
        // Pieces, days and cut lengths in whole numbers; areas and weights to three decimals.
        const quantity =
          material.unit === 'MM' ? units(rng.int(500, 6000)) : ['PCS', 'SET', 'DAYS', 'MANPOWER', 'ADHOC', 'PKT', 'ROLL', 'SHEET'].includes(material.unit) ? units(rng.int(1, 6)) : rng.int(500, 12_000);
        return { material, quantity, amount: lineAmount(quantity, material.rate) };
      });
      const unitPrice = sumOf(lines.map((l) => l.amount));
      const pieces = rng.int(1, 12);
      const product_ = data.add(estimationProducts, {
        estimation: id,
        name: product.name,
        description: `${product.department} construction, finish as per reference`,
        quantity: qty(units(pieces)),
        unit_price: money(unitPrice),
        width: qty(units(rng.int(3, 24) * 100)),
        depth: qty(units(rng.int(3, 8) * 100)),
        height: qty(units(rng.int(6, 24) * 100)),
        created_by: design,
        created_at: cal.ts(created),
        updated_at: cal.ts(updated),
        deleted_at: null,
      });
      kept.push({ id: product_, name: product.name, quantity: qty(units(pieces)), unit_price: money(unitPrice), details: lines.map((l) => ({ estimation_material: l.material.id, quantity: qty(l.quantity), rate: money(l.material.rate), amount: money(l.amount) })) });
      for (const line of lines) {
        data.add(estimationProductDetails, {
          product: product_,
          estimation_material: line.material.id,
          description: '',
          quantity: qty(line.quantity),
          rate: money(line.material.rate),
          amount: money(line.amount),
          created_by: design,
          created_at: cal.ts(created),
          updated_at: cal.ts(created),
          deleted_at: null,
        });
      }
      if (rng.chance(0.3)) {
        data.add(boqDrafts, {
          product: product_,
          width: qty(units(rng.int(3, 24) * 100)),
          depth: rng.chance(0.7) ? qty(units(rng.int(3, 8) * 100)) : null,
          height: qty(units(rng.int(6, 24) * 100)),
          quantity: qty(units(pieces)),
          created_by: design,
          created_at: cal.ts(created),
          updated_at: cal.ts(created),
          deleted_at: null,
        });
      }
      return pieces * unitPrice;
    });
    const total = money(sumOf(totals));
    const estimation = data.get(estimations, id);
    estimation.total_cost = total;
    const versions = status === 'draft' ? [] : status === 'approved' || status === 'quoted' ? (['submitted', 'approved'] as const) : (['submitted'] as const);
    versions.forEach((reason, at) => {
      data.add(estimationVersions, {
        estimation: id,
        costing_version: at + 1,
        reason,
        total_cost: total,
        products: kept,
        created_by: reason === 'approved' ? approver : design,
        created_at: cal.ts(reason === 'approved' ? updated : created),
        updated_at: cal.ts(reason === 'approved' ? updated : created),
      });
    });
    estimation.costing_version = versions.length;
  }
}
