import { describe, expect, it } from 'vitest';
import { oldestFirst, receivedForJobOrder, spreadOldestFirst, takesReceipts } from '../../domain/receipt-totals';

const receipt = (amount: string, job_order: number | null, allocations: { invoice: number; amount: string }[] = [], deleted_at: string | null = null) => ({ amount, job_order, allocations, deleted_at });

describe('spreading a receipt over open invoices oldest first', () => {
  it('fills each invoice up to what it owes until the money is used up', () => {
    expect(spreadOldestFirst('4000', [{ outstanding_amount: '2000.00' }, { outstanding_amount: '1500.00' }, { outstanding_amount: '5000.00' }])).toEqual(['2000.00', '1500.00', '500.00']);
  });

  it('leaves the rest unallocated when the invoices owe less than the amount', () => {
    expect(spreadOldestFirst('10000.50', [{ outstanding_amount: '2000.00' }, { outstanding_amount: '0.25' }])).toEqual(['2000.00', '0.25']);
  });

  it('puts nothing on the later invoices once the amount is spent, and nothing at all for no amount', () => {
    expect(spreadOldestFirst('0.01', [{ outstanding_amount: '2000.00' }, { outstanding_amount: '1.00' }])).toEqual(['0.01', '0']);
    expect(spreadOldestFirst('0', [{ outstanding_amount: '2000.00' }])).toEqual(['0']);
  });

  it('orders invoices by invoice date, then by id', () => {
    const invoices = [
      { id: 9, invoice_date: '2026-11-01' },
      { id: 3, invoice_date: '2026-11-15' },
      { id: 7, invoice_date: '2026-11-01' },
      { id: 1, invoice_date: '2026-10-31' },
    ];
    expect([...invoices].sort(oldestFirst).map((i) => i.id)).toEqual([1, 7, 9, 3]);
  });

  it('takes receipts on issued invoices with something outstanding only', () => {
    expect(takesReceipts({ status: 'sent', outstanding_amount: '10.00' })).toBe(true);
    expect(takesReceipts({ status: 'partially_paid', outstanding_amount: '0.01' })).toBe(true);
    expect(takesReceipts({ status: 'approved', outstanding_amount: '10.00' })).toBe(true);
    expect(takesReceipts({ status: 'draft', outstanding_amount: '10.00' })).toBe(false);
    expect(takesReceipts({ status: 'paid', outstanding_amount: '0.00' })).toBe(false);
    expect(takesReceipts({ status: 'cancelled', outstanding_amount: '10.00' })).toBe(false);
    expect(takesReceipts({ status: 'sent', outstanding_amount: '10.00', deleted_at: '2026-11-20T00:00:00.000Z' })).toBe(false);
  });
});

describe('what a job order has received (decision 317)', () => {
  const JOB = 5;
  const invoices = new Set([80]);

  it('counts its advances in full, an advance applied to its invoice once', () => {
    expect(receivedForJobOrder(JOB, invoices, [receipt('3000.00', JOB, [{ invoice: 80, amount: '3000.00' }]), receipt('500.00', JOB)])).toBe('3500.00');
  });

  it("adds only the part of another receipt allocated to the job order's invoices", () => {
    expect(receivedForJobOrder(JOB, invoices, [receipt('5000.00', null, [{ invoice: 80, amount: '4000.00' }, { invoice: 81, amount: '999.00' }])])).toBe('4000.00');
  });

  it("leaves out removed receipts and other job orders' money", () => {
    expect(receivedForJobOrder(JOB, invoices, [receipt('700.00', JOB, [], '2026-11-26T05:00:00.000Z'), receipt('900.00', 6), receipt('100.00', null)])).toBe('0.00');
  });
});
