import { useParams } from 'react-router-dom';
import { Alert, Badge, Card, DataList, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { DISPATCH_STATUSES } from '../../../domain/dispatch';
import { labelOf } from '../../../domain/options';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useCurrentRoute } from '../../ui/route';
import { DISPATCH_STATUS_PALETTE, useDispatchRows, type DispatchRow } from './data';

function DispatchCard({ row }: { row: DispatchRow }) {
  const { dispatch } = row;
  return (
    <Card.Root data-testid="dispatch">
      <Card.Body>
        <Stack gap="3">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading size="lg" flex="1">
              Dispatch {dispatch.id}
            </Heading>
            <Badge size="lg" colorPalette={DISPATCH_STATUS_PALETTE[dispatch.status]}>
              {labelOf(DISPATCH_STATUSES, dispatch.status)}
            </Badge>
          </Flex>
          <DataList.Root orientation="horizontal">
            {[
              ['Date', formatDisplayDate(dispatch.dispatch_date)],
              ['Delivery note', String(dispatch.delivery_note)],
              ['Job order', row.jobOrderLabel],
              ['Customer', row.customer],
              ['Delivery location', row.location],
              ['Vehicle', dispatch.vehicle_number || '—'],
              ['Driver', [dispatch.driver_name, dispatch.driver_phone].filter(Boolean).join(' · ') || '—'],
              ['Remarks', dispatch.remarks || '—'],
            ].map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * dispatch-detail and accounts-dispatch-detail show one dispatch; job-dispatch-detail
 * (/jobs/detail/{id}, a job order's dispatch detail) shows every dispatch of the job order.
 */
export default function DispatchDetailScreen() {
  const id = Number(useParams().id);
  const route = useCurrentRoute();
  const ofJobOrder = route?.name === 'job-dispatch-detail';
  const rows = useDispatchRows({ field: ofJobOrder ? 'job_order' : 'id', value: id });
  if (!rows) return <Text>Loading…</Text>;
  if (!rows.length) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{ofJobOrder ? `Job order ${id} has no dispatches on this device.` : `Dispatch ${id} is not on this device, or the list has not loaded yet.`}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4" maxW="4xl">
      <Heading size="2xl">{ofJobOrder ? `Dispatches of job order ${rows[0]!.jobOrderLabel}` : `Dispatch ${id}`}</Heading>
      {rows.map((row) => (
        <DispatchCard key={row.dispatch.id} row={row} />
      ))}
    </Stack>
  );
}
