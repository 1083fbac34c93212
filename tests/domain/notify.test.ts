import { describe, it, expect } from 'vitest';
import {
  DEFAULT_NOTIFY_POSITION,
  DEFAULT_NOTIFY_TIMEOUT,
  NOTIFY_POSITIONS,
  NOTIFY_TYPES,
  validateNotification,
  type NotifyOptions,
} from '../../domain/rules/notify';

describe('notification options', () => {
  it('offers the types positive, negative, warning, info and ongoing', () => {
    expect(NOTIFY_TYPES).toEqual(['positive', 'negative', 'warning', 'info', 'ongoing']);
  });

  it('allows exactly nine positions', () => {
    expect(NOTIFY_POSITIONS).toEqual(['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right']);
  });

  it.each([
    ['timeout', DEFAULT_NOTIFY_TIMEOUT, 5000],
    ['position', DEFAULT_NOTIFY_POSITION, 'bottom'],
  ])('defaults %s to %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('fills in the default type, timeout and position', () => {
    expect(validateNotification({ message: 'Saved' })).toEqual({
      ok: true,
      value: { type: 'info', message: 'Saved', timeout: 5000, position: 'bottom' },
    });
  });

  it.each(NOTIFY_TYPES.map((type) => [type]))('accepts type %j', (type) => {
    const result = validateNotification({ type, message: 'x' });
    expect(result.ok && result.value.type).toBe(type);
  });

  it.each(NOTIFY_POSITIONS.map((position) => [position]))('accepts position %j', (position) => {
    const result = validateNotification({ message: 'x', position });
    expect(result.ok && result.value.position).toBe(position);
  });

  it.each([[0], [1], [5000], [60_000.5]])('accepts non-negative finite timeout %j', (timeout) => {
    const result = validateNotification({ message: 'x', timeout });
    expect(result.ok && result.value.timeout).toBe(timeout);
  });

  it('keeps the caption', () => {
    const result = validateNotification({ type: 'warning', message: 'Low stock', caption: 'Steel plate', timeout: 0, position: 'top' });
    expect(result).toEqual({
      ok: true,
      value: { type: 'warning', message: 'Low stock', caption: 'Steel plate', timeout: 0, position: 'top' },
    });
  });

  it.each<[string, NotifyOptions, RegExp]>([
    ['a negative timeout', { message: 'x', timeout: -1 }, /timeout/i],
    ['a NaN timeout', { message: 'x', timeout: Number.NaN }, /timeout/i],
    ['an infinite timeout', { message: 'x', timeout: Infinity }, /timeout/i],
    ['an unknown position', { message: 'x', position: 'middle' }, /position/i],
    ['an unknown type', { message: 'x', type: 'success' }, /type/i],
    ['an empty message', { message: '' }, /message/i],
    ['a blank message', { message: '   ' }, /message/i],
  ])('refuses %s', (_case, opts, reason) => {
    const result = validateNotification(opts);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});
