import { expect, test } from '@playwright/test';
import { apiGet, storesAtTheGate, syncStatus } from './support';

/**
 * Stores books goods without an LPO at the gate with no connection (issue 19 §4): the GRA shows
 * at once, pending; when the Wi-Fi is back it reaches the server exactly once, and the material's
 * on hand on the server grows by what was accepted, not by what was received. Goods against an
 * LPO, scanned in offline, are part of the purchase day (purchase-day.spec.ts).
 */
test('a GRA booked offline shows pending, syncs once, and stock grows by the accepted quantity', async ({ page, context, request }) => {
  const materials = await apiGet<{ results: { id: number; name: string; quantity: string; deleted_at: string | null }[] }>(request, '/materials/materials/', { page_size: 100 });
  // A material whose name the picker finds alone: no other material's name contains it.
  const material = materials.results.find((m) => !m.deleted_at && materials.results.filter((o) => o.name.toLowerCase().includes(m.name.toLowerCase())).length === 1)!;
  const before = Number(material.quantity);
  const reason = `Sample sheets sent ahead of the order ${Date.now().toString(36)}`;
  const posts = await storesAtTheGate(page, context);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'New GRA' }).click();
  await page.getByRole('button', { name: 'Without LPO' }).click();
  await page.getByLabel('Vendor').selectOption({ index: 1 });
  await page.getByLabel('Why without an LPO').fill(reason);
  await page.getByLabel('Invoice number').fill('E2E/0412');
  await page.getByLabel('Add a material').fill(material.name);
  await page.getByRole('button', { name: new RegExp(material.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') }).first().click();
  await page.getByLabel(`Received of ${material.name}`).fill('3');
  await page.getByLabel(`Accepted of ${material.name}`).fill('2');
  await page.getByLabel(`Rate of ${material.name}`).fill('150');
  await page.getByRole('button', { name: 'Save GRA' }).click();

  await expect(page.getByText('GRA saved on this device. It is sent when the connection is back.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New GRA' })).toBeVisible();
  await expect(syncStatus(page)).toContainText('1 unsent');
  await page.getByRole('button', { name: 'All GRAs' }).click();
  const row = page.getByRole('row').filter({ hasText: 'E2E/0412' });
  await expect(row.getByText('Pending')).toBeVisible();
  expect(posts).toHaveLength(0);

  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
  await expect(row.getByText('Pending')).toHaveCount(0);
  await expect(row.getByRole('link', { name: /^GRA \d+$/ })).toBeVisible();
  expect(posts).toHaveLength(1);

  const after = await apiGet<{ quantity: string }>(request, `/materials/materials/${material.id}/`);
  expect(Number(after.quantity)).toBeCloseTo(before + 2, 3);
  const booked = await apiGet<{ results: { without_lpo_reason: string | null; invoice_number: string }[] }>(request, '/gra/gras/', { search: 'E2E/0412', page_size: 100 });
  expect(booked.results.filter((g) => g.without_lpo_reason === reason)).toHaveLength(1);
});
