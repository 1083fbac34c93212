import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiGet, jobOrderWithoutNotes, pickMaterial, signIn, syncStatus } from './support';

/**
 * One day on the shop floor through the screens only (issue 17), each step done by the
 * department that owns it: the foreman raises a requisition, stores issues all of it,
 * production makes a delivery note and its supervisor approves it, packing & dispatch marks it
 * ready and dispatches it. The shop-floor steps (foreman, stores, dispatch) run on a tablet.
 */

const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1366, height: 900 };

/** A signed-in browser of `username` at `viewport`. */
async function device(browser: Browser, username: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

test('a day on the shop floor: requisition raised and issued, delivery note made, approved, packed and dispatched', async ({ browser, request }) => {
  // Four people sign in on four devices, each loading their department's data: more than one screen's worth of time.
  test.setTimeout(240_000);
  // 1. The foreman raises a requisition on a tablet.
  const foreman = await device(browser, 'foreman', TABLET);
  await foreman.goto('/production/foreman/requisition/create');
  const form = foreman.getByRole('form', { name: 'New requisition' });
  // A job order nothing was requested against yet: other specs ask for the same tapes against
  // theirs, and a repeated request against one job order is refused (the specs share a database).
  await expect(form.getByLabel('Job order').locator('option').nth(1)).toBeAttached();
  const offered = await form.getByLabel('Job order').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  let untouched: string | undefined;
  for (const jobOrder of offered) {
    const { count } = await apiGet<{ count: number }>(request, '/requisitions/requisitions/', { job_order: jobOrder, page_size: 1 });
    if (count === 0) {
      untouched = jobOrder;
      break;
    }
  }
  expect(untouched, 'a job order without requisitions').toBeDefined();
  await form.getByLabel('Job order').selectOption(untouched!);
  const materials = [await pickMaterial(foreman, 'Masking Tape'), await pickMaterial(foreman, 'VHB Tape')];
  for (const name of materials) await form.getByLabel(`Quantity of ${name}`).fill('2');
  await form.getByRole('button', { name: 'Save requisition' }).click();
  await expect(foreman.getByText('Requisition saved.')).toBeVisible();
  await expect(syncStatus(foreman)).toContainText('All saved', { timeout: 30_000 });
  const heading = foreman.getByRole('heading', { name: /^Requisition \d+$/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const requisition = Number((await heading.textContent())!.replace(/\D/g, ''));
  await foreman.context().close();

  // 2. Stores finds it on top of its queue and issues every line on a tablet.
  const stores = await device(browser, 'stores', TABLET);
  await stores.goto('/stores/requisitions');
  const queue = stores.getByRole('table');
  await expect(queue.getByRole('row').nth(1)).toContainText(String(requisition), { timeout: 30_000 });
  await queue.getByRole('row').nth(1).getByRole('link', { name: String(requisition), exact: true }).click();
  await expect(stores.getByRole('heading', { name: `Requisition ${requisition}` })).toBeVisible();
  for (const name of materials) {
    // The box holds what is still to issue: the whole 2 asked.
    await expect(stores.getByLabel(`Issue quantity of ${name}`)).toHaveValue('2');
    await stores.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Issue' }).click();
    await expect(stores.getByLabel(`Issue quantity of ${name}`)).toBeHidden();
  }
  // Every line is issued: the badge beside the heading (the column header of the same name comes after it) says so at once, before and after the server confirms.
  const badge = stores.getByText('Issued', { exact: true }).first();
  await expect(badge).toBeVisible();
  await expect(stores.getByText('Partly issued')).toBeHidden();
  await expect(syncStatus(stores)).toContainText('All saved', { timeout: 30_000 });
  await expect(badge).toBeVisible();
  await expect(stores.getByText('Partly issued')).toBeHidden();
  expect((await apiGet<{ state: string }>(request, `/requisitions/requisitions/${requisition}/`)).state).toBe('issued');
  await stores.context().close();

  // 3. Production makes a delivery note, and its supervisor approves it (desktop, in the office).
  const job = await jobOrderWithoutNotes(request);
  const production = await device(browser, 'production', DESKTOP);
  await production.goto('/prod/dnote/create');
  await production.getByLabel('Job order').selectOption(String(job.id));
  await production.getByLabel('Delivery location').fill('Phoenix Mall, service entrance');
  await production.getByLabel(`Quantity of ${job.product}`).fill('1');
  await production.getByRole('button', { name: 'Save delivery note' }).click();
  const noteHeading = production.getByRole('heading', { name: /^Delivery note \d+$/ });
  await expect(noteHeading).toBeVisible({ timeout: 30_000 });
  const note = Number((await noteHeading.textContent())!.replace(/\D/g, ''));
  await production.getByRole('button', { name: 'Approve' }).click();
  await production.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(production.getByText('Delivery note approved successfully')).toBeVisible();
  // The supervisor is told who takes it on from here.
  await expect(production.getByText('Waiting for packing & dispatch to mark it ready')).toBeVisible();
  await expect(production.getByRole('button', { name: 'Ready to dispatch' })).toBeHidden();
  await production.context().close();

  // 4. Packing & dispatch marks it ready and dispatches it, on a tablet.
  const dispatch = await device(browser, 'dispatch', TABLET);
  await dispatch.goto(`/dnotes/detail/${note}`);
  await dispatch.getByRole('button', { name: 'Ready to dispatch' }).click();
  await dispatch.getByRole('dialog').getByRole('button', { name: 'Ready to dispatch' }).click();
  await expect(dispatch.getByText('Delivery note marked ready to dispatch')).toBeVisible();
  await dispatch.goto('/jobs/ready-to-dispatch');
  const card = dispatch.getByTestId('ready-note').filter({ hasText: `Delivery note ${note}` });
  await card.getByRole('button', { name: 'Dispatch' }).click();
  const dialog = dispatch.getByRole('dialog');
  await dialog.getByLabel('Vehicle number').fill('MH 12 AB 4321');
  await dialog.getByRole('button', { name: 'Dispatch' }).click();
  await expect(dispatch.getByText('Dispatch recorded: the delivery note is on its way.')).toBeVisible();
  await expect(card).toBeHidden();
  expect((await apiGet<{ status: string }>(request, `/deliverynotes/delivery_notes/${note}/`)).status).toBe('dispatched');
  const { results } = await apiGet<{ results: { delivery_note: number; status: string; vehicle_number: string }[] }>(request, '/dispatches/dispatches/', { delivery_note: note });
  expect(results).toEqual([expect.objectContaining({ delivery_note: note, status: 'dispatched', vehicle_number: 'MH 12 AB 4321' })]);
  await dispatch.context().close();
});
