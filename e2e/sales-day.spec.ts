import fs from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { pdfPages } from '../tests/support/pdf-text';
import { attachmentText, mailTo } from './mailbox';
import { apiGet, openTablet, signIn, syncStatus, waitForServiceWorker, type Tablet } from './support';

/**
 * A day in sales through the screens (issue 18 §7): a sales executive at a customer's shop with no
 * connection adds a lead and two remarks and closes the app; back online the app sends them, once;
 * the sales manager hands the lead to another executive, who finds it on their tablet with its remarks.
 * That executive quotes the customer three items (one with a picture) with no signal and closes the
 * app; opened again online, it sends the quotation and its picture once. The executive downloads
 * the PDF, sends it, revises a quantity into revision 2, and once the customer accepts makes a sales
 * order of it and a job order of the order.
 */

const DESKTOP = { width: 1366, height: 900 };

const company = `Sunrise Opticals ${Date.now().toString(36)}`;
const remarks = ['Met the owner: wants two acrylic display stands for the new branch.', 'Asked for a quotation with and without LED lighting by Monday.'];

interface LeadRow {
  id: number;
  company: string;
  assign_to: number;
}
interface RemarkRow {
  remark: string;
}

/** The leads `username` can see under exactly the day's company name. */
async function leadsNamed(request: APIRequestContext, username: string): Promise<LeadRow[]> {
  // A sales executive's answers hold only their own leads.
  const { results } = await apiGet<{ results: LeadRow[] }>(request, '/leads/leads/', { search: company }, username);
  return results.filter((lead) => lead.company === company);
}

/** The leads list's row of the day's lead, found through the list's search. */
async function leadRow(page: Page) {
  await page.getByLabel('Search leads').fill(company);
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: company }) });
}

/** The quotation's customer (a demo customer) and the address its PDF is mailed to. */
const customer = 'Orbit Retail';
const customerMail = 'purchase@orbitretail.in';
const purchaseOrder = `PO-${company.split(' ').at(-1)}`;
/** The three items quoted, at 18% tax; the LED strips go from 4 to 5 in revision 2. */
const items = [
  { code: 'ADS-600', description: 'Acrylic display stand, 600 mm', quantity: '2', rate: '12500', discount: '500' },
  { code: 'LED-1M', description: 'LED light strip, 1 m', quantity: '4', rate: '1800', discount: '0' },
  { code: 'INST', description: 'Installation at the branch', quantity: '1', rate: '3000', discount: '0' },
];
/**
 * Revision 1: 2 × 12,500 − 500 = 24,500; 4 × 1,800 = 7,200; 1 × 3,000 = 3,000. Subtotal 35,200,
 * discount 500, tax 18% of 34,700 = 6,246, total 40,946.
 */
const revision1 = { gross: ['24,500.00', '7,200.00', '3,000.00'], subtotal: '35,200.00', discount: '500.00', tax: '6,246.00', total: '40,946.00' };
/** Revision 2: 5 × 1,800 = 9,000. Subtotal 37,000, tax 18% of 36,500 = 6,570, total 43,070: 2,124 more. */
const revision2 = { gross: ['24,500.00', '9,000.00', '3,000.00'], subtotal: '37,000.00', tax: '6,570.00', total: '43,070.00', change: '2,124.00' };
/** A one-pixel PNG: the picture of the display stand. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface QuotationRecord {
  number: number;
  revision: number;
  status: string;
  total_amount: string;
  items: { description: string; quantity: string; image_path: string | null }[];
}

/** The rows of a table the screen names (`aria-label`), folded into cards or not. */
const tableRows = (scope: Page | Locator, label: string) => scope.locator(`table[aria-label="${label}"] tbody tr`);

/** The totals under a quotation's lines, read as one text: each label and its figure. */
const totalsText = (t: { subtotal: string; discount: string; tax: string; total: string }) => `Subtotal${t.subtotal}Discount${t.discount}Tax (18.00%)${t.tax}Total${t.total}`;

/** The lead's remarks as its screen lists them, newest first. */
const remarkItems = (page: Page) => page.getByRole('list', { name: 'Remarks' }).getByRole('listitem');

