import { expect, test, type Browser, type Page } from '@playwright/test';
import { add, COST_PLACES, div, mul, round, sign, sub, toMoney, toQuantity } from '../domain/decimal';
import { materialLabelText } from '../domain/material-label';
import { businessToday } from '../domain/rules/dates';
import { cameraFilming } from './camera';
import { attachmentText, mailTo } from './mailbox';
import { apiGet, signIn, storesAtTheGate, syncStatus } from './support';

/**
 * A day in purchase, one story through the screens (issue 19): purchase raises an LPO from the
 * reorder report; the purchase manager, a different person, approves it and sends it to the
 * vendor, its PDF mailed; stores, offline at the gate, receives part of it by scanning the
 * material's label; the GRA shows pending, and back online it reaches the server exactly once.
 * Then stock on hand, the weighted average cost, what is still to come on the LPO and the price
 * variance report say what the day did.
 */

const DESKTOP = { width: 1366, height: 900 };
const TABLET = { width: 768, height: 1024 };
const VENDOR_MAIL = `orders.${Date.now().toString(36)}@vendor.example`;
const INVOICE = `MST/${Date.now().toString(36)}`;

/** What the story orders and what comes of it. */
const ORDERED = '10';
const RATE = '250.00';
const RECEIVED = '5';
/** One of the five came damaged: stores accepts four. */
const ACCEPTED = '4';

interface Material {
  id: number;
  name: string;
  quantity: string;
  average_cost: string;
}
interface LpoRecord {
  id: number;
  status: string;
  lpo_items: { id: number; material: number; quantity: string; quantity_received: string; rate: string }[];
}
interface PriceVariance {
  summary: { latest_rate: string | null };
  count: number;
  results: { gra: number; quantity_received: string; quantity_accepted: string; rate: string; change: string | null; lpo: number | null; lpo_rate: string | null; lpo_variance: string | null }[];
}

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page, username);
  return page;
}

