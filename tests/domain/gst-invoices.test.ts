import { describe, expect, it } from 'vitest';
import { financialYearOf, formatInvoiceNumber, invoiceActionRefusal, invoiceCreateSchema, invoiceSettingsCreateSchema, INVOICE_TRANSITIONS } from '../../domain/invoice';
import { indianNumberInWords, rupeesInWords } from '../../domain/rules/numbers';
import { invoiceTotals, type InvoiceLineInput } from '../../domain/totals';
import { MIXED_GST_LINES } from '../support/invoice-lines';

const line = (quantity: string, unit_price: string, tax_rate: string, discount = '0'): InvoiceLineInput => ({ quantity, unit_price, tax_rate, discount });

const mixed = MIXED_GST_LINES.map((l) => line(l.quantity, l.unit_price, l.tax_rate, 'discount' in l ? l.discount : '0'));

describe('GST on an invoice, worked out by hand', () => {
  it('inside the state: the discount comes off before tax, CGST and SGST are half the rate each per line, the total is rounded to the rupee', () => {
    const totals = invoiceTotals(mixed, 'Maharashtra', 'Maharashtra');
    // 3703.68 − 203.68 = 3500.00; 9 % of it is 315.00. 93.31 at 2.5 % is 2.33275, so 2.33.
    expect(totals.lines).toEqual([
      { amount: '3703.68', taxable_amount: '3500.00', cgst_amount: '315.00', sgst_amount: '315.00', igst_amount: '0.00', line_total: '4130.00' },
      { amount: '93.31', taxable_amount: '93.31', cgst_amount: '2.33', sgst_amount: '2.33', igst_amount: '0.00', line_total: '97.97' },
    ]);
    expect(totals).toMatchObject({
      intra_state: true,
      subtotal: '3796.99',
      discount_amount: '203.68',
      taxable_amount: '3593.31',
      cgst_amount: '317.33',
      sgst_amount: '317.33',
      igst_amount: '0.00',
      tax_amount: '634.66',
      round_off: '0.03',
      total_amount: '4228.00',
    });
  });

  it('across states: IGST at the whole rate per line, which may differ by a paisa from CGST plus SGST', () => {
    const totals = invoiceTotals(mixed, 'Maharashtra', 'Gujarat');
    // 93.31 at 5 % is 4.6655, so 4.67 (the two halves were 2.33 each).
    expect(totals.lines.map((l) => [l.cgst_amount, l.sgst_amount, l.igst_amount])).toEqual([
      ['0.00', '0.00', '630.00'],
      ['0.00', '0.00', '4.67'],
    ]);
    expect([totals.tax_amount, totals.round_off, totals.total_amount]).toEqual(['634.67', '0.02', '4228.00']);
  });

  it('half a paisa of tax rounds up', () => {
    // 10.10 at 5 % is 0.505: IGST 0.51; inside the state 0.2525 each half, so 0.25.
    expect(invoiceTotals([line('1', '10.10', '5')], 'Karnataka', 'Kerala').igst_amount).toBe('0.51');
    expect(invoiceTotals([line('1', '10.10', '5')], 'Karnataka', 'Karnataka').cgst_amount).toBe('0.25');
  });

  it('fifty paise round the grand total up, forty-nine down', () => {
    expect(invoiceTotals([line('1', '100.50', '0')], 'Goa', 'Goa')).toMatchObject({ round_off: '0.50', total_amount: '101.00' });
    expect(invoiceTotals([line('1', '100.49', '0')], 'Goa', 'Goa')).toMatchObject({ round_off: '-0.49', total_amount: '100.00' });
  });

  it('mixed rates (nil, 5, 18 and 40 %) are each charged on their own lines', () => {
    const totals = invoiceTotals([line('2', '500', '0'), line('1', '1000', '5'), line('4', '250', '18'), line('1', '999.99', '40')], 'Delhi', 'Haryana');
    // 0 + 50.00 + 180.00 + 399.996 (400.00) = 630.00 on 3999.99.
    expect(totals.lines.map((l) => l.igst_amount)).toEqual(['0.00', '50.00', '180.00', '400.00']);
    expect([totals.taxable_amount, totals.tax_amount, totals.round_off, totals.total_amount]).toEqual(['3999.99', '630.00', '0.01', '4630.00']);
  });

  it('a state not given on either side counts as inside the state', () => {
    expect(invoiceTotals(mixed, 'N/A', 'Gujarat').intra_state).toBe(true);
  });

  it('refuses a discount larger than the line amount', () => {
    const result = invoiceCreateSchema.safeParse({ customer: 1, invoice_date: '2026-11-27', due_date: '2026-12-27', items: [{ description: 'Tray', quantity: '2', unit_price: '10', discount: '20.01' }] });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['items.0.discount', 'The discount cannot be more than the line amount.']]);
  });
});

