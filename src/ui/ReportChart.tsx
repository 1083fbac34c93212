import { formatIndian } from '../../domain/decimal';
import { BarChart, LineChart, PieChart, StackedBarChart, type ChartValue } from './charts';
import type { ReportRow } from './report-export';

/** A report's chart: its kind, its name, the field naming each category and the figures drawn (money, written with Indian grouping). */
export interface ReportChartDef {
  kind: 'bar' | 'stacked-bar' | 'line' | 'pie';
  label: string;
  category: string;
  series: readonly { key: string; label: string }[];
}

const CHARTS = { bar: BarChart, 'stacked-bar': StackedBarChart, line: LineChart, pie: PieChart } as const;
const money = (value: ChartValue) => formatIndian(String(value));

/** The rows of a report drawn as its chart says (the foundations' charts, with their table of figures). */
export default function ReportChart({ chart, rows }: { chart: ReportChartDef; rows: readonly ReportRow[] }) {
  const Chart = CHARTS[chart.kind];
  const data = rows.map((row) => ({ label: String(row[chart.category] ?? ''), ...Object.fromEntries(chart.series.map((s) => [s.key, String(row[s.key] ?? '0')])) }));
  return <Chart label={chart.label} data={data} series={chart.series} format={money} />;
}