test.describe.serial('a day in sales: a lead made offline, synced once, reassigned, picked up, quoted, ordered and put into production', () => {
  let executive: Tablet | undefined;
  let senior: Tablet | undefined;
  let office: BrowserContext | undefined;
  let quotationId = 0;

  test.afterAll(async () => {
    await executive?.discard();
    await senior?.discard();
    await office?.close();
  });

  test('the sales executive, offline at the customer, adds a lead and two remarks and closes the app', async ({ request }) => {
    executive = await openTablet();
    const { page, context } = executive;
    await signIn(page, 'sales.exec');
    await page.goto('/leads');
    await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
    await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'New lead' }).click();
    const form = page.getByRole('form', { name: 'New lead' });
    await form.getByLabel('Company').fill(company);
    await form.getByLabel('Contact person').fill('Ravi Menon');
    await form.getByLabel('Location').fill('Lulu Mall, Kochi');
    await form.getByLabel('Requirement').selectOption({ label: 'Displays' });
    await form.getByRole('button', { name: 'Save lead' }).click();
    await expect(page.getByText('Lead saved on this device. It is sent to the server when the connection is back.')).toBeVisible();
    await expect(form).toBeHidden();
    const row = await leadRow(page);
    await expect(row.getByText('Pending')).toBeVisible();

    await row.getByRole('link', { name: company }).click();
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    const addRemark = page.getByRole('form', { name: 'Add remark' });
    for (const [index, remark] of remarks.entries()) {
      await addRemark.getByLabel('Remark').fill(remark);
      await addRemark.getByRole('button', { name: 'Add remark' }).click();
      await expect(remarkItems(page)).toHaveCount(index + 1);
      await expect(remarkItems(page).first()).toContainText(remark);
      await expect(remarkItems(page).first().getByText('Pending')).toBeVisible();
    }
    await expect(syncStatus(page)).toContainText('3 unsent');
    expect(await leadsNamed(request, 'sales.manager')).toHaveLength(0);
    await page.close();
  });

  test('back online, the app sends the lead and its two remarks exactly once', async ({ request }) => {
    executive = await executive!.reopen();
    const { page } = executive;
    await page.goto('/leads');
    await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
    const row = await leadRow(page);
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending')).toHaveCount(0);
    await row.getByRole('link', { name: company }).click();
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await expect(remarkItems(page)).toHaveCount(2);
    await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);

    // What the server holds, as the manager sees it: one lead, and its two remarks newest first.
    const held = async () =>
      Promise.all(
        (await leadsNamed(request, 'sales.manager')).map(async (lead) => ({
          company: lead.company,
          remarks: (await apiGet<RemarkRow[]>(request, '/leads/remarks/', { lead_id: lead.id }, 'sales.manager')).map((r) => r.remark),
        })),
      );
    await expect.poll(held).toEqual([{ company, remarks: [...remarks].reverse() }]);
  });

  test('the sales manager reassigns the lead to another sales executive', async ({ browser, request }) => {
    office = await browser.newContext({ viewport: DESKTOP });
    const page = await office.newPage();
    await signIn(page, 'sales.manager');
    await page.goto('/leads/reassign');
    await expect(page.getByRole('heading', { name: 'Reassign leads' })).toBeVisible();
    await page.getByLabel('Search leads').fill(company);
    // The drawn box lies over the checkbox: the tap lands on it, as a finger's would.
    const choose = page.getByRole('checkbox', { name: `Choose ${company}` });
    await choose.check({ force: true });
    await expect(choose).toBeChecked();
    await page.getByLabel('New sales executive').selectOption({ label: 'sales.senior' });
    await page.getByRole('button', { name: 'Reassign 1 lead' }).click();

    await expect(page.getByRole('heading', { name: '1 lead reassigned to sales.senior.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Reassigned leads' })).toHaveText(`${company}: sales.exec → sales.senior`);
    expect(await leadsNamed(request, 'sales.senior')).toHaveLength(1);
    expect(await leadsNamed(request, 'sales.exec')).toHaveLength(0);
  });

  test('the other sales executive finds the lead on their tablet with its two remarks', async () => {
    senior = await openTablet();
    const { page } = senior;
    await signIn(page, 'sales.senior');
    await page.goto('/leads');
    await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
    const row = await leadRow(page);
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: company }).click();

    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await expect(remarkItems(page)).toHaveCount(2);
    await expect(remarkItems(page).nth(0)).toContainText(remarks[1]!);
    await expect(remarkItems(page).nth(1)).toContainText(remarks[0]!);
  });

  test('the executive quotes the customer three items, one with a picture, with no signal; the app is closed; back online the quotation and its picture arrive', async ({ request }) => {
    const { page, context } = senior!;
    await page.goto('/sales/quotations/create');
    const form = page.getByRole('form', { name: 'New quotation' });
    await form.getByLabel('Customer').selectOption({ label: customer });
    await form.getByLabel('Subject').fill('Display stands for the new branch');
    for (const [index, item] of items.entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Add item' }).click();
      const line = form.getByTestId('quotation-line').nth(index);
      await line.getByLabel('Product').fill(item.code);
      await line.getByLabel('Description').fill(item.description);
      await line.getByLabel('Quantity').fill(item.quantity);
      await line.getByLabel('Rate').fill(item.rate);
      await line.getByLabel('Discount').fill(item.discount);
      await expect(line.getByTestId(`line-total-${index}`)).toHaveText(`Gross price: ${revision1.gross[index]}`);
    }
    const picture = test.info().outputPath('display-stand.png');
    fs.writeFileSync(picture, PICTURE);
    await form.getByLabel('Image of item 1').setInputFiles(picture);
    await expect(form.getByTestId('total-total')).toHaveText(revision1.total);
    // This tablet signed in moments ago: offline, the quotation's screen loads from the worker's cache once it has installed.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Save quotation' }).click();
    await expect(page.getByText('Quotation saved on this device. It is sent to the server when the connection is back.')).toBeVisible();
    await expect(syncStatus(page)).toContainText('1 unsent');

    // The tablet is closed with the quotation and its picture unsent; opened again online, it sends them once.
    senior = await senior!.reopen();
    const reopened = senior.page;
    await reopened.goto('/sales/quotations');
    await expect(syncStatus(reopened)).toContainText('All saved', { timeout: 30_000 });
    const found = await apiGet<{ results: { id: number }[] }>(request, '/quotations/quotations/', { search: 'Display stands for the new branch' }, 'sales.senior');
    expect(found.results).toHaveLength(1);
    quotationId = found.results[0]!.id;
    await reopened.goto(`/sales/quotations/detail/${quotationId}`);
    const lines = tableRows(reopened, 'Items');
    await expect(lines).toHaveCount(3);
    for (const [index, item] of items.entries()) {
      await expect(lines.nth(index)).toContainText(item.description);
      await expect(lines.nth(index)).toContainText(revision1.gross[index]!);
    }
    await expect(reopened.getByLabel('Totals', { exact: true })).toHaveText(totalsText(revision1));
    const held = () => apiGet<QuotationRecord>(request, `/quotations/quotations/${quotationId}/`, {}, 'sales.senior');
    expect((await held()).items.map((item) => item.image_path !== null)).toEqual([true, false, false]);
    expect((await held()).total_amount).toBe('40946.00');
  });

  test('the executive downloads the PDF, which carries the quotation number and its total', async ({ request }) => {
    const { page } = senior!;
    const { number } = await apiGet<QuotationRecord>(request, `/quotations/quotations/${quotationId}/`, {}, 'sales.senior');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`Quotation-${number}.pdf`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const text = (await pdfPages(new Uint8Array(bytes))).join('\n');
    expect(text).toContain(String(number));
    expect(text).toContain(revision1.total);
  });

  test('the executive sends revision 1 to the customer', async ({ request }) => {
    const { page } = senior!;
    await page.getByRole('group', { name: 'Quotation actions' }).getByRole('button', { name: 'Send to customer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('E-mail addresses')).toHaveValue(customerMail);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`Quotation sent to ${customerMail}.`)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Quotation actions' }).getByRole('button', { name: 'Send again' })).toBeVisible();
    const held = await apiGet<QuotationRecord>(request, `/quotations/quotations/${quotationId}/`, {}, 'sales.senior');
    expect({ status: held.status, revision: held.revision }).toEqual({ status: 'sent', revision: 1 });

    // The customer receives the mail (the run's SMTP server, e2e/mailbox.ts) with the quotation's PDF.
    const mail = await mailTo(customerMail, new RegExp(`^Quotation ${held.number}( from |$)`));
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Quotation-${held.number}.pdf`, 'application/pdf']]);
    const pdf = await attachmentText(mail, `Quotation-${held.number}.pdf`);
    expect(pdf).toContain(String(held.number));
    expect(pdf).toContain(revision1.total);
  });

  test('the executive changes a quantity, which makes revision 2, and the comparison marks the changed line', async ({ request }) => {
    const { page } = senior!;
    await page.getByRole('group', { name: 'Quotation actions' }).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: /^Edit quotation/ });
    await expect(form.getByText('The customer was sent revision 1: saving a change makes revision 2, and revision 1 stays as it was sent.')).toBeVisible();
    // The first line's picture, as the server keeps it, is drawn on the form.
    await expect(form.getByRole('img', { name: 'Image of item 1' })).toHaveJSProperty('complete', true);
    expect(await form.getByRole('img', { name: 'Image of item 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await form.getByTestId('quotation-line').nth(1).getByLabel('Quantity').fill('5');
    await expect(form.getByTestId('total-total')).toHaveText(revision2.total);
    await form.getByRole('button', { name: 'Save quotation' }).click();
    await expect(page.getByText('Quotation saved.')).toBeVisible();

    await expect(page).toHaveURL(new RegExp(`/sales/quotations/detail/${quotationId}$`));
    await expect(page.getByLabel('Summary of changes')).toContainText(`total changes by ${revision2.change} from revision 1.`, { timeout: 30_000 });
    const before = tableRows(page, 'Revision 1');
    const after = tableRows(page, 'Revision 2');
    await expect(after).toHaveCount(3);
    await expect(after.nth(1)).toHaveAttribute('data-mark', 'changed');
    await expect(after.nth(1)).toContainText('Changed: Quantity, Gross price');
    await expect(after.nth(1)).toContainText(revision2.gross[1]!);
    await expect(before.nth(1)).toHaveAttribute('data-mark', 'changed');
    await expect(before.nth(1)).toContainText(revision1.gross[1]!);
    for (const unchanged of [0, 2]) await expect(after.nth(unchanged)).not.toHaveAttribute('data-mark', /.+/);
    // The detail shows the revision just made, above the comparison.
    await expect(page.getByLabel('Revision shown')).toHaveValue('2');
    await expect(tableRows(page, 'Items').nth(1)).toContainText(revision2.gross[1]!);
    await expect(page.getByLabel('Totals', { exact: true }).first()).toHaveText(totalsText({ ...revision2, discount: revision1.discount }));
    const held = await apiGet<QuotationRecord>(request, `/quotations/quotations/${quotationId}/`, {}, 'sales.senior');
    expect({ revision: held.revision, total: held.total_amount, quantity: held.items[1]!.quantity }).toEqual({ revision: 2, total: '43070.00', quantity: '5.000' });
  });

  test('the customer accepts: a sales order is made from the quotation, and a job order from the order', async ({ request }) => {
    const { page } = senior!;
    const actions = page.getByRole('group', { name: 'Quotation actions' });
    await actions.getByRole('button', { name: 'Mark accepted' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accepted' }).click();
    await expect(page.getByText('Quotation marked Accepted.')).toBeVisible();

    await actions.getByRole('button', { name: 'Create sales order' }).click();
    const order = page.getByRole('dialog');
    await order.getByLabel("Customer's PO number (optional)").fill(purchaseOrder);
    await order.getByRole('button', { name: 'Create sales order' }).click();
    await expect(page.getByText('Sales order created from quotation successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/order\/\d+$/);
    const salesOrderId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByRole('heading', { name: `Sales order ${salesOrderId}` })).toBeVisible();

    // A job order is raised from an accepted order (decision 206): the order is made Draft, and moved on.
    await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Move to Accepted' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accepted' }).click();
    await expect(page.getByText('Sales order status updated successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Create job order' }).click();

    const form = page.getByRole('form', { name: 'New job order' });
    await expect(form.getByRole('heading', { name: `New job order from sales order ${salesOrderId}` })).toBeVisible();
    const products = form.getByTestId('job-order-product');
    await expect(products).toHaveCount(3);
    await expect(products.nth(1).getByLabel('Quantity')).toHaveValue(/^5(\.0+)?$/);
    await expect(form.getByLabel('PO number')).toHaveValue(purchaseOrder);
    await form.getByRole('button', { name: 'Save job order' }).click();
    await expect(page.getByText('Job order saved.')).toBeVisible();

    const linked = async () => (await apiGet<{ results: { id: number }[] }>(request, `/salesorders/sales-orders/${salesOrderId}/job_orders/`, {}, 'sales.senior')).results;
    await expect.poll(async () => (await linked()).length, { timeout: 30_000 }).toBe(1);
    const job = await apiGet<{ sales_order: number | null; quotation: number | null; purchase_order: string }>(request, `/joborders/joborders/${(await linked())[0]!.id}/`, {}, 'sales.senior');
    expect({ sales_order: job.sales_order, quotation: job.quotation, purchase_order: job.purchase_order }).toEqual({ sales_order: salesOrderId, quotation: quotationId, purchase_order: purchaseOrder });
  });
});

