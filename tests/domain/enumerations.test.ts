import { describe, expect, it } from 'vitest';
import type { Option } from '../../domain/options';
import { MATERIAL_UNITS } from '../../domain/material';
import { JOB_ORDER_STATUSES, PRODUCTION_DEPARTMENTS } from '../../domain/job-order';
import { SALES_ORDER_STATUSES } from '../../domain/sales-order';
import { REQUISITION_TYPES } from '../../domain/requisition';
import { JOB_ORDER_EXPENSE_DEFAULT_STATUS, JOB_ORDER_EXPENSE_STATUSES } from '../../domain/job-order-expense';
import { DEFAULT_LEAD_FILTER, LEAD_FILTERS, LEAD_REQUIREMENTS, LEAD_SOURCES, LEAD_STAGES, LEAD_TYPES, OPEN_LEAD_STAGES } from '../../domain/lead';
import { ESTIMATION_MATERIAL_CATEGORIES } from '../../domain/estimation-material';
import { INDIAN_STATES } from '../../domain/india';

const values = (options: readonly Option[]) => options.map((o) => o.value);
const labels = (options: readonly Option[]) => options.map((o) => o.label);
const pairs = (options: readonly Option[]) => options.map((o) => `${o.value}: ${o.label}`);

/** The enumerations exactly as business-areas.md gives them (values, labels, order). */
describe('enumerations of the specification', () => {
  it('material units, value and label (§3)', () => {
    expect(pairs(MATERIAL_UNITS)).toEqual(
      'PCS Pieces, KG Kilos, FT Feet, MM Millimeters, SQMM Sqr MM, CMS Centimeters, MTRS Meters, SQMTR Sqr Mtrs, ROLL Rolls, SET Sets, PKT Packet, FEET Feet, BOX Boxes, SHEET Sheets, GSM Gsm, LTRS Liters, ML Milliliters, MICR Micron, DAYS Days, MANPOWER Person, ADHOC Ad Hoc'
        .split(', ')
        .map((entry) => entry.replace(' ', ': ')),
    );
  });

  it('job order statuses and labels (§4)', () => {
    expect(values(JOB_ORDER_STATUSES)).toEqual(['Created', 'in-process', 'handover-to-dispatch', 'ready-to-dispatch', 'dispatched', 'closed']);
    expect(labels(JOB_ORDER_STATUSES)).toEqual(['Created', 'In Process', 'Handover To Dispatch', 'Ready To Dispatch', 'Dispatched', 'Closed']);
  });

  it('sales order statuses with their colours (§4)', () => {
    expect(values(SALES_ORDER_STATUSES)).toEqual(['draft', 'sent', 'accepted', 'in_production', 'completed', 'cancelled']);
    expect(SALES_ORDER_STATUSES.map((s) => s.color)).toEqual(['grey', 'blue', 'green', 'orange', 'positive', 'negative']);
  });

  it('requisition types (§9)', () => {
    expect(values(REQUISITION_TYPES)).toEqual(['standard', 'installation', 're-work', 'shortfall', 'consumables']);
  });

  it('expense statuses, PENDING by default (§4)', () => {
    expect(values(JOB_ORDER_EXPENSE_STATUSES)).toEqual(expect.arrayContaining(['PENDING', 'APPROVED']));
    expect(JOB_ORDER_EXPENSE_DEFAULT_STATUS).toBe('PENDING');
  });

  it('lead requirements, types and sources (§9)', () => {
    expect(values(LEAD_REQUIREMENTS)).toEqual(['Acrylic', 'Bags', 'Displays', 'Mirrors', 'Modular', 'Rods', 'Rv/NRV-Stands', 'Trays', 'Trolleys', 'Others', 'Optical-Designing', 'Non-Optical-Designing']);
    expect(values(LEAD_TYPES)).toEqual(['Retail', 'Wholesale', 'Corporate']);
    expect(values(LEAD_SOURCES)).toEqual(['All', 'Linkedin', 'Facebook', 'Whatsapp', 'Google-Ads', 'Indiamart', 'Instagram', 'Self', 'Other', 'Developer-Center', 'Exhibitions']);
  });

  it('lead stages open and closed, and the display filters with Open by default (§4, §9)', () => {
    expect(OPEN_LEAD_STAGES).toEqual(['new', 'followup', 'negotiation']);
    expect(values(LEAD_STAGES).slice(0, 3)).toEqual(['new', 'followup', 'negotiation']);
    expect(labels(LEAD_FILTERS)).toEqual(['Todays', 'Missed', 'Open', 'Not Actioned']);
    expect(LEAD_FILTERS.find((f) => f.value === DEFAULT_LEAD_FILTER)?.label).toBe('Open');
  });

  it('production departments (§9)', () => {
    expect(values(PRODUCTION_DEPARTMENTS)).toEqual(['Tray', 'Acrylic', 'Showroom', 'Warehouse']);
  });

  it('estimation material categories in the order of §9', () => {
    expect(labels(ESTIMATION_MATERIAL_CATEGORIES)).toEqual([
      'MS',
      'SS square and round pipe',
      'sheet and rod',
      'aluminium sheet',
      'toughened glass',
      'acrylic',
      'wooden',
      'solid wood',
      'laminate',
      'MS and SS laser cutting',
      'hardware',
      'painting/polish',
      'powder coating',
      'service rate',
      'finishing rate',
      'miscellaneous',
    ]);
  });

  it('the 37 Indian states and union territories, starting with N/A (§9)', () => {
    expect(INDIAN_STATES).toHaveLength(37);
    expect(INDIAN_STATES[0]).toEqual({ value: 'N/A', label: 'N/A' });
    expect(new Set(values(INDIAN_STATES)).size).toBe(37);
    for (const place of ['Maharashtra', 'Tamil Nadu', 'Karnataka', 'Telangana', 'Delhi', 'Jammu and Kashmir', 'Ladakh', 'Puducherry', 'Lakshadweep', 'Chandigarh', 'Andaman and Nicobar Islands']) {
      expect(values(INDIAN_STATES)).toContain(place);
    }
  });
});
