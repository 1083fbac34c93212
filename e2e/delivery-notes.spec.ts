import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiGet, apiToken, jobOrderWithoutNotes, signIn, syncStatus, waitForServiceWorker } from './support';

/**
 * Delivery notes on the shop floor's tablets (issue 6): raised and edited with no connection,
 * sent when it is back; two tablets editing the same note offline, the second to sync sees both
 * versions side by side in the Sync screen and chooses. Nothing is overwritten silently.
 */

interface NoteView {
  id: number;
  job_order: number;
  delivery_location: string;
  remarks: string;
  items: { id: number; job_order_item: number; product: string; quantity: string }[];
}

const note = (request: APIRequestContext, id: number) => apiGet<NoteView>(request, `/deliverynotes/delivery_notes/${id}/`);

/** Draft notes of the demo company with at least two products, the first of more than one piece. */
async function draftNotes(request: APIRequestContext): Promise<NoteView[]> {
  const { results } = await apiGet<{ results: { id: number }[] }>(request, '/deliverynotes/delivery_notes/list/', { status: 'draft', page_size: 100 });
  const views = await Promise.all(results.map((r) => note(request, r.id)));
  return views.filter((v) => v.items.length >= 2 && Number(v.items[0]!.quantity) >= 2);
}

/** A write as the admin, as the office would make it meanwhile. */
async function send(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown) {
  const response = await request[method](`/api/v1${url}`, { data, headers: { Authorization: `JWT ${await apiToken(request)}` } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** A note's detail, opened while online so its rows are on the device. */
async function openNote(page: Page, id: number, location: string): Promise<void> {
  await page.goto(`/dnotes/detail/${id}`);
  await expect(page.getByRole('form', { name: 'Delivery location and remarks' }).getByLabel('Delivery location')).toHaveValue(location, { timeout: 30_000 });
  await waitForServiceWorker(page);
}

async function setLocation(page: Page, location: string, remarks?: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Delivery location and remarks' });
  await form.getByLabel('Delivery location').fill(location);
  if (remarks !== undefined) await form.getByLabel('Remarks').fill(remarks);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved on this device').first()).toBeVisible();
}

async function tablet(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

test.describe('delivery notes offline', () => {
  test('a note raised and a note edited with no connection reach the server when it is back', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    const [draft] = await draftNotes(request);
    expect(draft, 'a draft note with two products').toBeDefined();
    const job = await jobOrderWithoutNotes(request);
    await signIn(page, 'production');
    await openNote(page, draft!.id, draft!.delivery_location);

    await context.setOffline(true);
    const location = `Offline dock ${Date.now().toString(36)}`;
    await setLocation(page, location, 'Gate 4, call the store manager');
    const products = page.getByRole('table', { name: 'Products of the delivery note' });
    const [first, second] = draft!.items;
    const half = String(Math.floor(Number(first!.quantity) / 2));
    await products.getByRole('row').filter({ hasText: first!.product }).getByRole('button', { name: 'Change quantity' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Quantity').fill(half);
    await dialog.getByRole('button', { name: 'Change' }).click();
    await products.getByRole('row').filter({ hasText: second!.product }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Product removed from the delivery note.')).toBeVisible();
    await expect(syncStatus(page)).toContainText('3 unsent');

    // A new note for another job order, still offline: at tablet width the menu opens from its button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'New delivery note', exact: true }).first().click();
    await page.getByLabel('Job order').selectOption(String(job.id));
    await page.getByLabel('Delivery location').fill('Site office, offline');
    await page.getByLabel(`Quantity of ${job.product}`).fill('1');
    await page.getByRole('button', { name: 'Save delivery note' }).click();
    await expect(page.getByText('Delivery note saved on this device. It is sent when the connection is back.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New delivery note' })).toBeVisible();
    await expect(syncStatus(page)).toContainText('4 unsent');

    await context.setOffline(false);
    await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
    // The note made offline now has its server number on screen.
    await expect(page.getByRole('heading', { name: /^Delivery note \d+$/ })).toBeVisible();
    const after = await note(request, draft!.id);
    expect(after).toMatchObject({ delivery_location: location, remarks: 'Gate 4, call the store manager' });
    expect(after.items.map((i) => [i.id, Number(i.quantity)])).toEqual([[first!.id, Number(half)], ...draft!.items.slice(2).map((i) => [i.id, Number(i.quantity)])]);
    const made = await apiGet<{ results: NoteView[] }>(request, '/deliverynotes/delivery_notes/list/', { job_order: job.id });
    expect(made.results.map((n) => n.delivery_location)).toEqual(['Site office, offline']);
  });

  test('two tablets edit the same note offline: the second to sync chooses between theirs and mine, side by side', async ({ browser, request }) => {
    const drafts = await draftNotes(request);
    const shared = drafts.at(-1)!;
    const [a, b] = [await tablet(browser, 'production'), await tablet(browser, 'foreman')];
    await openNote(a, shared.id, shared.delivery_location);
    await openNote(b, shared.id, shared.delivery_location);

    await Promise.all([a.context().setOffline(true), b.context().setOffline(true)]);
    await setLocation(a, 'Tablet A: loading bay 1');
    await setLocation(b, 'Tablet B: loading bay 2');
    await expect(syncStatus(a)).toContainText('1 unsent');
    await expect(syncStatus(b)).toContainText('1 unsent');

    await a.context().setOffline(false);
    await expect(syncStatus(a)).toContainText('All saved', { timeout: 30_000 });
    expect((await note(request, shared.id)).delivery_location).toBe('Tablet A: loading bay 1');

    await b.context().setOffline(false);
    await expect(syncStatus(b)).toContainText('1 refused', { timeout: 30_000 });
    // Nothing was overwritten: the server still has tablet A's location.
    expect((await note(request, shared.id)).delivery_location).toBe('Tablet A: loading bay 1');
    await syncStatus(b).click();
    const refused = b.getByRole('region', { name: 'Refused by the server' });
    await expect(refused.getByText('Refused (409)')).toBeVisible();
    const sideBySide = refused.getByRole('table', { name: 'Theirs and mine' });
    const row = sideBySide.getByRole('row').filter({ hasText: 'delivery location' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Tablet A: loading bay 1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Tablet B: loading bay 2');

    await refused.getByRole('button', { name: 'Keep mine' }).click();
    await expect(refused).toBeHidden();
    await expect(b.getByText('All your changes are on the server.')).toBeVisible({ timeout: 30_000 });
    expect((await note(request, shared.id)).delivery_location).toBe('Tablet B: loading bay 2');
    await a.context().close();
    await b.context().close();
  });

  test('a quantity another note took meanwhile is refused with the server message, fixed and resent from the Sync screen', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    const drafts = await draftNotes(request);
    const target = drafts[1] ?? drafts[0]!;
    const line = target.items[0]!;
    const ordered = Number(line.quantity);
    // The office frees one piece of the note, so the tablet may ask for all of it again.
    await send(request, 'put', `/deliverynotes/delivery_notes/item/qty/update/${line.id}/`, { quantity: ordered - 1 });
    await signIn(page, 'production');
    await openNote(page, target.id, target.delivery_location);
    const products = page.getByRole('table', { name: 'Products of the delivery note' });
    await expect(products.getByRole('row').filter({ hasText: line.product }).getByTestId('line-quantity')).toHaveText(new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ordered - 1));

    await context.setOffline(true);
    await products.getByRole('row').filter({ hasText: line.product }).getByRole('button', { name: 'Change quantity' }).click();
    await page.getByRole('dialog').getByLabel('Quantity').fill(String(ordered));
    await page.getByRole('dialog').getByRole('button', { name: 'Change' }).click();
    await expect(syncStatus(page)).toContainText('1 unsent');
    // Meanwhile the last piece goes on another note of the job order.
    await send(request, 'post', '/deliverynotes/delivery_notes/create/', { job_order: target.job_order, delivery_location: 'Urgent courier', items: [{ job_order_item: line.job_order_item, quantity: 1 }] });

    await context.setOffline(false);
    await expect(syncStatus(page)).toContainText('1 refused', { timeout: 30_000 });
    await syncStatus(page).click();
    const refused = page.getByRole('region', { name: 'Refused by the server' });
    await expect(refused.getByText('Refused (400)')).toBeVisible();
    await expect(refused.getByText(/already on other delivery notes 1\.000; at most/)).toBeVisible();
    await refused.getByRole('button', { name: 'Fix and resend' }).click();
    const form = page.getByRole('form', { name: 'Fix Delivered quantity changed' });
    await form.getByLabel('Quantity', { exact: true }).fill(String(ordered - 1));
    await form.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('All your changes are on the server.')).toBeVisible({ timeout: 30_000 });
    expect(Number((await note(request, target.id)).items[0]!.quantity)).toBe(ordered - 1);
  });
});
