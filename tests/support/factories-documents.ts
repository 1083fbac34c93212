import type { CompanyProfile } from '../../domain/company';
import type { DeliveryNoteView } from '../../domain/delivery-note';
import type { GraView } from '../../domain/gra';
import type { Invoice, InvoiceItem } from '../../domain/invoice';
import type { JobOrderView } from '../../domain/job-order';
import type { Lpo, LpoItem } from '../../domain/lpo';
import type { Quotation, QuotationItem } from '../../domain/quotation';
import type { SalesOrder, SalesOrderItem } from '../../domain/sales-order';

/** Rows as the API answers them, for document definitions that are tested without a server. */

const tracked = { created_by: 1, created_at: '2026-11-02T10:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z', version: 1, deleted_at: null };

export const companyFixture = (values: Partial<CompanyProfile> = {}): CompanyProfile => ({
  name: 'Shree Ganesh Fabricators Pvt. Ltd.',
  address: 'Plot 14, MIDC Bhosari, Pune 411026',
  gstin: '27AAACS1234F1ZS',
  state: 'Maharashtra',
  phone: '020 27123456',
  email: 'accounts@ganeshfab.in',
  logo: null,
  updated_at: null,
  ...values,
});

export const invoiceFixture = (values: Partial<Invoice> = {}): Invoice => ({
  id: 42,
  invoice_number: 'INV-26-27/00042',
  financial_year: '2026-27',
  invoice_date: '2026-11-20',
  due_date: '2026-12-20',
  status: 'approved',
  customer: 7,
  sales_order: null,
  job_order: null,
  subtotal: '0.00',
  discount_amount: '0.00',
  taxable_amount: '0.00',
  cgst_amount: '0.00',
  sgst_amount: '0.00',
  igst_amount: '0.00',
  tax_amount: '0.00',
  round_off: '0.00',
  total_amount: '0.00',
  outstanding_amount: '0.00',
  customer_state: 'Maharashtra',
  company_state: 'Maharashtra',
  customer_gstin: '27AAGFO4321K1Z7',
  company_gstin: '27AAACS1234F1ZS',
  notes: '',
  terms: 'Payment within 30 days.',
  approved_by: null,
  approved_at: null,
  sent_at: null,
  paid_at: null,
  cancelled_at: null,
  cancellation_reason: null,
  voided_at: null,
  void_reason: null,
  ...tracked,
  ...values,
});

let nextId = 1;
/** A line as stored; the document computes its figures from quantity, rate, discount and GST rate. */
export const invoiceItemFixture = (description: string, quantity: string, unit_price: string, tax_rate: string, hsn_code = '3926', discount = '0.00'): InvoiceItem => ({
  id: nextId++,
  invoice: 42,
  description,
  hsn_code,
  unit: 'NOS',
  quantity,
  unit_price,
  discount,
  tax_rate,
  amount: '0.00',
  taxable_amount: '0.00',
  cgst_amount: '0.00',
  sgst_amount: '0.00',
  igst_amount: '0.00',
  line_total: '0.00',
  ...tracked,
});

export const quotationFixture = (): { quotation: Quotation; items: QuotationItem[] } => ({
  quotation: { id: 3, number: 1031, customer: 7, branch: null, sales_exec: 2, monarch_entity: '', quotation_date: '2026-11-05', subject: 'Acrylic display stands', terms: 'Prices ex-works.', subtotal: '0', discount_total: '0', tax_rate: '18.00', tax_amount: '0', total_amount: '0', revision: 2, status: 'sent', sent_at: '2026-11-05T10:00:00.000Z', lead: null, ...tracked },
  items: [
    { id: 1, quotation: 3, code: 'ADS-1', description: 'Acrylic display stand', quantity: '10.000', unit: 'PCS', unit_price: '250.00', discount: '100.00', gross_price: '0', image_path: null, ...tracked },
    { id: 2, quotation: 3, code: 'ST-4', description: 'Steel tray', quantity: '4.000', unit: 'PCS', unit_price: '1125.50', discount: '0.00', gross_price: '0', image_path: null, ...tracked },
  ],
});

export const salesOrderFixture = (): { order: SalesOrder; items: SalesOrderItem[] } => ({
  order: { id: 88, customer_po_number: 'PO/2026/117', order_date: '2026-11-06', total_order_value: '0', status: 'accepted', expected_delivery_date: '2026-12-01', customer: 7, branch: null, quotation: 3, advance_pending: false, advance_amount: '5000.00', remarks: '', ...tracked },
  items: [
    { id: 1, sales_order: 88, description: 'Acrylic display stand', quantity: '5.000', unit_price: '2000.00', amount: '0', ...tracked },
    { id: 2, sales_order: 88, description: 'Glass shelf', quantity: '2.500', unit_price: '333.33', amount: '0', ...tracked },
  ],
});

