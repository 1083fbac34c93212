import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiToken, menuLink, signIn, syncStatus, waitForServiceWorker } from './support';

/**
 * A sales executive's day on flaky Wi-Fi (DESIGN.md "Offline-first rules"): customers made with
 * no connection, a server that answers 503 for a while, a name someone else took meanwhile,
 * and two tabs open. Every change reaches the server exactly once, or waits visibly to be fixed.
 */

const ADD_CUSTOMER = '**/api/v1/customers/add/';

/** The list's row of a customer, found through the list's search (the list has pages). */
async function customerRow(page: Page, name: string) {
  await page.getByLabel('Search customers').fill(name);
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name }) });
}
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** The customers list with its rows in the device's mirror. */
async function openCustomers(page: Page): Promise<void> {
  await menuLink(page, 'Customers').click();
  await expect(page.getByRole('row').nth(1).getByRole('cell').first()).not.toBeEmpty();
}

async function addCustomer(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New customer' }).click();
  const form = page.getByRole('form', { name: 'New customer' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save customer' }).click();
  await expect(form).toBeHidden();
}

/** The customers the server holds under exactly this name. */
async function customersNamed(request: APIRequestContext, name: string): Promise<{ id: number; name: string }[]> {
  const response = await request.get('/api/v1/customers/customers/', { params: { search: name }, headers: { Authorization: `JWT ${await apiToken(request)}` } });
  const { results } = (await response.json()) as { results: { id: number; name: string }[] };
  return results.filter((c) => c.name === name);
}

interface CustomerPosts {
  /** Calls that create a customer, by the customer's name. */
  byName: Map<string, number>;
  /** Who sent them: a tab, or the service worker. */
  senders: Set<Page | 'service worker'>;
}

/** Watches the calls that create a customer, whoever sends them. */
function watchCustomerPosts(context: BrowserContext): CustomerPosts {
  const posts: CustomerPosts = { byName: new Map(), senders: new Set() };
  context.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/v1/customers/add/')) return;
    const { name } = request.postDataJSON() as { name: string };
    posts.byName.set(name, (posts.byName.get(name) ?? 0) + 1);
    posts.senders.add(request.serviceWorker() ? 'service worker' : request.frame().page());
  });
  return posts;
}

test.describe('changes made offline', () => {
  test('a customer made with no connection shows as pending, survives closing the page and reaches the server exactly once', async ({ page, context, request }) => {
    await signIn(page, 'sales.exec');
    await openCustomers(page);
    await waitForServiceWorker(page);
    const name = unique('Offline Traders');

    await context.setOffline(true);
    await addCustomer(page, name);
    await expect(page.getByText('Customer saved on this device. It is sent to the server when the connection is back.')).toBeVisible();
    await expect((await customerRow(page, name)).getByText('Pending')).toBeVisible();
    await expect(syncStatus(page)).toContainText('1 unsent');
    await page.close();
    expect(await customersNamed(request, name)).toHaveLength(0);

    await context.setOffline(false);
    const later = await context.newPage();
    await later.goto('/customers');
    await expect(syncStatus(later)).toContainText('All saved');
    const row = await customerRow(later, name);
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending')).toHaveCount(0);
    expect(await customersNamed(request, name)).toHaveLength(1);
  });

  test('while the server answers 503 the change is retried, then sent once it recovers', async ({ page, context, request }) => {
    await signIn(page, 'sales.exec');
    await openCustomers(page);
    let refused = 0;
    // A server in maintenance: it asks to come back in a second, three times.
    await context.route(ADD_CUSTOMER, async (route) => {
      if (refused < 3) {
        refused += 1;
        return route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { detail: 'Service unavailable' } });
      }
      return route.fallback();
    });
    const name = unique('Retry Steel Works');
    await addCustomer(page, name);
    await expect(page.getByText('Customer saved.', { exact: true })).toBeVisible();

    await syncStatus(page).click();
    await expect(page.getByRole('table', { name: 'Waiting to be sent' }).getByText(`New customer: ${name}`)).toBeVisible();
    await expect(page.getByText('All your changes are on the server.')).toBeVisible({ timeout: 30_000 });
    expect(refused).toBe(3);
    expect(await customersNamed(request, name)).toHaveLength(1);
  });

  test('a change the server refuses waits in the Sync screen with its message, and is fixed and resent', async ({ page, context, request }) => {
    await signIn(page, 'sales.exec');
    await openCustomers(page);
    // Offline at a customer, the executive adds a customer that someone in the office adds too
    // meanwhile: the device cannot know (online, live updates would bring the office's first).
    await context.setOffline(true);
    const taken = unique('Gulf Displays');
    const made = await request.post('/api/v1/customers/add/', { data: { name: taken }, headers: { Authorization: `JWT ${await apiToken(request)}` } });
    expect(made.status()).toBe(201);

    await addCustomer(page, taken);
    await context.setOffline(false);
    await expect(syncStatus(page)).toContainText('1 refused', { timeout: 30_000 });
    await syncStatus(page).click();
    const refused = page.getByRole('region', { name: 'Refused by the server' });
    await expect(refused.getByText(`New customer: ${taken}`)).toBeVisible();
    await expect(refused.getByText('Refused (400)')).toBeVisible();
    await expect(refused.getByText('A customer with this name already exists.')).toBeVisible();

    await refused.getByRole('button', { name: 'Fix and resend' }).click();
    const fixed = `${taken} (Sharjah)`;
    const form = page.getByRole('form', { name: 'Fix New customer' });
    await form.getByLabel('Name', { exact: true }).fill(fixed);
    await form.getByRole('button', { name: 'Resend' }).click();
    await expect(refused).toBeHidden();
    await expect(page.getByText('All your changes are on the server.')).toBeVisible();
    expect(await customersNamed(request, fixed)).toHaveLength(1);
    expect(await customersNamed(request, taken)).toHaveLength(1);
  });

  test('with two tabs open, one replayer sends each change once', async ({ page, context, request }) => {
    await signIn(page, 'sales.exec');
    await openCustomers(page);
    const second = await context.newPage();
    await second.goto('/customers');
    await expect(syncStatus(second)).toContainText('Online');

    await context.setOffline(true);
    const names = [unique('Twin Tab Acrylics'), unique('Twin Tab Metals'), unique('Twin Tab Glass')];
    await page.bringToFront();
    for (const name of names) await addCustomer(page, name);
    await expect(syncStatus(second)).toContainText('3 unsent');
    // Both tabs hear `online`; the Web Lock lets one of them send.
    const posts = watchCustomerPosts(context);

    await context.setOffline(false);
    for (const tab of [page, second]) await expect(syncStatus(tab)).toContainText('All saved', { timeout: 30_000 });
    expect(posts.senders.size).toBe(1);
    for (const name of names) {
      expect(posts.byName.get(name), name).toBe(1);
      expect(await customersNamed(request, name), name).toHaveLength(1);
    }
  });
});
