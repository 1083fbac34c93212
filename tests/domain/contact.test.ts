import { describe, it, expect } from 'vitest';
import { isValidEmail, isValidPhone } from '../../domain/rules/contact';

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
