import { expect, test } from '@playwright/test';
import { signIn } from './support';

/** Charts drawn by recharts in a real browser (issue 16 §3 "Charts"): SVG shapes, figures in Indian grouping. */

/** Whole numbers in Indian grouping: 0, 999, 1,000, 12,34,567. */
const INDIAN_WHOLE = /^(\d{1,3}|\d{1,2}(,\d\d)*,\d{3})$/;
/** Money in Indian grouping with paise: 1,23,456.00. */
const INDIAN_MONEY = /^(\d{1,3}|\d{1,2}(,\d\d)*,\d{3})\.\d\d$/;

test('the purchases dashboard draws its monthly purchases as bars labelled in Indian grouping', async ({ page }) => {
  await signIn(page, 'stores');
  await expect(page).toHaveURL('/purchases');
  const chart = page.getByRole('img', { name: 'Purchases per month, last 6 months' });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(6);

  const ticks = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(INDIAN_WHOLE);
  // The demo company buys lakhs a month: the axis reaches a figure grouped in lakhs (1,23,456).
  expect(ticks.some((tick) => /^\d{1,2},\d\d,\d{3}$/.test(tick))).toBe(true);

  const figures = await chart.locator('.recharts-label-list text').allTextContents();
  for (const figure of figures) expect(figure).toMatch(INDIAN_MONEY);
  // The same figures, for screen readers, in the table that describes the chart.
  const described = await chart.locator('td[data-value]').allTextContents();
  expect(described).toHaveLength(6);
  expect(figures.filter((figure) => figure !== '0.00')).toEqual(described.filter((figure) => figure !== '0.00'));
});

test('the landing page draws its monthly purchases as bars on an axis, each bar labelled in whole rupees', async ({ page }) => {
  await signIn(page, 'management');
  const chart = page.getByRole('img', { name: 'Monthly purchases for the last 12 months' });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(12);

  const ticks = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(INDIAN_WHOLE);

  const figures = await chart.locator('.recharts-label-list text').allTextContents();
  expect(figures.length).toBeGreaterThan(0);
  for (const figure of figures) expect(figure).toMatch(INDIAN_WHOLE);
  const described = await chart.locator('td[data-value]').allTextContents();
  expect(described).toHaveLength(12);
  expect(figures.filter((figure) => figure !== '0')).toEqual(described.filter((figure) => figure !== '0'));
});
