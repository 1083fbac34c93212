import './setup';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { formatIndian } from '../../domain/decimal';
import { AreaChart, BarChart, LineChart, PieChart, StackedBarChart, type ChartProps } from '../../src/ui/charts';

/** The charts of dashboards and reports (issue 16 §3 "Charts"): drawn, named, and their figures readable in Indian grouping. */

const MONTHS: ChartProps['data'] = [
  { label: 'Apr', acrylic: 123456, metal: 1000 },
  { label: 'May', acrylic: 2500000, metal: 0 },
  { label: 'Jun', acrylic: 99, metal: 10000000 },
];
const ONE: ChartProps['series'] = [{ key: 'acrylic', label: 'Acrylic', color: 'teal.solid' }];
const TWO: ChartProps['series'] = [...ONE, { key: 'metal', label: 'Metal' }];

const KINDS: [string, (props: ChartProps) => ReactElement | null, ChartProps['series']][] = [
  ['line', LineChart, TWO],
  ['bar', BarChart, ONE],
  ['stacked bar', StackedBarChart, TWO],
  ['pie', PieChart, ONE],
  ['area', AreaChart, TWO],
];

afterEach(cleanup);
// jsdom lays nothing out: the charts' container measures itself, so it is given a tablet's width here.
beforeAll(() => {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 640, 240) : measure.call(this);
  });
});
afterAll(() => vi.restoreAllMocks());

const renderChart = (ui: ReactElement) => render(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

describe.each(KINDS)('a %s chart', (_kind, Chart, series) => {
  it('is an image named by its label, drawn in SVG, described by a table of its figures in Indian grouping', () => {
    renderChart(<Chart label="Sales per month" data={MONTHS} series={series} />);
    const chart = screen.getByRole('img', { name: 'Sales per month' });
    expect(chart.querySelector('svg.recharts-surface')).not.toBeNull();
    const table = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(table.querySelector('caption')!.textContent).toBe('Sales per month');
    const acrylic = [...table.querySelectorAll('[data-series="acrylic"]')].map((cell) => [cell.getAttribute('data-key'), cell.textContent]);
    expect(acrylic).toEqual([
      ['Apr', '1,23,456'],
      ['May', '25,00,000'],
      ['Jun', '99'],
    ]);
    expect(table.querySelectorAll('[data-series="metal"]')).toHaveLength(series.length === 2 ? 3 : 0);
  });
});

describe('chart figures', () => {
  it('writes money exactly as given, with two decimals, on the bars and in the table (never through a float)', () => {
    // As a float this amount would read 98765432109876.55.
    const data = [
      { label: 'Apr', total: '123456.50' },
      { label: 'May', total: '98765432109876.54' },
    ];
    renderChart(<BarChart label="Purchases" data={data} series={[{ key: 'total', label: 'Total' }]} format={formatIndian} />);
    const chart = screen.getByRole('img', { name: 'Purchases' });
    expect([...chart.querySelectorAll('[data-value]')].map((cell) => cell.getAttribute('data-value'))).toEqual(['1,23,456.50', '9,87,65,43,21,09,876.54']);
    expect([...chart.querySelectorAll('.recharts-label-list text')].map((t) => t.textContent)).toEqual(['1,23,456.50', '9,87,65,43,21,09,876.54']);
  });

  it('numbers the value axis in whole numbers with Indian grouping', () => {
    renderChart(<LineChart label="Sales" data={MONTHS} series={ONE} />);
    const ticks = [...screen.getByRole('img', { name: 'Sales' }).querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent);
    expect(ticks).toEqual(['0', '6,50,000', '13,00,000', '19,50,000', '26,00,000']);
  });

  it('draws a slice per category in a pie, each labelled with its figure', () => {
    renderChart(<PieChart label="Share" data={MONTHS} series={ONE} />);
    const chart = screen.getByRole('img', { name: 'Share' });
    expect(chart.querySelectorAll('.recharts-pie-sector')).toHaveLength(3);
    expect([...chart.querySelectorAll('.recharts-pie-label-text')].map((t) => t.textContent)).toEqual(['1,23,456', '25,00,000', '99']);
  });
});
