import { formatCount } from '../../../domain/rules/numbers';

/** A figure: a number, or an exact decimal string (money, "123456.50") that is drawn as a number but written as given. */
export type ChartValue = number | string;

/** One point of a chart: its category (a month, a status) and a figure per series. */
export interface ChartDatum {
  readonly label: string;
  readonly [series: string]: ChartValue;
}

/** A datum's figure for a series (0 where it has none). */
export const figureOf = (datum: ChartDatum, series: string): ChartValue => datum[series] ?? 0;

/** Where a series' written figure travels beside its drawn number in recharts' rows. */
export const textKey = (series: string): string => `__text_${series}`;

/**
 * Recharts' rows: each figure as a number (a drawing measure only, the bar's height) and as the
 * text the chart writes, made from the exact figure, so money never goes through a float to be shown.
 */
export function toDrawing(data: readonly ChartDatum[], series: readonly ChartSeries[], format: (value: ChartValue) => string): Record<string, ChartValue>[] {
  return data.map((datum) => {
    const row: Record<string, ChartValue> = { label: datum.label };
    for (const s of series) {
      const figure = figureOf(datum, s.key);
      row[s.key] = Number(figure) || 0;
      row[textKey(s.key)] = format(figure);
    }
    return row;
  });
}

export interface ChartSeries {
  /** The datum field holding this series' numbers. */
  readonly key: string;
  readonly label: string;
  /** A Chakra colour token ('teal.solid'); series without one take the palette's next. */
  readonly color?: string;
}

export interface ChartProps {
  /** The chart's accessible name, also the caption of its table of figures. */
  readonly label: string;
  readonly data: readonly ChartDatum[];
  readonly series: readonly ChartSeries[];
  /** How a figure is written (tooltip, labels, table): counts by default; money with formatIndian. Axes always use whole numbers. */
  readonly format?: (value: ChartValue) => string;
  readonly height?: number;
}

export const DEFAULT_HEIGHT = 240;

const PALETTE = ['teal.solid', 'blue.solid', 'orange.solid', 'purple.solid', 'pink.solid', 'green.solid', 'red.solid', 'cyan.solid', 'yellow.solid'];

/** A Chakra colour token as the CSS variable Chakra defines for it ('teal.solid' -> var(--chakra-colors-teal-solid)). */
export const cssColor = (token: string): string => `var(--chakra-colors-${token.replace(/\./g, '-')})`;

export const colorAt = (index: number, token?: string): string => cssColor(token ?? PALETTE[index % PALETTE.length]!);

/** Axis ticks: whole numbers with Indian grouping (1,23,456). */
export const axisFormat = (value: number): string => formatCount(value);
export const defaultFormat = (value: ChartValue): string => formatCount(Number(value));
