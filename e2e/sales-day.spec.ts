import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiGet, openTablet, signIn, waitForServiceWorker, type Tablet } from './support';

/**
 * A day in sales through the screens (issue 18 §7): a sales executive at a customer's shop with no
 * connection adds a lead and two remarks and closes the app; back online the app sends them, once;
 * the sales manager hands the lead to another executive, who finds it on their tablet with its remarks.
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

const syncStatus = (page: Page) => page.getByRole('link', { name: 'Sync status' });

/** The leads list's row of the day's lead, found through the list's search. */
async function leadRow(page: Page) {
  await page.getByLabel('Search leads').fill(company);
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: company }) });
}

/** The lead's remarks as its screen lists them, newest first. */
const remarkItems = (page: Page) => page.getByRole('list', { name: 'Remarks' }).getByRole('listitem');

test.describe.serial('a day in sales: a lead made offline, synced once, reassigned and picked up', () => {
  let executive: Tablet | undefined;
  let senior: Tablet | undefined;
  let office: BrowserContext | undefined;

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
});
