import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, pickMaterial, signedInTablet, syncStatus } from './support';

/**
 * The shop floor's day (issue 5): the foreman raises a requisition on a tablet with no
 * network and puts the tablet away; stores, offline too, cannot see it yet; once both are back
 * online stores issues against it, and stock, the requisition's state and the ledger agree.
 */

async function api(request: APIRequestContext, path: string) {
  const { access } = (await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'admin', password: DEMO_PASSWORD } })).json()) as { access: string };
  const response = await request.get(`/api/v1${path}`, { headers: { Authorization: `JWT ${access}` } });
  expect(response.status(), path).toBe(200);
  return response.json();
}


test('the foreman raises a requisition offline; stores issues against it once both are back online', async ({ browser, request }) => {
  const foreman = await signedInTablet(browser, 'foreman', '/production/foreman/requisition/create');
  const stores = await signedInTablet(browser, 'stores', '/stores/requisitions');
  await expect(stores.page.getByRole('row').nth(1)).toBeVisible();
  // The stores queue: what stores may issue against now, oldest first.
  const queueSize = (await stores.page.getByText(/ in all · /).textContent())!;
  const newest = async () => (await api(request, '/requisitions/requisitions/?ordering=-id&page_size=1')).results[0].id as number;
  const before = await newest();

  // On the floor, no network: three consumables for an open job order.
  await foreman.context.setOffline(true);
  const form = foreman.page.getByRole('form', { name: 'New requisition' });
  await expect(form.getByLabel('Job order').locator('option').nth(1)).toBeAttached();
  const jobOrder = await form.getByLabel('Job order').locator('option').nth(1).getAttribute('value');
  await form.getByLabel('Job order').selectOption(jobOrder!);
  const materials = [await pickMaterial(foreman.page, 'Masking Tape'), await pickMaterial(foreman.page, 'VHB Tape'), await pickMaterial(foreman.page, 'Sandpaper')];
  for (const name of materials) await form.getByLabel(`Quantity of ${name}`).fill('2');
  await form.getByRole('button', { name: 'Save requisition' }).click();
  await expect(foreman.page.getByText('Requisition saved on this device. It is sent to stores when the connection is back.')).toBeVisible();
  await expect(foreman.page.getByRole('heading', { name: 'New requisition' })).toBeVisible();
  await expect(foreman.page.getByRole('table', { name: 'Materials of the requisition' }).getByRole('row')).toHaveCount(4);
  await expect(syncStatus(foreman.page)).toContainText('1 unsent');
  await foreman.page.close();

  // Stores, offline on its own device, has nothing new to see.
  await stores.context.setOffline(true);
  await stores.page.reload();
  await expect(stores.page.getByRole('row').nth(1)).toBeVisible();
  await expect(stores.page.getByText(/ in all · /)).toHaveText(queueSize);
  expect(await newest()).toBe(before);

  // Both back online: the tablet sends the requisition exactly once.
  await foreman.context.setOffline(false);
  const tablet = await foreman.context.newPage();
  await tablet.goto('/production/foreman');
  await expect(syncStatus(tablet)).toContainText('All saved');
  const latest = (await api(request, '/requisitions/requisitions/?ordering=-id&page_size=5')).results as { id: number; job_order: number; state: string }[];
  const made = latest.filter((r) => r.id > before);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ job_order: Number(jobOrder), state: 'open' });
  const requisition = made[0]!.id;

  await stores.context.setOffline(false);
  await stores.page.reload();
  await stores.page.getByLabel('Search requisitions').fill(String(requisition));
  await stores.page.getByRole('link', { name: String(requisition), exact: true }).click();
  await expect(stores.page.getByRole('heading', { name: `Requisition ${requisition}` })).toBeVisible();
  const line = (await api(request, `/requisitions/requisitions/${requisition}/`)).requisition_items.find((l: { material_name: string }) => l.material_name === materials[0]) as { material: number; id: number };
  const onHandBefore = Number((await api(request, `/materials/materials/${line.material}/`)).quantity);
  await stores.page.getByLabel(`Issue quantity of ${materials[0]}`).fill('1');
  await stores.page.getByRole('button', { name: 'Issue' }).first().click();
  await expect(stores.page.getByText('Partly issued')).toBeVisible();
  await expect(syncStatus(stores.page)).toContainText('All saved');

  const view = await api(request, `/requisitions/requisitions/${requisition}/`);
  expect(view.state).toBe('partly-issued');
  expect(view.requisition_items.find((l: { id: number }) => l.id === line.id).quantity_issued).toBe('1.000');
  expect(Number((await api(request, `/materials/materials/${line.material}/`)).quantity)).toBe(onHandBefore - 1);
  const ledger = (await api(request, `/stocks/stocktransactions/req/all/${requisition}/`)) as { transaction_type: string; quantity: string; material: number }[];
  expect(ledger).toMatchObject([{ transaction_type: 'issue', quantity: '-1.000', material: line.material }]);

  // The day ends with the stock sheet: a real workbook, the issued material at its new quantity.
  await stores.page.goto('/materials');
  const [download] = await Promise.all([stores.page.waitForEvent('download'), stores.page.getByRole('button', { name: 'Export to Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^materials-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['Name', 'Unit']));
  const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === materials[0]);
  expect(row, `${materials[0]} in the sheet`).toBeTruthy();
  expect(Number(row!.getCell(header.indexOf('On hand') + 1).value)).toBe(onHandBefore - 1);

  await foreman.context.close();
  await stores.context.close();
});
