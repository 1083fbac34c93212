import { add, compare, div, mul, sub, sum, toMoney, type Decimal } from '../../../domain/decimal';
import { costingMeasureOf, costingProblem, costLine, unitPriceOf, type CostedLine, type CostingMeasure, type ProductSizes } from '../../../domain/estimation-costing';
import type { EstimationMaterial } from '../../../domain/estimation-material';
import { costingSaveLineSchema, type CostingSaveLine, type EstimationViewDetail, type EstimationViewProduct } from '../../../domain/estimation';

/** A line of the costing sheet as typed: every figure as text, the material by its id once its name matches one. */
export interface SheetRow {
  key: string;
  /** The line's id on the server; none for a line added here. */
  id?: number;
  materialText: string;
  material: number | null;
  description: string;
  pieces: string;
  length: string;
  width: string;
  wastage: string;
  /** Typed for a counted material, or to override a measured one; blank to measure. */
  quantity: string;
  /** Blank for the material's rate. */
  rate: string;
}

let made = 0;
const nextKey = () => `line-${(made += 1)}`;

export const blankRow = (): SheetRow => ({ key: nextKey(), material: null, materialText: '', description: '', pieces: '1', length: '', width: '', wastage: '0', quantity: '', rate: '' });

/** A typed line's quantity as typed: the server stores it with the wastage on top (decision 350). */
const typedQuantityOf = (line: Pick<EstimationViewDetail, 'quantity' | 'wastage_percent'>) =>
  compare(line.wastage_percent, '0') === 0 ? line.quantity : div(mul(line.quantity, '100'), add('100', line.wastage_percent), 3);

/**
 * A line as the server has it, as the sheet shows it (a measured line's quantity left to be
 * measured again). A line of a save still waiting on the device has no server id yet (0): it is
 * sent again as a new line, the waiting save's own then left out and removed.
 */
export const rowOf = (line: EstimationViewDetail): SheetRow => ({
  key: nextKey(),
  ...(line.id > 0 ? { id: line.id } : {}),
  material: line.estimation_material,
  materialText: line.material_name,
  description: line.description,
  pieces: line.pieces,
  length: line.length ?? '',
  width: line.width ?? '',
  wastage: line.wastage_percent,
  quantity: line.measured ? '' : typedQuantityOf(line),
  rate: line.rate,
});

/** The material whose name is typed (any case), if any. */
export const materialNamed = (materials: readonly EstimationMaterial[], text: string): EstimationMaterial | undefined => {
  const wanted = text.trim().toLowerCase();
  return wanted ? materials.find((m) => m.name.toLowerCase() === wanted) : undefined;
};

const blankAsNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The line as the save sends it (before the schema's defaults). */
export const lineInputOf = (row: SheetRow): Record<string, unknown> => ({
  ...(row.id !== undefined ? { id: row.id } : {}),
  estimation_material: row.material,
  description: row.description.trim(),
  pieces: row.pieces.trim(),
  length: blankAsNull(row.length),
  width: blankAsNull(row.width),
  wastage_percent: row.wastage.trim() || '0',
  quantity: blankAsNull(row.quantity),
  ...(row.rate.trim() ? { rate: row.rate.trim() } : {}),
});

export const CHOOSE_MATERIAL = 'Choose a material from the list.';

export interface RowFigures {
  measure: CostingMeasure | null;
  /** Why the line cannot be saved or costed yet; null when it can. */
  problem: string | null;
  costed: CostedLine | null;
  line: CostingSaveLine | null;
}

/** A row's figures, live: what the server will store for it, or why it cannot be costed. */
export function figuresOf(row: SheetRow, material: EstimationMaterial | undefined, sizes: ProductSizes): RowFigures {
  const measure = material ? costingMeasureOf(material.unit) : null;
  if (!material) return { measure, problem: CHOOSE_MATERIAL, costed: null, line: null };
  const parsed = costingSaveLineSchema.safeParse({ ...lineInputOf(row), estimation_material: material.id });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { measure, problem: `${FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`, costed: null, line: null };
  }
  const input = { ...parsed.data, length: parsed.data.length ?? null, width: parsed.data.width ?? null, rate: parsed.data.rate ?? null };
  const problem = costingProblem(material, input, sizes);
  return { measure, problem, costed: problem ? null : costLine(material, input, sizes), line: parsed.data };
}

const FIELD_NAMES: Readonly<Record<string, string>> = { pieces: 'Pieces', length: 'Length', width: 'Width', wastage_percent: 'Wastage', quantity: 'Quantity', rate: 'Rate', description: 'Description' };

/** The product's figures from its lines: direct cost, overhead, unit price, and the product's total. */
export function sheetTotals(amounts: readonly Decimal[], product: Pick<EstimationViewProduct, 'overhead_percent' | 'quantity'>) {
  const direct = toMoney(sum(amounts));
  const unitPrice = unitPriceOf(amounts, product.overhead_percent);
  return { direct, overhead: sub(unitPrice, direct), unitPrice, total: toMoney(mul(product.quantity, unitPrice)) };
}
