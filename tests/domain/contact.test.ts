import { describe, it, expect } from 'vitest';
import { isValidEmail, isValidPhone } from '../../domain/rules/contact';
import { gstinCheckCharacter, isValidGstin } from '../../domain/india';

describe('phone', () => {
  it.each([
    ['9876543210', true],
    ['+919876543210', true],
    ['+91 98765432', true],
    ['98765 43210', true],
    ['1234567890123', true],
    ['987654321', false],
    ['12345678901234', false],
    ['98765-43210', false],
    ['(987)6543210', false],
    ['98765432ab', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('allows only digits, plus and space with length 10 to 13: %j -> %s', (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });
});

describe('e-mail', () => {
  it.each([
    ['a@b.co', true],
    ['a@b.com', true],
    ['a@b.info', true],
    ['first.last+tag@mail.example.in', true],
    ['a@b.c', false],
    ['a@b.museum', false],
    ['a b@c.com', false],
    ['a@b c.com', false],
    ['a@b.c0m', false],
    ['ab.com', false],
    ['a@@b.com', false],
    ['a@.com', false],
    ['', false],
    [null, false],
  ])('requires a basic address with a 2 to 4 letter top-level part: %j -> %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });
});

describe('GSTIN', () => {
  it.each([
    ['27AAPFU0939F1ZV', true],
    ['29AAGCB7383J1Z4', true],
    ['33AAACH7409R1Z8', true],
    // The check character does not match: one character mistyped, or two swapped.
    ['27AAPFU0939F1ZW', false],
    ['27AAPFU0939F1Z5', false],
    ['27AAPFU9039F1ZV', false],
    ['72AAPFU0939F1ZV', false],
    // The shape is wrong.
    ['27AAPFU0939F1Z', false],
    ['27AAPFU0939F1XV', false],
    ['27aapfu0939f1zv', false],
  ])('takes a GSTIN only when its last character checks the other 14: %s -> %s', (gstin, ok) => {
    expect(isValidGstin(gstin)).toBe(ok);
  });

  it('gives the check character of the first 14 characters', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });
});
