import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CompanyProfile } from '../company';
import type { GraView } from '../gra';
import { LPO_STATUSES, type Lpo, type LpoItem } from '../lpo';
import { materialUnitLabel } from '../material';
import { labelOf } from '../options';
import { lineAmount, lpoTotals, totalOf } from '../totals';
import { day, documentDefinition, money, quantity, rupees, type DocumentParty } from './layout';

/** LPOs and GRAs: what purchasing sends vendors and what stores records on receipt. */

export interface LpoDocumentData {
  lpo: Lpo;
  items: readonly (LpoItem & { material_name: string; material_unit: string })[];
  vendor: DocumentParty;
  /** The vendor's payment terms, printed with the LPO ('' when none were agreed). */
  paymentTerms?: string;
}

/** An LPO: each line with its GST rate and when it is due (its own date, else the LPO's); the subtotal, GST and total as lpoTotals computes them. */
export function lpoDocument(company: CompanyProfile, { lpo, items, vendor, paymentTerms = '' }: LpoDocumentData): TDocumentDefinitions {
  const totals = lpoTotals(items);
  return documentDefinition(company, {
    title: 'Local Purchase Order',
    reference: String(lpo.id),
    particulars: [
      ['LPO No.', String(lpo.id)],
      ['LPO date', day(lpo.lpo_date)],
      ['Expected by', day(lpo.expected_date)],
      ['Status', labelOf(LPO_STATUSES, lpo.status)],
    ],
    party: { heading: 'Vendor', party: vendor },
    columns: [
      { header: '#', width: 18 },
      { header: 'Material', width: '*' },
      { header: 'Unit', width: 40 },
      { header: 'Qty', width: 50, figure: true },
      { header: 'Rate (₹)', width: 60, figure: true },
      { header: 'GST %', width: 35, figure: true },
      { header: 'Due by', width: 55 },
      { header: 'Amount (₹)', width: 70, figure: true },
    ],
    rows: items.map((item, i) => [
      String(i + 1),
      item.material_name,
      materialUnitLabel(item.material_unit),
      quantity(item.quantity),
      money(item.rate),
      money(item.tax_rate),
      day(item.expected_date ?? lpo.expected_date),
      money(totals.lines[i]!.amount),
    ]),
    totals: [
      ['Subtotal', rupees(totals.subtotal)],
      ['GST', rupees(totals.tax_amount)],
      ['Total', rupees(totals.total_amount)],
    ],
    notes: [
      ['Payment terms', paymentTerms],
      ['Remarks', lpo.remarks],
      ['Cancellation remarks', lpo.cancellation_remarks ?? ''],
    ],
    watermark: lpo.status === 'cancelled' ? 'CANCELLED' : undefined,
  });
}

/** A GRA as GET gra/gras/{id}/ answers it: the value is what was accepted into stock at the rate billed. */
export function graDocument(company: CompanyProfile, gra: GraView): TDocumentDefinitions {
  const amounts = gra.gra_items.map((item) => lineAmount(item.quantity_accepted, item.rate));
  return documentDefinition(company, {
    title: 'Goods Received Advice',
    reference: String(gra.id),
    particulars: [
      ['GRA No.', String(gra.id)],
      ['GRA date', day(gra.gra_date)],
      ['LPO', `${gra.lpo} of ${day(gra.lpo_date)}`],
      ['Vendor invoice', gra.invoice_number || '—'],
      ['Challan', gra.challan_number || '—'],
    ],
    party: { heading: 'Vendor', party: { name: gra.vendor_name } },
    columns: [
      { header: '#', width: 18 },
      { header: 'Material', width: '*' },
      { header: 'Unit', width: 35 },
      { header: 'Received', width: 55, figure: true },
      { header: 'Accepted', width: 55, figure: true },
      { header: 'Rate (₹)', width: 60, figure: true },
      { header: 'Amount (₹)', width: 70, figure: true },
    ],
    rows: gra.gra_items.map((item, i) => [String(i + 1), item.material_name, materialUnitLabel(item.material_unit), quantity(item.quantity_received), quantity(item.quantity_accepted), money(item.rate), money(amounts[i]!)]),
    totals: [['Value accepted', rupees(totalOf(amounts))]],
    notes: [
      ['Remarks', gra.remarks],
      ['Cancellation remarks', gra.cancellation_remarks ?? ''],
    ],
    watermark: gra.cancelled_at ? 'CANCELLED' : undefined,
  });
}
