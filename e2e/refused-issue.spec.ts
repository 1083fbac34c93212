import { expect, test, type Page } from '@playwright/test';
import { apiToken, openTablet, signIn } from './support';

/**
 * Stores on a tablet with no connection issues more than is in stock, puts the tablet away
 * (the browser is closed, its profile kept), and opens it again once the Wi-Fi is back (issue 15
 * §3). The server refuses the issue; the tablet does not go on showing the stock as issued: the
 * material's on hand is the server's again, and Sync tells the refusal in the storekeeper's words.
 */
/** The device's copy of a material (the mirror in IndexedDB). */
const onDevice = (page: Page, id: number) =>
  page.evaluate(
    (materialId) =>
      new Promise<{ quantity: string } | undefined>((resolve) => {
        const open = indexedDB.open('fabops-mirror');
        open.onsuccess = () => {
          const read = open.result.transaction('materials').objectStore('materials').get(materialId);
          read.onsuccess = () => resolve(read.result as { quantity: string } | undefined);
        };
      }),
    id,
  );

test('an issue refused after the tablet was closed offline is taken back when it is opened again', async ({ request }) => {
  const headers = { Authorization: `JWT ${await apiToken(request)}` };
  const materials = (await (await request.get('/api/v1/materials/materials/', { params: { page_size: 100 }, headers })).json()) as { results: { id: number; name: string; unit: string; quantity: string }[] };
  const material = materials.results.find((m) => Number(m.quantity) >= 1 && Number(m.quantity) < 10_000)!;
  const tooMuch = String(Math.floor(Number(material.quantity)) + 5);

  let tablet = await openTablet();
  try {
    await signIn(tablet.page, 'stores');
    await tablet.page.waitForFunction(async () => (await navigator.serviceWorker.ready, navigator.serviceWorker.controller !== null));
    await tablet.page.goto('/stock/transactions/create');
    await tablet.context.setOffline(true);
    await tablet.page.getByLabel('Find a material').fill(material.name);
    await tablet.page.getByRole('button', { name: new RegExp(material.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') }).first().click();
    await tablet.page.getByLabel('Quantity').fill(tooMuch);
    // The first job order the tablet offers (open ones only).
    const [job] = await tablet.page.getByLabel('Job order').selectOption({ index: 1 });
    await tablet.page.getByRole('button', { name: 'Save' }).click();
    await expect(tablet.page.getByRole('link', { name: 'Sync status' })).toContainText('1 unsent');
    expect(Number((await onDevice(tablet.page, material.id))!.quantity)).toBeLessThan(0);

    // Put away offline, opened again once the Wi-Fi is back.
    tablet = await tablet.reopen();
    await tablet.page.goto('/sync');
    const card = tablet.page.locator('[data-entry]').filter({ hasText: 'Refused' });
    await expect(card).toContainText(`Issue ${tooMuch}`, { timeout: 30_000 });
    await expect(card).toContainText(`of ${material.name} to job order ${job}`);
    await expect.poll(async () => Number((await onDevice(tablet.page, material.id))?.quantity)).toBe(Number(material.quantity));
  } finally {
    await tablet.discard();
  }
});
