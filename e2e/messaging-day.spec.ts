import { expect, test } from '@playwright/test';
import { API } from '../domain/api-paths';
import { recordThread, type UnreadCounts } from '../domain/message';
import { apiGet, signedInTablet, syncStatus } from './support';

/**
 * How the floor talks to stores (issue 22 §3): the foreman, with no network, writes on a
 * requisition's thread and tells stores with @stores; back online the message is sent once, and
 * the stores tablet's header counts it the moment it lands, without a reload.
 */

const headerLabel = ({ unread, mentions }: UnreadCounts) => `Messages: ${unread} unread${mentions ? `, ${mentions} mentioning you` : ''}`;

test('the foreman writes on a requisition thread offline; online it is sent once and the stores header counts it live', async ({ browser, request }) => {
  const before = await apiGet<UnreadCounts>(request, API.messaging.unread, {}, 'stores');
  const stores = await signedInTablet(browser, 'stores', '/stores/requisitions');
  const storesHeader = stores.page.getByTestId('unread-messages');
  await expect(storesHeader).toHaveAttribute('aria-label', headerLabel(before));

  const foreman = await signedInTablet(browser, 'foreman', '/requisitions');
  await foreman.page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(foreman.page.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();
  const id = Number(/\/(\d+)$/.exec(foreman.page.url())![1]);
  const conversation = recordThread('requisition', id);
  const body = `@stores two sheets short on requisition ${id}, please check the rack (${Date.now()})`;

  // On the floor with no network: the message waits on the tablet.
  await foreman.context.setOffline(true);
  await foreman.page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(foreman.page.getByRole('heading', { name: `Messages about Requisition ${id}` })).toBeVisible();
  await foreman.page.getByRole('textbox', { name: 'Message' }).fill(body);
  await foreman.page.getByRole('button', { name: 'Send' }).click();
  const bubble = foreman.page.locator('[data-message]', { hasText: body });
  await expect(bubble).toHaveCount(1);
  await expect(bubble.getByText('Pending')).toBeVisible();
  await expect(syncStatus(foreman.page)).toContainText('1 unsent');
  const sent = async () => (await apiGet<{ results: { body: string }[] }>(request, API.messaging.messages(conversation), {}, 'foreman')).results.filter((m) => m.body === body);
  expect(await sent()).toHaveLength(0);
  await expect(storesHeader).toHaveAttribute('aria-label', headerLabel(before));

  // Back online: sent once, and stores' header rises without a reload.
  await foreman.context.setOffline(false);
  await expect(syncStatus(foreman.page)).toContainText('All saved');
  await expect(bubble.getByText('Pending')).toHaveCount(0);
  expect(await sent()).toHaveLength(1);
  await expect(storesHeader).toHaveAttribute('aria-label', headerLabel({ unread: before.unread + 1, mentions: before.mentions + 1 }));
  await expect(storesHeader.getByTestId('unread-count')).toHaveText(String(before.unread + 1));

  // Stores opens it from the header: the thread, the message once, and the count falls back.
  await storesHeader.click();
  await stores.page.locator(`[data-conversation-row="${conversation}"]`).click();
  await expect(stores.page.getByRole('heading', { name: `Requisition ${id}` })).toBeVisible();
  await expect(stores.page.locator('[data-message]', { hasText: body })).toHaveCount(1);
  await expect(storesHeader).toHaveAttribute('aria-label', headerLabel(before));

  // The foreman's tablet, reloaded, holds the message once too.
  await foreman.page.reload();
  await foreman.page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(foreman.page.locator('[data-message]', { hasText: body })).toHaveCount(1);
  expect(await sent()).toHaveLength(1);

  await foreman.context.close();
  await stores.context.close();
});
