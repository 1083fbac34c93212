import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { ESTIMATION_STATUSES, type EstimationStatus } from '../../../domain/estimation';
import type { EstimationViewDetail, EstimationListRow } from '../../../domain/estimation';
import { materialUnitLabel } from '../../../domain/material';
import { labelOf } from '../../../domain/options';
import { readFailure } from '../../ui/connection';
import { BarChart } from '../../ui/charts';
import { Failure, SimpleTable } from '../../ui/detail';
import { useCostBreakdown } from './api';
import { dimension } from './sizes';

/** In costing grey, waiting blue, approved green, rejected red, quoted teal. */
const PALETTE: Readonly<Record<EstimationStatus, string>> = { draft: 'gray', submitted: 'blue', approved: 'green', rejected: 'red', quoted: 'teal' };

export const estimationStatusLabel = (status: EstimationStatus) => labelOf(ESTIMATION_STATUSES, status);

export function EstimationStatusBadge({ status, size = 'md' }: { status: EstimationStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge colorPalette={PALETTE[status]} size={size} data-status={status}>
      {estimationStatusLabel(status)}
    </Badge>
  );
}

/** Whom the estimation is for: the customer, else the lead's company. */
export const partyOf = (e: Pick<EstimationListRow, 'customer' | 'lead' | 'customer_name' | 'lead_company'>) =>
  e.customer !== null ? (e.customer_name ?? `Customer ${e.customer}`) : e.lead !== null ? `${e.lead_company ?? `Lead ${e.lead}`} (lead)` : '—';

const LINE_HEADERS = ['Material', 'Description', 'Pieces', 'Length (mm)', 'Width (mm)', 'Wastage %', 'Quantity', 'Rate', 'Amount'] as const;
const LINE_NUMERIC = [2, 3, 4, 5, 6, 7, 8];

/** A product's costing lines as the server costed them. */
export function CostingLinesTable({ lines, label }: { lines: readonly EstimationViewDetail[]; label: string }) {
  const rows = lines.map((l) => [
    l.material_name,
    l.description || '—',
    formatIndian(l.pieces, QUANTITY_PLACES),
    dimension(l.length),
    dimension(l.width),
    formatIndian(l.wastage_percent),
    `${formatIndian(l.quantity, QUANTITY_PLACES)} ${materialUnitLabel(l.material_unit)}`,
    formatIndian(l.rate),
    formatIndian(l.amount),
  ]);
  return <SimpleTable label={label} headers={LINE_HEADERS} rows={rows} numeric={LINE_NUMERIC} empty="No costing lines yet." />;
}

/** A product's cost by material category: a bar chart, and the same figures as a table for those who do not read charts. */
export function CostBreakdown({ product, name }: { product: number; name: string }) {
  const result = useCostBreakdown(product);
  const failure = readFailure(result);
  if (failure) return <Failure text={failure} />;
  if (!result.data) return <Text color="fg.muted">Loading…</Text>;
  if (!result.data.length) return <Text color="fg.muted">No costs yet.</Text>;
  const label = `Cost of ${name} by category`;
  return (
    <Stack gap="3">
      <BarChart label={label} series={[{ key: 'amount', label: 'Amount' }]} data={result.data.map((r) => ({ label: r.category_name, amount: r.amount }))} format={(v) => formatIndian(String(v))} />
      <SimpleTable label={`${label} (table)`} headers={['Category', 'Amount']} numeric={[1]} rows={result.data.map((r) => [r.category_name, formatIndian(r.amount)])} empty="No costs yet." />
    </Stack>
  );
}
