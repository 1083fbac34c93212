import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { OutboxEntry } from '../src/data/outbox/db';
import { DEMO_PASSWORD, menuLink, signIn, signInOnLoginPage, storedSession, syncStatus, waitForServiceWorker } from './support';

/**
 * The installed app offline (DESIGN.md "Offline-first rules"): the service worker serves the
 * precached shell for every screen, the signed-in user stays signed in from the cached profile,
 * and API calls fail visibly instead of leaving a blank page.
 *
 * Playwright's offline switch does not reach the service worker's own requests; that is fine
 * here, because the worker answers navigations from its precache and does not touch /api/.
 */

const UNREACHABLE = /server cannot be reached/i;

/** The worker has installed (the shell is precached) and controls the page. */
const signedInUser = (page: Page) => page.getByTestId('signed-in-user');
const firstCell = (page: Page) => page.getByRole('row').nth(1).getByRole('cell').first();

test.describe('the app offline', () => {
  test('a signed-in user reloads offline, stays signed in and moves between screens; back online it all works again', async ({ page, context }) => {
    await signIn(page, 'management');
    const name = await signedInUser(page).textContent();
    // Customers come into the device's mirror while online.
    await menuLink(page, 'Customers').click();
    // The landing page's chart carries a table of its figures: read rows only once Customers is open.
    await expect(page).toHaveURL('/customers');
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    await expect(firstCell(page)).not.toBeEmpty();
    const customer = await firstCell(page).textContent();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveURL('/customers');
    await expect(signedInUser(page)).toHaveText(name!);
    await expect(syncStatus(page)).toContainText('Offline');
    expect((await storedSession(page)).access).toBeTruthy();
    await expect(page.getByRole('cell', { name: customer!, exact: true })).toBeVisible();

    // A screen that needs the server says it cannot reach it; the frame stays.
    await menuLink(page, 'Users').click();
    await expect(page).toHaveURL('/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByText(UNREACHABLE).first()).toBeVisible();
    await expect(signedInUser(page)).toHaveText(name!);

    // A deep link typed while offline gets the shell from the worker.
    const deepLink = await page.goto('/materials');
    expect(deepLink?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Materials' })).toBeVisible();
    await menuLink(page, 'Home').click();
    await expect(page).toHaveURL('/landing');
    await expect(signedInUser(page)).toHaveText(name!);

    // API answers are never served from a cache.
    const health = await page.evaluate(() => fetch('/api/v1/health/').then((r) => r.status, () => 'failed'));
    expect(health).toBe('failed');

    await context.setOffline(false);
    await page.reload();
    await expect(syncStatus(page)).toContainText('Online');
    await menuLink(page, 'Users').click();
    await expect(page.getByRole('cell', { name: 'management', exact: true })).toBeVisible();
    await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
  });

  test('offline, a signed-out visitor gets the sign-in page, and signing in says the server cannot be reached', async ({ page, context }) => {
    await signIn(page, 'accounts');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByText('You are signed out')).toBeVisible();
    expect((await storedSession(page)).access).toBeNull();

    await context.setOffline(true);
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccounts/);
    await signInOnLoginPage(page, 'accounts');
    await expect(page.getByText(UNREACHABLE).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect((await storedSession(page)).access).toBeNull();

    await context.setOffline(false);
    await signInOnLoginPage(page, 'accounts');
    await expect(page).toHaveURL('/accounts');
  });

  test('an /api/ address is never answered with the app shell', async ({ page, context }) => {
    await page.goto('/login');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expect(page.goto('/api/v1/health/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
    const online = await page.goto('/api/v1/health/');
    expect(online?.fromServiceWorker()).toBe(false);
    expect(online?.headers()['content-type']).toContain('application/json');
  });
});

/** Fires the worker's Background Sync event the way Chromium does when the network returns. */
async function fireSync(context: BrowserContext, page: Page, origin: string, tag: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
  const { registrationId } = registrations.find((r) => !r.isDeleted)!;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
}

test.describe('the service worker sends the outbox', () => {
  test('on the sync event it sends a waiting write under its author, with no app page open', async ({ page, context, request, baseURL }) => {
    await signIn(page, 'sales.exec');
    await waitForServiceWorker(page);
    const userId = Number((await storedSession(page)).userId);
    // Leave the app for a page of the same origin that runs none of it: only the worker can send.
    await page.goto('/api/v1/health/');
    const name = `Worker Sync Traders ${Date.now()}`;
    const entry: Omit<OutboxEntry, 'id'> = {
      idempotencyKey: crypto.randomUUID(),
      operation: 'customer.create',
      payload: { name },
      method: 'POST',
      url: '/customers/add/',
      body: { name },
      headers: {},
      userId,
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
      lastError: null,
      dependsOn: [],
      type: 'customers',
      rowId: null,
      tempId: null,
      before: null,
    };
    const outbox = (write: Omit<OutboxEntry, 'id'> | null) =>
      page.evaluate(
        (write) =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('fabops-outbox');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction('entries', 'readwrite');
              const entries = tx.objectStore('entries');
              if (write) entries.put(write);
              const count = entries.count();
              tx.oncomplete = () => resolve(count.result);
              tx.onerror = () => reject(tx.error);
            };
          }),
        write,
      );
    expect(await outbox(entry)).toBe(1);

    await fireSync(context, page, new URL(baseURL!).origin, 'fabops-outbox');
    await expect.poll(() => outbox(null)).toBe(0);

    const { access } = await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'admin', password: DEMO_PASSWORD } })).json();
    const found = await (await request.get('/api/v1/customers/customers/', { params: { search: name }, headers: { Authorization: `JWT ${access}` } })).json();
    expect(found.results).toMatchObject([{ name, created_by: userId }]);
  });
});

test.describe('the installable app', () => {
  test('index.html links the web app manifest: FabOps, standalone, with 192, 512 and maskable icons', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await request.get(href!);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'FabOps', short_name: 'FabOps', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  });

  test('the service worker script is revalidated on every load', async ({ request }) => {
    const response = await request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('javascript');
    expect(response.headers()['cache-control']).toBe('no-cache');
  });
});