describe('the amount in words, in the Indian system', () => {
  it.each([
    ['0.00', 'Rupees Zero Only'],
    ['21.00', 'Rupees Twenty One Only'],
    ['7.05', 'Rupees Seven and Five Paise Only'],
    ['100000.00', 'Rupees One Lakh Only'],
    ['126997.00', 'Rupees One Lakh Twenty Six Thousand Nine Hundred Ninety Seven Only'],
    ['12345678.90', 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only'],
    ['1050000000.00', 'Rupees One Hundred Five Crore Only'],
    ['-0.49', 'Minus Rupees Zero and Forty Nine Paise Only'],
  ])('%s reads "%s"', (amount, words) => {
    expect(rupeesInWords(amount)).toBe(words);
  });

  it('counts crores of crores in the Indian system too', () => {
    expect(indianNumberInWords('123456789012345')).toBe('One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Crore Ninety Lakh Twelve Thousand Three Hundred Forty Five');
  });
});

describe('invoice numbers', () => {
  it('the financial year runs from April to March', () => {
    expect(['2026-03-31', '2026-04-01', '2026-11-27', '2027-03-31', '2099-12-31'].map(financialYearOf)).toEqual(['2025-26', '2026-27', '2026-27', '2026-27', '2099-00']);
  });

  it('a number is the prefix, the financial year and the number within it, within the 16 characters GST allows', () => {
    expect(formatInvoiceNumber({ prefix: 'INV-', number_padding: 5 }, '2026-27', 42)).toBe('INV-26-27/00042');
  });

  it('settings that would make a longer number, or a prefix GST does not allow, are refused', () => {
    const problems = (input: object) => {
      const result = invoiceSettingsCreateSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    };
    expect(problems({ prefix: 'FABOPS-', number_padding: 5 })).toEqual(['prefix']);
    expect(problems({ prefix: 'inv', number_padding: 5 })).toEqual(['prefix']);
    expect(problems({ prefix: 'FAB/', number_padding: 6 })).toEqual([]);
  });
});

describe('the invoice state machine', () => {
  it('only a draft is changed, approved or deleted', () => {
    expect([INVOICE_TRANSITIONS.edit, INVOICE_TRANSITIONS.approve, INVOICE_TRANSITIONS.delete]).toEqual([['draft'], ['draft'], ['draft']]);
  });

  it('says why a step is refused and what to do instead', () => {
    expect(invoiceActionRefusal('edit', 'approved')).toBe('An approved invoice cannot be changed: its lines and amounts are frozen; cancel it and raise a new one.');
    expect(invoiceActionRefusal('cancel', 'sent')).toBe('A sent invoice cannot be cancelled: the customer has it; void it instead.');
    expect(invoiceActionRefusal('cancel', 'draft')).toBe('A draft invoice cannot be cancelled: it has no number yet; delete it instead.');
    expect(invoiceActionRefusal('send', 'draft')).toBe('A draft invoice cannot be sent: approve it first.');
    expect(invoiceActionRefusal('void', 'paid')).toBe('A paid invoice cannot be voided: remove its payments first.');
    expect(invoiceActionRefusal('approve', 'draft')).toBeNull();
  });
});
