import { expect, test } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, openTablet, signIn } from './support';

/**
 * A sales executive's session ends while a change waits to be sent (issue 15 §4): online, the
 * app asks him to sign in again where he is, not on a lost screen, and the change goes the
 * moment he does. (The session is ended here by a password change elsewhere, which ends every
 * token issued before it, as an expired refresh token would.)
 */
test('a session that ended while a change waited asks to sign in again in place, and the change goes', async ({ request }) => {
  const tablet = await openTablet();
  const { page, context } = tablet;
  try {
    await signIn(page, 'sales.exec');
    await page.goto('/customers');
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).not.toBeEmpty();

    await context.setOffline(true);
    const name = `Session Ended Traders ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New customer' }).click();
    const form = page.getByRole('form', { name: 'New customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Save customer' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('link', { name: 'Sync status' })).toContainText('1 unsent');

    const changed = 'ledger-lantern-58';
    const own = await request.post('/api/v1/auth/jwt/create/', { data: { username: 'sales.exec', password: DEMO_PASSWORD } });
    const access = ((await own.json()) as { access: string }).access;
    const changeTo = (current: string, next: string, token: string) =>
      request.post('/api/v1/auth/users/set_password/', { data: { current_password: current, new_password: next, re_new_password: next }, headers: { Authorization: `JWT ${token}` } });
    expect((await changeTo(DEMO_PASSWORD, changed, access)).status()).toBe(204);
    try {
      await context.setOffline(false);
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Your session has ended. Sign in again as Ravi Kumar to go on', { timeout: 30_000 });
      await dialog.getByLabel('Password').fill(changed);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('link', { name: 'Sync status' })).toContainText('All saved', { timeout: 30_000 });
      const found = await request.get('/api/v1/customers/customers/', { params: { search: name }, headers: { Authorization: `JWT ${await apiToken(request)}` } });
      expect(((await found.json()) as { count: number }).count).toBe(1);
    } finally {
      const again = ((await (await request.post('/api/v1/auth/jwt/create/', { data: { username: 'sales.exec', password: changed } })).json()) as { access: string }).access;
      await changeTo(changed, DEMO_PASSWORD, again);
    }
  } finally {
    await tablet.discard();
  }
});
