import { describe, expect, it } from 'vitest';
import { QUOTATION_STATUSES, QUOTATION_STEPS, quotationMail, quotationStepRefusal, type QuotationSnapshot } from '../../domain/quotation';
import { quotationDiff, sameQuotation } from '../../domain/quotation-diff';
import { mayEdit, type EditSubject } from '../../domain/row-rules';
import type { UserRole } from '../../domain/user';

describe("a quotation's steps (domain/quotation.ts QUOTATION_STEPS)", () => {
  it('are exactly these', () => {
    const allowed = QUOTATION_STATUSES.flatMap((from) => QUOTATION_STATUSES.filter((to) => quotationStepRefusal(from.value, to.value) === null).map((to) => `${from.value} → ${to.value}`));
    expect(allowed).toEqual(['draft → sent', 'sent → sent', 'sent → accepted', 'sent → rejected', 'rejected → sent']);
    expect(Object.keys(QUOTATION_STEPS)).toEqual(QUOTATION_STATUSES.map((s) => s.value));
  });

  it('say why a step is refused', () => {
    expect(quotationStepRefusal('draft', 'accepted')).toBe('A quotation that is Draft cannot become Accepted: it can become Sent.');
    expect(quotationStepRefusal('accepted', 'rejected')).toBe('A quotation that is Accepted cannot become Rejected: it is final.');
    expect(quotationStepRefusal('rejected', 'accepted')).toBe('A quotation that is Rejected cannot become Accepted: it can become Sent.');
  });
});

describe('the mail that carries a quotation', () => {
  it('puts the note first and names the revision, subject and total', () => {
    expect(quotationMail({ number: 12, revision: 2, subject: 'Eyewear stands', total_amount: '118000.00' }, 'Monarch Display Systems', 'Dear Ravi,\nas discussed.')).toEqual({
      subject: 'Quotation 12 (Rev. 2) from Monarch Display Systems',
      text: 'Dear Ravi,\nas discussed.\n\nPlease find attached our quotation No. 12 (Rev. 2) for Eyewear stands, total ₹1,18,000.00.',
      filename: 'Quotation-12-Rev2.pdf',
    });
    expect(quotationMail({ number: 7, revision: 1, subject: '', total_amount: '590.00' }, '', '')).toEqual({ subject: 'Quotation 7', text: 'Please find attached our quotation No. 7, total ₹590.00.', filename: 'Quotation-7.pdf' });
  });
});

const line = (id: number | null, description: string, quantity: string, gross_price: string) => ({ id, code: '', description, quantity, unit: 'PCS' as const, unit_price: '100.00', discount: '0.00', gross_price, image_path: null });
const revision = (n: number, values: Partial<QuotationSnapshot>): QuotationSnapshot => ({
  revision: n,
  customer: 1,
  branch: null,
  sales_exec: 2,
  lead: null,
  monarch_entity: '',
  quotation_date: '2026-11-20',
  subject: 'Stands',
  terms: '',
  tax_rate: '18.00',
  subtotal: '300.00',
  discount_total: '0.00',
  tax_amount: '54.00',
  total_amount: '354.00',
  items: [],
  ...values,
});

describe('the difference between two revisions (domain/quotation-diff.ts)', () => {
  it('lists changed header fields, and lines added, removed and changed, matched by id', () => {
    const a = revision(1, { items: [line(1, 'Stand', '1', '100.00'), line(2, 'Panel', '2', '200.00')] });
    const b = revision(2, { subject: 'Stands, revised', subtotal: '400.00', tax_amount: '72.00', total_amount: '472.00', items: [line(1, 'Stand', '2.000', '200.00'), line(3, 'Header', '2', '200.00')] });
    expect(quotationDiff(a, b)).toEqual({
      from: 1,
      to: 2,
      header: [
        { field: 'subject', from: 'Stands', to: 'Stands, revised' },
        { field: 'subtotal', from: '300.00', to: '400.00' },
        { field: 'tax_amount', from: '54.00', to: '72.00' },
        { field: 'total_amount', from: '354.00', to: '472.00' },
      ],
      added: [line(3, 'Header', '2', '200.00')],
      removed: [line(2, 'Panel', '2', '200.00')],
      changed: [
        {
          id: 1,
          from: line(1, 'Stand', '1', '100.00'),
          to: line(1, 'Stand', '2.000', '200.00'),
          fields: [
            { field: 'quantity', from: '1', to: '2.000' },
            { field: 'gross_price', from: '100.00', to: '200.00' },
          ],
        },
      ],
      total_change: '118.00',
    });
  });

  it('reads equal decimals as equal, and matches lines kept without ids by their place', () => {
    const a = revision(1, { tax_rate: '18', items: [line(null, 'Stand', '1', '100.00'), line(null, 'Panel', '2', '200.00')] });
    const b = revision(2, { tax_rate: '18.00', items: [line(null, 'Stand', '1.000', '100.0'), line(null, 'Panel', '3', '300.00')] });
    const diff = quotationDiff(a, b);
    expect(diff.header).toEqual([]);
    expect(diff.changed.map((c) => c.fields.map((f) => f.field))).toEqual([['quantity', 'gross_price']]);
    expect(sameQuotation(a, revision(3, { tax_rate: '18.0', items: [line(null, 'Stand', '1.0', '100'), line(null, 'Panel', '2', '200')] }))).toBe(true);
  });
});

const user = (id: number, department: UserRole['department'], designation: UserRole['designation']): EditSubject => ({ id, department, designation, is_superuser: false });

it('lets a sales executive change only the quotations where they are the sales executive, everyone else all', () => {
  const ofSenior = { sales_exec: 51 };
  expect(mayEdit('quotation', user(50, 'sales', 'executive'), ofSenior)).toBe(false);
  expect(mayEdit('quotation', user(51, 'sales', 'senior-executive'), ofSenior)).toBe(true);
  expect([user(52, 'sales', 'manager'), user(53, 'sales', 'assistant-manager'), user(54, 'management', 'manager')].map((who) => mayEdit('quotation', who, ofSenior))).toEqual([true, true, true]);
});
