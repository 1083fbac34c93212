import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { materialIdFromLabel, materialLabelText } from '../../domain/material-label';

describe('material QR labels', () => {
  it('names the material by its id behind the FabOps prefix', () => {
    expect(materialLabelText(12)).toBe('fabops:material:12');
    expect(materialIdFromLabel('fabops:material:12')).toBe(12);
  });

  it('reads back every id it writes', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => materialIdFromLabel(materialLabelText(id)) === id));
  });

  it.each([0, -3, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses to label a material without a server id (%s)', (id) => {
    expect(() => materialLabelText(id)).toThrow(RangeError);
  });

  it.each([
    ['a bare number', '12'],
    ['another kind of FabOps label', 'fabops:customer:12'],
    ['a URL', 'https://example.com/fabops:material:12'],
    ['text around the label', ' fabops:material:12'],
    ['a trailing newline', 'fabops:material:12\n'],
    ['no id', 'fabops:material:'],
    ['a zero id', 'fabops:material:0'],
    ['a leading zero', 'fabops:material:012'],
    ['a negative id', 'fabops:material:-12'],
    ['a decimal id', 'fabops:material:12.5'],
    ['an id past the safe integers', 'fabops:material:9007199254740993'],
    ['another case', 'FABOPS:MATERIAL:12'],
  ])('refuses %s', (_what, text) => {
    expect(materialIdFromLabel(text)).toBeNull();
  });
});
