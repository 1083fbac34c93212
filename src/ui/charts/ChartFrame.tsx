import { useId, type ReactNode } from 'react';
import { Box, VisuallyHidden } from '@chakra-ui/react';
import { figureOf, type ChartDatum, type ChartSeries, type ChartValue } from './types';

/**
 * Every chart's accessible form: an image named by `label`, described by a table of its figures
 * (the same formatted figures the chart shows), which screen readers read and tests check. The
 * drawing inside is presentation only.
 */
export function ChartFrame({ label, data, series, format, height, children }: { label: string; data: readonly ChartDatum[]; series: readonly ChartSeries[]; format: (value: ChartValue) => string; height: number; children: ReactNode }) {
  const tableId = useId();
  return (
    <Box role="img" aria-label={label} aria-describedby={tableId} w="full" h={`${height}px`}>
      {children}
      <VisuallyHidden asChild>
        <table id={tableId}>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.label}>
                <th scope="row">{datum.label}</th>
                {series.map((s) => (
                  <td key={s.key} data-key={datum.label} data-series={s.key} data-value={format(figureOf(datum, s.key))}>
                    {format(figureOf(datum, s.key))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
