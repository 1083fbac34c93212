import { expect, test } from '@playwright/test';
import { apiToken, openTablet, signIn, signInOnLoginPage } from './support';

/**
 * A shared tablet (issue 15 §2): a sales executive has the new-customer form open in one tab
 * while a colleague signs out and in as himself in another. What the first tab would save must
 * not go out under the colleague's name: the tab stops and says who is signed in now.
 */
test('a tab whose session another tab replaced saves nothing under the new user’s name', async ({ request }) => {
  const tablet = await openTablet();
  const { page, context } = tablet;
  try {
    await signIn(page, 'sales.exec');
    await page.goto('/customers');
    await page.getByRole('button', { name: 'New customer' }).click();
    const name = `Shared Tablet Traders ${Date.now().toString(36)}`;
    await page.getByRole('form', { name: 'New customer' }).getByLabel('Name').fill(name);

    const other = await context.newPage();
    await other.goto('/logout');
    await expect(other.getByText('You are signed out')).toBeVisible();
    await other.goto('/login');
    await signInOnLoginPage(other, 'sales.manager');
    await expect(other).not.toHaveURL(/\/login/);

    await page.bringToFront();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Vikram Shah has signed in on this device in another tab. This tab was opened by Ravi Kumar and can no longer save changes');
    await expect(dialog.getByRole('button', { name: 'Reload' })).toBeVisible();

    const token = await apiToken(request);
    const found = (await (await request.get('/api/v1/customers/customers/', { params: { search: name }, headers: { Authorization: `JWT ${token}` } })).json()) as { count: number };
    expect(found.count).toBe(0);
    const queued = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('fabops-outbox');
          open.onsuccess = () => {
            const count = open.result.transaction('entries').objectStore('entries').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(queued).toBe(0);

    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('signed-in-user')).toHaveText('Vikram Shah');
  } finally {
    await tablet.discard();
  }
});
