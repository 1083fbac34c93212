import { expect, test, type Page } from '@playwright/test';
import { API } from '../domain/api-paths';
import { decodeToken } from '../domain/auth';
import { apiGet, DEMO_PASSWORD, pickMaterial, signedInTablet, storedSession, syncStatus } from './support';

/**
 * The superuser's settings take effect on the floor (issue 23): the admin puts FabOps into
 * maintenance while the foreman has a requisition waiting on his tablet; the tablet shows the
 * maintenance screen and keeps it; maintenance off, it is sent once. Then the admin ends the
 * foreman's session from User Management, and the tablet is signed out at its next call.
 */

const newestRequisition = async (request: Parameters<typeof apiGet>[0]) =>
  (await apiGet<{ results: { id: number }[] }>(request, API.requisitions.list, { ordering: '-id', page_size: 1 })).results[0]!.id;

async function setMaintenance(admin: Page, on: boolean) {
  await admin.goto('/superuser/config');
  const form = admin.getByRole('form', { name: 'System configuration' });
  const toggle = form.getByRole('checkbox', { name: 'Maintenance mode' });
  await expect(toggle).toBeAttached();
  if ((await toggle.isChecked()) !== on) await form.getByText('Maintenance mode', { exact: true }).click();
  await expect(toggle).toBeChecked({ checked: on });
  await form.getByRole('button', { name: 'Save configuration' }).click();
  // Turning it on is asked for again: it stops everyone else's work.
  if (on) await admin.getByRole('dialog', { name: 'Turn maintenance mode on' }).getByRole('button', { name: 'Turn on' }).click();
  await expect(admin.getByText('System configuration saved.')).toBeVisible();
}

test('maintenance: the foreman’s tablet shows the maintenance screen while its offline requisition waits, and sends it once afterwards', async ({ browser, request }) => {
  const admin = await signedInTablet(browser, 'admin', '/superuser/config');
  const foreman = await signedInTablet(browser, 'foreman', '/production/foreman/requisition/create');
  const before = await newestRequisition(request);

  // On the floor, no network: a requisition saved on the tablet.
  await foreman.context.setOffline(true);
  const form = foreman.page.getByRole('form', { name: 'New requisition' });
  await expect(form.getByLabel('Job order').locator('option').nth(1)).toBeAttached();
  await form.getByLabel('Job order').selectOption((await form.getByLabel('Job order').locator('option').nth(1).getAttribute('value'))!);
  const material = await pickMaterial(foreman.page, 'Masking Tape');
  await form.getByLabel(`Quantity of ${material}`).fill('3');
  await form.getByRole('button', { name: 'Save requisition' }).click();
  await expect(syncStatus(foreman.page)).toContainText('1 unsent');

  try {
    // The admin puts FabOps into maintenance; the superuser goes on working.
    await setMaintenance(admin.page, true);

    // The tablet comes back online: its requisition is turned away, kept, and the screen says why.
    await foreman.context.setOffline(false);
    const notice = foreman.page.getByRole('region', { name: 'Down for maintenance' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('FabOps is down for maintenance. Your work is kept on this device and sent when it is back.');
    await expect(foreman.page.getByTestId('maintenance-waiting')).toHaveText('1 change you made waits on this device and is sent when FabOps is back.');
    await expect(syncStatus(foreman.page)).toContainText('1 unsent');
    expect(await newestRequisition(request)).toBe(before);
  } finally {
    await setMaintenance(admin.page, false);
  }

  // Maintenance over: the foreman looks again, the screen goes and the requisition is sent once.
  // The tablet also looks by itself every 30 s (and at any call it makes): the screen may be gone by the time he taps.
  await foreman.page
    .getByRole('button', { name: 'Check again' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(foreman.page.getByRole('region', { name: 'Down for maintenance' })).toHaveCount(0);
  await expect(syncStatus(foreman.page)).toContainText('All saved');
  const made = (await apiGet<{ results: { id: number; requisition_items: { material_name: string }[] }[] }>(request, API.requisitions.list, { ordering: '-id', page_size: 5 })).results.filter((r) => r.id > before);
  expect(made).toHaveLength(1);

  await foreman.context.close();
  await admin.context.close();
});

test('the admin ends the foreman’s session from User Management; the tablet is signed out at its next call', async ({ browser }) => {
  const foreman = await signedInTablet(browser, 'foreman', '/production/foreman');
  const sessionId = decodeToken((await storedSession(foreman.page)).access)!.sid!;
  const admin = await signedInTablet(browser, 'admin', '/superuser/users');

  await admin.page.getByLabel('Search by name or username').fill('foreman');
  await admin.page.getByRole('group', { name: 'Actions for foreman' }).getByRole('button', { name: 'Sessions' }).click();
  const session = admin.page.getByTestId(`session-${sessionId}`);
  await expect(session).toBeVisible();
  await session.getByRole('button', { name: 'Terminate' }).click();
  await expect(admin.page.getByText(/^The session of foreman on .* is ended\.$/)).toBeVisible();
  await expect(session).toHaveCount(0);

  // The foreman's next call is refused and its renewal too: the tablet asks him to sign in again.
  await foreman.page.reload();
  const dialog = foreman.page.getByRole('alertdialog');
  await expect(dialog).toContainText('Your session has ended. Sign in again as Suresh Patil to go on');
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  expect(decodeToken((await storedSession(foreman.page)).access)!.sid).not.toBe(sessionId);

  await foreman.context.close();
  await admin.context.close();
});
