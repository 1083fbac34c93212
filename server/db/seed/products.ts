import type { ProductionDepartment } from '../../../domain/job-order';
import type { LeadRequirement } from '../../../domain/lead';
import type { SeedContext } from './context';
import { lineAmount, rupees, units } from './values';

/** What the company makes: displays, acrylic, metal, glass and trays, priced per piece (rupees). */
export interface Product {
  name: string;
  rate: readonly [number, number];
  department: ProductionDepartment;
  requirement: LeadRequirement;
  /** HSN code for the invoice line. */
  hsn: string;
  /** Pieces a customer typically orders, from–to. */
  pieces: readonly [number, number];
}

export const PRODUCTS: readonly Product[] = [
  { name: 'Acrylic Brochure Holder A4', rate: [350, 900], department: 'Acrylic', requirement: 'Acrylic', hsn: '3926', pieces: [10, 200] },
  { name: 'Acrylic Menu Card Stand', rate: [180, 450], department: 'Acrylic', requirement: 'Acrylic', hsn: '3926', pieces: [20, 300] },
  { name: 'Eyewear Display Stand 12-frame', rate: [2800, 7500], department: 'Acrylic', requirement: 'Optical-Designing', hsn: '3926', pieces: [2, 40] },
  { name: 'LED Backlit Acrylic Signage 6x3 ft', rate: [12000, 45000], department: 'Acrylic', requirement: 'Displays', hsn: '9405', pieces: [1, 12] },
  { name: 'Mobile Phone Display Stand', rate: [450, 1400], department: 'Acrylic', requirement: 'Displays', hsn: '3926', pieces: [10, 150] },
  { name: 'Acrylic Donation Box with Lock', rate: [900, 2400], department: 'Acrylic', requirement: 'Acrylic', hsn: '3926', pieces: [2, 30] },
  { name: 'Table Top Promotional Display', rate: [1200, 3800], department: 'Acrylic', requirement: 'Displays', hsn: '3926', pieces: [5, 80] },
  { name: 'Jewellery Display Tray Velvet 24-slot', rate: [900, 2600], department: 'Tray', requirement: 'Trays', hsn: '4202', pieces: [5, 120] },
  { name: 'Ring Tray 36-slot', rate: [700, 1800], department: 'Tray', requirement: 'Trays', hsn: '4202', pieces: [5, 100] },
  { name: 'Watch Display Tray', rate: [800, 2200], department: 'Tray', requirement: 'Trays', hsn: '4202', pieces: [5, 80] },
  { name: 'Necklace Bust Display', rate: [650, 1900], department: 'Tray', requirement: 'Trays', hsn: '4202', pieces: [5, 60] },
  { name: 'Gift Bag with Logo Print', rate: [35, 120], department: 'Tray', requirement: 'Bags', hsn: '4819', pieces: [200, 3000] },
  { name: 'Metal Gondola Rack 6 ft', rate: [8500, 18000], department: 'Warehouse', requirement: 'Modular', hsn: '9403', pieces: [2, 40] },
  { name: 'Heavy Duty Storage Rack', rate: [9000, 24000], department: 'Warehouse', requirement: 'Modular', hsn: '9403', pieces: [2, 30] },
  { name: 'Material Handling Trolley', rate: [6500, 15000], department: 'Warehouse', requirement: 'Trolleys', hsn: '8716', pieces: [1, 20] },
  { name: 'SS Queue Manager Stand with Rope', rate: [2200, 5200], department: 'Warehouse', requirement: 'Rv/NRV-Stands', hsn: '7326', pieces: [4, 40] },
  { name: 'Garment Hanging Rod Unit', rate: [1800, 4800], department: 'Warehouse', requirement: 'Rods', hsn: '7326', pieces: [4, 60] },
  { name: 'Glass Display Counter 4 ft', rate: [28000, 65000], department: 'Showroom', requirement: 'Displays', hsn: '9403', pieces: [1, 8] },
  { name: 'Wall Display Unit with LED', rate: [35000, 90000], department: 'Showroom', requirement: 'Modular', hsn: '9403', pieces: [1, 10] },
  { name: 'Cash Counter with Drawer', rate: [22000, 48000], department: 'Showroom', requirement: 'Modular', hsn: '9403', pieces: [1, 4] },
  { name: 'Sunglass Display Tower', rate: [14000, 32000], department: 'Showroom', requirement: 'Optical-Designing', hsn: '9403', pieces: [1, 10] },
  { name: 'Optical Frame Wall Panel', rate: [18000, 42000], department: 'Showroom', requirement: 'Optical-Designing', hsn: '9403', pieces: [1, 12] },
  { name: 'Full Length Mirror with Brass Frame', rate: [4500, 12000], department: 'Showroom', requirement: 'Mirrors', hsn: '7009', pieces: [1, 20] },
  { name: 'Retail Kiosk with Branding', rate: [45000, 120000], department: 'Showroom', requirement: 'Non-Optical-Designing', hsn: '9403', pieces: [1, 4] },
  { name: 'Shoe Display Shelf', rate: [2600, 6800], department: 'Showroom', requirement: 'Displays', hsn: '9403', pieces: [2, 30] },
  { name: 'Cosmetics Counter Gondola', rate: [16000, 38000], department: 'Showroom', requirement: 'Non-Optical-Designing', hsn: '9403', pieces: [1, 10] },
];

/** A priced line of a quotation, order or job: quantity in thousandths, price and amount in paise. */
export interface Line {
  product: Product;
  description: string;
  quantity: number;
  price: number;
  amount: number;
}

/** `n` lines of different products, priced from the products' ranges (whole rupees, so GST is exact). */
export function productLines(ctx: SeedContext, n: number, department?: ProductionDepartment): Line[] {
  const pool = department ? PRODUCTS.filter((p) => p.department === department) : PRODUCTS;
  return ctx.rng.sample(pool, n).map((product) => {
    const quantity = units(ctx.rng.int(product.pieces[0], product.pieces[1]));
    const price = rupees(ctx.rng.int(product.rate[0], product.rate[1]));
    return { product, description: product.name, quantity, price, amount: lineAmount(quantity, price) };
  });
}

export const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
