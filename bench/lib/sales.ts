import { API } from '../../domain/api-paths';
import type { QuotationCreate } from '../../domain/quotation';
import { businessToday } from '../../domain/rules/dates';
import { environmentFor, type FreshDatabase } from './databases';
import { withBenchServer } from './bench-server';
import { getJson, prepare } from './catalogue';
import { underLoad, type LoadFigures } from './load';
import { listBesideRawSql } from './raw-sql';

/** Issue 18 §7: a sales executive's Todays leads under load at scale 10, and a 50-item quotation's PDF. */
export interface LeadFigures {
  /** The executive's Todays leads (the filter's count), so the page is a real page. */
  todays: number;
  list: LoadFigures;
  /** The same query behind a bare HTTP server (the budget's baseline, decision 391). */
  listRawSql: LoadFigures;
  /** The same query looped in one process, no HTTP. */
  listRawSqlInProcess: LoadFigures;
}

export const LEADS_SCALE = 10;
export const LEADS_CONNECTIONS = 50;
export const QUOTATION_ITEMS = 50;
export const PDF_RUNS = 7;
/** The sales executive of the demo company: a field user, whose row rule narrows every list to their own leads. */
export const SALES_EXECUTIVE = 'sales.exec';

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function meOf(origin: string, access: string): Promise<number> {
  return (await getJson<{ id: number }>(`${origin}/api/v1${API.auth.me}`, access)).id;
}

/** filter_leads/?filter=todays as the sales executive under 50 clients, beside the same query in raw SQL. */
export async function leadsTodaysOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>): Promise<LeadFigures> {
  await prepare(database, LEADS_SCALE, ['customers', 'leads']);
  let executive: number | undefined;
  let todays = 0;
  const api = () =>
    withBenchServer(environmentFor(database), async (origin) => {
      const access = await signIn(origin);
      executive ??= await meOf(origin, access);
      const url = `${origin}/api/v1${API.leads.filter}?filter=todays&page_size=15`;
      ({ count: todays } = await getJson<{ count: number }>(url, access));
      if (todays < 15) throw new Error(`the executive has ${todays} Todays leads at scale ${LEADS_SCALE}: not a page`);
      return underLoad({ url, headers: { authorization: `JWT ${access}` }, connections: LEADS_CONNECTIONS });
    });
  const round = await listBesideRawSql(database, api, () => ({ BENCH_QUERY: 'leads-todays', BENCH_USER: String(executive) }), LEADS_CONNECTIONS);
  return { todays, list: round.api, listRawSql: round.rawSql, listRawSqlInProcess: round.rawSqlInProcess };
}

/** A quotation of `lines` lines for a customer of the demo company, made through the API as the executive makes one. */
export async function createLargeQuotation(origin: string, access: string, lines = QUOTATION_ITEMS): Promise<number> {
  const executive = await meOf(origin, access);
  const { results } = await getJson<{ results: { id: number }[] }>(`${origin}/api/v1${API.customers.list}?page_size=1`, access);
  const body: QuotationCreate = {
    customer: results[0]!.id,
    sales_exec: executive,
    quotation_date: businessToday(),
    subject: 'Retail fixtures for the new stores',
    terms: '50% advance, balance before dispatch. Prices valid for 30 days.',
    tax_rate: '18',
    items: Array.from({ length: lines }, (_, i) => ({
      code: `FX-${String(i + 1).padStart(3, '0')}`,
      description: `Acrylic display unit ${i + 1}, 1200 x 600 mm, LED edge-lit, powder-coated MS base`,
      quantity: String(1 + (i % 9)),
      unit: 'PCS',
      unit_price: `${4500 + i * 37}.50`,
      discount: i % 4 === 0 ? '250.00' : '0',
    })),
  };
  const response = await fetch(`${origin}/api/v1${API.quotations.list}`, { method: 'POST', headers: { authorization: `JWT ${access}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`creating the ${lines}-item quotation: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Median milliseconds of a PDF's GET (e.g. quotations/pdf/{id}/), one request at a time, each answer a PDF. */
export async function serverPdfMs(origin: string, access: string, path: string): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i <= PDF_RUNS; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1${path}`, { headers: { authorization: `JWT ${access}` } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (response.status !== 200 || String.fromCharCode(...bytes.subarray(0, 5)) !== '%PDF-') throw new Error(`PDF of ${path}: ${response.status}`);
    // The first is a warm-up: fonts and the renderer load once per process.
    if (i > 0) runs.push(ms);
  }
  return median(runs);
}
