/** Charts for dashboards and reports on recharts; import them only from screens (they load with those screens, never with the shell). */
export { AreaChart, BarChart, LineChart, StackedBarChart } from './CartesianChart';
export { PieChart } from './PieChart';
export type { ChartDatum, ChartProps, ChartSeries, ChartValue } from './types';
