import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CompanyProfile } from '../company';
import { sign, sub } from '../decimal';
import { INVOICE_STATUSES, INVOICE_UNITS, type Invoice, type InvoiceItem } from '../invoice';
import { labelOf } from '../options';
import type { Quotation, QuotationItem } from '../quotation';
import { rupeesInWords } from '../rules/numbers';
import { SALES_ORDER_STATUSES, type SalesOrder, type SalesOrderItem } from '../sales-order';
import { invoiceTotals, lineAmount, quotationTotals, totalOf } from '../totals';
import { day, documentDefinition, money, quantity, rupees, type DocumentCell, type DocumentParty } from './layout';

/** Quotations, sales orders and GST invoices: what the sales and accounts desks send customers. */

export interface QuotationDocumentData {
  quotation: Quotation;
  items: readonly QuotationItem[];
  customer: DocumentParty;
  /** Item images by item id, as PNG or JPEG data URLs (the renderers read no files or URLs). */
  images?: Readonly<Record<number, string>>;
}

/** The choices of GET quotations/{id}/print_pdf/ (business-areas.md §7): a title of the user's, and whether codes, images and discounts show. */
export interface QuotationPrintOptions {
  title?: string;
  show_code?: boolean;
  show_image?: boolean;
  show_discount?: boolean;
}

export function quotationDocument(company: CompanyProfile, { quotation, items, customer, images = {} }: QuotationDocumentData, options: QuotationPrintOptions = {}): TDocumentDefinitions {
  const totals = quotationTotals(items, quotation.tax_rate);
  const showCode = options.show_code ?? true;
  const showDiscount = options.show_discount ?? true;
  // The image column shows when asked and when there is an image to show.
  const showImage = (options.show_image ?? true) && items.some((item) => images[item.id] !== undefined);
  const columns = [
    { header: '#', width: 18, cell: (_: QuotationItem, i: number): DocumentCell => String(i + 1) },
    showCode ? { header: 'Code', width: 50, cell: (item: QuotationItem): DocumentCell => item.code } : null,
    showImage ? { header: 'Image', width: 64, cell: (item: QuotationItem): DocumentCell => (images[item.id] === undefined ? '' : { image: images[item.id]! }) } : null,
    { header: 'Description', width: '*' as const, cell: (item: QuotationItem) => item.description },
    { header: 'Qty', width: 50, figure: true, cell: (item: QuotationItem) => quantity(item.quantity) },
    { header: 'Rate (₹)', width: 60, figure: true, cell: (item: QuotationItem) => money(item.unit_price) },
    showDiscount ? { header: 'Discount (₹)', width: 55, figure: true, cell: (item: QuotationItem) => money(item.discount) } : null,
    { header: 'Amount (₹)', width: 65, figure: true, cell: (_: QuotationItem, i: number) => money(totals.gross_prices[i]!) },
  ].filter((c) => c !== null);
  return documentDefinition(company, {
    title: options.title?.trim() || 'Quotation',
    reference: String(quotation.number),
    particulars: [
      ['Quotation No.', `${quotation.number}${quotation.revision > 1 ? ` (Rev. ${quotation.revision})` : ''}`],
      ['Date', day(quotation.quotation_date)],
    ],
    party: { heading: 'To', party: customer },
    columns,
    rows: items.map((item, i) => columns.map((c) => c.cell(item, i))),
    totals: [
      // Without the discount column the lines show their amounts after discount, and so does the subtotal.
      ...(showDiscount
        ? [
            ['Subtotal', rupees(totals.subtotal)] as const,
            ['Discount', rupees(totals.discount_total)] as const,
          ]
        : [['Subtotal', rupees(totals.taxable_amount)] as const]),
      [`Tax (${quotation.tax_rate}%)`, rupees(totals.tax_amount)],
      ['Total', rupees(totals.total_amount)],
    ],
    notes: [
      ['Subject', quotation.subject],
      ['Terms and conditions', quotation.terms],
    ],
  });
}

export interface SalesOrderDocumentData {
  order: SalesOrder;
  items: readonly SalesOrderItem[];
  customer: DocumentParty;
}

