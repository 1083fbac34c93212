import { Cell, Legend, Pie, PieChart as RechartsPieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartFrame } from './ChartFrame';
import { colorAt, defaultFormat, DEFAULT_HEIGHT, textKey, toDrawing, type ChartProps } from './types';

/** Shares of a whole: one series, a slice per datum, each slice labelled with its figure. */
export function PieChart({ label, data, series, format = defaultFormat, height = DEFAULT_HEIGHT }: ChartProps) {
  const [only] = series;
  if (!only) return null;
  const rows = toDrawing(data, [only], format);
  const text = (index: number) => String(rows[index]?.[textKey(only.key)] ?? '');
  return (
    <ChartFrame label={label} data={data} series={[only]} format={format} height={height}>
      <ResponsiveContainer width="100%" height={height}>
        <RechartsPieChart accessibilityLayer={false}>
          <Pie data={rows} dataKey={only.key} nameKey="label" outerRadius="70%" label={({ index }: { index?: number }) => text(index ?? -1)} isAnimationActive={false}>
            {data.map((datum, i) => (
              <Cell key={datum.label} fill={colorAt(i)} />
            ))}
          </Pie>
          <Tooltip formatter={(_value: unknown, _name: unknown, _item: unknown, index: number) => text(index)} />
          <Legend />
        </RechartsPieChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
