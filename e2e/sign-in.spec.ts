import { expect, test } from '@playwright/test';
import { signIn, signInOnLoginPage, storedSession } from './support';

/** Where each demo user lands after signing in (product-frame.md §4 "Landing after login"). */
const LANDINGS: [username: string, path: string][] = [
  ['admin', '/landing'],
  ['sales.exec', '/sales/home'],
  ['sales.senior', '/sales/home'],
  ['sales.manager', '/landing'],
  ['foreman', '/production/foreman'],
  ['production', '/production'],
  ['stores', '/purchases'],
  ['purchase', '/purchases'],
  ['accounts', '/accounts'],
  ['management', '/landing'],
  ['design', '/design'],
  ['dispatch', '/jobs/warehouse'],
  ['acrylic', '/jobs/acrylic'],
  ['metal', '/metal'],
];

test.describe('signing in', () => {
  for (const [username, path] of LANDINGS) {
    test(`${username} signs in on the login page and lands on ${path}`, async ({ page }) => {
      await page.goto('/');
      await signInOnLoginPage(page, username);
      await expect(page).toHaveURL(path);
      await expect(page.getByTestId('signed-in-user')).toBeVisible();
      expect((await storedSession(page)).access).toBeTruthy();
    });
  }

  test('a wrong password is refused with the server message and nobody is signed in', async ({ page }) => {
    await page.goto('/login');
    await signInOnLoginPage(page, 'foreman', 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'No active account found with the given credentials' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect((await storedSession(page)).access).toBeNull();
  });

  test('empty fields are flagged before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This field may not be blank.').first()).toBeVisible();
  });

  test('sign-out clears the stored session and protected pages ask to sign in again', async ({ page }) => {
    await signIn(page, 'accounts');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByText('You are signed out')).toBeVisible();
    expect(await storedSession(page)).toEqual({ access: null, refresh: null, userId: null });
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccounts/);
  });

  test('a signed-in user who opens the login page goes to their landing page', async ({ page }) => {
    await signIn(page, 'design');
    await page.goto('/login');
    await expect(page).toHaveURL('/design');
  });

  test('a deep link while signed out goes to login and back there after sign-in', async ({ page }) => {
    await page.goto('/users?search=sales');
    await expect(page).toHaveURL('/login?redirect=%2Fusers%3Fsearch%3Dsales');
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();
    await signInOnLoginPage(page, 'management');
    await expect(page).toHaveURL('/users?search=sales');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });

  test('an unknown path shows the not-found screen, signed in or not', async ({ page }) => {
    await page.goto('/no/such/screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await signIn(page, 'stores');
    await page.goto('/still/not/a/screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to my home page' })).toHaveAttribute('href', '/purchases');
  });

  test('a non-superuser cannot open the superuser area', async ({ page }) => {
    await signIn(page, 'sales.manager');
    await page.goto('/superuser');
    await expect(page).toHaveURL('/landing');
    await expect(page.getByText('Access denied: Superuser privileges required')).toBeVisible();
  });

  test('a superuser opens the superuser area', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/superuser');
    await expect(page).toHaveURL('/superuser');
    await expect(page.getByRole('heading', { name: 'Superuser Dashboard' })).toBeVisible();
  });
});
