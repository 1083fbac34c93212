import { expect, test } from '@playwright/test';
import { signIn, signInOnLoginPage } from './support';

test.describe('a new colleague joins', () => {
  test('requests an account, waits for the admin to activate it, then signs in and changes the password', async ({ page }) => {
    const username = `new.joiner.${Date.now()}`;
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('First name').fill('Neha');
    await page.getByLabel('Last name').fill('Joshi');
    // A registration carries no department or designation: the admin assigns them on activation.
    await expect(page.getByLabel('Department')).toHaveCount(0);
    await page.getByLabel(/^Password/).fill('tray-bench-42');
    await page.getByLabel('Repeat password').fill('tray-bench-42');
    await page.getByRole('button', { name: 'Request account' }).click();
    await expect(page.getByText('An administrator assigns your department and designation and activates it before you can sign in.')).toBeVisible();

    // Not active yet: sign-in is refused.
    await page.goto('/login');
    await signInOnLoginPage(page, username, 'tray-bench-42');
    await expect(page.getByRole('alert').filter({ hasText: 'No active account found with the given credentials' })).toBeVisible();

    // The admin activates the account from the users list.
    await signIn(page, 'admin');
    await page.goto('/users');
    await page.getByLabel('Search by name or username').fill(username);
    const row = page.getByRole('row', { name: new RegExp(username) });
    await expect(row.getByText('Inactive')).toBeVisible();
    await row.getByRole('button', { name: 'Activate' }).click();
    const activation = page.getByRole('dialog');
    await activation.getByLabel('Department').selectOption({ label: 'Production' });
    await activation.getByLabel('Designation').selectOption({ label: 'Foreman' });
    await activation.getByRole('button', { name: 'Activate' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You are signed out')).toBeVisible();

    // The new foreman signs in, lands on the foreman dashboard and changes the password.
    await page.goto('/login');
    await signInOnLoginPage(page, username, 'tray-bench-42');
    await expect(page).toHaveURL('/production/foreman');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill('wrong-one-123');
    await page.getByLabel(/^New password/).fill('acrylic-sheet-77');
    await page.getByLabel('Repeat new password').fill('acrylic-sheet-77');
    await page.getByRole('button', { name: 'Change password' }).last().click();
    await expect(page.getByText('Invalid password.')).toBeVisible();
    await page.getByLabel('Current password').fill('tray-bench-42');
    await page.getByRole('button', { name: 'Change password' }).last().click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page).toHaveURL('/production/foreman');
  });

  test('the admin reset-password dialog keeps OK disabled until the new password is acceptable', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/users');
    await page.getByLabel('Search by name or username').fill('metal');
    await page.getByRole('row', { name: /metal/ }).getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog');
    const ok = dialog.getByRole('button', { name: 'Reset password' });
    await expect(ok).toBeDisabled();
    await dialog.getByLabel('New password').fill('1234');
    await expect(ok).toBeDisabled();
    await dialog.getByLabel('New password').fill('metal-shop-2026');
    await expect(ok).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('the landing page', () => {
  test('shows job order value, status counts and the monthly purchase chart from the API', async ({ page }) => {
    await signIn(page, 'management');
    await expect(page.getByTestId('job-order-value')).toContainText('₹');
    await expect(page.getByTestId('status-counts').locator('[data-status]')).toHaveCount(6);
    await expect(page.getByRole('img', { name: 'Monthly purchases for the last 12 months' }).locator('td[data-value]')).toHaveCount(12);
  });
});
