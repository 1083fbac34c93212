import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'fabops-demo';

export async function signInOnLoginPage(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await signInOnLoginPage(page, username, password);
  await expect(page).not.toHaveURL(/\/login/);
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh'), userId: localStorage.getItem('user_id') }));
}
