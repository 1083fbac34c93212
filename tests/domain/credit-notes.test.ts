import { describe, expect, it } from 'vitest';
import {
  creditNoteActionRefusal,
  creditNoteCreateSchema,
  creditNoteFigures,
  formatCreditNoteNumber,
  type CreditNoteInvoice,
  type CreditNoteLineInput,
  type EarlierCreditLine,
} from '../../domain/credit-note';
import type { IndianState } from '../../domain/india';

/**
 * The invoice of tests/domain/gst-invoices.test.ts: line 1 is 3 × 1,234.56 less 203.68 at 18 %
 * (taxable 3,500.00, CGST and SGST 315.00 each), line 2 is 7 × 13.33 at 5 % (taxable 93.31, CGST
 * and SGST 2.33 each); 4,227.97 rounded to 4,228.00.
 */
function invoice(customer_state: IndianState = 'Maharashtra'): CreditNoteInvoice {
  const intra = customer_state === 'Maharashtra';
  return {
    total_amount: '4228.00',
    company_state: 'Maharashtra',
    customer_state,
    lines: [
      { id: 11, description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3.000', unit_price: '1234.56', discount: '203.68', tax_rate: '18.00', taxable_amount: '3500.00', cgst_amount: intra ? '315.00' : '0.00', sgst_amount: intra ? '315.00' : '0.00', igst_amount: intra ? '0.00' : '630.00' },
      { id: 12, description: 'Printed gift bag', hsn_code: '4819', unit: 'NOS', quantity: '7.000', unit_price: '13.33', discount: '0.00', tax_rate: '5.00', taxable_amount: '93.31', cgst_amount: intra ? '2.33' : '0.00', sgst_amount: intra ? '2.33' : '0.00', igst_amount: intra ? '0.00' : '4.67' },
    ],
  };
}

const request = (invoice_item: number, quantity: string, more: Partial<CreditNoteLineInput> = {}): CreditNoteLineInput => ({ invoice_item, quantity, ...more });
/** One stand and two bags returned. */
const RETURN = [request(11, '1'), request(12, '2')];

describe('a credit note\'s GST, worked out by hand', () => {
  it('inside the state: the invoice line\'s discount in proportion, CGST and SGST per line, the total rounded to the rupee', () => {
    const figures = creditNoteFigures(invoice(), [], [], RETURN);
    if (!figures.ok) throw new Error(JSON.stringify(figures.problems));
    // One stand: 1,234.56 less a third of 203.68 (67.8933, so 67.89) = 1,166.67; 9 % of it is 105.0003, so 105.00.
    // Two bags: 26.66 at 2.5 % is 0.6665, so 0.67 each; 26.66 + 1.34 = 28.00.
    expect(figures.lines.map((l) => [l.invoice_item, l.description, l.hsn_code, l.unit, l.tax_rate, l.quantity, l.unit_price, l.discount])).toEqual([
      [11, 'Acrylic display stand', '3926', 'PCS', '18.00', '1', '1234.56', '67.89'],
      [12, 'Printed gift bag', '4819', 'NOS', '5.00', '2', '13.33', '0.00'],
    ]);
    expect(figures.totals.lines).toEqual([
      { amount: '1234.56', taxable_amount: '1166.67', cgst_amount: '105.00', sgst_amount: '105.00', igst_amount: '0.00', line_total: '1376.67' },
      { amount: '26.66', taxable_amount: '26.66', cgst_amount: '0.67', sgst_amount: '0.67', igst_amount: '0.00', line_total: '28.00' },
    ]);
    // 1,193.33 + 211.34 = 1,404.67, rounded to 1,405.00.
    expect(figures.totals).toMatchObject({
      subtotal: '1261.22',
      discount_amount: '67.89',
      taxable_amount: '1193.33',
      cgst_amount: '105.67',
      sgst_amount: '105.67',
      igst_amount: '0.00',
      tax_amount: '211.34',
      round_off: '0.33',
      total_amount: '1405.00',
    });
  });

  it('across states: IGST at the whole rate per line, as the invoice was charged', () => {
    const figures = creditNoteFigures(invoice('Karnataka'), [], [], RETURN);
    if (!figures.ok) throw new Error(JSON.stringify(figures.problems));
    // 18 % of 1,166.67 is 210.0006, so 210.00; 5 % of 26.66 is 1.333, so 1.33. 1,193.33 + 211.33 = 1,404.66.
    expect(figures.totals.lines.map((l) => [l.cgst_amount, l.sgst_amount, l.igst_amount, l.line_total])).toEqual([
      ['0.00', '0.00', '210.00', '1376.67'],
      ['0.00', '0.00', '1.33', '27.99'],
    ]);
    expect([figures.totals.igst_amount, figures.totals.round_off, figures.totals.total_amount]).toEqual(['211.33', '0.34', '1405.00']);
  });

  it('the whole invoice taken back is exactly the invoice', () => {
    const figures = creditNoteFigures(invoice(), [], [], [request(11, '3'), request(12, '7')]);
    if (!figures.ok) throw new Error(JSON.stringify(figures.problems));
    expect([figures.totals.taxable_amount, figures.totals.cgst_amount, figures.totals.round_off, figures.totals.total_amount]).toEqual(['3593.31', '317.33', '0.03', '4228.00']);
  });

  it('a price reduction credits the difference at a lower unit price, with no discount when one is given as 0', () => {
    const figures = creditNoteFigures(invoice(), [], [], [request(11, '3', { unit_price: '100', discount: '0' })]);
    if (!figures.ok) throw new Error(JSON.stringify(figures.problems));
    // 3 × 100 = 300.00; 9 % is 27.00 each; 354.00.
    expect(figures.totals).toMatchObject({ taxable_amount: '300.00', cgst_amount: '27.00', sgst_amount: '27.00', round_off: '0.00', total_amount: '354.00' });
  });
});

describe('what a credit note may take back', () => {
  const earlierReturn: EarlierCreditLine[] = [
    { invoice_item: 11, quantity: '1.000', taxable_amount: '1166.67', cgst_amount: '105.00', sgst_amount: '105.00', igst_amount: '0.00' },
    { invoice_item: 12, quantity: '2.000', taxable_amount: '26.66', cgst_amount: '0.67', sgst_amount: '0.67', igst_amount: '0.00' },
  ];

  it('no more of a line than the earlier credit notes left, at no more than the invoice\'s price, naming the line', () => {
    const figures = creditNoteFigures(invoice(), earlierReturn, ['1405.00'], [request(11, '3'), request(12, '5', { unit_price: '13.34' }), request(99, '1')]);
    expect(figures).toEqual({
      ok: false,
      problems: {
        'items.0.quantity': ['More than is left to credit of this line (2.000).'],
        'items.1.unit_price': ["More than the invoice's unit price (13.33)."],
        'items.2.invoice_item': ['This line is not on the invoice.'],
      },
    });
  });

  it('no more taxable value of a line than is left of it', () => {
    const priceCut: EarlierCreditLine[] = [{ invoice_item: 11, quantity: '1.000', taxable_amount: '3400.00', cgst_amount: '306.00', sgst_amount: '306.00', igst_amount: '0.00' }];
    expect(creditNoteFigures(invoice(), priceCut, ['4012.00'], [request(11, '1')])).toEqual({ ok: false, problems: { 'items.0': ['The taxable value credited would be more than is left of this line (100.00).'] } });
  });

  it('the rest of a line takes the rest of its GST, and a part never more GST than is left', () => {
    // Five bags are 66.65, all that is left of the line; 2.5 % of it is 1.66625, so 1.67, but only 2.33 − 0.67 = 1.66 is left.
    const rest = creditNoteFigures(invoice(), earlierReturn, ['1405.00'], [request(12, '5')]);
    if (!rest.ok) throw new Error(JSON.stringify(rest.problems));
    expect(rest.totals.lines).toEqual([{ amount: '66.65', taxable_amount: '66.65', cgst_amount: '1.66', sgst_amount: '1.66', igst_amount: '0.00', line_total: '69.97' }]);
    // 0.12 of the stand's taxable value left but none of its CGST: 0.06 of it credits no tax.
    const noTaxLeft: EarlierCreditLine[] = [{ invoice_item: 11, quantity: '1.000', taxable_amount: '3499.88', cgst_amount: '315.00', sgst_amount: '315.00', igst_amount: '0.00' }];
    const part = creditNoteFigures(invoice(), noTaxLeft, ['4130.00'], [request(11, '1', { unit_price: '0.06', discount: '0' })]);
    if (!part.ok) throw new Error(JSON.stringify(part.problems));
    expect(part.totals.lines.map((l) => [l.taxable_amount, l.cgst_amount, l.sgst_amount, l.line_total])).toEqual([['0.06', '0.00', '0.00', '0.06']]);
  });

  it('the last stand at the invoice\'s price takes the rest of the line\'s value: the discount\'s paisa the thirds left over', () => {
    const twoThirds: EarlierCreditLine[] = [1, 2].map(() => ({ invoice_item: 11, quantity: '1.000', taxable_amount: '1166.67', cgst_amount: '105.00', sgst_amount: '105.00', igst_amount: '0.00' }));
    const last = creditNoteFigures(invoice(), twoThirds, ['1376.00', '1376.00'], [request(11, '1')]);
    if (!last.ok) throw new Error(JSON.stringify(last.problems));
    // 3,500.00 − 2 × 1,166.67 = 1,166.66 left, so the discount is 1,234.56 − 1,166.66 = 67.90; the GST left is 105.00 a half.
    expect([last.lines[0]!.discount, last.totals.lines[0]!.taxable_amount, last.totals.lines[0]!.cgst_amount]).toEqual(['67.90', '1166.66', '105.00']);
  });

  it('the note that takes back everything left is what is left of the invoice, to the paisa', () => {
    // Two stands (2,469.12 − 135.79 = 2,333.33, GST 210.00 + 210.00) and five bags (66.65, GST 1.66 + 1.66): 2,823.30, so 2,823.00.
    const last = creditNoteFigures(invoice(), earlierReturn, ['1405.00'], [request(11, '2'), request(12, '5')]);
    if (!last.ok) throw new Error(JSON.stringify(last.problems));
    expect(last.totals).toMatchObject({ taxable_amount: '2399.98', cgst_amount: '211.66', sgst_amount: '211.66', tax_amount: '423.32', round_off: '-0.30', total_amount: '2823.00' });
    // Had the earlier note been rounded up a rupee more, the last one is a rupee less, and the round off takes it up.
    const afterMore = creditNoteFigures(invoice(), earlierReturn, ['1406.00'], [request(11, '2'), request(12, '5')]);
    expect(afterMore).toMatchObject({ ok: true, totals: { round_off: '-1.30', total_amount: '2822.00' } });
  });

  it('no more in all than is left of the invoice\'s total after the earlier notes', () => {
    expect(creditNoteFigures(invoice(), [], ['3000.00'], RETURN)).toEqual({ ok: false, problems: { non_field_errors: ["The credit note's total (1405.00) is more than is left to credit on the invoice (1228.00)."] } });
  });

  it('names each invoice line once, and needs a reason and a line', () => {
    const parsed = creditNoteCreateSchema.safeParse({ invoice: 1, reason: '', items: [request(11, '1'), request(11, '2')] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['reason']);
    const twice = creditNoteCreateSchema.safeParse({ invoice: 1, reason: 'Returned', items: [request(11, '1'), request(11, '2')] });
    expect(twice.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['items.1.invoice_item', 'This invoice line is already on this credit note.']]);
    expect(creditNoteCreateSchema.safeParse({ invoice: 1, reason: 'Returned', items: [] }).error!.issues.map((i) => i.path.join('.'))).toEqual(['items']);
  });
});

describe('credit note numbers and steps', () => {
  it('are CN-, the financial year and five digits', () => {
    expect(formatCreditNoteNumber('2026-27', 1)).toBe('CN-26-27/00001');
    expect(formatCreditNoteNumber('2025-26', 123)).toBe('CN-25-26/00123');
  });

  it('approves and deletes only a draft, saying why not', () => {
    expect(creditNoteActionRefusal('approve', 'draft')).toBeNull();
    expect(creditNoteActionRefusal('approve', 'approved')).toBe('An approved credit note cannot be approved: it is already approved.');
    expect(creditNoteActionRefusal('delete', 'approved')).toBe('An approved credit note cannot be deleted: an issued credit note stays in the register.');
  });
});
