import { API } from '../../domain/api-paths';
import type { InvoiceCreate } from '../../domain/invoice';
import { businessToday } from '../../domain/rules/dates';
import { environmentFor, type FreshDatabase } from './databases';
import { withBenchServer } from './bench-server';
import { getJson, prepare } from './catalogue';
import { underLoad, type LoadFigures } from './load';
import { listBesideRawSql, rawSql } from './raw-sql';
import { createLargeQuotation, median, serverPdfMs } from './sales';

/**
 * Issue 20 §5: the invoices list with its filters under 50 clients at scale 10, the aging report at
 * scale 50, each beside the same work in raw SQL, and a 100-line invoice's PDF beside a quotation's
 * of as many lines (decision 340). Only invoices are generated: the demo company's 45 customers
 * hold them, so one customer's page is a real page.
 */
export const INVOICE_LIST_SCALE = 10;
export const INVOICE_LIST_CONNECTIONS = 50;
export const AGING_SCALE = 50;
export const PDF_LINES = 100;
const AGING_RUNS = 5;
const PARTS = ['invoices'];
/** Issued invoices, owed or paid, of the last year, whose number has "INV-", newest first. */
const LIST_FILTER = { statuses: ['sent', 'partially_paid', 'paid'], search: 'INV-', days: 365, ordering: '-invoice_date' };
/** Who does the accounts: reads every invoice, makes and prints them. */
export const ACCOUNTS = 'accounts';

export interface InvoiceListFigures {
  /** The rows the filters leave, so the page is a real page. */
  matching: number;
  list: LoadFigures;
  /** The same page behind a bare HTTP server (the budget's baseline, decision 391). */
  listRawSql: LoadFigures;
  /** The same page looped in one process, no HTTP. */
  listRawSqlInProcess: LoadFigures;
}

export interface AgingFigures {
  /** Invoices the report adds up (owed, live). */
  owed: number;
  customers: number;
  reportSeconds: number;
  rawSqlSeconds: number;
}

export interface InvoicePdfFigures {
  invoiceMs: number;
  quotationMs: number;
}

/** The customer with the most invoices the filters leave, counted through the list itself. */
async function busiestCustomer(origin: string, access: string, query: string): Promise<{ customer: number; matching: number }> {
  const customers = await getJson<{ results: { id: number }[] }>(`${origin}/api/v1${API.customers.list}?page_size=1000`, access);
  let best = { customer: customers.results[0]!.id, matching: -1 };
  for (const { id } of customers.results) {
    const { count } = await getJson<{ count: number }>(`${origin}/api/v1${API.invoices.list}?${query}&customer=${id}&page_size=1`, access);
    if (count > best.matching) best = { customer: id, matching: count };
  }
  return best;
}

/** invoices/ with status_in, customer, an invoice date range, search and ordering under 50 clients, beside the same page in raw SQL. */
export async function invoiceListOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>, scale = INVOICE_LIST_SCALE): Promise<InvoiceListFigures> {
  await prepare(database, scale, PARTS);
  const today = businessToday();
  const from = businessToday(-LIST_FILTER.days);
  const filters = `status_in=${LIST_FILTER.statuses.join(',')}&invoice_date_from=${from}&invoice_date_to=${today}&search=${encodeURIComponent(LIST_FILTER.search)}&ordering=${LIST_FILTER.ordering}`;
  let busiest: { customer: number; matching: number } | undefined;
  const api = () =>
    withBenchServer(environmentFor(database), async (origin) => {
      const access = await signIn(origin);
      busiest ??= await busiestCustomer(origin, access, filters);
      if (busiest.matching < 15) throw new Error(`the busiest customer has ${busiest.matching} invoices under the filters at scale ${scale}: not a page`);
      const url = `${origin}/api/v1${API.invoices.list}?${filters}&customer=${busiest.customer}&page_size=15`;
      return underLoad({ url, headers: { authorization: `JWT ${access}` }, connections: INVOICE_LIST_CONNECTIONS });
    });
  const rawEnv = () => ({ BENCH_QUERY: 'invoices', BENCH_CUSTOMER: String(busiest!.customer), BENCH_STATUSES: LIST_FILTER.statuses.join(','), BENCH_FROM: from, BENCH_TO: today, BENCH_SEARCH: LIST_FILTER.search });
  const round = await listBesideRawSql(database, api, rawEnv, INVOICE_LIST_CONNECTIONS);
  return { matching: busiest!.matching, list: round.api, listRawSql: round.rawSql, listRawSqlInProcess: round.rawSqlInProcess };
}

