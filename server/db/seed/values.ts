/**
 * Exact amounts and dates for generated documents. Money is counted in paise and quantities in
 * thousandths, as integers, so every stored total is the exact sum of its lines (the database
 * rounds quantity × price the same way: half away from zero).
 */
import { businessDayOf } from '../../../domain/rules/dates';

const DAY = 86_400_000;

function decimal(units: number, scale: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Paise as a money string ("1234.50"). */
export const money = (paise: number): string => decimal(paise, 2);
/** Ten-thousandths of a rupee as a unit cost string ("13.7500"), as average costs are kept. */
export const unitCost = (tenThousandths: number): string => decimal(tenThousandths, 4);
/** Thousandths as a quantity string ("12.500"). */
export const qty = (milli: number): string => decimal(milli, 3);
/** quantity × price in paise, rounded to the paisa. */
export const lineAmount = (milli: number, paise: number): number => Math.round((milli * paise) / 1000);
/** A whole-number quantity in thousandths. */
export const units = (n: number): number => n * 1000;
/** Whole rupees in paise. */
export const rupees = (n: number): number => n * 100;
/** A tax of `ratePercent` on an amount of whole rupees: exact to the paisa. */
export const taxOn = (paise: number, ratePercent: number): number => Math.round((paise * ratePercent) / 100);

/**
 * Instants relative to the seed's `today`: documents are dated by how many days before today
 * they happened; nothing but scheduled dates (follow-ups, due and expected dates) is later than
 * today.
 */
export class Calendar {
  readonly now: number;

  constructor(today: Date) {
    this.now = today.getTime();
  }

  /** The instant `days` days (fractions allowed) and `minutes` minutes before today. */
  ago(days: number, minutes = 0): number {
    return this.now - days * DAY - minutes * 60_000;
  }

  /** `days` after an instant, never later than now. */
  after(at: number, days: number, minutes = 0): number {
    return Math.min(at + days * DAY + minutes * 60_000, this.now - 60_000);
  }

  /** How many whole days before today an instant is. */
  age(at: number): number {
    return Math.floor((this.now - at) / DAY);
  }

  ts(at: number): string {
    return new Date(at).toISOString();
  }

  /** The business day of `at`: the day the app calls today when the demo is opened at `at`. */
  date(at: number): string {
    return businessDayOf(at);
  }

  /** A calendar day `days` after the day of `at` (may be in the future: scheduled dates). */
  dayAfter(at: number, days: number): string {
    return this.date(at + days * DAY);
  }

  get today(): string {
    return this.date(this.now);
  }
}
