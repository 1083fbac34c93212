import { sql } from 'drizzle-orm';
import { CONSUMABLES_CATEGORY, materialNameKey, type MaterialUnit } from '../../../domain/material';
import { queryRows, type Db } from '../client';
import { materialCategories, materials, materialSubcategories } from '../schema';
import { HISTORY_DAYS, type MaterialKind, type MaterialRef, type SeedContext } from './context';
import { qty, rupees, units } from './values';

/**
 * The stores catalogue of a fabrication company: sheets, pipes, glass, boards, hardware,
 * electricals, paints, packing, and the consumables (glue, tape, screws…) that the foreman
 * requests. Each family expands into variants by colour, thickness and size.
 */
interface Family {
  sub: string;
  base: string;
  unit: MaterialUnit;
  /** Rupees per unit, from–to. */
  rate: readonly [number, number];
  /** Whole units a typical requisition asks for, from–to. */
  per: readonly [number, number];
  brands: readonly string[];
  colors?: readonly string[];
  thicknesses?: readonly string[];
  sizes?: readonly string[];
}

interface CategorySpec {
  name: string;
  kind: MaterialKind;
  families: readonly Family[];
}

const SHEET_SIZES = ['8x4 ft'];

const CATALOGUE: readonly CategorySpec[] = [
  {
    name: 'Acrylic Sheets',
    kind: 'acrylic',
    families: [
      { sub: 'Clear Acrylic', base: 'Acrylic Sheet', unit: 'SHEET', rate: [1800, 9500], per: [1, 8], brands: ['Acrylux', 'Polycast'], colors: ['Clear'], thicknesses: ['2 mm', '3 mm', '4 mm', '5 mm', '6 mm', '8 mm', '10 mm', '12 mm'], sizes: ['8x4 ft', '6x4 ft'] },
      { sub: 'Opal & Frosted', base: 'Acrylic Sheet', unit: 'SHEET', rate: [2200, 6000], per: [1, 6], brands: ['Acrylux'], colors: ['Opal White', 'Frosted'], thicknesses: ['3 mm', '5 mm'], sizes: SHEET_SIZES },
      { sub: 'Coloured Acrylic', base: 'Acrylic Sheet', unit: 'SHEET', rate: [2600, 5200], per: [1, 5], brands: ['Polycast'], colors: ['Black', 'Red', 'Royal Blue', 'Yellow', 'Green', 'Orange'], thicknesses: ['3 mm', '5 mm'], sizes: SHEET_SIZES },
      { sub: 'Mirror Acrylic', base: 'Mirror Acrylic Sheet', unit: 'SHEET', rate: [3200, 5600], per: [1, 4], brands: ['Acrylux'], colors: ['Gold', 'Silver', 'Rose Gold'], thicknesses: ['2 mm', '3 mm'], sizes: SHEET_SIZES },
      { sub: 'Acrylic Rods', base: 'Clear Acrylic Rod', unit: 'FEET', rate: [60, 320], per: [10, 60], brands: ['Polycast'], sizes: ['6 mm dia', '10 mm dia', '20 mm dia'] },
    ],
  },
  {
    name: 'Metal Sheets',
    kind: 'metal',
    families: [
      { sub: 'MS Sheet', base: 'MS Sheet', unit: 'KG', rate: [62, 85], per: [20, 200], brands: ['Tata', 'JSW'], thicknesses: ['0.8 mm', '1 mm', '1.2 mm', '1.6 mm', '2 mm', '3 mm'], sizes: SHEET_SIZES },
      { sub: 'SS Sheet', base: 'Sheet', unit: 'SHEET', rate: [4500, 12000], per: [1, 6], brands: ['Jindal'], colors: ['SS 304 Hairline', 'SS 304 Mirror', 'SS 202 Matt'], thicknesses: ['0.6 mm', '0.8 mm', '1 mm', '1.2 mm'], sizes: SHEET_SIZES },
      { sub: 'Aluminium Sheet', base: 'Aluminium Sheet', unit: 'SHEET', rate: [3800, 7800], per: [1, 5], brands: ['Hindalco'], thicknesses: ['1 mm', '1.5 mm', '2 mm'], sizes: SHEET_SIZES },
      { sub: 'GI Sheet', base: 'GI Sheet', unit: 'SHEET', rate: [1900, 3200], per: [1, 8], brands: ['Tata'], thicknesses: ['0.5 mm', '0.8 mm'], sizes: SHEET_SIZES },
      { sub: 'Perforated Sheet', base: 'MS Perforated Sheet', unit: 'SHEET', rate: [2800, 4200], per: [1, 6], brands: ['Perfo India'], thicknesses: ['1 mm', '1.2 mm'], sizes: SHEET_SIZES },
    ],
  },
  {
    name: 'Pipes & Sections',
    kind: 'pipe',
    families: [
      { sub: 'MS Square Pipe', base: 'MS Square Pipe', unit: 'FT', rate: [30, 140], per: [20, 200], brands: ['Apollo'], sizes: ['19x19 mm', '25x25 mm', '38x38 mm', '50x50 mm'], thicknesses: ['1.2 mm', '1.6 mm', '2 mm'] },
      { sub: 'MS Rectangular Pipe', base: 'MS Rectangular Pipe', unit: 'FT', rate: [40, 150], per: [20, 160], brands: ['Apollo'], sizes: ['40x20 mm', '50x25 mm', '60x40 mm'], thicknesses: ['1.2 mm', '1.6 mm'] },
      { sub: 'SS Round Pipe', base: 'SS 304 Round Pipe', unit: 'FEET', rate: [90, 380], per: [10, 80], brands: ['Jindal'], sizes: ['19 mm dia', '25 mm dia', '32 mm dia', '38 mm dia'], thicknesses: ['1 mm', '1.2 mm'] },
      { sub: 'Aluminium Profile', base: 'Aluminium Profile', unit: 'MTRS', rate: [180, 650], per: [6, 60], brands: ['Jindal Aluminium'], colors: ['Anodised Silver', 'Black'], sizes: ['T-section 20 mm', 'Edge trim 12 mm', 'Slotted 40x40'] },
      { sub: 'Aluminium Channel', base: 'Aluminium U-Channel', unit: 'MM', rate: [1, 2], per: [2000, 12000], brands: ['Jindal Aluminium'], sizes: ['10 mm', '12 mm'] },
    ],
  },
  {
    name: 'Glass',
    kind: 'glass',
    families: [
      { sub: 'Toughened Glass', base: 'Toughened Glass', unit: 'SQMTR', rate: [900, 2800], per: [2, 20], brands: ['Saint-Gobain', 'Asahi'], thicknesses: ['5 mm', '6 mm', '8 mm', '10 mm', '12 mm'] },
      { sub: 'Float Glass', base: 'Clear Float Glass', unit: 'SQMTR', rate: [450, 900], per: [2, 20], brands: ['Saint-Gobain'], thicknesses: ['4 mm', '5 mm', '6 mm'] },
      { sub: 'Mirror Glass', base: 'Mirror Glass', unit: 'SQMTR', rate: [700, 1500], per: [2, 12], brands: ['Asahi'], colors: ['Silver', 'Bronze', 'Grey'], thicknesses: ['4 mm', '5 mm'] },
      { sub: 'Lacquered Glass', base: 'Lacquered Glass', unit: 'SQMTR', rate: [1400, 2200], per: [2, 10], brands: ['Asahi'], colors: ['Black', 'White', 'Red'], thicknesses: ['5 mm'] },
      { sub: 'Glass Film', base: 'Frosted Glass Film', unit: 'SQMM', rate: [1, 1], per: [50000, 400000], brands: ['3M'], sizes: ['1220 mm roll'] },
    ],
  },
  {
    name: 'Wood & Boards',
    kind: 'wood',
    families: [
      { sub: 'MDF Board', base: 'MDF Board', unit: 'SHEET', rate: [900, 3200], per: [1, 10], brands: ['Action Tesa', 'Century'], thicknesses: ['6 mm', '12 mm', '18 mm', '25 mm'], sizes: SHEET_SIZES },
      { sub: 'Plywood', base: 'BWR Plywood', unit: 'SHEET', rate: [1400, 3600], per: [1, 10], brands: ['Greenply', 'Century'], thicknesses: ['6 mm', '12 mm', '19 mm'], sizes: SHEET_SIZES },
      { sub: 'Laminate', base: 'Laminate 1 mm', unit: 'SHEET', rate: [850, 1900], per: [1, 8], brands: ['Merino', 'Greenlam'], colors: ['Walnut', 'White Gloss', 'Oak', 'Grey Suede', 'Black Matt'], sizes: SHEET_SIZES },
      { sub: 'Edge Band', base: 'PVC Edge Band Tape', unit: 'ROLL', rate: [450, 900], per: [1, 4], brands: ['Rehau'], colors: ['White', 'Walnut', 'Black'], sizes: ['22 mm', '35 mm'] },
      { sub: 'Solid Wood', base: 'Teak Wood Batten', unit: 'CMS', rate: [4, 9], per: [200, 1200], brands: ['Local'], sizes: ['50x25 mm'] },
    ],
  },
  {
    name: 'Hardware',
    kind: 'hardware',
    families: [
      { sub: 'Hinges', base: 'Soft Close Hinge', unit: 'PCS', rate: [90, 250], per: [4, 40], brands: ['Hettich', 'Ebco'], sizes: ['0 crank', '8 crank', '16 crank'] },
      { sub: 'Drawer Channels', base: 'Telescopic Channel', unit: 'SET', rate: [250, 700], per: [2, 20], brands: ['Hettich', 'Ebco'], sizes: ['12 in', '14 in', '16 in', '18 in', '20 in'] },
      { sub: 'Locks', base: 'Drawer Lock', unit: 'PCS', rate: [120, 380], per: [2, 20], brands: ['Godrej', 'Ebco'], colors: ['Steel', 'Brass'] },
      { sub: 'Handles', base: 'Profile Handle', unit: 'PCS', rate: [80, 420], per: [4, 40], brands: ['Hafele'], colors: ['Matt Black', 'Brushed Steel'], sizes: ['96 mm', '128 mm', '160 mm', '224 mm'] },
      { sub: 'Glass Fittings', base: 'Glass Clamp', unit: 'PCS', rate: [60, 220], per: [4, 30], brands: ['Dorma'], sizes: ['D-type', 'Square', 'Spider 2-arm', 'Spider 4-arm'] },
      { sub: 'Castors', base: 'Castor Wheel', unit: 'PCS', rate: [95, 340], per: [4, 24], brands: ['Ebco'], sizes: ['2 in', '3 in', '4 in'], colors: ['With Brake', 'Without Brake'] },
      { sub: 'Shelf Supports', base: 'Shelf Support Stud 5 mm', unit: 'PKT', rate: [120, 180], per: [1, 6], brands: ['Ebco'] },
    ],
  },
  {
    name: 'Lighting & Electricals',
    kind: 'electrical',
    families: [
      { sub: 'LED Strips', base: 'LED Strip 12V 5 m', unit: 'ROLL', rate: [380, 1600], per: [1, 12], brands: ['Philips', 'Havells'], colors: ['Warm White', 'Cool White', 'RGB'] },
      { sub: 'LED Drivers', base: 'LED Driver', unit: 'PCS', rate: [350, 1800], per: [1, 10], brands: ['Meanwell'], sizes: ['30W', '60W', '100W', '150W'] },
      { sub: 'Wires', base: 'Copper Wire', unit: 'MTRS', rate: [9, 28], per: [20, 180], brands: ['Polycab', 'Finolex'], sizes: ['0.75 sqmm', '1 sqmm', '1.5 sqmm'] },
      { sub: 'LED Profiles', base: 'Aluminium LED Profile', unit: 'PCS', rate: [260, 540], per: [2, 20], brands: ['Havells'], sizes: ['1 m', '2 m'] },
      { sub: 'Switches', base: 'Rocker Switch', unit: 'PCS', rate: [25, 60], per: [2, 20], brands: ['Anchor'], colors: ['Black', 'White'] },
    ],
  },
  {
    name: 'Paints & Coatings',
    kind: 'paint',
    families: [
      { sub: 'Powder Coat', base: 'Powder Coat', unit: 'KG', rate: [320, 650], per: [2, 25], brands: ['Akzo Nobel', 'Jotun'], colors: ['RAL 9005 Black', 'RAL 9010 White', 'Silver Metallic', 'Champagne Gold', 'RAL 7035 Grey'] },
      { sub: 'PU Paint', base: 'PU Paint', unit: 'LTRS', rate: [420, 980], per: [1, 12], brands: ['Asian Paints', 'ICA'], colors: ['White', 'Black', 'Clear Lacquer'] },
      { sub: 'Primer & Thinner', base: 'Red Oxide Primer', unit: 'LTRS', rate: [180, 260], per: [1, 10], brands: ['Asian Paints'] },
      { sub: 'Primer & Thinner', base: 'NC Thinner', unit: 'LTRS', rate: [110, 160], per: [2, 20], brands: ['Asian Paints'] },
      { sub: 'Spray Paint', base: 'Aerosol Spray Paint 400 ml', unit: 'PCS', rate: [180, 260], per: [2, 24], brands: ['Kobra'], colors: ['Black', 'Silver', 'Gold'] },
    ],
  },
  {
    name: 'Packing Materials',
    kind: 'packing',
    families: [
      { sub: 'Bubble Wrap', base: 'Bubble Wrap', unit: 'ROLL', rate: [850, 1600], per: [1, 6], brands: ['Local'], sizes: ['1 m x 100 m', '0.5 m x 100 m'] },
      { sub: 'Protective Film', base: 'Protective PE Film', unit: 'MICR', rate: [3, 6], per: [50, 400], brands: ['Local'], thicknesses: ['50 micron', '80 micron'] },
      { sub: 'Boxes', base: 'Corrugated Box 5-ply', unit: 'PCS', rate: [60, 240], per: [5, 50], brands: ['Local'], sizes: ['24x18x12 in', '36x24x12 in', '48x24x6 in'] },
      { sub: 'Foam', base: 'EPE Foam Sheet', unit: 'SHEET', rate: [90, 220], per: [5, 40], brands: ['Local'], thicknesses: ['5 mm', '10 mm'] },
      { sub: 'Kraft Paper', base: 'Kraft Paper Roll', unit: 'GSM', rate: [2, 4], per: [120, 600], brands: ['Local'], thicknesses: ['120 GSM', '150 GSM'] },
      { sub: 'Strapping', base: 'Satin Ribbon 25 mm', unit: 'CMS', rate: [1, 1], per: [300, 3000], brands: ['Local'], colors: ['Red', 'Gold'] },
    ],
  },
  {
    name: 'Consumables',
    kind: 'consumable',
    families: [
      { sub: 'Adhesives', base: 'Acrylic Solvent Cement', unit: 'ML', rate: [1, 2], per: [100, 1000], brands: ['Pidilite'], sizes: ['100 ml bottle', '250 ml bottle'] },
      { sub: 'Adhesives', base: 'Epoxy Adhesive 2-Part 180 g', unit: 'PCS', rate: [220, 340], per: [1, 10], brands: ['Araldite'] },
      { sub: 'Adhesives', base: 'Silicone Sealant 280 ml', unit: 'PCS', rate: [180, 320], per: [2, 24], brands: ['Dow', 'Wacker'], colors: ['Clear', 'Black', 'White'] },
      { sub: 'Adhesives', base: 'Contact Adhesive', unit: 'LTRS', rate: [380, 520], per: [1, 5], brands: ['Fevicol'], sizes: ['1 L tin', '5 L tin'] },
      { sub: 'Adhesives', base: 'Instant Glue 20 g', unit: 'PCS', rate: [45, 80], per: [5, 30], brands: ['Fevikwik'] },
      { sub: 'Adhesives', base: 'Hot Melt Glue Stick', unit: 'KG', rate: [280, 420], per: [1, 5], brands: ['Local'] },
      { sub: 'Tapes', base: 'Double Sided Foam Tape', unit: 'ROLL', rate: [60, 180], per: [4, 40], brands: ['3M', 'Local'], sizes: ['12 mm', '18 mm', '24 mm'] },
      { sub: 'Tapes', base: 'VHB Tape', unit: 'ROLL', rate: [650, 1400], per: [1, 6], brands: ['3M'], sizes: ['12 mm', '19 mm'] },
      { sub: 'Tapes', base: 'Masking Tape', unit: 'ROLL', rate: [35, 90], per: [6, 48], brands: ['Local'], sizes: ['24 mm', '48 mm'] },
      { sub: 'Tapes', base: 'BOPP Packing Tape 48 mm', unit: 'ROLL', rate: [45, 70], per: [6, 72], brands: ['Local'] },
      { sub: 'Fasteners', base: 'Self Tapping Screw', unit: 'BOX', rate: [90, 260], per: [1, 10], brands: ['Kundan'], sizes: ['6 x 1/2 in', '8 x 3/4 in', '8 x 1 in', '10 x 1.5 in'] },
      { sub: 'Fasteners', base: 'Wood Screw', unit: 'BOX', rate: [110, 280], per: [1, 10], brands: ['Kundan'], sizes: ['8 x 1 in', '8 x 1.5 in', '10 x 2 in'] },
      { sub: 'Fasteners', base: 'Pop Rivet', unit: 'BOX', rate: [140, 320], per: [1, 6], brands: ['Local'], sizes: ['3.2 x 10 mm', '4 x 12 mm'] },
      { sub: 'Fasteners', base: 'Nylon Wall Plug', unit: 'PKT', rate: [60, 110], per: [1, 10], brands: ['Fischer'], sizes: ['6 mm', '8 mm'] },
      { sub: 'Fasteners', base: 'Anchor Fastener', unit: 'PCS', rate: [12, 35], per: [10, 100], brands: ['Hilti', 'Fischer'], sizes: ['M8', 'M10'] },
      { sub: 'Fasteners', base: 'Allen Bolt', unit: 'PCS', rate: [4, 12], per: [20, 200], brands: ['Unbrako'], sizes: ['M6 x 20', 'M8 x 25'] },
      { sub: 'Fasteners', base: 'Hex Nut', unit: 'KG', rate: [140, 220], per: [1, 5], brands: ['Local'], sizes: ['M6', 'M8'] },
      { sub: 'Abrasives', base: 'Sandpaper Sheet', unit: 'PCS', rate: [12, 30], per: [10, 100], brands: ['Norton'], sizes: ['80 grit', '120 grit', '220 grit', '400 grit'] },
      { sub: 'Abrasives', base: 'Cutting Disc 4 in', unit: 'PCS', rate: [25, 45], per: [10, 60], brands: ['Norton', 'Bosch'] },
      { sub: 'Abrasives', base: 'Grinding Disc 4 in', unit: 'PCS', rate: [35, 60], per: [5, 40], brands: ['Norton'] },
      { sub: 'Abrasives', base: 'Flap Disc 4 in', unit: 'PCS', rate: [55, 95], per: [5, 30], brands: ['Bosch'], sizes: ['60 grit', '80 grit'] },
      { sub: 'Abrasives', base: 'Polishing Compound', unit: 'KG', rate: [240, 380], per: [1, 4], brands: ['Local'] },
      { sub: 'Welding', base: 'Welding Electrode', unit: 'KG', rate: [160, 240], per: [2, 15], brands: ['Esab', 'Ador'], sizes: ['2.5 mm', '3.15 mm'] },
      { sub: 'Welding', base: 'MIG Wire 0.8 mm', unit: 'KG', rate: [180, 260], per: [2, 15], brands: ['Esab'] },
      { sub: 'Cutting Tools', base: 'Router Bit', unit: 'PCS', rate: [350, 900], per: [1, 4], brands: ['Bosch'], sizes: ['3 mm flat', '6 mm V-groove'] },
      { sub: 'Cutting Tools', base: 'Jigsaw Blade', unit: 'PKT', rate: [240, 420], per: [1, 5], brands: ['Bosch'] },
      { sub: 'Cutting Tools', base: 'HSS Drill Bit Set', unit: 'SET', rate: [450, 1200], per: [1, 3], brands: ['Bosch'] },
      { sub: 'Cleaning', base: 'Cotton Waste', unit: 'KG', rate: [70, 110], per: [2, 20], brands: ['Local'] },
      { sub: 'Cleaning', base: 'IPA Cleaner', unit: 'LTRS', rate: [220, 320], per: [1, 10], brands: ['Local'] },
      { sub: 'Cleaning', base: 'Microfibre Cloth', unit: 'PCS', rate: [40, 80], per: [5, 40], brands: ['Local'] },
    ],
  },
];

