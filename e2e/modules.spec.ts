import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support';

async function setModule(request: APIRequestContext, name: string, enabled: boolean): Promise<void> {
  const tokens = await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'admin', password: DEMO_PASSWORD } })).json();
  const res = await request.put(`/api/v1/system/modules/${encodeURIComponent(name)}/`, {
    data: { is_enabled: enabled },
    headers: { Authorization: `JWT ${tokens.access}` },
  });
  expect(res.status()).toBe(200);
}

test.describe('module switches', () => {
  test('a module the superuser switches off disappears from menus and its screens show not-found', async ({ page, request }) => {
    await signIn(page, 'sales.exec');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Leads', exact: true })).toBeVisible();

    await setModule(request, 'leads', false);
    try {
      await page.reload();
      await expect(menu.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Leads', exact: true })).toHaveCount(0);
      await page.goto('/leads');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    } finally {
      await setModule(request, 'leads', true);
    }
    // Switched back on, the leads list opens again.
    await page.goto('/leads');
    await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
  });
});
