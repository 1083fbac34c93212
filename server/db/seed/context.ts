import { gstinCheckCharacter, type IndianState } from '../../../domain/india';
import type { MaterialUnit } from '../../../domain/material';
import { Dataset, OWN_ID } from './dataset';
import { Rng } from './random';
import { Calendar } from './values';

/** The oldest document is this many days old: the demo spans the last 18 months. */
export const HISTORY_DAYS = 540;

/** Demo usernames the generated documents are attributed to. */
export type Staff =
  | 'admin'
  | 'sales.exec'
  | 'sales.senior'
  | 'sales.manager'
  | 'foreman'
  | 'production'
  | 'stores'
  | 'purchase'
  | 'purchase.manager'
  | 'accounts'
  | 'management'
  | 'design'
  | 'costing.manager'
  | 'dispatch'
  | 'acrylic'
  | 'metal';

/**
 * What every area generator works with: one seeded generator, the calendar of the run, the
 * rows generated so far, the staff, and how names are made unique. The demo company has
 * hand-picked unique names; the scale generator appends each row's own id ("#10234") so that
 * any number of runs can add to one database.
 */
export class SeedContext {
  readonly rng: Rng;
  readonly cal: Calendar;
  readonly data = new Dataset();

  constructor(
    readonly mode: 'demo' | 'scale',
    seed: number,
    today: Date,
    private readonly staff: ReadonlyMap<string, number>,
  ) {
    this.rng = new Rng(seed);
    this.cal = new Calendar(today);
  }

  /** The id of a demo user; another user stands in when the database lacks that one. */
  user(username: Staff): number {
    const id = this.staff.get(username) ?? this.staff.values().next().value;
    if (id === undefined) throw new Error('the database has no users: seed the demo users first');
    return id;
  }

  /** A name that stays unique in scale runs. */
  unique(name: string): string {
    return this.mode === 'demo' ? name : `${name} #${OWN_ID}`;
  }

  /** A random instant within the history, weighted towards recent months when `recent` > 1. */
  pastInstant(recent = 1, maxDays = HISTORY_DAYS): number {
    const days = Math.floor(maxDays * Math.pow(this.rng.float(), recent));
    return this.cal.ago(days, this.rng.int(5, 9 * 60));
  }

  /**
   * The i-th of n documents' place in a range (0 to 1): spread evenly over the range, so every
   * month of the history has documents however the random draws fall.
   */
  spread(i: number, n: number): number {
    return (i + this.rng.float()) / Math.max(1, n);
  }

  /** An Indian mobile number (10 digits, the form the phone rule accepts). */
  phone(): string {
    return `${this.rng.pick(['98', '97', '96', '95', '93', '90', '88', '87', '82', '79', '70'])}${this.rng.digits(8)}`;
  }

  personName(): string {
    return `${this.rng.pick(FIRST_NAMES)} ${this.rng.pick(LAST_NAMES)}`;
  }

  /** A valid GSTIN for the state (state code, PAN, entity number, Z, check character). */
  gstNumber(state: IndianState): string {
    const code = GST_STATE_CODES[state] ?? '27';
    const first14 = `${code}${this.rng.letters(5)}${this.rng.digits(4)}${this.rng.letters(1)}${this.rng.int(1, 9)}Z`;
    return `${first14}${gstinCheckCharacter(first14)}`;
  }
}

/** A material as later documents need it: what it is, how it is counted and priced. */
export interface MaterialRef {
  id: number;
  kind: MaterialKind;
  unit: MaterialUnit;
  /** Purchase rate per unit, in paise. */
  rate: number;
  /** A typical requested quantity, in whole units. */
  per: readonly [number, number];
  /** When it entered the catalogue. */
  since: number;
}

export type MaterialKind = 'acrylic' | 'metal' | 'pipe' | 'glass' | 'wood' | 'hardware' | 'electrical' | 'paint' | 'packing' | 'consumable';

export interface BranchRef {
  id: number;
  location: string;
  contact: string;
  phone: string;
  active: boolean;
}

export interface CustomerRef {
  id: number;
  name: string;
  state: IndianState;
  gstin: string;
  since: number;
  branches: BranchRef[];
  lpoCodes: string[];
}

export interface VendorRef {
  id: number;
  kinds: readonly MaterialKind[];
}

