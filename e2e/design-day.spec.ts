import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiGet, apiToken, openTablet, signIn, syncStatus, waitForServiceWorker, type Tablet } from './support';

/**
 * A day in design, one story through the screens (issue 21 §4): a designer costs a two-product
 * acrylic display for a customer from its dimensions. The estimation and its products are made
 * online; the costing sheets are typed with no connection, each save kept on the tablet, shown
 * pending and still there when the app is closed and opened again offline; back online each save
 * reaches the server exactly once. The designer submits it and cannot approve it; the costing
 * manager approves it and makes it a quotation with a 25% margin whose figures follow the costing.
 *
 * Every figure is worked out by hand below from the demo company's costing materials
 * (server/db/seed/estimation.ts) and the rule of decision 344 (domain/estimation-costing.ts): a
 * line measures `pieces` parts of length × width mm (the product's face, width × height, when
 * left blank), wastage on top kept to 3 places, amount = quantity × rate to the paisa; unit price
 * = the lines' amounts + the overhead percent, to the paisa; quoted rate = unit price + 25%.
 */

const DESKTOP = { width: 1366, height: 900 };
const stamp = Date.now().toString(36);
const title = `Acrylic counter display for the new branch ${stamp}`;
/** A demo customer (server/db/seed/sales.ts). */
const customer = 'Orbit Retail';

interface SheetLine {
  material: string;
  pieces?: string;
  length?: string;
  width?: string;
  wastage?: string;
  /** Typed, for a material counted by hand. */
  quantity?: { label: string; value: string };
  /** What the sheet works out: the quantity with its unit, and the amount. */
  shows: { quantity: string; amount: string };
  /** The line as the product's costing table shows it once saved: quantity and amount. */
  stored: { quantity: string; amount: string };
}

interface Product {
  name: string;
  quantity: string;
  width: string;
  depth: string;
  height: string;
  overhead: string;
  lines: SheetLine[];
  totals: { direct: string; overhead: string; unitPrice: string; total: string };
}

/**
 * The counter display: 2 units of 600 (w) × 400 (d) × 1200 (h) mm, overhead 10%; its face is
 * 600 × 1200 mm.
 * - Clear Acrylic 3 mm (Sqr Mtrs at 1,100.00): the two side panels, the face: 2 × 600 × 1200 mm
 *   = 1.440 m², + 10% wastage = 1.584 m²; 1.584 × 1,100 = 1,742.40.
 * - Opal Acrylic 5 mm (Sqr Mtrs at 1,650.00): three shelves of 600 × 400 mm typed: 3 × 0.24 =
 *   0.720 m², + 5% = 0.756 m²; 0.756 × 1,650 = 1,247.40.
 * - Screws & Fixings (Packet at 90.00): 2 packets counted; 2 × 90 = 180.00.
 * - Fabricator (Days at 1,100.00), the labour: 1.5 days; 1.5 × 1,100 = 1,650.00.
 * - Buffing & Polishing (Sqr Mtrs at 220.00), the edges' finishing process over both panels' face:
 *   2 × 0.72 = 1.440 m²; 1.44 × 220 = 316.80.
 * Direct cost 1,742.40 + 1,247.40 + 180.00 + 1,650.00 + 316.80 = 5,136.60; overhead 10% = 513.66;
 * unit price 5,650.26; the product's total 2 × 5,650.26 = 11,300.52.
 */
