import type { QuotationDocumentData } from '../../domain/documents';
import { API } from '../../domain/api-paths';
import type { Customer } from '../../domain/customer';
import type { QuotationView } from '../../domain/quotation';
import { benchClient } from './browser-build';
import { launchChromium } from './browser-chromium';
import { onServer, withBenchPage, withFreshPglite } from './browser-figures';
import { getJson, prepare } from './catalogue';
import { createLargeQuotation, median, PDF_RUNS, serverPdfMs } from './sales';

export interface QuotationPdfFigures {
  serverMs: number;
  browserMs: number;
}

/** What the server hands pdfmake for the quotation, read through the API (the quotation has no images). */
async function documentDataOf(origin: string, access: string, id: number): Promise<QuotationDocumentData> {
  const quotation = await getJson<QuotationView>(`${origin}/api/v1${API.quotations.detail(id)}`, access);
  const customer = await getJson<Customer>(`${origin}/api/v1${API.customers.detail(quotation.customer)}`, access);
  return { quotation, items: quotation.items, customer: { name: customer.name, address: customer.address, gstin: customer.gst_number, state: customer.state, phone: customer.phone } };
}

/**
 * A 50-item quotation's PDF on a bench server on PGlite: the server's GET pdf/{id}/ (request to
 * last byte), and the same document made by pdfmake in Chromium from the same data (what a
 * device prints offline).
 */
export async function measureQuotationPdf(signIn: (origin: string) => Promise<string>): Promise<QuotationPdfFigures> {
  const client = await benchClient();
  let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;
  try {
    browser = await launchChromium();
    const { context } = browser;
    return await withFreshPglite(async (database) => {
      await prepare(database, 0);
      return onServer(database, client, async (origin) => {
        const access = await signIn(origin);
        const id = await createLargeQuotation(origin, access);
        const serverMs = await serverPdfMs(origin, access, API.quotations.pdf(id));
        const data = await documentDataOf(origin, access, id);
        const browserRuns = await withBenchPage(context, `${origin}${client.pagePath}`, ({ page }) => page.evaluate(([d, runs]) => window.fabopsBench.quotationPdf(d, runs), [data, PDF_RUNS] as const));
        return { serverMs, browserMs: median(browserRuns) };
      });
    });
  } finally {
    await browser?.close();
    await client.dispose();
  }
}
