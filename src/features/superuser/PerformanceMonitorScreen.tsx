import { useMemo, useState } from 'react';
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ERROR_RATE_ALERT_PERCENT, SLOW_API_ALERT_MS, type MinuteFigures, type RequestLogEntry } from '../../../domain/admin';
import { formatCount, formatMeasure } from '../../../domain/rules/numbers';
import { BarChart, LineChart, type ChartDatum, type ChartValue } from '../../ui/charts';
import { DashboardAlerts, DashboardSection, FigureTile, useDashboardView } from '../../ui/dashboard';
import { FilterSelect } from '../../ui/DataTable';
import { SimpleTable } from '../../ui/detail';
import { formatWhen } from '../../ui/when';
import { useErrorRates, usePerformance } from './api';

const ms = (value: number | null) => (value === null ? '—' : `${formatCount(Math.round(value))} ms`);
const chartMs = (value: ChartValue) => `${formatCount(Math.round(Number(value)))} ms`;
const percent = (value: number) => `${formatMeasure(value)} %`;
/** A minute on a chart's axis: its time of day (the charts cover the last hour). */
const minuteLabel = (minute: string) => formatWhen(minute).slice(-5);
const routeName = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

const latencyOf = (series: readonly MinuteFigures[]): ChartDatum[] => series.map((m) => ({ label: minuteLabel(m.minute), p95: m.p95Ms ?? 0 }));
const trafficOf = (series: readonly MinuteFigures[]): ChartDatum[] => series.map((m) => ({ label: minuteLabel(m.minute), requests: m.requests, errors: m.errors }));

function RequestLog({ label, entries, empty }: { label: string; entries: readonly RequestLogEntry[]; empty: string }) {
  return (
    <SimpleTable
      label={label}
      headers={['When', 'Route', 'Status', 'Took', 'Message']}
      numeric={[2, 3]}
      rows={entries.map((e) => [formatWhen(e.timestamp), routeName(e), String(e.statusCode), ms(e.durationMs), e.message ?? ''])}
      empty={empty}
    />
  );
}

/**
 * performance-monitor (/superuser/performance): the API's response times and errors as the server
 * measures them, over the last hour, for all routes or the one chosen; the busiest routes with
 * their percentiles; the latest errors and slow requests. Read again every 30 s, like the dashboard.
 */
export default function PerformanceMonitorScreen() {
  const performance = useDashboardView(usePerformance());
  const errors = useDashboardView(useErrorRates());
  const [chosen, setChosen] = useState('');
  const p = performance.data;
  const e = errors.data;
  const routes = useMemo(() => p?.routes ?? [], [p]);
  const route = routes.find((r) => routeName(r) === chosen);
  const series = route ? route.series : (p?.series ?? []);
  return (
    <Stack gap="4">
      <Heading size="xl">Performance monitor</Heading>
      <DashboardAlerts views={[performance, errors]} />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <FigureTile label="Requests" value={p ? formatCount(p.requests) : '…'} help={p ? `Last ${p.windowMinutes} minutes` : ''} testId="requests" />
        <FigureTile label="Average response" value={p ? ms(p.averageMs) : '…'} help={`Alert above ${formatCount(SLOW_API_ALERT_MS)} ms`} alert={(p?.averageMs ?? 0) > SLOW_API_ALERT_MS} testId="average-response" />
        <FigureTile label="Error rate" value={e ? percent(e.errorRate) : '…'} help={e ? `${formatCount(e.errors)} server errors; alert above ${ERROR_RATE_ALERT_PERCENT} %` : ''} alert={(e?.errorRate ?? 0) > ERROR_RATE_ALERT_PERCENT} testId="error-rate" />
        <FigureTile label="Refused requests" value={e ? formatCount(e.clientErrors) : '…'} help="4xx answers: bad input, no permission" testId="client-errors" />
      </SimpleGrid>
      <DashboardSection
        title={route ? routeName(route) : 'All routes'}
        action={<FilterSelect label="Route" allLabel="All routes" value={chosen} options={routes.map((r) => ({ value: routeName(r), label: routeName(r) }))} onChange={setChosen} />}
      >
        {route && (
          <Text color="fg.muted">
            {formatCount(route.requests)} requests, {formatCount(route.errors)} errors since the server started; p50 {ms(route.p50Ms)}, p95 {ms(route.p95Ms)}, p99 {ms(route.p99Ms)}.
          </Text>
        )}
        {series.length === 0 ? (
          <Text color="fg.muted">{p ? 'No requests in the last hour.' : 'Loading…'}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <LineChart label="Response time (p95) by minute" data={latencyOf(series)} series={[{ key: 'p95', label: 'p95', color: 'blue.solid' }]} format={chartMs} />
            <BarChart
              label="Requests and server errors by minute"
              data={trafficOf(series)}
              series={[
                { key: 'requests', label: 'Requests', color: 'teal.solid' },
                { key: 'errors', label: 'Server errors', color: 'red.solid' },
              ]}
            />
          </SimpleGrid>
        )}
      </DashboardSection>
      <DashboardSection title="Routes">
        <SimpleTable
          label="Routes"
          headers={['Route', 'Requests', 'Errors', 'Average', 'p50', 'p95', 'p99']}
          numeric={[1, 2, 3, 4, 5, 6]}
          rows={routes.map((r) => [routeName(r), formatCount(r.requests), formatCount(r.errors), ms(r.averageMs), ms(r.p50Ms), ms(r.p95Ms), ms(r.p99Ms)])}
          empty={p ? 'No requests measured yet.' : 'Loading…'}
        />
      </DashboardSection>
      <DashboardSection title="Latest server errors">
        <RequestLog label="Latest server errors" entries={e?.recentErrors ?? []} empty={e ? 'No server errors.' : 'Loading…'} />
      </DashboardSection>
      <DashboardSection title={p ? `Slow requests (over ${formatCount(p.slowThresholdMs)} ms)` : 'Slow requests'}>
        <RequestLog label="Slow requests" entries={p?.slowRequests ?? []} empty={p ? 'No slow requests.' : 'Loading…'} />
      </DashboardSection>
    </Stack>
  );
}
