import { afterEach, describe, it, expect, vi } from 'vitest';
import { displayDateInput } from '../../domain/entity';
import {
  businessDayEnd,
  businessDayOf,
  businessDayStart,
  businessToday,
  DATE_MESSAGES,
  INVALID_DATE_FORMAT,
  formatDisplayDate,
  isoDayAfter,
  isValidDateRange,
  parseDisplayDate,
  toIsoDate,
} from '../../domain/rules/dates';

describe('date entry (DD-MM-YYYY)', () => {
  it.each([
    ['05-11-2024', '2024-11-05'],
    ['05/11/2024', '2024-11-05'],
    ['29-02-2024', '2024-02-29'],
    ['01-01-1900', '1900-01-01'],
    ['31-12-2100', '2100-12-31'],
    [' 05-11-2024 ', '2024-11-05'],
  ])('accepts %j and converts it to ISO %s', (input, iso) => {
    expect(parseDisplayDate(input)).toEqual({ ok: true, iso });
  });

  it.each([
    ['05-11-30', '2030-11-05'],
    ['05-11-00', '2000-11-05'],
    ['01-01-24', '2024-01-01'],
    ['05-11-31', '1931-11-05'],
    ['05/11/99', '1999-11-05'],
  ])('reads two-digit year in %j as 20xx up to 30, else 19xx: %s', (input, iso) => {
    expect(parseDisplayDate(input)).toEqual({ ok: true, iso });
  });

  it.each([
    ['12-0_-____'],
    ['__-__-____'],
    ['1-1-24'],
    ['0511202'],
    [''],
    ['   '],
    [null],
    [undefined],
  ])('treats %j (partly filled mask or shorter than 8 characters) as empty, without error', (input) => {
    expect(parseDisplayDate(input)).toEqual({ ok: true, iso: null });
  });

  it.each([
    ['05-11-1899', DATE_MESSAGES.year],
    ['05-11-2101', DATE_MESSAGES.year],
    ['05-00-2024', DATE_MESSAGES.month],
    ['05-13-2024', DATE_MESSAGES.month],
    ['00-11-2024', DATE_MESSAGES.day],
    ['32-11-2024', DATE_MESSAGES.day],
    ['31-02-2024', DATE_MESSAGES.date],
    ['29-02-2023', DATE_MESSAGES.date],
    ['31-04-2024', DATE_MESSAGES.date],
    ['29-02-1900', DATE_MESSAGES.date],
    ['2024-11-05', DATE_MESSAGES.format],
    ['05.11.2024', DATE_MESSAGES.format],
    ['05-11/2024', DATE_MESSAGES.format],
    ['5-11-2024x', DATE_MESSAGES.format],
    ['05-11-024', DATE_MESSAGES.format],
    ['abcdefgh', DATE_MESSAGES.format],
  ])('rejects %j with %j', (input, message) => {
    expect(parseDisplayDate(input)).toEqual({ ok: false, message });
  });

  it.each([
    ['year', 'Invalid Year - Year must be between 1900 and 2100'],
    ['month', 'Invalid Month - Month must be between 1 and 12'],
    ['day', 'Invalid Day - Day must be between 1 and 31'],
    ['date', 'Invalid Date Provided'],
    ['format', 'Invalid Date format - Please use DD-MM-YYYY format'],
  ] as const)('uses the exact %s message %j', (key, text) => {
    expect(DATE_MESSAGES[key]).toBe(text);
  });
});

