import { describe, expect, it } from 'vitest';
import { costingProblem, costLine, estimationTotalOf, rateChanged, unitPriceOf, type CostingLineInput, type CostingMaterial, type ProductSizes } from '../../domain/estimation-costing';

/**
 * The costing math of domain/estimation-costing.ts against tables worked out by hand: each row
 * says the sum that gives its figures.
 */

const noSizes: ProductSizes = { width: null, height: null };
const line = (values: Partial<CostingLineInput>): CostingLineInput => ({ pieces: '1', length: null, width: null, wastage_percent: '0', quantity: null, ...values });

const acrylic: CostingMaterial = { unit: 'SQMTR', rate: '1450.00' };
const sheet: CostingMaterial = { unit: 'SHEET', rate: '3200.00' };
const pipe: CostingMaterial = { unit: 'FEET', rate: '48.50' };
const ssPipe: CostingMaterial = { unit: 'MTRS', rate: '210.50' };
const angle: CostingMaterial = { unit: 'KG', rate: '72.00', kg_per_metre: '2.42' };
const screws: CostingMaterial = { unit: 'PCS', rate: '12.50' };

describe('a costing line measured from its sizes', () => {
  const rows: [string, CostingMaterial, CostingLineInput, ProductSizes, { base_quantity: string; quantity: string; rate: string; amount: string }][] = [
    // 2 × 600 × 400 mm = 480,000 mm² = 0.48 m²; +10% = 0.528 m²; × 1,450.00 = 765.60.
    ['area in m², with wastage', acrylic, line({ pieces: '2', length: '600', width: '400', wastage_percent: '10' }), noSizes, { base_quantity: '0.480', quantity: '0.528', rate: '1450.00', amount: '765.60' }],
    // The product's face: 1,200 × 800 mm = 0.96 m²; × 1,450.00 = 1,392.00.
    ['area of the product face', acrylic, line({}), { width: '1200', height: '800' }, { base_quantity: '0.960', quantity: '0.960', rate: '1450.00', amount: '1392.00' }],
    // 2 × 1,220 × 610 = 1,488,400 mm² over an 8 × 4 sheet of 2,440 × 1,220 = 2,976,800 mm²: 0.5 sheet; × 3,200.00 = 1,600.00.
    ['sheets of a standard 8 × 4 sheet', sheet, line({ pieces: '2', length: '1220', width: '610' }), noSizes, { base_quantity: '0.500', quantity: '0.500', rate: '3200.00', amount: '1600.00' }],
    // The same with 5% wastage: 0.525 sheet × 3,200.00 = 1,680.00.
    ['sheets with wastage', sheet, line({ pieces: '2', length: '1220', width: '610', wastage_percent: '5' }), noSizes, { base_quantity: '0.500', quantity: '0.525', rate: '3200.00', amount: '1680.00' }],
    // A 3,050 × 1,525 sheet (4,651,250 mm²): 1,000 × 1,000 is 0.214996 of it, 0.215 sheet; × 3,200.00 = 688.00.
    ['sheets of the material’s own sheet', { ...sheet, sheet_length: '3050', sheet_width: '1525' }, line({ length: '1000', width: '1000' }), noSizes, { base_quantity: '0.215', quantity: '0.215', rate: '3200.00', amount: '688.00' }],
    // 4 × 914.4 mm = 3,657.6 mm = 12 ft; × 48.50 = 582.00.
    ['running length in feet', pipe, line({ pieces: '4', length: '914.4' }), noSizes, { base_quantity: '12.000', quantity: '12.000', rate: '48.50', amount: '582.00' }],
    // 2 × the product's width 1,200 mm = 2,400 mm = 7.874016 ft, 7.874 ft; × 48.50 = 381.889, 381.89.
    ['running length in feet along the product', pipe, line({ pieces: '2' }), { width: '1200', height: null }, { base_quantity: '7.874', quantity: '7.874', rate: '48.50', amount: '381.89' }],
    // 3 × 1,500 mm = 4.5 m; +2.5% = 4.6125 m, 4.613 m (half up); × 210.50 = 971.0365, 971.04.
    ['running length in metres, rounded half up', ssPipe, line({ pieces: '3', length: '1500', wastage_percent: '2.5' }), noSizes, { base_quantity: '4.500', quantity: '4.613', rate: '210.50', amount: '971.04' }],
    // 4 × 750 mm = 3 m × 2.42 kg/m = 7.26 kg; × 72.00 = 522.72.
    ['weight by kilos per metre', angle, line({ pieces: '4', length: '750' }), noSizes, { base_quantity: '7.260', quantity: '7.260', rate: '72.00', amount: '522.72' }],
    // 333 × 333 mm = 0.110889 m², 0.111 m²; × 99.99 = 11.09889, 11.10.
    ['quantity to 3 places, amount to the paisa', { unit: 'SQMTR', rate: '99.99' }, line({ length: '333', width: '333' }), noSizes, { base_quantity: '0.111', quantity: '0.111', rate: '99.99', amount: '11.10' }],
  ];
  for (const [name, material, input, product, expected] of rows) {
    it(name, () => {
      expect(costingProblem(material, input, product)).toBeNull();
      expect(costLine(material, input, product)).toEqual(expected);
    });
  }
});

