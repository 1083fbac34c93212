import { describe, expect, it } from 'vitest';
import { requisitionCreateSchema } from '../../domain/requisition';
import { stockTransactionCreateSchema } from '../../domain/stock';

describe('cross-field checks of a body that is not an object', () => {
  it.each([
    ['a stock transaction', stockTransactionCreateSchema],
    ['a requisition', requisitionCreateSchema],
  ])('%s refuses null, an array and a string with the body’s own message, never reaching its cross-field check', (_, schema) => {
    for (const body of [null, [], 'x']) {
      const parsed = schema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([[]]);
    }
  });
});
