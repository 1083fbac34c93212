import { describe, expect, it } from 'vitest';
import { apiErrorMessage, formatNestedErrors, UNEXPECTED_ERROR } from '../../domain/api-errors';

describe('the generic API error helper (product-frame.md §8)', () => {
  it('takes the first message of the name field first', () => {
    expect(apiErrorMessage({ name: ['A customer with this name already exists.', 'second'], code: ['Invalid code.'] })).toBe(
      'A customer with this name already exists.',
    );
  });

  it('prefers the name field even when it is not the first field', () => {
    expect(apiErrorMessage({ code: ['Invalid code.'], name: ['This field may not be blank.'] })).toBe('This field may not be blank.');
  });

  it('otherwise takes the first message of the first field', () => {
    expect(apiErrorMessage({ email: ['Enter a valid email address.', 'Too long.'], phone: ['Invalid phone.'] })).toBe('Enter a valid email address.');
  });

  it('reads a detail string or non-field errors as the first field', () => {
    expect(apiErrorMessage({ detail: 'Not found.' })).toBe('Not found.');
    expect(apiErrorMessage({ non_field_errors: ['The two password fields didn\'t match.'] })).toBe("The two password fields didn't match.");
  });

  it('finds the first message inside a nested first field', () => {
    expect(apiErrorMessage({ items: [{}, { quantity: ['Ensure this value is greater than 0.'] }] })).toBe('Ensure this value is greater than 0.');
  });

  it.each([
    ['an empty object', {}],
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a number', 500],
    ['an array', ['x']],
    ['a first field without messages', { name: [], email: [] }],
  ])("falls back to 'An unexpected error occurred' for %s", (_what, body) => {
    expect(apiErrorMessage(body)).toBe('An unexpected error occurred');
  });

  it('keeps the constant text', () => {
    expect(UNEXPECTED_ERROR).toBe('An unexpected error occurred');
  });
});

describe('the nested-error formatter', () => {
  it('gives one `path: message` line per message', () => {
    expect(formatNestedErrors({ email: ['Enter a valid email address.', 'Too long.'], name: ['Required.'] })).toEqual([
      'email: Enter a valid email address.',
      'email: Too long.',
      'name: Required.',
    ]);
  });

  it('joins nested objects with dots and list items with [index]', () => {
    expect(
      formatNestedErrors({
        customer: { address: { city: ['This field may not be blank.'] } },
        items: [{}, { quantity: ['Ensure this value is greater than 0.'], material: ['Invalid pk "9".'] }],
      }),
    ).toEqual([
      'customer.address.city: This field may not be blank.',
      'items[1].quantity: Ensure this value is greater than 0.',
      'items[1].material: Invalid pk "9".',
    ]);
  });

  it('gives a bare message without a path', () => {
    expect(formatNestedErrors('Server unavailable')).toEqual(['Server unavailable']);
    expect(formatNestedErrors(['First', 'Second'])).toEqual(['First', 'Second']);
  });

  it('gives no lines for an empty or non-error body', () => {
    expect(formatNestedErrors({})).toEqual([]);
    expect(formatNestedErrors(null)).toEqual([]);
    expect(formatNestedErrors(42)).toEqual([]);
  });
});
