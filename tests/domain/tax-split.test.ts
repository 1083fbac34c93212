import { describe, expect, it } from 'vitest';
import { invoiceTotals, taxSplitByRate, type InvoiceLineInput } from '../../domain/totals';

const line = (quantity: string, unit_price: string, tax_rate: string, discount = '0'): InvoiceLineInput => ({ quantity, unit_price, tax_rate, discount });

/** 3 × 1,234.56 less 203.68 at 18 %, 7 × 13.33 at 5 %, and 4 × 25.00 at 18.00 % (the same rate written otherwise). */
const lines = [line('3', '1234.56', '18', '203.68'), line('7', '13.33', '5'), line('4', '25', '18.00')];

describe("an invoice's tax split by GST rate", () => {
  it('inside the state: each rate once, lowest first, its lines\' taxable value, CGST and SGST added up', () => {
    const totals = invoiceTotals(lines, 'Maharashtra', 'Maharashtra');
    expect(taxSplitByRate(lines, totals.lines)).toEqual([
      // 93.31 × 2.5 % = 2.33275: 2.33 each.
      { tax_rate: '5.00', taxable_amount: '93.31', cgst_amount: '2.33', sgst_amount: '2.33', igst_amount: '0.00', tax_amount: '4.66' },
      // 3,500.00 × 9 % = 315.00 and 100.00 × 9 % = 9.00 each.
      { tax_rate: '18.00', taxable_amount: '3600.00', cgst_amount: '324.00', sgst_amount: '324.00', igst_amount: '0.00', tax_amount: '648.00' },
    ]);
    expect([totals.cgst_amount, totals.tax_amount]).toEqual(['326.33', '652.66']);
  });

  it('across states: the whole rate as IGST, adding up to the invoice\'s IGST', () => {
    const totals = invoiceTotals(lines, 'Maharashtra', 'Karnataka');
    expect(taxSplitByRate(lines, totals.lines)).toEqual([
      // 93.31 × 5 % = 4.6655: 4.67.
      { tax_rate: '5.00', taxable_amount: '93.31', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '4.67', tax_amount: '4.67' },
      { tax_rate: '18.00', taxable_amount: '3600.00', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '648.00', tax_amount: '648.00' },
    ]);
    expect(totals.igst_amount).toBe('652.67');
  });
});
