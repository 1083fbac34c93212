/** Date-entry messages shown to users; the exact wording is part of the spec. */
export const DATE_MESSAGES = {
  year: 'Invalid Year - Year must be between 1900 and 2100',
  month: 'Invalid Month - Month must be between 1 and 12',
  day: 'Invalid Day - Day must be between 1 and 31',
  date: 'Invalid Date Provided',
  format: 'Invalid Date format - Please use DD-MM-YYYY format',
} as const;
export type DateMessage = (typeof DATE_MESSAGES)[keyof typeof DATE_MESSAGES];

/** `iso` is null when nothing (or only part of the input mask) has been entered. */
export type DateParse = { ok: true; iso: string | null } | { ok: false; message: DateMessage };

export const INVALID_DATE_FORMAT = 'Invalid date format';

// DD-MM-YYYY or DD/MM/YYYY (one separator throughout); a two-digit year is widened below.
const DISPLAY_DATE = /^(\d{2})([-/])(\d{2})\2(\d{2}|\d{4})$/;
// An ISO date, optionally followed by a time and offset; only the date part is kept.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const isCalendarDate = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);

/** Reads a user-typed DD-MM-YYYY (or DD/MM/YYYY, DD-MM-YY) date into ISO YYYY-MM-DD. */
export function parseDisplayDate(input: string | null | undefined): DateParse {
  const value = (input ?? '').trim();
  // A half-filled input mask or a too-short value means "not entered yet", not an error.
  if (value.includes('_') || value.length < 8) return { ok: true, iso: null };
  const match = DISPLAY_DATE.exec(value);
  if (!match) return { ok: false, message: DATE_MESSAGES.format };
  const [, dd = '', , mm = '', yy = ''] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = yy.length === 2 ? Number(yy) + (Number(yy) <= 30 ? 2000 : 1900) : Number(yy);
  if (year < 1900 || year > 2100) return { ok: false, message: DATE_MESSAGES.year };
  if (month < 1 || month > 12) return { ok: false, message: DATE_MESSAGES.month };
  if (day < 1 || day > 31) return { ok: false, message: DATE_MESSAGES.day };
  if (!isCalendarDate(year, month, day)) return { ok: false, message: DATE_MESSAGES.date };
  return { ok: true, iso: `${pad(year, 4)}-${mm}-${dd}` };
}

/** What a date field says when what was typed is too short to be a date, so it is left out (the spec's rule). */
export const PARTIAL_DATE_NOTE = 'Not a full date: left out';

/** True when something was typed that the date rule treats as empty (`1-1-26`, a half-filled mask). */
export function isPartialDate(input: string | null | undefined): boolean {
  const parsed = parseDisplayDate(input);
  return (input ?? '').trim() !== '' && parsed.ok && parsed.iso === null;
}

/** The YYYY-MM-DD day of an ISO date/datetime string or Date, or null if it is not one. */
function isoDateOrNull(value: string | Date): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // Local calendar day: pg and date pickers build Dates at local midnight.
    value = `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  // A string keeps the day as written: no timezone shift, so browser and server agree.
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  return isCalendarDate(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : null;
}

/** YYYY-MM-DD for an ISO date/datetime string or Date; throws 'Invalid date format' otherwise. */
export function toIsoDate(value: string | Date): string {
  const iso = isoDateOrNull(value);
  if (iso === null) throw new Error(INVALID_DATE_FORMAT);
  return iso;
}

/** DD-MM-YYYY for display; '' when empty or not a date, so a view never throws. */
export function formatDisplayDate(iso: string | Date | null | undefined): string {
  const day = iso == null || iso === '' ? null : isoDateOrNull(iso);
  return day === null ? '' : `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** True unless the end day is before the start day; datetimes compare by day. */
export function isValidDateRange(start: string | Date | null | undefined, end: string | Date | null | undefined): boolean {
  // An empty side passes: open-ended ranges are allowed and required-ness is checked separately.
  if (start == null || start === '' || end == null || end === '') return true;
  const from = isoDateOrNull(start);
  const to = isoDateOrNull(end);
  return from !== null && to !== null && from <= to;
}

/** The day `days` days after an ISO day (before it when negative): '2026-11-20' and 30 give '2026-12-20'. */
export function isoDayAfter(isoDay: string, days: number): string {
  const [y, m, d] = toIsoDate(isoDay).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The company works on Indian Standard Time: "today" and a row's created day are days in Kolkata, whatever the device's clock zone. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';
/** The first and the last instant of a business day (India keeps +05:30 all year), as an API's instant filters take them. */
export const businessDayStart = (day: string): string => `${toIsoDate(day)}T00:00:00.000+05:30`;
export const businessDayEnd = (day: string): string => `${toIsoDate(day)}T23:59:59.999+05:30`;
const businessDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The business day (YYYY-MM-DD) of an instant, as the server's `(t AT TIME ZONE 'Asia/Kolkata')::date`. */
export const businessDayOf = (instant: string | Date | number): string => businessDayFormat.format(new Date(instant));
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Today as the business counts it, or `days` days from today (negative: before): the day every form dates a new
 * row with and every "today" filter compares with. A device set to another zone (a laptop in UTC)
 * would otherwise date an issue yesterday from 18:30 to midnight UTC, and the server refuses it as back-dated.
 */
export const businessToday = (days = 0): string => businessDayOf(Date.now() + days * DAY_MS);
