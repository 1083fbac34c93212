/** Mirrored rows as the server sends them, for client tests: the values a test names, the rest as any row has them. */

export const NOW = '2026-11-20T09:00:00.000Z';

/** The tracked fields of a row written at `at`. */
export const tracked = (at = NOW, version = 3) => ({ created_by: 1, created_at: at, updated_at: at, version, deleted_at: null });

/** A job order in process in the Production bucket. */
export const jobOrderRow = (values: Record<string, unknown> = {}) => ({
  id: 501,
  customer: 1,
  branch: null,
  contact_person: 'Ravi',
  contact_number: '9876543210',
  sales_executive: 9,
  purchase_order: 'PO-77',
  purchase_order_date: '2026-11-01',
  billing_account: '',
  billing_percentage: '100.00',
  quotation: null,
  sales_order: null,
  status: 'in-process',
  bucket: 'Production',
  production_department: null,
  total_value: '1234567.50',
  advance_amount: '0.00',
  closure_remarks: null,
  cancelled_at: null,
  closed_at: null,
  invoice: null,
  invoice_date: null,
  invoice_amount: null,
  reject_remark: null,
  ...tracked(),
  ...values,
});

/** A completed receipt of 10 of material 12 into the stock ledger. */
export const ledgerRow = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  material: 12,
  transaction_type: 'receipt',
  quantity: '10.000',
  transaction_date: '2026-11-20',
  requisition: null,
  requisition_detail: null,
  job_order: null,
  gra_item: null,
  stock_adjustment: null,
  status: 'completed',
  rate: '120.00',
  remarks: '',
  reverses: null,
  reversed_by: null,
  ...tracked(NOW, 1),
  ...values,
});

/** A lead of the sales executive 7 (asha), new, from Linkedin for trays. */
export const leadRow = (id: number, company: string, values: Record<string, unknown> = {}) => ({
  id,
  assign_to: 7,
  stage: 'new',
  followup_date: null,
  source: 'Linkedin',
  requirement: 'Trays',
  lead_type: 'Retail',
  company,
  contact_person: '',
  contact_number: '',
  location: '',
  status: 'warm',
  potential: '0.00',
  customer: null,
  ...tracked(),
  ...values,
});

/** A draft sales order of customer 1 as the list sends it (its customer's name and flags beside it). */
export const salesOrderRow = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  customer_po_number: `PO-${id}`,
  order_date: '2026-11-02',
  total_order_value: '125000.00',
  status: 'draft',
  expected_delivery_date: '2026-11-30',
  customer: 1,
  branch: null,
  quotation: null,
  advance_pending: false,
  advance_amount: '0.00',
  remarks: '',
  customer_name: 'Lulu Hypermarket',
  created_by_name: 'asha',
  is_overdue: false,
  is_advance_pending: false,
  ...tracked(),
  ...values,
});

/** A quotation as the list sends it: the executive's, a draft, one line of ₹100 at 18%. */
export const quotationRow = (id: number, number: number, values: Record<string, unknown> = {}) => ({
  id,
  number,
  customer: 1,
  customer_name: 'Lumen Opticals',
  branch: null,
  sales_exec: 7,
  sales_exec_name: 'Asha Menon',
  monarch_entity: 'Monarch Display Systems Pvt Ltd',
  quotation_date: '2026-11-10',
  subject: `Display ${number}`,
  terms: '',
  subtotal: '100.00',
  discount_total: '0.00',
  tax_rate: '18.00',
  tax_amount: '18.00',
  total_amount: '118.00',
  revision: 1,
  status: 'draft',
  sent_at: null,
  lead: null,
  ...tracked(),
  ...values,
});
