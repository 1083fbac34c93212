import { expect, test } from '@playwright/test';
import { MATERIAL_UNITS } from '../domain/material';
import { labelOf } from '../domain/options';
import { formatIndian } from '../domain/decimal';
import { DEMO_PASSWORD, signIn } from './support';

/** Stores looks a material up: from the list to its page, its stock on hand and what it was bought at. */
test("stores opens a material's page from the list and sees its on-hand and price variance", async ({ page, request }) => {
  const { access } = (await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'stores', password: DEMO_PASSWORD } })).json()) as { access: string };
  const get = async (path: string) => (await request.get(`/api/v1${path}`, { headers: { Authorization: `JWT ${access}` } })).json();
  // A stocked material the demo company bought on GRAs.
  const stocked = (await get('/materials/materials/filter_materials/?in_stock=true&ordering=-stock_value&page_size=10')).results as { id: number; name: string; unit: string; quantity: string }[];
  let bought: { material: (typeof stocked)[number]; latest: string } | null = null;
  for (const material of stocked) {
    const { summary } = await get(`/materials/materials/${material.id}/price-variance-report/`);
    if (summary.count > 0) {
      bought = { material, latest: summary.latest_rate };
      break;
    }
  }
  expect(bought, 'a stocked material bought on a GRA').toBeTruthy();
  const { material, latest } = bought!;

  await signIn(page, 'stores');
  await page.goto('/materials');
  await page.getByLabel('Search materials').fill(material.name);
  await page.getByRole('link', { name: material.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: material.name })).toBeVisible();
  await expect(page.getByText(`${formatIndian(material.quantity)} ${labelOf(MATERIAL_UNITS, material.unit)}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR label fabops:material:${material.id}` })).toBeVisible();
  await expect(page.getByText(/^Closing balance: /)).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Price variance' }).click();
  await expect(page).toHaveURL(new RegExp(`/material/price-variance/${material.id}$`));
  await expect(page.getByText(`Latest rate: ${formatIndian(latest)}`)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});
