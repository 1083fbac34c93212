import { Area, AreaChart as RechartsAreaChart, Bar, BarChart as RechartsBarChart, CartesianGrid, LabelList, Legend, Line, LineChart as RechartsLineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from './ChartFrame';
import { axisFormat, colorAt, defaultFormat, DEFAULT_HEIGHT, textKey, toDrawing, type ChartProps } from './types';

type Kind = 'line' | 'bar' | 'stacked-bar' | 'area';

/**
 * Line, bar, stacked bar and area charts share their frame: categories along the bottom, whole
 * numbers with Indian grouping up the side, the figure itself in the tooltip (and above a single
 * series of bars, as the dashboards always showed it). No animation: a tablet redraws at once.
 */
function CartesianChart({ kind, label, data, series, format = defaultFormat, height = DEFAULT_HEIGHT }: ChartProps & { kind: Kind }) {
  const common = { data: toDrawing(data, series, format), margin: { top: 24, right: 16, bottom: 8, left: 8 }, accessibilityLayer: false };
  // The tooltip writes the figure as given, not the number it was drawn with.
  const tooltipFormat = (_value: unknown, _name: unknown, item: { dataKey?: unknown; payload?: Record<string, unknown> }) => String(item.payload?.[textKey(String(item.dataKey))] ?? '');
  const frame = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="label" tickLine={false} interval="preserveStartEnd" />,
    <YAxis key="y" tickFormatter={axisFormat} width="auto" allowDecimals={false} />,
    <Tooltip key="tooltip" formatter={tooltipFormat} />,
    series.length > 1 ? <Legend key="legend" /> : null,
  ];
  const chart =
    kind === 'line' ? (
      <RechartsLineChart {...common}>
        {frame}
        {series.map((s, i) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={colorAt(i, s.color)} strokeWidth={2} isAnimationActive={false} />
        ))}
      </RechartsLineChart>
    ) : kind === 'area' ? (
      <RechartsAreaChart {...common}>
        {frame}
        {series.map((s, i) => (
          <Area key={s.key} dataKey={s.key} name={s.label} stackId="total" stroke={colorAt(i, s.color)} fill={colorAt(i, s.color)} fillOpacity={0.35} isAnimationActive={false} />
        ))}
      </RechartsAreaChart>
    ) : (
      <RechartsBarChart {...common}>
        {frame}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId={kind === 'stacked-bar' ? 'total' : undefined} fill={colorAt(i, s.color)} isAnimationActive={false}>
            {series.length === 1 ? <LabelList dataKey={textKey(s.key)} position="top" /> : null}
          </Bar>
        ))}
      </RechartsBarChart>
    );
  return (
    <ChartFrame label={label} data={data} series={series} format={format} height={height}>
      <ResponsiveContainer width="100%" height={height}>
        {chart}
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export const LineChart = (props: ChartProps) => <CartesianChart kind="line" {...props} />;
export const BarChart = (props: ChartProps) => <CartesianChart kind="bar" {...props} />;
export const StackedBarChart = (props: ChartProps) => <CartesianChart kind="stacked-bar" {...props} />;
export const AreaChart = (props: ChartProps) => <CartesianChart kind="area" {...props} />;