interface Variant {
  category: CategorySpec;
  family: Family;
  name: string;
  color: string;
  thickness: string;
  size: string;
}

function variantsOf(category: CategorySpec, family: Family): Variant[] {
  const out: Variant[] = [];
  for (const color of family.colors ?? ['']) {
    for (const thickness of family.thicknesses ?? ['']) {
      for (const size of family.sizes ?? ['']) {
        const name = [color, family.base, thickness, size].filter(Boolean).join(' ');
        out.push({ category, family, name, color, thickness, size });
      }
    }
  }
  return out;
}

/** Every variant once; names are unique ignoring case and spaces, as the database requires. */
const VARIANTS: readonly Variant[] = [
  ...new Map(CATALOGUE.flatMap((category) => category.families.flatMap((family) => variantsOf(category, family))).map((v) => [materialNameKey(v.name), v])).values(),
];

/** Where new materials of each category and subcategory go. */
interface Shelves {
  /** Category id per catalogue category, one or more (scale runs spread over several). */
  categories: Map<CategorySpec, number[]>;
  /** Subcategory id per category id and subcategory name. */
  subcategories: Map<string, number>;
}

const shelfKey = (category: number, sub: string) => `${category}/${sub}`;

/** Categories and subcategories of the demo company: the catalogue's, once each. */
function demoShelves(ctx: SeedContext): Shelves {
  const shelves: Shelves = { categories: new Map(), subcategories: new Map() };
  const at = ctx.cal.ts(ctx.cal.ago(HISTORY_DAYS, 600));
  const stores = ctx.user('stores');
  for (const category of CATALOGUE) {
    const id = ctx.data.add(materialCategories, { name: category.name, created_by: stores, created_at: at, updated_at: at, deleted_at: null });
    shelves.categories.set(category, [id]);
    addSubcategories(ctx, shelves, category, id, at);
  }
  return shelves;
}