describe('a costing line whose quantity is typed', () => {
  it('counts pieces by hand: 8 × 12.50 = 100.00; with 10% wastage 8.8 × 12.50 = 110.00', () => {
    expect(costLine(screws, line({ quantity: '8' }), noSizes)).toEqual({ base_quantity: '8.000', quantity: '8.000', rate: '12.50', amount: '100.00' });
    expect(costLine(screws, line({ quantity: '8', wastage_percent: '10' }), noSizes)).toEqual({ base_quantity: '8.000', quantity: '8.800', rate: '12.50', amount: '110.00' });
  });

  it('overrides the measurement: 1.25 m² typed beside 600 × 400 mm costs 1.25 × 1,450.00 = 1,812.50', () => {
    expect(costLine(acrylic, line({ length: '600', width: '400', quantity: '1.25' }), { width: '1200', height: '800' })).toEqual({ base_quantity: '1.250', quantity: '1.250', rate: '1450.00', amount: '1812.50' });
  });

  it('takes a given rate over the material’s: 8 × 11.75 = 94.00; and rounds half a paisa up: 0.001 × 5 = 0.005, 0.01', () => {
    expect(costLine(screws, line({ quantity: '8', rate: '11.75' }), noSizes).amount).toBe('94.00');
    expect(costLine(screws, line({ quantity: '0.001', rate: '5' }), noSizes).amount).toBe('0.01');
  });
});

describe('why a line cannot be costed', () => {
  it('names each missing size, the weight per metre, and a counted line’s quantity', () => {
    expect(costingProblem(screws, line({}), noSizes)).toBe('A quantity is required for a material counted by hand.');
    expect(costingProblem(ssPipe, line({}), noSizes)).toBe('A length is required: give the part or the product a width.');
    expect(costingProblem(acrylic, line({ length: '600' }), noSizes)).toBe('A width is required: give the part or the product a height.');
    expect(costingProblem(sheet, line({}), { width: '1200', height: null })).toBe('A width is required: give the part or the product a height.');
    expect(costingProblem({ unit: 'KG', rate: '72.00' }, line({ length: '750' }), noSizes)).toBe('The material has no weight per metre: set it before costing by weight.');
  });

  it('has nothing against a typed quantity, whatever the unit', () => {
    for (const material of [acrylic, sheet, pipe, { unit: 'KG', rate: '1' } as CostingMaterial, screws]) expect(costingProblem(material, line({ quantity: '2' }), noSizes)).toBeNull();
  });
});

describe('a product’s unit price and an estimation’s cost', () => {
  it('adds the overhead on top of the lines: 765.60 + 1,600.00 + 582.00 = 2,947.60; +12.5% = 3,316.05', () => {
    expect(unitPriceOf(['765.60', '1600.00', '582.00'], '12.5')).toBe('3316.05');
    expect(unitPriceOf(['765.60', '1600.00', '582.00'], '0')).toBe('2947.60');
  });

  it('rounds the unit price to the paisa: 100.01 + 7.5% = 107.51075, 107.51; no lines cost nothing', () => {
    expect(unitPriceOf(['100.01'], '7.5')).toBe('107.51');
    expect(unitPriceOf([], '10')).toBe('0.00');
  });

  it('sums quantity × unit price to the paisa: 2 × 3,316.05 + 1.5 × 107.51 = 6,632.10 + 161.265 = 6,793.37', () => {
    expect(
      estimationTotalOf([
        { quantity: '2', unit_price: '3316.05' },
        { quantity: '1.5', unit_price: '107.51' },
      ]),
    ).toBe('6793.37');
  });

  it('tells a new rate from the same one written differently', () => {
    expect(rateChanged('48.5', '48.50')).toBe(false);
    expect(rateChanged('48.50', '49')).toBe(true);
  });
});
