import { useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES, sum } from '../../../domain/decimal';
import { STANDARD_SHEET } from '../../../domain/estimation-costing';
import { ESTIMATION_MESSAGES } from '../../../domain/estimation';
import type { EstimationMaterial, EstimationMaterialCategory } from '../../../domain/estimation-material';
import { materialUnitLabel } from '../../../domain/material';
import { isNetworkError } from '../../data/api';
import { mirror } from '../../data/mirror/db';
import { Facts } from '../../ui/detail';
import { useOnline } from '../../data/online';
import { useEstimationCostingLines, type EstimationCostingLines } from './api';

/** The lines of the estimation's products that use the material. */
function linesUsing(estimation: EstimationCostingLines, material: number) {
  return estimation.products.flatMap((product) => product.details.filter((line) => line.estimation_material === material).map((line) => ({ ...line, product: product.name })));
}

function CostingLines({ estimationId, material }: { estimationId: number; material: EstimationMaterial }) {
  const online = useOnline();
  const query = useEstimationCostingLines(estimationId);
  if (query.isPending && !query.isError) {
    if (!online) return <Text color="fg.muted">The costing lines of estimation {estimationId} show once this device is back online.</Text>;
    return <Text color="fg.muted">Loading…</Text>;
  }
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{ESTIMATION_MESSAGES.detailFailed}</Alert.Title>
        {isNetworkError(query.error) && <Alert.Description>The server cannot be reached.</Alert.Description>}
      </Alert.Root>
    );
  }
  const lines = linesUsing(query.data, material.id);
  const unit = materialUnitLabel(material.unit);
  return (
    <Stack gap="3">
      <Heading size="md">
        In estimation {query.data.title || query.data.id}
      </Heading>
      {lines.length ? (
        <Table.ScrollArea>
          <Table.Root size="md" aria-label="Costing lines using this material">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Product</Table.ColumnHeader>
                <Table.ColumnHeader>Line</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Rate (₹)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount (₹)</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line) => (
                <Table.Row key={line.id}>
                  <Table.Cell>{line.product}</Table.Cell>
                  <Table.Cell>{line.description}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatIndian(line.quantity, QUANTITY_PLACES)} {unit}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatIndian(line.rate)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatIndian(line.amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
            <Table.Footer>
              <Table.Row>
                <Table.Cell colSpan={2} fontWeight="semibold">
                  Per unit of the products, in all
                </Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold" data-testid="lines-quantity">
                  {formatIndian(sum(lines.map((l) => l.quantity)), QUANTITY_PLACES)} {unit}
                </Table.Cell>
                <Table.Cell />
                <Table.Cell textAlign="end" fontWeight="semibold" data-testid="lines-amount">
                  {formatIndian(sum(lines.map((l) => l.amount)))}
                </Table.Cell>
              </Table.Row>
            </Table.Footer>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text color="fg.muted">No costing line of this estimation uses the material.</Text>
      )}
    </Stack>
  );
}

/**
 * estimation-material-details (`/estimation/:estimation/material/:id/details`): one costing
 * material from the device (rate, unit, category, its costing fields) and the lines of the
 * estimation that use it, read from the server.
 */
export default function EstimationMaterialDetailsScreen() {
  const params = useParams();
  const id = Number(params.id);
  const estimationId = Number(params.estimation);
  const found = useLiveQuery(async () => {
    const material = (await mirror.rowsOf<EstimationMaterial>('estimationMaterials').get(id)) ?? null;
    const category = material ? ((await mirror.rowsOf<EstimationMaterialCategory>('estimationMaterialCategories').get(material.category)) ?? null) : null;
    return { material, category };
  }, [id]);

  if (!found) return <Text>Loading…</Text>;
  const { material, category } = found;
  if (!material || material.deleted_at) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Estimation material {params.id} is not on this device. It may have been deleted, or the list has not loaded yet.</Alert.Title>
      </Alert.Root>
    );
  }
  const fields: [string, string][] = [
    ['Category', category?.name ?? '—'],
    ['Unit', materialUnitLabel(material.unit)],
    ['Rate', `₹ ${formatIndian(material.rate)} per ${materialUnitLabel(material.unit)}`],
    ...(material.unit === 'SHEET' || material.sheet_length !== null || material.sheet_width !== null
      ? [['Sheet', `${formatIndian(material.sheet_length ?? STANDARD_SHEET.length)} × ${formatIndian(material.sheet_width ?? STANDARD_SHEET.width)} mm`] as [string, string]]
      : []),
    ...(material.kg_per_metre !== null ? [['Weight', `${formatIndian(material.kg_per_metre, QUANTITY_PLACES)} kg per metre`] as [string, string]] : []),
  ];
  return (
    <Stack gap="5" maxW="5xl">
      <Heading size="2xl">{material.name}</Heading>
      <Facts facts={fields} />
      <Card.Root>
        <Card.Body>
          <CostingLines estimationId={estimationId} material={material} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
