import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Button, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import { JOB_ORDER_STATUSES } from '../../../domain/job-order';
import { labelOf } from '../../../domain/options';
import { pathOf } from '../../../domain/routes';
import { formatIndian } from '../../../domain/decimal';
import { useOnline } from '../../data/online';
import { readFailure } from '../../ui/connection';
import { useProfitability } from './api';

/** profitability-details: one job order's revenue, costs and margin, worked out by the server (profitability/{id}/). */
export default function ProfitabilityDetailsScreen() {
  const jobOrderId = Number(useParams().jobOrderId);
  const online = useOnline();
  const profitability = useProfitability(jobOrderId);
  const { data } = profitability;
  const error = readFailure(profitability);
  if (!online) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Profitability is worked out by the server: it shows here once this device is back online.</Alert.Title>
      </Alert.Root>
    );
  }
  const figures: [string, string][] = data
    ? [
        ['Customer', data.customer_name],
        ['Status', labelOf(JOB_ORDER_STATUSES, data.status)],
        ['Revenue', formatIndian(data.revenue)],
        ['Material consumed', formatIndian(data.material_cost)],
        ['Approved expenses', formatIndian(data.expense_cost)],
        ['Total cost', formatIndian(data.total_cost)],
        ['Margin', formatIndian(data.margin)],
        ['Margin %', data.margin_percent === null ? '—' : formatIndian(data.margin_percent)],
      ]
    : [];
  return (
    <Stack gap="4" maxW="3xl">
      <Heading size="xl">Profitability of job order {data?.label ?? jobOrderId}</Heading>
      <Text color="fg.muted">Revenue is the invoice once the job order is closed, else its value; cost is the material consumed at the rates it went out at plus the approved expenses.</Text>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {!data && !error && <Text>Loading…</Text>}
      {data && (
        <DataList.Root orientation="horizontal">
          {figures.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
      <Stack direction="row" gap="3" wrap="wrap">
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('job-order-detail', { id: jobOrderId })}>Job order</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to={pathOf('profitability-report')}>All job orders</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}
