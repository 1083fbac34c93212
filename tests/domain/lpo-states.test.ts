import { describe, expect, it } from 'vitest';
import { LPO_OPEN_STATUSES, LPO_RECEIVING_STATUSES, lpoActionRefusal } from '../../domain/lpo';

/** Receiving is the GRA side's step: which statuses take goods, written out. */
describe('receiving goods against an LPO', () => {
  it.each([
    ['draft', 'A draft LPO cannot be received against: approve it first.'],
    ['approved', null],
    ['sent', null],
    ['partially_received', null],
    ['received', 'A received LPO cannot be received against.'],
    ['closed', 'A closed LPO cannot be received against.'],
    ['cancelled', 'A cancelled LPO cannot be received against.'],
  ] as const)('from %s: %s', (status, refusal) => {
    expect(lpoActionRefusal('receive', status)).toBe(refusal);
  });

  it('takes goods in the statuses that await them', () => {
    expect(LPO_RECEIVING_STATUSES).toEqual(['approved', 'sent', 'partially_received']);
    expect(LPO_OPEN_STATUSES).toEqual(['approved', 'sent', 'partially_received']);
  });
});
