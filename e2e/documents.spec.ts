import { expect, test } from '@playwright/test';
import { formatIndian, QUANTITY_PLACES } from '../domain/decimal';
import { apiToken, signIn } from './support';

/**
 * Documents offline (issue 16 §3): a delivery note opened on a tablet prints with the connection
 * gone. pdfmake and its fonts come from the service worker's precache, the note and the letterhead
 * from the device; the PDF that downloads is read back and checked.
 */
test('a delivery note prints offline, with its products and page number', async ({ browser, request }) => {
  const headers = { Authorization: `JWT ${await apiToken(request)}` };
  const put = await request.put('/api/v1/admin/system/company/', { headers, data: { name: 'FabOps Demo Fabricators', address: 'Plot 14, MIDC Bhosari, Pune', state: 'Maharashtra' } });
  expect(put.status()).toBe(200);
  const { results } = (await (await request.get('/api/v1/deliverynotes/delivery_notes/list/', { headers, params: { page_size: 1 } })).json()) as { results: { id: number }[] };
  const id = results[0]!.id;
  const note = (await (await request.get(`/api/v1/deliverynotes/delivery_notes/${id}/`, { headers })).json()) as { customer_name: string; items: { quantity: string }[] };

  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'production');
  await page.goto(`/dnotes/detail/${id}`);
  await expect(page.getByRole('heading', { name: `Delivery note ${id}` })).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  // The first print, online, learns the letterhead; the device keeps it.
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print' }).click()]);
  // Offline, the page is opened afresh: the screen, pdfmake and the fonts come from the precache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Delivery note ${id}` })).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print' }).click()]);
  expect(download.suggestedFilename()).toBe(`Delivery-Note-${id}.pdf`);
  const bytes = new Uint8Array(await (await import('node:fs/promises')).readFile((await download.path())!));
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: bytes }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).filter((s) => s.trim());
  const quantities = note.items.map((i) => formatIndian(i.quantity, QUANTITY_PLACES));
  expect(text).toEqual(expect.arrayContaining(['FabOps Demo Fabricators', 'Delivery Note', String(id), note.customer_name, ...quantities, 'Page 1 of 1']));
  await context.close();
});