test('purchase day: an LPO raised from the reorder list, approved by the purchase manager and mailed, received in part offline by scanning, synced once; stock, cost, what is still to come and the price variance follow', async ({ browser, request }) => {
  test.setTimeout(300_000);

  // Purchase raises the LPO from the reorder report: the first proposal, cut to one material, 10 at ₹ 250.
  const purchase = await signedIn(browser, 'purchase');
  await purchase.goto('/material/reorder');
  await purchase.getByRole('main').getByRole('button', { name: 'Raise LPOs' }).click();
  await expect(purchase).toHaveURL(/\/lpo\/create\?from=reorder$/);
  await expect(purchase.getByText(/^Proposed LPO 1 of \d+/)).toBeVisible({ timeout: 30_000 });
  const main = purchase.getByRole('main');
  const lines = main.getByTestId('lpo-line');
  const quantityLabel = (await lines.first().getByRole('textbox').first().getAttribute('aria-label'))!;
  const materialName = quantityLabel.replace(/^Quantity of /, '');
  for (let count = await lines.count(); count > 1; count--) await lines.last().getByRole('button', { name: /^Remove / }).click();
  await expect(lines).toHaveCount(1);
  await main.getByLabel(`Quantity of ${materialName}`).fill(ORDERED);
  await main.getByLabel(`Rate of ${materialName}`).fill(RATE);
  // A proposal of materials never bought leaves the vendor to the buyer.
  const vendor = main.getByLabel('Vendor');
  if ((await vendor.inputValue()) === '') await vendor.selectOption({ index: 1 });
  await main.getByRole('button', { name: 'Save LPO' }).click();
  const saved = purchase.getByText(/^LPO saved as a draft\. LPO \d+\.$/);
  await expect(saved).toBeVisible({ timeout: 30_000 });
  const lpoId = Number(/LPO (\d+)\.$/.exec((await saved.textContent())!)![1]);
  const [line] = (await apiGet<LpoRecord>(request, `/lpo/lpos/${lpoId}/`)).lpo_items;
  expect({ quantity: toQuantity(line!.quantity), rate: toMoney(line!.rate) }).toEqual({ quantity: '10.000', rate: '250.00' });

  // The purchase manager, not its author, approves it and sends it; its PDF is mailed to the vendor.
  const manager = await signedIn(browser, 'purchase.manager');
  await manager.goto(`/lpo/detail/${lpoId}`);
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
  await expect(manager.getByRole('main').getByText('Sent', { exact: true })).toBeVisible();

  // The vendor receives the mail (the run's SMTP server, e2e/mailbox.ts) with the LPO's PDF, which names the LPO.
  const mail = await mailTo(VENDOR_MAIL, new RegExp(`^LPO ${lpoId}( from |$)`));
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`LPO-${lpoId}.pdf`, 'application/pdf']]);
  const pdf = await attachmentText(mail, `LPO-${lpoId}.pdf`);
  expect(pdf).toContain('Local Purchase Order');
  expect(pdf).toContain(`LPO No.\n${lpoId}`);

  // Where the material stands before the goods come: what the expected figures start from.
  const material = line!.material;
  const before = await apiGet<Material>(request, `/materials/materials/${material}/`);
  const previousRate = (await apiGet<PriceVariance>(request, `/materials/materials/${material}/price-variance-report/`, { page_size: 1 })).summary.latest_rate;

  // Stores at the gate, on a tablet whose camera films the material's label.
  const camera = await cameraFilming(browser, materialLabelText(material));
  try {
    const context = await camera.newContext({ baseURL: test.info().project.use.baseURL!, viewport: TABLET, permissions: ['camera'] });
    const stores = await context.newPage();
    const posts = await storesAtTheGate(stores, context);
    await stores.getByRole('button', { name: 'New GRA' }).click();
    await expect(stores.getByLabel('LPO').locator(`option[value="${lpoId}"]`)).toHaveCount(1, { timeout: 30_000 });

    await context.setOffline(true);
    await stores.getByLabel('LPO').selectOption(String(lpoId));
    await stores.getByRole('button', { name: 'Scan label' }).click();
    await expect(stores.getByRole('dialog', { name: 'Scan a label' })).toBeVisible();
    // The label is read from the camera: the dialog closes and the material's line waits for its quantities.
    await expect(stores.getByRole('dialog', { name: 'Scan a label' })).toHaveCount(0, { timeout: 30_000 });
    const received = stores.getByLabel(`Received of ${materialName}`);
    await expect(received).toBeFocused();
    await received.fill(RECEIVED);
    await stores.getByLabel(`Accepted of ${materialName}`).fill(ACCEPTED);
    await stores.getByLabel('Invoice number').fill(INVOICE);
    await stores.getByRole('button', { name: 'Save GRA' }).click();

    await expect(stores.getByText('GRA saved on this device. It is sent when the connection is back.')).toBeVisible();
    await expect(stores.getByRole('heading', { name: 'New GRA' })).toBeVisible();
    await expect(stores.getByRole('main').getByText('Pending', { exact: true })).toBeVisible();
    await expect(syncStatus(stores)).toContainText('1 unsent');
    await stores.getByRole('button', { name: 'All GRAs' }).click();
    const row = stores.getByRole('row').filter({ hasText: INVOICE });
    await expect(row.getByText('Pending')).toBeVisible();
    expect(posts).toHaveLength(0);

    // Back on the Wi-Fi: the GRA reaches the server once and takes its number.
    await context.setOffline(false);
    await expect(syncStatus(stores)).toContainText('All saved', { timeout: 30_000 });
    await expect(row.getByText('Pending')).toHaveCount(0);
    const link = row.getByRole('link', { name: /^GRA \d+$/ });
    await expect(link).toBeVisible();
    expect(posts).toHaveLength(1);
    const graId = Number(/\d+$/.exec((await link.textContent())!)![0]);
    const booked = await apiGet<{ results: { id: number }[] }>(request, '/gra/gras/', { search: INVOICE, page_size: 100 });
    expect(booked.results.map((g) => g.id)).toEqual([graId]);
    await context.close();

    // Stock on hand grows by the 4 accepted, not the 5 received; the average cost takes them in at ₹ 250.
    const after = await apiGet<Material>(request, `/materials/materials/${material}/`);
    const onHand = add(before.quantity, '4');
    const averageCost = sign(before.quantity) > 0 ? div(add(mul(before.quantity, before.average_cost), mul('4', '250')), onHand, COST_PLACES) : '250.0000';
    expect({ quantity: toQuantity(after.quantity), average_cost: round(after.average_cost, COST_PLACES) }).toEqual({ quantity: toQuantity(onHand), average_cost: averageCost });

    // The LPO is partly received: 4 of 10 came, 6 are still to come.
    expect((await apiGet<LpoRecord>(request, `/lpo/lpos/${lpoId}/`)).status).toBe('partially_received');
    const pending = await apiGet<{ results: { id: number; lpo: number; quantity: string; quantity_received: string; outstanding: string }[] }>(request, '/lpo/pending_receipt/', { page_size: 100 });
    const rest = pending.results.find((p) => p.lpo === lpoId)!;
    expect({ quantity: toQuantity(rest.quantity), received: toQuantity(rest.quantity_received), outstanding: toQuantity(rest.outstanding) }).toEqual({ quantity: '10.000', received: '4.000', outstanding: '6.000' });

    // The price variance report (today's receipts) shows the GRA at the rate the LPO ordered at, against the receipt before it.
    const report = await apiGet<PriceVariance>(request, `/materials/materials/${material}/price-variance-report/`, { startDate: businessToday(), page_size: 100 });
    const variance = report.results.find((r) => r.gra === graId)!;
    expect({
      quantity_received: toQuantity(variance.quantity_received),
      quantity_accepted: toQuantity(variance.quantity_accepted),
      rate: toMoney(variance.rate),
      lpo: variance.lpo,
      lpo_rate: toMoney(variance.lpo_rate!),
      lpo_variance: toMoney(variance.lpo_variance!),
      change: variance.change === null ? null : toMoney(variance.change),
      latest_rate: toMoney(report.summary.latest_rate!),
    }).toEqual({
      quantity_received: '5.000',
      quantity_accepted: '4.000',
      rate: '250.00',
      lpo: lpoId,
      lpo_rate: '250.00',
      lpo_variance: '0.00',
      change: previousRate === null ? null : toMoney(sub('250', previousRate)),
      latest_rate: '250.00',
    });
  } finally {
    await camera.close();
  }
});