describe('date display (DD-MM-YYYY)', () => {
  it.each([
    ['2024-11-05', '05-11-2024'],
    ['2024-11-05T23:30:00Z', '05-11-2024'],
    [new Date(2024, 10, 5), '05-11-2024'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', ''],
    [new Date(Number.NaN), ''],
  ])('shows %j as %j', (input, shown) => {
    expect(formatDisplayDate(input)).toBe(shown);
  });

  it.each([['05-11-2024'], ['29-02-2024'], ['01-01-1900']])('round-trips %j through parse and display', (input) => {
    const parsed = parseDisplayDate(input);
    expect(parsed.ok && formatDisplayDate(parsed.iso)).toBe(input);
  });
});

describe('ISO date routine', () => {
  it.each([
    ['2024-11-05', '2024-11-05'],
    ['2024-11-05T10:20', '2024-11-05'],
    ['2024-11-05T10:20:30.123Z', '2024-11-05'],
    ['2024-11-05 10:20:30+05:30', '2024-11-05'],
    [new Date(2024, 1, 29, 23, 59), '2024-02-29'],
  ])('returns YYYY-MM-DD for %j', (input, iso) => {
    expect(toIsoDate(input)).toBe(iso);
  });

  it.each([['05-11-2024'], ['2024-13-01'], ['2023-02-29'], ['2024-1-5'], [''], ['2024-11-05Tnoon'], [new Date(Number.NaN)]])(
    "throws 'Invalid date format' on bad input %j",
    (input) => {
      expect(() => toIsoDate(input)).toThrowError(new Error(INVALID_DATE_FORMAT));
    },
  );

  it('exports the exact message', () => {
    expect(INVALID_DATE_FORMAT).toBe('Invalid date format');
  });
});

describe('date range', () => {
  it.each([
    ['2024-01-01', '2024-01-02', true],
    ['2024-01-01', '2024-01-01', true],
    ['2024-01-01T18:00', '2024-01-01T09:00', true],
    ['2023-12-31', '2024-01-01', true],
    ['2024-01-02', '2024-01-01', false],
    ['2024-01-01', '2023-12-31', false],
    ['', '2024-01-01', true],
    ['2024-01-01', null, true],
    [undefined, undefined, true],
    ['2024-01-01', 'garbage', false],
  ])('from %j to %j passes only when the end date is not before the start (empty side passes): %s', (start, end, ok) => {
    expect(isValidDateRange(start, end)).toBe(ok);
  });
});

describe('a date typed in a form', () => {
  it('reads DD-MM-YYYY into the wire form, nothing typed into no date, and refuses with the spec’s messages', () => {
    expect(displayDateInput.parse('05/11/24')).toBe('2024-11-05');
    expect(displayDateInput.parse('')).toBeUndefined();
    expect(displayDateInput.parse('05-11-__')).toBeUndefined();
    expect(displayDateInput.safeParse('31-04-2024').error?.issues[0]?.message).toBe(DATE_MESSAGES.date);
    expect(displayDateInput.safeParse('2024-11-05').error?.issues[0]?.message).toBe(DATE_MESSAGES.format);
  });
});

describe('the business day', () => {
  afterEach(() => vi.useRealTimers());

  it('is the day in Kolkata whatever zone the device is in: 20:00 UTC on 27 November is already the 28th', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T20:00:00Z') });
    expect(businessToday()).toBe('2026-11-28');
    expect(businessToday(-1)).toBe('2026-11-27');
    expect(businessToday(-30)).toBe('2026-10-29');
    expect(businessToday(1)).toBe('2026-11-29');
  });

  it('turns at midnight in Kolkata (18:30 UTC), not at the device’s midnight', () => {
    expect(businessDayOf('2026-11-27T18:29:59Z')).toBe('2026-11-27');
    expect(businessDayOf('2026-11-27T18:30:00Z')).toBe('2026-11-28');
    expect(businessDayOf(new Date('2026-11-28T00:00:00+05:30'))).toBe('2026-11-28');
  });

  it('runs from its first instant to its last in Kolkata, each of them its own day', () => {
    expect(businessDayStart('2026-11-28')).toBe('2026-11-28T00:00:00.000+05:30');
    expect(businessDayEnd('2026-11-28')).toBe('2026-11-28T23:59:59.999+05:30');
    expect(businessDayOf(businessDayStart('2026-11-28'))).toBe('2026-11-28');
    expect(businessDayOf(businessDayEnd('2026-11-28'))).toBe('2026-11-28');
    expect(Date.parse(businessDayStart('2026-11-29')) - Date.parse(businessDayEnd('2026-11-28'))).toBe(1);
    expect(() => businessDayStart('28-11-2026')).toThrow(INVALID_DATE_FORMAT);
  });
});

describe('a day some days after another', () => {
  it('counts across month and year ends and leap days, and back with a negative count', () => {
    expect(isoDayAfter('2026-11-20', 30)).toBe('2026-12-20');
    expect(isoDayAfter('2026-12-01', 45)).toBe('2027-01-15');
    expect(isoDayAfter('2028-02-28', 1)).toBe('2028-02-29');
    expect(isoDayAfter('2027-02-28', 1)).toBe('2027-03-01');
    expect(isoDayAfter('2026-03-01', -1)).toBe('2026-02-28');
  });
});