function addSubcategories(ctx: SeedContext, shelves: Shelves, category: CategorySpec, categoryId: number, at: string) {
  for (const sub of new Set(category.families.map((f) => f.sub))) {
    if (shelves.subcategories.has(shelfKey(categoryId, sub))) continue;
    const id = ctx.data.add(materialSubcategories, { name: sub, category: categoryId, created_by: ctx.user('stores'), created_at: at, updated_at: at, deleted_at: null });
    shelves.subcategories.set(shelfKey(categoryId, sub), id);
  }
}

/**
 * Categories of a scale run: `count` new ones spread over the catalogue's kinds (names made
 * unique), while consumables go into the one category the foreman's list is built from —
 * "Consumables", taken from the database or created once.
 */
async function scaleShelves(db: Db, ctx: SeedContext, count: number): Promise<Shelves> {
  const shelves: Shelves = { categories: new Map(), subcategories: new Map() };
  const at = ctx.cal.ts(ctx.cal.now - 60_000);
  const stores = ctx.user('stores');
  const general = CATALOGUE.filter((c) => c.kind !== 'consumable');
  for (let i = 0; i < Math.max(count, general.length); i++) {
    const category = general[i % general.length]!;
    const id = ctx.data.add(materialCategories, { name: ctx.unique(category.name), created_by: stores, created_at: at, updated_at: at, deleted_at: null });
    shelves.categories.set(category, [...(shelves.categories.get(category) ?? []), id]);
    addSubcategories(ctx, shelves, category, id, at);
  }
  const consumables = CATALOGUE.find((c) => c.kind === 'consumable')!;
  const [existing] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM material_categories WHERE lower(name) = ${CONSUMABLES_CATEGORY} AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  const consumablesId = existing?.id ?? ctx.data.add(materialCategories, { name: 'Consumables', created_by: stores, created_at: at, updated_at: at, deleted_at: null });
  shelves.categories.set(consumables, [consumablesId]);
  if (existing) {
    const subs = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM material_subcategories WHERE category = ${existing.id} AND deleted_at IS NULL ORDER BY id`);
    for (const sub of subs) if (!shelves.subcategories.has(shelfKey(existing.id, sub.name))) shelves.subcategories.set(shelfKey(existing.id, sub.name), sub.id);
  }
  addSubcategories(ctx, shelves, consumables, consumablesId, at);
  return shelves;
}

/**
 * The materials: the demo takes `count` distinct variants, every family at least once; a
 * scale run draws variants at random and makes each name unique with its id. On-hand
 * quantities start at zero; the stock ledger sets them (stock.ts).
 */
export async function generateCatalogue(db: Db, ctx: SeedContext, count: number, categories: number): Promise<MaterialRef[]> {
  const shelves = ctx.mode === 'demo' ? demoShelves(ctx) : await scaleShelves(db, ctx, categories);
  const { rng } = ctx;
  let chosen: Variant[];
  if (ctx.mode === 'demo') {
    const families = new Set<Family>();
    const firsts = VARIANTS.filter((v) => !families.has(v.family) && families.add(v.family));
    chosen = [...firsts, ...rng.sample(VARIANTS.filter((v) => !firsts.includes(v)), count - firsts.length)];
  } else {
    chosen = Array.from({ length: count }, () => rng.pick(VARIANTS));
  }
  const stores = ctx.user('stores');
  return chosen.map((variant) => {
    const { category, family } = variant;
    const categoryId = rng.pick(shelves.categories.get(category)!);
    // Most of the catalogue was there when the company started; some items were added since.
    const since = rng.chance(0.75) ? ctx.cal.ago(HISTORY_DAYS, rng.int(0, 600)) : ctx.pastInstant(1, HISTORY_DAYS - 1);
    const at = ctx.cal.ts(since);
    const rate = rupees(rng.int(family.rate[0], family.rate[1]));
    const id = ctx.data.add(materials, {
      name: ctx.unique(variant.name),
      category: categoryId,
      subcategory: shelves.subcategories.get(shelfKey(categoryId, family.sub)) ?? null,
      unit: family.unit,
      brand: rng.pick(family.brands),
      size: variant.size,
      color: variant.color,
      thickness: variant.thickness,
      quantity: qty(0),
      reorder_level: qty(units(Math.ceil(family.per[1] * rng.pick([0.5, 1, 2])))),
      created_by: stores,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    return { id, kind: category.kind, unit: family.unit, rate, per: family.per, since };
  });
}

/** Live materials already in the database, for a scale run that adds documents but no materials. */
export async function existingMaterials(db: Db, ctx: SeedContext): Promise<MaterialRef[]> {
  const rows = await queryRows<{ id: number; unit: MaterialUnit; consumable: boolean }>(
    db,
    sql`SELECT m.id, m.unit, lower(c.name) = ${CONSUMABLES_CATEGORY} AS consumable
        FROM materials m JOIN material_categories c ON c.id = m.category WHERE m.deleted_at IS NULL ORDER BY m.id`,
  );
  // Their history is unknown: they count as stocked since the start of the generated history.
  const since = ctx.cal.ago(HISTORY_DAYS);
  return rows.map((r) => ({
    id: r.id,
    kind: r.consumable ? 'consumable' : ctx.rng.pick(['acrylic', 'metal', 'pipe', 'glass', 'wood', 'hardware'] as const),
    unit: r.unit,
    rate: rupees(ctx.rng.int(50, 2500)),
    per: [1, 20],
    since,
  }));
}