const display: Product = {
  name: 'Acrylic counter display',
  quantity: '2',
  width: '600',
  depth: '400',
  height: '1200',
  overhead: '10',
  lines: [
    { material: 'Clear Acrylic 3 mm', pieces: '2', wastage: '10', shows: { quantity: '1.584 Sqr Mtrs', amount: '1,742.40' }, stored: { quantity: '1.584 Sqr Mtrs', amount: '1,742.40' } },
    { material: 'Opal Acrylic 5 mm', pieces: '3', length: '600', width: '400', wastage: '5', shows: { quantity: '0.756 Sqr Mtrs', amount: '1,247.40' }, stored: { quantity: '0.756 Sqr Mtrs', amount: '1,247.40' } },
    { material: 'Screws & Fixings', quantity: { label: 'Quantity (Packet)', value: '2' }, shows: { quantity: '2.000 Packet', amount: '180.00' }, stored: { quantity: '2.000 Packet', amount: '180.00' } },
    { material: 'Fabricator', quantity: { label: 'Quantity (Days)', value: '1.5' }, shows: { quantity: '1.500 Days', amount: '1,650.00' }, stored: { quantity: '1.500 Days', amount: '1,650.00' } },
    { material: 'Buffing & Polishing', pieces: '2', shows: { quantity: '1.440 Sqr Mtrs', amount: '316.80' }, stored: { quantity: '1.440 Sqr Mtrs', amount: '316.80' } },
  ],
  totals: { direct: '5,136.60', overhead: '513.66', unitPrice: '5,650.26', total: '11,300.52' },
};

/**
 * The header board: 1 unit of 1200 (w) × 50 (d) × 300 (h) mm, overhead 12.5%; its face is
 * 1200 × 300 mm.
 * - Sunboard 5 mm (Sheets at 850.00, an 8 × 4 ft sheet of 2440 × 1220 mm): the face over the
 *   sheet, 360,000 / 2,976,800 = 0.120935 sheet, + 10% = 0.133029, kept as 0.133 sheet;
 *   0.133 × 850 = 113.05.
 * - Printed Vinyl (Sqr Mtrs at 450.00) over the face: 1.2 × 0.3 = 0.360 m²; 0.36 × 450 = 162.00.
 * - Mirror Acrylic 2 mm (Sqr Mtrs at 1,500.00), the letters cut from 1000 × 200 mm typed:
 *   0.200 m², + 20% = 0.240 m²; 0.24 × 1,500 = 360.00.
 * - Fabricator (Days at 1,100.00): half a day; 0.5 × 1,100 = 550.00.
 * Direct cost 113.05 + 162.00 + 360.00 + 550.00 = 1,185.05; overhead 12.5% = 148.13125;
 * unit price 1,333.18125, to the paisa 1,333.18 (overhead shown 148.13); the product's total
 * 1 × 1,333.18 = 1,333.18.
 */
const header: Product = {
  name: 'Header board',
  quantity: '1',
  width: '1200',
  depth: '50',
  height: '300',
  overhead: '12.5',
  lines: [
    { material: 'Sunboard 5 mm', wastage: '10', shows: { quantity: '0.133 Sheets', amount: '113.05' }, stored: { quantity: '0.133 Sheets', amount: '113.05' } },
    { material: 'Printed Vinyl', shows: { quantity: '0.360 Sqr Mtrs', amount: '162.00' }, stored: { quantity: '0.360 Sqr Mtrs', amount: '162.00' } },
    { material: 'Mirror Acrylic 2 mm', length: '1000', width: '200', wastage: '20', shows: { quantity: '0.240 Sqr Mtrs', amount: '360.00' }, stored: { quantity: '0.240 Sqr Mtrs', amount: '360.00' } },
    { material: 'Fabricator', quantity: { label: 'Quantity (Days)', value: '0.5' }, shows: { quantity: '0.500 Days', amount: '550.00' }, stored: { quantity: '0.500 Days', amount: '550.00' } },
  ],
  totals: { direct: '1,185.05', overhead: '148.13', unitPrice: '1,333.18', total: '1,333.18' },
};

/** The estimation's cost: 2 × 5,650.26 + 1 × 1,333.18 = 11,300.52 + 1,333.18 = 12,633.70. */
const ESTIMATION_TOTAL = '12,633.70';