/** A cities list with their states, for branches, leads and addresses. */
export const CITIES: readonly (readonly [city: string, state: IndianState, areas: readonly string[]])[] = [
  ['Mumbai', 'Maharashtra', ['Andheri West', 'Bandra', 'Lower Parel', 'Powai', 'Borivali', 'Vashi']],
  ['Pune', 'Maharashtra', ['Baner', 'Kothrud', 'Viman Nagar', 'Hinjewadi', 'Camp']],
  ['Nagpur', 'Maharashtra', ['Sitabuldi', 'Dharampeth']],
  ['Bengaluru', 'Karnataka', ['Koramangala', 'Indiranagar', 'Whitefield', 'Jayanagar', 'MG Road']],
  ['Mysuru', 'Karnataka', ['Saraswathipuram']],
  ['Chennai', 'Tamil Nadu', ['T Nagar', 'Anna Nagar', 'Velachery', 'Adyar']],
  ['Coimbatore', 'Tamil Nadu', ['RS Puram', 'Gandhipuram']],
  ['Hyderabad', 'Telangana', ['Banjara Hills', 'Gachibowli', 'Kukatpally', 'Ameerpet']],
  ['Ahmedabad', 'Gujarat', ['Navrangpura', 'SG Highway', 'Satellite']],
  ['Surat', 'Gujarat', ['Adajan', 'Vesu']],
  ['New Delhi', 'Delhi', ['Connaught Place', 'Karol Bagh', 'Saket', 'Rajouri Garden']],
  ['Gurugram', 'Haryana', ['Cyber City', 'Sohna Road']],
  ['Noida', 'Uttar Pradesh', ['Sector 18', 'Sector 62']],
  ['Lucknow', 'Uttar Pradesh', ['Hazratganj', 'Gomti Nagar']],
  ['Jaipur', 'Rajasthan', ['MI Road', 'Malviya Nagar', 'Vaishali Nagar']],
  ['Kolkata', 'West Bengal', ['Park Street', 'Salt Lake', 'Gariahat']],
  ['Kochi', 'Kerala', ['MG Road', 'Edappally']],
  ['Indore', 'Madhya Pradesh', ['Vijay Nagar', 'Palasia']],
  ['Chandigarh', 'Chandigarh', ['Sector 17', 'Elante']],
  ['Bhubaneswar', 'Odisha', ['Saheed Nagar']],
  ['Panaji', 'Goa', ['Miramar']],
  ['Ludhiana', 'Punjab', ['Ferozepur Road']],
];

const GST_STATE_CODES: Partial<Record<IndianState, string>> = {
  Maharashtra: '27',
  Karnataka: '29',
  'Tamil Nadu': '33',
  Telangana: '36',
  Gujarat: '24',
  Delhi: '07',
  Haryana: '06',
  'Uttar Pradesh': '09',
  Rajasthan: '08',
  'West Bengal': '19',
  Kerala: '32',
  'Madhya Pradesh': '23',
  Chandigarh: '04',
  Odisha: '21',
  Goa: '30',
  Punjab: '03',
};

const FIRST_NAMES = [
  'Amit', 'Priya', 'Rahul', 'Sneha', 'Arjun', 'Pooja', 'Karan', 'Neha', 'Sanjay', 'Divya', 'Manoj', 'Anjali', 'Vijay', 'Kavita', 'Rajesh',
  'Swati', 'Nitin', 'Shalini', 'Harish', 'Deepa', 'Prakash', 'Rekha', 'Sunil', 'Aarti', 'Mahesh', 'Ritu', 'Ganesh', 'Nisha', 'Ashok', 'Bhavna',
];
const LAST_NAMES = [
  'Sharma', 'Patel', 'Desai', 'Joshi', 'Kulkarni', 'Iyer', 'Nair', 'Reddy', 'Gupta', 'Agarwal', 'Mehta', 'Shetty', 'Pillai', 'Chopra', 'Bose',
  'Banerjee', 'Malhotra', 'Verma', 'Jain', 'Kapoor', 'Rao', 'Menon', 'Deshpande', 'Naik', 'Pandey', 'Saxena', 'Thakur', 'Gowda', 'Sinha', 'Bhat',
];

/** The company's own details (invoices, quotations). */
export const COMPANY = {
  name: 'Monarch Display Systems Pvt Ltd',
  entities: ['Monarch Display Systems Pvt Ltd', 'Monarch Retail Interiors LLP'],
  address: 'Plot 14, MIDC Bhosari, Pune 411026',
  state: 'Maharashtra',
  gst: '27AAHCM4821K1Z9',
} as const;

/** Picks materials of given kinds that were in the catalogue by a given instant. */
export class MaterialPicker {
  private readonly byKind = new Map<MaterialKind, MaterialRef[]>();
  private readonly all: MaterialRef[];

  constructor(
    private readonly ctx: SeedContext,
    materials: readonly MaterialRef[],
  ) {
    this.all = [...materials];
    for (const m of materials) {
      const list = this.byKind.get(m.kind);
      if (list) list.push(m);
      else this.byKind.set(m.kind, [m]);
    }
  }

  /** A material of one of the kinds (of any kind if there is none), known before `at`; null if none is found. */
  pick(kinds: readonly MaterialKind[], at: number): MaterialRef | null {
    for (let attempt = 0; attempt < 8; attempt++) {
      const list = this.byKind.get(this.ctx.rng.pick(kinds)) ?? this.all;
      if (list.length === 0) return null;
      const material = this.ctx.rng.pick(list);
      if (material.since < at) return material;
    }
    return null;
  }

  /** Up to `n` different materials of the kinds. */
  some(kinds: readonly MaterialKind[], at: number, n: number): MaterialRef[] {
    const found = new Set<MaterialRef>();
    for (let i = 0; i < n; i++) {
      const m = this.pick(kinds, at);
      if (m) found.add(m);
    }
    return [...found];
  }
}
