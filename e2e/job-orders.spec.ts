import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, signIn, waitForServiceWorker } from './support';

/**
 * Production's day (issue 6): the foreman starts on the dashboard made for the tablet, raises a
 * requisition for a job order on the floor from it, and still sees what the tablet knows with no
 * network; accounts cannot close a job order that still has requisitions open, and can once stores
 * has closed them.
 */

const TABLET = { width: 768, height: 1024 };

async function call(request: APIRequestContext, username: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `JWT ${await apiToken(request, username)}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('the foreman works from his dashboard: figures, the job orders on the floor, a requisition raised from one, and what the tablet knows offline', async ({ browser }) => {
  const context = await browser.newContext({ viewport: TABLET });
  const page = await context.newPage();
  await signIn(page, 'foreman');
  await expect(page).toHaveURL('/production/foreman');
  await expect(page.getByRole('heading', { name: 'Foreman dashboard' })).toBeVisible();
  const onTheFloor = page.getByRole('table', { name: 'Job orders in process' });
  const firstJob = onTheFloor.getByRole('row').nth(1);
  await expect(firstJob).toBeVisible();
  const label = (await firstJob.getByRole('cell').first().textContent())!.trim();
  const jobOrder = label.split(' - ')[0]!;

  // Raise a requisition for that job order straight from the dashboard: it is already picked.
  await firstJob.getByRole('link', { name: 'Raise requisition' }).click();
  await expect(page).toHaveURL(new RegExp(`/production/foreman/requisition/create\\?job_order=${jobOrder}$`));
  await expect(page.getByRole('form', { name: 'New requisition' }).getByLabel('Job order')).toHaveValue(jobOrder);

  // No network: the dashboard says it needs the server, and shows what the tablet knows.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/production/foreman');
  await expect(page.getByText(/This dashboard needs the server/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On this tablet' })).toBeVisible();
  await expect(page.getByTestId('device-in-process')).not.toHaveText('0');
  await context.close();
});

test('closing a job order with active requisitions is refused with their numbers; once stores closes them, accounts closes it', async ({ page, request }) => {
  // A dispatched job order, and a requisition the foreman raises against it that stores has not served.
  const { results } = (await call(request, 'admin', 'GET', '/joborders/joborders/list/?status=dispatched&page_size=50')) as { results: { id: number }[] };
  let jobOrder: number | null = null;
  for (const { id } of results) {
    const verdict = (await call(request, 'admin', 'GET', `/joborders/joborders/has-active-requisitions/${id}/`)) as { has_active_requisitions: boolean };
    if (!verdict.has_active_requisitions) {
      jobOrder = id;
      break;
    }
  }
  expect(jobOrder, 'a dispatched job order without active requisitions in the demo company').not.toBeNull();
  const materials = (await call(request, 'foreman', 'GET', '/materials/materials/?page_size=1')) as { results: { id: number }[] };
  const requisition = (await call(request, 'foreman', 'POST', '/requisitions/requisitions/', {
    requisition_type: 'standard',
    job_order: jobOrder,
    requisition_items: [{ material: materials.results[0]!.id, quantity: '2' }],
  })) as { id: number };

  await signIn(page, 'accounts');
  await page.goto(`/accounts/job/${jobOrder}`);
  await page.getByRole('button', { name: 'Close job order' }).click();
  const form = page.getByRole('form', { name: 'Close the job order' });
  await form.getByLabel(/^Invoice\W*$/).fill('INV-2026-0412');
  await form.getByLabel(/^Invoice date/).fill('24-11-2026');
  await form.getByLabel(/^Invoice amount/).fill('125000.50');
  await form.getByRole('button', { name: 'Close job order' }).click();
  await expect(page.getByText('This job order has active requisitions: close or cancel them first.')).toBeVisible();
  await expect(page.getByText(new RegExp(`Requisitions: .*\\b${requisition.id}\\b`))).toBeVisible();
  const still = (await call(request, 'admin', 'GET', `/joborders/joborders/${jobOrder}/`)) as { status: string };
  expect(still.status).toBe('dispatched');

  // Stores closes the requisition; now the job order closes with its invoice.
  await call(request, 'admin', 'PATCH', `/requisitions/${requisition.id}/close/`, { reason: 'Not needed: the job order was delivered' });
  await page.reload();
  await page.getByRole('button', { name: 'Close job order' }).click();
  await form.getByLabel(/^Invoice\W*$/).fill('INV-2026-0412');
  await form.getByLabel(/^Invoice date/).fill('24-11-2026');
  await form.getByLabel(/^Invoice amount/).fill('125000.50');
  await form.getByRole('button', { name: 'Close job order' }).click();
  await expect.poll(async () => ((await call(request, 'admin', 'GET', `/joborders/joborders/${jobOrder}/`)) as { status: string }).status).toBe('closed');
  const closed = (await call(request, 'admin', 'GET', `/joborders/joborders/${jobOrder}/`)) as { invoice: string; invoice_date: string; invoice_amount: string };
  expect(closed).toMatchObject({ invoice: 'INV-2026-0412', invoice_date: '2026-11-24', invoice_amount: '125000.50' });
});
