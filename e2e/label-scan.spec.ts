import { expect, test } from '@playwright/test';
import { materialLabelText } from '../domain/material-label';
import { cameraFilming } from './camera';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * Scanning a material's QR label with the camera (issue 5), in Chromium with a camera that films
 * a printed label (./camera.ts): the jsQR fallback reading real camera frames.
 */

test('stores picks a material by pointing the tablet camera at its label', async ({ browser, request }) => {
  const { access } = (await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'stores', password: DEMO_PASSWORD } })).json()) as { access: string };
  const page1 = (await (await request.get('/api/v1/materials/materials/?ordering=name&page_size=1', { headers: { Authorization: `JWT ${access}` } })).json()) as {
    results: { id: number; name: string }[];
  };
  const material = page1.results[0]!;

  const camera = await cameraFilming(browser, materialLabelText(material.id));
  try {
    const baseURL = test.info().project.use.baseURL!;
    const context = await camera.newContext({ baseURL, viewport: { width: 768, height: 1024 }, permissions: ['camera'] });
    const page = await context.newPage();
    await signIn(page, 'stores');
    await page.goto('/stock/transactions/create');
    await page.getByRole('button', { name: 'Scan label' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan a label' })).toBeVisible();
    // The label is read from the camera, the dialog closes and the material is chosen.
    await expect(page.getByText(`${material.name} · on hand`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Scan a label' })).toHaveCount(0);
    await context.close();
  } finally {
    await camera.close();
  }
});