export function salesOrderDocument(company: CompanyProfile, { order, items, customer }: SalesOrderDocumentData): TDocumentDefinitions {
  const amounts = items.map((item) => lineAmount(item.quantity, item.unit_price));
  return documentDefinition(company, {
    title: 'Sales Order',
    reference: String(order.id),
    particulars: [
      ['Order No.', String(order.id)],
      ['Order date', day(order.order_date)],
      ['Customer PO', order.customer_po_number || '—'],
      ['Expected delivery', day(order.expected_delivery_date)],
      ['Status', labelOf(SALES_ORDER_STATUSES, order.status)],
    ],
    party: { heading: 'Customer', party: customer },
    columns: [
      { header: '#', width: 18 },
      { header: 'Description', width: '*' },
      { header: 'Qty', width: 60, figure: true },
      { header: 'Rate (₹)', width: 70, figure: true },
      { header: 'Amount (₹)', width: 80, figure: true },
    ],
    rows: items.map((item, i) => [String(i + 1), item.description, quantity(item.quantity), money(item.unit_price), money(amounts[i]!)]),
    totals: [
      ['Advance', rupees(order.advance_amount)],
      ['Order value', rupees(totalOf(amounts))],
    ],
    notes: [['Remarks', order.remarks]],
    watermark: order.status === 'cancelled' ? 'CANCELLED' : undefined,
  });
}

export interface InvoiceDocumentData {
  invoice: Invoice;
  items: readonly InvoiceItem[];
  customer: DocumentParty;
}

const INVOICE_WATERMARKS: Partial<Record<Invoice['status'], string>> = { draft: 'DRAFT', cancelled: 'CANCELLED', void: 'VOID' };

/** A GST tax invoice: CGST and SGST inside the company's state, IGST across states, the round off and the amount in words (domain/totals.ts). */
export interface InvoicePrintOptions {
  /** The layout's title ("Proforma Invoice"); a tax invoice otherwise. */
  title?: string;
  /** What was received so far and the balance due, under the total. */
  payments?: boolean;
}

export function invoiceDocument(company: CompanyProfile, { invoice, items, customer }: InvoiceDocumentData, options: InvoicePrintOptions = {}): TDocumentDefinitions {
  const totals = invoiceTotals(items, invoice.company_state, invoice.customer_state);
  const taxes: [string, string][] = totals.intra_state
    ? [
        ['CGST', rupees(totals.cgst_amount)],
        ['SGST', rupees(totals.sgst_amount)],
      ]
    : [['IGST', rupees(totals.igst_amount)]];
  const discounted = sign(totals.discount_amount) > 0;
  const number = invoice.invoice_number ?? 'Draft';
  return documentDefinition(company, {
    title: options.title || 'Tax Invoice',
    reference: number,
    particulars: [
      ['Invoice No.', number],
      ['Invoice date', day(invoice.invoice_date)],
      ['Due date', day(invoice.due_date)],
      ['Place of supply', invoice.customer_state],
      ['Status', labelOf(INVOICE_STATUSES, invoice.status)],
    ],
    party: { heading: 'Bill to', party: { ...customer, state: customer.state ?? invoice.customer_state } },
    columns: [
      { header: '#', width: 18 },
      { header: 'Description', width: '*' },
      { header: 'HSN/SAC', width: 50 },
      { header: 'Qty', width: 45, figure: true },
      { header: 'Rate (₹)', width: 55, figure: true },
      ...(discounted ? [{ header: 'Discount (₹)', width: 50, figure: true }] : []),
      { header: 'GST %', width: 35, figure: true },
      { header: 'Taxable value (₹)', width: 70, figure: true },
    ],
    rows: items.map((item, i) => [
      String(i + 1),
      item.description,
      item.hsn_code,
      `${quantity(item.quantity)} ${labelOf(INVOICE_UNITS, item.unit)}`,
      money(item.unit_price),
      ...(discounted ? [money(item.discount)] : []),
      item.tax_rate,
      money(totals.lines[i]!.taxable_amount),
    ]),
    totals: [
      ...(discounted ? ([['Amount', rupees(totals.subtotal)], ['Discount', rupees(totals.discount_amount)]] as [string, string][]) : []),
      ['Taxable value', rupees(totals.taxable_amount)],
      ...taxes,
      ['Round off', rupees(totals.round_off)],
      ['Grand total', rupees(totals.total_amount)],
      ...(options.payments
        ? ([
            ['Received', rupees(sub(invoice.total_amount, invoice.outstanding_amount))],
            ['Balance due', rupees(invoice.outstanding_amount)],
          ] as [string, string][])
        : []),
    ],
    notes: [
      ['Amount in words', rupeesInWords(totals.total_amount)],
      ['Notes', invoice.notes],
      ['Terms', invoice.terms],
    ],
    watermark: INVOICE_WATERMARKS[invoice.status],
  });
}
