import { add, amountOf, compare, div, mul, sum, toMoney, toQuantity, type Decimal } from './decimal';
import type { MaterialUnit } from './material';

/**
 * Costing (business-areas.md §3 "Estimation"; decision 344): the one place that turns a costing
 * line's part sizes into a quantity of its material, and lines into a product's unit price. The
 * server stores what this computes; the costing sheet shows the same figures offline.
 *
 * A line measures a part of one unit of the product: `pieces` parts of `length` × `width` mm.
 * Without its own sizes a part takes the product's face: length = the product's width, width = its
 * height. The material's unit decides what is measured:
 * - area (SQMTR m², SQMM mm²; SHEET: area over the material's sheet, 2440 × 1220 mm unless set),
 * - running length (MTRS, FEET and FT, CMS, MM),
 * - weight (KG: running metres × the material's kg per metre: pipes, angles and sections),
 * - anything else (PCS, SET, DAYS, MANPOWER, LTRS, ADHOC…) is counted by hand: `quantity`.
 * A typed quantity is taken as it is, whatever the unit (a sheet bought whole): the line is then
 * not measured.
 * Wastage is added on top, in percent, and the result kept to 3 places; amount = quantity × rate
 * to the paisa. A product's unit price is its lines' amounts plus its overhead percent, to the paisa.
 */
export type CostingMeasure = 'area' | 'sheets' | 'length' | 'weight' | 'count';

const MEASURE: Partial<Record<MaterialUnit, { measure: CostingMeasure; per: Decimal }>> = {
  SQMTR: { measure: 'area', per: '1000000' },
  SQMM: { measure: 'area', per: '1' },
  SHEET: { measure: 'sheets', per: '1' },
  MTRS: { measure: 'length', per: '1000' },
  FEET: { measure: 'length', per: '304.8' },
  FT: { measure: 'length', per: '304.8' },
  CMS: { measure: 'length', per: '10' },
  MM: { measure: 'length', per: '1' },
  KG: { measure: 'weight', per: '1000' },
};

/** A standard 8 × 4 ft sheet, in millimetres: the sheet of a SHEET material that names none. */
export const STANDARD_SHEET = { length: '2440', width: '1220' } as const;

/** What a line's unit measures: computed lines ignore a typed quantity; counted lines need one. */
export const costingMeasureOf = (unit: MaterialUnit): CostingMeasure => MEASURE[unit]?.measure ?? 'count';

export interface CostingMaterial {
  unit: MaterialUnit;
  rate: Decimal;
  sheet_length?: Decimal | null;
  sheet_width?: Decimal | null;
  kg_per_metre?: Decimal | null;
}

export interface ProductSizes {
  width: Decimal | null;
  height: Decimal | null;
}

export interface CostingLineInput {
  pieces: Decimal;
  length: Decimal | null;
  width: Decimal | null;
  wastage_percent: Decimal;
  /** Typed by hand (per unit of product); null to measure it from the sizes. */
  quantity: Decimal | null;
  /** The rate used; the material's current rate when none is given. */
  rate?: Decimal | null;
}

export interface CostedLine {
  /** Before wastage. */
  base_quantity: Decimal;
  quantity: Decimal;
  rate: Decimal;
  amount: Decimal;
}

/** Why a line cannot be costed, in the API's words; null when it can. */
export function costingProblem(material: CostingMaterial, line: Pick<CostingLineInput, 'length' | 'width' | 'quantity'>, product: ProductSizes): string | null {
  if (line.quantity !== null) return null;
  const measure = costingMeasureOf(material.unit);
  const length = line.length ?? product.width;
  const width = line.width ?? product.height;
  if (measure === 'count') return line.quantity === null ? 'A quantity is required for a material counted by hand.' : null;
  if (length === null) return 'A length is required: give the part or the product a width.';
  if ((measure === 'area' || measure === 'sheets') && width === null) return 'A width is required: give the part or the product a height.';
  if (measure === 'weight' && !material.kg_per_metre) return 'The material has no weight per metre: set it before costing by weight.';
  return null;
}

/** The costed figures of one line (per unit of product); call costingProblem first. */
export function costLine(material: CostingMaterial, line: CostingLineInput, product: ProductSizes): CostedLine {
  const rule = MEASURE[material.unit];
  const length = line.length ?? product.width ?? '0';
  const width = line.width ?? product.height ?? '0';
  let base: Decimal;
  if (line.quantity !== null || !rule) base = line.quantity ?? '0';
  else if (rule.measure === 'area') base = div(mul(line.pieces, mul(length, width)), rule.per, 6);
  else if (rule.measure === 'sheets') {
    const sheet = mul(material.sheet_length ?? STANDARD_SHEET.length, material.sheet_width ?? STANDARD_SHEET.width);
    base = div(mul(line.pieces, mul(length, width)), sheet, 6);
  } else if (rule.measure === 'length') base = div(mul(line.pieces, length), rule.per, 6);
  else base = mul(div(mul(line.pieces, length), rule.per, 6), material.kg_per_metre ?? '0');
  const quantity = toQuantity(add(base, div(mul(base, line.wastage_percent), '100', 6)));
  const rate = line.rate ?? material.rate;
  return { base_quantity: toQuantity(base), quantity, rate, amount: amountOf(quantity, rate) };
}

/** One unit of a product: its lines' amounts with the overhead percent on top, to the paisa. */
export function unitPriceOf(amounts: readonly Decimal[], overheadPercent: Decimal): Decimal {
  const direct = sum(amounts);
  return toMoney(add(direct, div(mul(direct, overheadPercent), '100', 6)));
}

/** An estimation's cost: each product's quantity × unit price, to the paisa. */
export const estimationTotalOf = (products: readonly { quantity: Decimal; unit_price: Decimal }[]): Decimal => toMoney(sum(products.map((p) => mul(p.quantity, p.unit_price))));

/** The quoted rate of a product: its unit price with the margin percent on top, to the paisa. */
export const quotedRateOf = (unitPrice: Decimal, marginPercent: Decimal): Decimal => toMoney(add(unitPrice, div(mul(unitPrice, marginPercent), '100', 6)));

/** A rate that differs from another (re-pricing skips lines already at the new rate). */
export const rateChanged = (before: Decimal, after: Decimal): boolean => compare(before, after) !== 0;
