import type { Db } from '../../server/db/client';
import { companyProfile, taxConfigurations } from '../../server/db/schema';
import { div } from '../../domain/decimal';
import type { IndianState } from '../../domain/india';
import { API } from '../../domain/api-paths';
import type { InvoiceView } from '../../domain/invoice';
import { makeCustomer } from './factories-sales';
import type { TestClient } from './server';

/** Accounts test data (the company's GST details, the GST rates in force), made directly in the database. */

/** The company profile the invoices read their state and GSTIN from: Maharashtra unless said otherwise. */
export async function makeCompany(db: Db, values: { state?: IndianState; gstin?: string } = {}) {
  const row = { id: 1, name: 'Shree Ganesh Fabricators Pvt. Ltd.', address: 'Plot 14, MIDC Bhosari, Pune 411026', gstin: values.gstin ?? '27AAACS1234F1ZS', state: values.state ?? 'Maharashtra' };
  await db.insert(companyProfile).values(row).onConflictDoUpdate({ target: companyProfile.id, set: row });
  return row;
}

/** The GST slabs in force since `from` (each as IGST, and halved as CGST and SGST). */
export async function makeGstRates(db: Db, rates: readonly string[] = ['0', '5', '18', '40'], from = '2017-07-01') {
  for (const rate of rates) {
    const half = div(rate, '2', 2);
    await db.insert(taxConfigurations).values([
      { name: `IGST ${rate}%`, tax_type: 'IGST', rate, effective_from: from },
      { name: `CGST ${half}%`, tax_type: 'CGST', rate: half, effective_from: from },
      { name: `SGST ${half}%`, tax_type: 'SGST', rate: half, effective_from: from },
    ]);
  }
}

/** A draft invoice of one display stand (₹1,000 + 18 %) for a customer in Maharashtra, made through the API by `accounts`. */
export async function postDraftInvoice(db: Db, accounts: TestClient, customerName?: string): Promise<InvoiceView> {
  await makeCompany(db);
  await makeGstRates(db);
  const customer = await makeCustomer(db, { ...(customerName ? { name: customerName } : {}), state: 'Maharashtra' });
  const res = await accounts.post(API.invoices.list, {
    customer: customer.id,
    invoice_date: '2026-11-20',
    due_date: '2026-12-20',
    items: [{ description: 'Acrylic display stand', hsn_code: '3926', quantity: '1', unit_price: '1000', tax_rate: '18' }],
  });
  if (res.statusCode !== 201) throw new Error(`The draft invoice was refused (${res.statusCode}): ${res.body}`);
  return res.json() as InvoiceView;
}