export const lpoFixture = (): { lpo: Lpo; items: (LpoItem & { material_name: string; material_unit: string })[] } => ({
  lpo: { id: 15, vendor: 4, lpo_date: '2026-10-01', expected_date: '2026-10-08', subtotal: '0', tax_amount: '0', total_amount: '0', status: 'approved', requisition: null, remarks: 'Deliver to stores gate 2.', approved_by: null, approved_at: null, sent_at: null, closed_at: null, close_remarks: null, cancelled_at: null, cancellation_remarks: null, ...tracked },
  items: [
    { id: 1, lpo: 15, material: 1, quantity: '20.000', rate: '123.45', amount: '0', tax_rate: '18.00', expected_date: null, quantity_received: '0', material_name: 'MS sheet 2mm', material_unit: 'SHEET', ...tracked },
    { id: 2, lpo: 15, material: 2, quantity: '60.000', rate: '80.00', amount: '0', tax_rate: '5.00', expected_date: '2026-10-20', quantity_received: '0', material_name: 'MS pipe 25mm', material_unit: 'MTRS', ...tracked },
  ],
});

export const graFixture = (): GraView => ({
  id: 9,
  lpo: 15,
  vendor: 4,
  vendor_name: 'Mahalaxmi Steel Traders',
  gra_date: '2026-10-10',
  lpo_date: '2026-10-01',
  invoice_number: 'MST/889',
  challan_number: 'CH-221',
  remarks: '',
  without_lpo_reason: null,
  cancelled_at: null,
  cancellation_remarks: null,
  ...tracked,
  gra_items: [
    { id: 1, gra: 9, lpo_item: 1, material: 1, quantity_received: '10.000', quantity_accepted: '9.500', rate: '123.45', remarks: '', material_name: 'MS sheet 2mm', material_unit: 'SHEET', amount: '1172.78', ...tracked },
    { id: 2, gra: 9, lpo_item: 2, material: 2, quantity_received: '60.000', quantity_accepted: '60.000', rate: '80.00', remarks: '', material_name: 'MS pipe 25mm', material_unit: 'MTRS', amount: '4800.00', ...tracked },
  ],
});

export const deliveryNoteFixture = (): DeliveryNoteView => ({
  id: 31,
  job_order: 1024,
  delivery_date: '2026-11-12',
  delivery_location: 'Andheri warehouse, Mumbai',
  remarks: 'Handle with care',
  status: 'approved',
  approved_by: 3,
  approved_at: '2026-11-11T09:00:00.000Z',
  job_order_label: '1024 - 05-11-2026',
  job_order_status: 'ready-to-dispatch',
  customer: 7,
  customer_name: 'Orbit Retail LLP',
  ...tracked,
  items: [
    { id: 1, delivery_note: 31, job_order_item: 1, quantity: '6.000', product: 'Acrylic display stand', description: 'Clear, 600 mm', ordered_quantity: '10.000', ...tracked },
    { id: 2, delivery_note: 31, job_order_item: 2, quantity: '4.000', product: 'Steel tray', description: '', ordered_quantity: '4.000', ...tracked },
  ],
});

export const jobOrderFixture = (): JobOrderView => ({
  id: 1024,
  customer: 7,
  branch: null,
  contact_person: 'Nikhil',
  contact_number: '9876543210',
  sales_executive: 2,
  purchase_order: 'PO/2026/117',
  purchase_order_date: '2026-11-04',
  billing_account: '',
  billing_percentage: '100.00',
  quotation: null,
  sales_order: 88,
  status: 'in-process',
  bucket: 'Production',
  production_department: 'Acrylic',
  total_value: '18314.69',
  advance_amount: '5000.00',
  closure_remarks: null,
  cancelled_at: null,
  closed_at: null,
  invoice: null,
  invoice_date: null,
  invoice_amount: null,
  reject_remark: null,
  customer_name: 'Orbit Retail LLP',
  sales_executive_name: 'Ravi Kumar',
  label: '1024 - 05-11-2026',
  ...tracked,
  items: [
    { id: 1, job_order: 1024, product: 'Acrylic display stand', description: 'Clear, 600 mm', quantity: '12.000', unit_price: '1234.56', amount: '14814.72', sales_order_item: null, ...tracked },
    { id: 2, job_order: 1024, product: 'Steel tray', description: '', quantity: '3.500', unit_price: '999.99', amount: '3499.97', sales_order_item: null, ...tracked },
  ],
  status_history: [],
});