/** aging_report/ over every owed invoice at scale 50, median of 5, beside one raw pass computing the same buckets. */
export async function agingReportOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>, scale = AGING_SCALE): Promise<AgingFigures> {
  await prepare(database, scale, PARTS);
  const figures = await withBenchServer(environmentFor(database), async (origin) => {
    const runs: number[] = [];
    let report: { buckets: { count: number }[]; customers: unknown[] } | undefined;
    // The first is a warm-up, as for the PDFs.
    for (let i = 0; i <= AGING_RUNS; i++) {
      const access = await signIn(origin);
      const started = performance.now();
      report = await getJson(`${origin}/api/v1${API.invoices.agingReport}`, access);
      if (i > 0) runs.push((performance.now() - started) / 1000);
    }
    return { owed: report!.buckets.reduce((n, b) => n + b.count, 0), customers: report!.customers.length, reportSeconds: median(runs) };
  });
  const { seconds } = (await rawSql(database, { BENCH_QUERY: 'aging', BENCH_RUNS: String(AGING_RUNS), BENCH_WARM_UP: '1' })) as { seconds: number };
  return { ...figures, rawSqlSeconds: seconds };
}

/** An invoice of `PDF_LINES` lines for a customer of the demo company, made through the API as accounts makes one. */
async function createLargeInvoice(origin: string, access: string): Promise<number> {
  const { results } = await getJson<{ results: { id: number }[] }>(`${origin}/api/v1${API.customers.list}?page_size=1`, access);
  const today = businessToday();
  const body: InvoiceCreate = {
    customer: results[0]!.id,
    invoice_date: today,
    due_date: businessToday(30),
    items: Array.from({ length: PDF_LINES }, (_, i) => ({
      description: `Acrylic display unit ${i + 1}, 1200 x 600 mm, LED edge-lit, powder-coated MS base`,
      hsn_code: '9403',
      quantity: String(1 + (i % 9)),
      unit_price: `${4500 + i * 37}.50`,
      discount: i % 4 === 0 ? '250.00' : '0',
      tax_rate: i % 5 === 0 ? '5' : '18',
    })),
  };
  const response = await fetch(`${origin}/api/v1${API.invoices.list}`, { method: 'POST', headers: { authorization: `JWT ${access}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`creating the ${PDF_LINES}-line invoice: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** GET invoices/{id}/generate_pdf/ of a 100-line invoice beside GET quotations/pdf/{id}/ of a 100-item quotation, same server. */
export async function invoicePdfOn(database: FreshDatabase, signIn: (origin: string, username: string) => Promise<string>): Promise<InvoicePdfFigures> {
  await prepare(database, 0);
  return withBenchServer(environmentFor(database), async (origin) => {
    const accounts = await signIn(origin, ACCOUNTS);
    const invoice = await createLargeInvoice(origin, accounts);
    const executive = await signIn(origin, 'sales.exec');
    const quotation = await createLargeQuotation(origin, executive, PDF_LINES);
    const quotationMs = await serverPdfMs(origin, executive, API.quotations.pdf(quotation));
    const invoiceMs = await serverPdfMs(origin, accounts, API.invoices.pdf(invoice));
    return { invoiceMs, quotationMs };
  });
}
