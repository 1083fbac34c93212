import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * A day in purchase through the screens (issue 19 §2): the purchase executive raises an LPO from
 * the reorder report; the purchase manager, a different person, approves it and sends it to the
 * vendor, its PDF mailed; the LPO list shows it sent.
 */

const DESKTOP = { width: 1366, height: 900 };
const VENDOR_MAIL = `orders.${Date.now().toString(36)}@vendor.example`;

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page, username);
  return page;
}

test('purchase raises an LPO from the reorder report; the purchase manager approves it and mails it to the vendor', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const purchase = await signedIn(browser, 'purchase');
  await purchase.goto('/material/reorder');
  await purchase.getByRole('main').getByRole('button', { name: 'Raise LPOs' }).click();
  await expect(purchase).toHaveURL(/\/lpo\/create\?from=reorder$/);
  await expect(purchase.getByText(/^Proposed LPO 1 of \d+/)).toBeVisible({ timeout: 30_000 });
  const main = purchase.getByRole('main');
  expect(await main.getByTestId('lpo-line').count()).toBeGreaterThan(0);
  // A proposal of materials never bought leaves the vendor to the buyer.
  const vendor = main.getByLabel('Vendor');
  if ((await vendor.inputValue()) === '') await vendor.selectOption({ index: 1 });
  await main.getByRole('button', { name: 'Save LPO' }).click();
  const saved = purchase.getByText(/^LPO saved as a draft\. LPO \d+\.$/);
  await expect(saved).toBeVisible({ timeout: 30_000 });
  const id = Number(/LPO (\d+)\.$/.exec((await saved.textContent())!)![1]);

  const manager = await signedIn(browser, 'purchase.manager');
  await manager.goto(`/lpo/detail/${id}`);
  const actions = manager.getByRole('group', { name: 'LPO actions' });
  await expect(actions.getByRole('button')).toHaveText(['Approve', 'Cancel LPO']);
  await actions.getByRole('button', { name: 'Approve' }).click();
  await manager.getByRole('alertdialog').or(manager.getByRole('dialog')).getByRole('button', { name: 'Approve' }).click();
  await expect(manager.getByText('LPO approved.')).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Send to vendor', 'Cancel LPO']);
  await actions.getByRole('button', { name: 'Send to vendor' }).click();
  const dialog = manager.getByRole('dialog');
  // The vendor's own address is offered; the buyer sends to the one the vendor asked for.
  await dialog.getByLabel('E-mail addresses').fill(VENDOR_MAIL);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(manager.getByText(`LPO sent to ${VENDOR_MAIL}.`)).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Send again', 'Cancel LPO']);

  // The mail as the admin reads it: queued to the vendor with the LPO's PDF, in the same step as the status.
  // (The e2e server has no SMTP_URL and runs no jobs: delivery has its own tests, tests/api/lpos-send.test.ts.)
  const { results } = await apiGet<{ results: { id: number; to: string[]; subject: string; state: string }[] }>(request, '/admin/mail/', { page_size: 100 });
  const mail = results.find((m) => new RegExp(`^LPO ${id}( from |$)`).test(m.subject))!;
  const detail = await apiGet<{ attachments: { filename: string; content_type: string }[] }>(request, `/admin/mail/${mail.id}/`);
  expect({ to: mail.to, state: mail.state, attachments: detail.attachments.map((a) => [a.filename, a.content_type]) }).toEqual({
    to: [VENDOR_MAIL],
    state: 'queued',
    attachments: [[`LPO-${id}.pdf`, 'application/pdf']],
  });

  await expect(manager.getByRole('main').getByText('Sent', { exact: true })).toBeVisible();

  // The LPO list, read from the manager's device, shows it sent, newest first.
  await manager.goto('/lpo');
  const row = manager.getByRole('main').getByRole('row').filter({ has: manager.getByRole('link', { name: String(id), exact: true }) });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
});