/**
 * The quotation at a 25% margin, tax 0 (decision 348): the display at 5,650.26 + 1,412.565 =
 * 7,062.825, to the paisa 7,062.83, × 2 = 14,125.66; the board at 1,333.18 + 333.295 = 1,666.475,
 * to the paisa 1,666.48, × 1 = 1,666.48. Subtotal and total 14,125.66 + 1,666.48 = 15,792.14:
 * the costing's 12,633.70 × 1.25 = 15,792.125, to the paisa (each rate rounded, then multiplied).
 */
const quotation = {
  lines: [
    { description: display.name, quantity: '2.000', rate: '7,062.83', gross: '14,125.66' },
    { description: header.name, quantity: '1.000', rate: '1,666.48', gross: '1,666.48' },
  ],
  subtotal: '15,792.14',
  total: '15,792.14',
};

interface EstimationRecord {
  id: number;
  status: string;
  total_cost: string;
  created_by: number;
  quotation: number | null;
  products: { id: number; name: string; quantity: string; unit_price: string; details: { material_name: string; quantity: string; amount: string }[] }[];
}

/** A fact of a detail (a term and its definition in a data list): its value. */
const fact = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');

/** A product's card on the estimation's detail. */
const productCard = (page: Page, name: string) => page.getByTestId('estimation-product').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The rows of a table the screen names. */
const tableRows = (scope: Page | Locator, label: string) => scope.locator(`table[aria-label="${label}"] tbody tr`);

/** The saves of costing sheets the browser sends to the server. */
function countCostingSaves(context: BrowserContext, into: string[]): void {
  context.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/estimations\/estimation-products\/\d+\/details-with-cost-update\/$/.test(r.url())) into.push(r.url());
  });
}

async function addProduct(page: Page, product: Product, count: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Add product' });
  await form.getByLabel('Product name').fill(product.name);
  await form.getByLabel('Quantity').fill(product.quantity);
  await form.getByLabel('Width (mm)').fill(product.width);
  await form.getByLabel('Depth (mm)').fill(product.depth);
  await form.getByLabel('Height (mm)').fill(product.height);
  await form.getByLabel('Overhead %').fill(product.overhead);
  await form.getByRole('button', { name: 'Add product' }).click();
  // The previous product's toast may still be showing: the count of products says this one was added.
  await expect(page.getByText('Product added.').first()).toBeVisible();
  await expect(page.getByTestId('estimation-product')).toHaveCount(count);
  await expect(fact(productCard(page, product.name), 'Unit price')).toHaveText('0.00');
}

/** Types a product's costing lines on its sheet, checking each line's figures as the sheet works them out, and the totals. */
async function costProduct(page: Page, product: Product): Promise<void> {
  await productCard(page, product.name).getByRole('button', { name: 'Costing sheet' }).click();
  await expect(page.getByRole('heading', { name: `Product costing: ${product.name}` })).toBeVisible();
  const sheet = page.getByRole('form', { name: 'Costing sheet' });
  for (const [index, line] of product.lines.entries()) {
    const n = index + 1;
    // Enter in the last line adds the next one and puts the cursor in its material.
    if (index > 0) {
      await sheet.getByLabel(`Material of line ${index}`).press('Enter');
      await expect(sheet.getByLabel(`Material of line ${n}`)).toBeFocused();
    }
    await sheet.getByLabel(`Material of line ${n}`).fill(line.material);
    if (line.pieces) await sheet.getByLabel(`Pieces of line ${n}`).fill(line.pieces);
    if (line.length) await sheet.getByLabel(`Length (mm) of line ${n}`).fill(line.length);
    if (line.width) await sheet.getByLabel(`Width (mm) of line ${n}`).fill(line.width);
    if (line.wastage) await sheet.getByLabel(`Wastage % of line ${n}`).fill(line.wastage);
    if (line.quantity) await sheet.getByLabel(`${line.quantity.label} of line ${n}`).fill(line.quantity.value);
    await expect(sheet.getByTestId(`line-quantity-${index}`)).toHaveText(line.shows.quantity);
    await expect(sheet.getByTestId(`line-amount-${index}`)).toHaveText(line.shows.amount);
  }
  await expect(sheet.getByTestId('costing-line')).toHaveCount(product.lines.length);
  await expect(sheet.getByTestId('sheet-direct')).toHaveText(product.totals.direct);
  await expect(sheet.getByTestId('sheet-overhead')).toHaveText(product.totals.overhead);
  await expect(sheet.getByTestId('sheet-unit-price')).toHaveText(product.totals.unitPrice);
  await expect(sheet.getByTestId('sheet-total')).toHaveText(product.totals.total);
  await sheet.getByRole('button', { name: 'Save costing' }).click();
  await expect(page.getByText('Costing saved on this device. It is sent to the server when the connection is back.').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Estimation EST-\d+$/ })).toBeVisible();
}

/** A product's card shows its costing as saved: each line's quantity and amount, and its unit price. */
async function expectCosted(page: Page, product: Product): Promise<void> {
  const card = productCard(page, product.name);
  const rows = tableRows(card, `Costing lines of ${product.name}`);
  await expect(rows).toHaveCount(product.lines.length);
  for (const [index, line] of product.lines.entries()) {
    await expect(rows.nth(index).locator('td[data-label="Material"]')).toHaveText(line.material);
    await expect(rows.nth(index).locator('td[data-label="Quantity"]')).toHaveText(line.stored.quantity);
    await expect(rows.nth(index).locator('td[data-label="Amount"]')).toHaveText(line.stored.amount);
  }
  await expect(fact(card, 'Unit price')).toHaveText(product.totals.unitPrice);
}

test.describe.serial('a day in design: an acrylic display costed from its dimensions, partly offline, approved by the costing manager and quoted at a 25% margin', () => {
  let designer: Tablet | undefined;
  let office: BrowserContext | undefined;
  let estimationId = 0;
  const saves: string[] = [];

  test.afterAll(async () => {
    await designer?.discard();
    await office?.close();
  });

  test('the designer makes the estimation for the customer and adds its two products with their sizes', async () => {
    designer = await openTablet();
    const { page, context } = designer;
    countCostingSaves(context, saves);
    await signIn(page, 'design');
    await waitForServiceWorker(page);
    await page.goto('/estimations/add');
    const form = page.getByRole('form', { name: 'New estimation' });
    // The customers reach the device with its first sync.
    await expect(form.getByLabel('Customer').getByRole('option', { name: customer, exact: true })).toHaveCount(1, { timeout: 30_000 });
    await form.getByLabel('Customer').selectOption({ label: customer });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Requirement').fill('Two-tier acrylic counter display with opal shelves, and a header board with mirror letters.');
    await form.getByRole('button', { name: 'Save estimation' }).click();
    await expect(page.getByText('Estimation saved.')).toBeVisible();
    // Sent at once: the detail follows the estimation to its number on the server.
    await expect(page).toHaveURL(/\/estimations\/detail\/\d+$/, { timeout: 30_000 });
    estimationId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByRole('heading', { name: `Estimation EST-${estimationId}` })).toBeVisible();
    await expect(fact(page.getByRole('main'), 'For')).toHaveText(customer);

    await addProduct(page, display, 1);
    await addProduct(page, header, 2);
    await expect(fact(productCard(page, display.name), 'Width × depth × height')).toHaveText('600.000 mm × 400.000 mm × 1,200.000 mm');
    await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
  });

  test('offline, the designer costs each product on its costing sheet from the dimensions; each save waits on the tablet, pending', async ({ request }) => {
    const { page, context } = designer!;
    await context.setOffline(true);

    await costProduct(page, display);
    // The detail shows the costing as saved on the tablet, waiting to be sent.
    await expect(page.getByRole('main').getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByText('Changes waiting to be sent')).toBeVisible();
    await expectCosted(page, display);
    await expect(syncStatus(page)).toContainText('1 unsent');

    await costProduct(page, header);
    await expectCosted(page, header);
    await expect(fact(page.getByRole('main'), 'Total cost')).toHaveText(ESTIMATION_TOTAL);
    await expect(syncStatus(page)).toContainText('2 unsent');

    // Nothing has reached the server.
    expect(saves).toHaveLength(0);
    const held = await apiGet<EstimationRecord>(request, `/estimations/estimations/${estimationId}/`, {}, 'design');
    expect(held.products.map((p) => [p.name, p.details.length, p.unit_price])).toEqual([
      [display.name, 0, '0.00'],
      [header.name, 0, '0.00'],
    ]);
  });

  test('the app is closed and opened again still offline: the costing is still there; back online each save reaches the server once', async ({ request }) => {
    // The app is closed and opened again on the tablet, still with no connection.
    const { context } = designer!;
    await designer!.page.close();
    const page = await context.newPage();
    designer!.page = page;
    await page.goto(`/estimations/detail/${estimationId}`);
    await expect(page.getByText('The server cannot be reached: this is the estimation as this device last loaded it.')).toBeVisible({ timeout: 30_000 });
    await expectCosted(page, display);
    await expectCosted(page, header);
    await expect(fact(page.getByRole('main'), 'Total cost').first()).toHaveText(ESTIMATION_TOTAL);
    await expect(syncStatus(page)).toContainText('2 unsent');
    // Its sheet opens on the saved lines too.
    await productCard(page, header.name).getByRole('button', { name: 'Costing sheet' }).click();
    const sheet = page.getByRole('form', { name: 'Costing sheet' });
    await expect(sheet.getByTestId('costing-line')).toHaveCount(header.lines.length);
    await expect(sheet.getByTestId('sheet-unit-price')).toHaveText(header.totals.unitPrice);
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: `Estimation EST-${estimationId}` })).toBeVisible();
    expect(saves).toHaveLength(0);

    await context.setOffline(false);
    await expect(syncStatus(page)).toContainText('All saved', { timeout: 30_000 });
    // One request per save: the display's, then the board's.
    expect(saves).toHaveLength(2);
    const held = await apiGet<EstimationRecord>(request, `/estimations/estimations/${estimationId}/`, {}, 'design');
    expect({
      status: held.status,
      total_cost: held.total_cost,
      products: held.products.map((p) => ({ name: p.name, quantity: p.quantity, unit_price: p.unit_price, lines: p.details.map((d) => [d.material_name, d.quantity, d.amount]) })),
    }).toEqual({
      status: 'draft',
      // 2 × 5,650.26 + 1 × 1,333.18.
      total_cost: '12633.70',
      products: [
        {
          name: display.name,
          quantity: '2.000',
          unit_price: '5650.26',
          lines: [
            ['Clear Acrylic 3 mm', '1.584', '1742.40'],
            ['Opal Acrylic 5 mm', '0.756', '1247.40'],
            ['Screws & Fixings', '2.000', '180.00'],
            ['Fabricator', '1.500', '1650.00'],
            ['Buffing & Polishing', '1.440', '316.80'],
          ],
        },
        {
          name: header.name,
          quantity: '1.000',
          unit_price: '1333.18',
          lines: [
            ['Sunboard 5 mm', '0.133', '113.05'],
            ['Printed Vinyl', '0.360', '162.00'],
            ['Mirror Acrylic 2 mm', '0.240', '360.00'],
            ['Fabricator', '0.500', '550.00'],
          ],
        },
      ],
    });
    expect(saves).toHaveLength(2);
    // The screen reads the server's figures again.
    await page.reload();
    await expect(page.getByText('The server cannot be reached: this is the estimation as this device last loaded it.')).toHaveCount(0);
    await expectCosted(page, display);
    await expectCosted(page, header);
    await expect(fact(page.getByRole('main'), 'Total cost').first()).toHaveText(ESTIMATION_TOTAL);
  });

  test('the designer submits it, and cannot approve their own costing', async ({ request }) => {
    const { page } = designer!;
    const actions = page.getByRole('group', { name: 'Estimation actions' });
    await actions.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Estimation sent for approval.')).toBeVisible();
    await expect(page.getByRole('main').locator('[data-status="submitted"]')).toHaveText('Waiting for approval');
    // The author is offered no approval, and the server refuses theirs too.
    await expect(actions.getByRole('button')).toHaveText(['Cancel estimation']);
    const held = await apiGet<EstimationRecord & { version: number }>(request, `/estimations/estimations/${estimationId}/`, {}, 'design');
    expect(held.status).toBe('submitted');
    const approval = await request.post(`/api/v1/estimations/estimations/${estimationId}/approve/`, {
      data: { expected_version: held.version },
      headers: { Authorization: `JWT ${await apiToken(request, 'design')}` },
    });
    expect(approval.status()).toBe(403);
    expect((await apiGet<EstimationRecord>(request, `/estimations/estimations/${estimationId}/`, {}, 'design')).status).toBe('submitted');
  });

  test('the costing manager approves it and makes it a quotation with a 25% margin; its rates, quantities and totals follow the costing', async ({ browser, request }) => {
    office = await browser.newContext({ viewport: DESKTOP });
    const page = await office.newPage();
    await signIn(page, 'costing.manager');
    await page.goto(`/estimations/detail/${estimationId}`);
    await expect(fact(page.getByRole('main'), 'Total cost')).toHaveText(ESTIMATION_TOTAL);
    const actions = page.getByRole('group', { name: 'Estimation actions' });
    await expect(actions.getByRole('button', { name: 'Approve' })).toBeVisible();
    await actions.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Estimation approved.')).toBeVisible();
    await expect(fact(page.getByRole('main'), 'Approved')).toContainText('by Nandini Rao');

    await actions.getByRole('button', { name: 'Make quotation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Margin %').fill('25');
    await dialog.getByRole('button', { name: 'Make quotation' }).click();
    await expect(page.getByText('Quotation made from the estimation.')).toBeVisible();
    await expect(page).toHaveURL(/\/quotations\/detail\/\d+$/);
    const quotationId = Number(new URL(page.url()).pathname.split('/').at(-1));

    const lines = tableRows(page, 'Items');
    await expect(lines).toHaveCount(2);
    for (const [index, line] of quotation.lines.entries()) {
      await expect(lines.nth(index).locator('td[data-label="Description"]')).toHaveText(line.description);
      await expect(lines.nth(index).locator('td[data-label="Quantity"]')).toHaveText(line.quantity);
      await expect(lines.nth(index).locator('td[data-label="Rate"]')).toHaveText(line.rate);
      await expect(lines.nth(index).locator('td[data-label="Gross price"]')).toHaveText(line.gross);
    }
    await expect(page.getByLabel('Totals', { exact: true })).toHaveText(`Subtotal${quotation.subtotal}Discount0.00Tax (0.00%)0.00Total${quotation.total}`);

    // The estimation is quoted and names the quotation; the server holds the same figures.
    const held = await apiGet<EstimationRecord>(request, `/estimations/estimations/${estimationId}/`, {}, 'costing.manager');
    expect({ status: held.status, quotation: held.quotation }).toEqual({ status: 'quoted', quotation: quotationId });
    const quoted = await apiGet<{ subtotal: string; total_amount: string; items: { quantity: string; unit_price: string }[] }>(request, `/quotations/quotations/${quotationId}/`, {}, 'costing.manager');
    expect({ subtotal: quoted.subtotal, total: quoted.total_amount, items: quoted.items.map((i) => [i.quantity, i.unit_price]) }).toEqual({
      subtotal: '15792.14',
      total: '15792.14',
      items: [
        ['2.000', '7062.83'],
        ['1.000', '1666.48'],
      ],
    });
  });
});
