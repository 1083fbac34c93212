import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Badge, Button, Card, DataList, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { logReportQuerySchema } from '../../../domain/material-report';
import { materialLabelText } from '../../../domain/material-label';
import { materialUnitLabel, type Material, type MaterialCategory, type MaterialSubcategory } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatIndian } from '../../../domain/decimal';
import { STOCK_TRANSACTION_STATUSES, STOCK_TRANSACTION_TYPES } from '../../../domain/stock';
import { mirror } from '../../data/mirror/db';
import { useOnline } from '../../data/online';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { notify } from '../../ui/notify';
import { processing } from '../../data/processing';
import { qrCodeRuns } from '../../ui/qr-code';
import { dateColumn, figure, linkColumn, numberColumn, optionColumn, ServerReport, textColumn, type ReportDef } from '../../ui/ServerReport';
import { readFailure } from '../../ui/connection';
import { API } from '../../../domain/api-paths';
import { useStockPosition } from './api';
import { DetailTitle, Notice, notOnDevice } from '../../ui/detail';

/** The material's ledger rows with the balance after each; the last 30 days until the user picks a period. */
const LEDGER: ReportDef = {
  path: API.materialReports.logReport,
  note: 'Every receipt, issue, return and adjustment of this material with the balance after it: the last 30 days unless you pick a period.',
  columns: [
    dateColumn('transaction_date', 'Date'),
    optionColumn('transaction_type', 'Type', STOCK_TRANSACTION_TYPES),
    numberColumn('quantity', 'Quantity'),
    numberColumn('rate', 'Rate'),
    numberColumn('value', 'Value'),
    linkColumn('requisition', 'Requisition', 'requisition-detail'),
    linkColumn('job_order', 'Job order', 'stores-material-consumption'),
    optionColumn('status', 'Status', STOCK_TRANSACTION_STATUSES),
    textColumn('reverses', 'Reverses'),
    textColumn('remarks', 'Remarks'),
    numberColumn('balance', 'Balance'),
  ],
  figures: [figure('opening_balance', 'Opening balance'), figure('closing_balance', 'Closing balance')],
  filter: { fields: [{ kind: 'period', from: 'startDate', to: 'endDate', lastDays: 30 }], query: logReportQuerySchema },
};

/** The material, its category and subcategory names, from the device; null when it is not there. */
function useMaterial(id: number) {
  return useLiveQuery(async () => {
    const material = await mirror.rowsOf<Material>('materials').get(id);
    if (!material) return null;
    const [category, subcategory] = await Promise.all([
      mirror.rowsOf<MaterialCategory>('materialCategories').get(material.category),
      material.subcategory === null ? undefined : mirror.rowsOf<MaterialSubcategory>('materialSubcategories').get(material.subcategory),
    ]);
    return { material, category: category?.name ?? '', subcategory: subcategory?.name ?? '' };
  }, [id]);
}

/** The code drawn as the labels print it: one rectangle per run of dark modules. */
function QrCode({ text }: { text: string }) {
  const { size, runs } = useMemo(() => qrCodeRuns(text), [text]);
  return (
    <svg role="img" aria-label={`QR label ${text}`} viewBox={`0 0 ${size} ${size}`} width="160" height="160" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="white" />
      {runs.map((run) => (
        <rect key={`${run.row}-${run.col}`} x={run.col} y={run.row} width={run.length} height={1} fill="black" />
      ))}
    </svg>
  );
}

async function printLabel(material: Material): Promise<void> {
  try {
    // pdf-lib loads only here, as on the materials list.
    const { downloadLabels } = await import('../../ui/labels');
    await processing.track(downloadLabels([material]));
  } catch (error) {
    notify({ type: 'negative', message: `The label could not be made: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** What is held for requisitions, free to issue and the stock value: the server's figures, not the device's. */
function StockPositionFigures({ id }: { id: number }) {
  const position = useStockPosition(id);
  const { data } = position;
  const error = readFailure(position);
  if (error) return <Text color="fg.error">{error}</Text>;
  if (!data) return <Text color="fg.muted">Loading…</Text>;
  return (
    <Details
      rows={[
        ['Reserved', formatIndian(data.reserved)],
        ['Free to issue', formatIndian(data.available)],
        ['Stock value', formatIndian(data.stock_value)],
      ]}
    />
  );
}

function Details({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
  return (
    <DataList.Root orientation="horizontal">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** A material as the device holds it, its QR label, where its stock stands and its recent ledger (from the server). */
export default function MaterialDetailScreen() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const online = useOnline();
  const found = useMaterial(id);
  const pending = usePendingIds('materials');
  const params = useMemo(() => ({ material: id }), [id]);

  if (found === undefined) return <Text>Loading…</Text>;
  if (found === null) {
    return (
      <Notice text={notOnDevice(`Material ${id}`, 'It may be outside the materials you see')} />
    );
  }
  const { material, category, subcategory } = found;
  const unit = materialUnitLabel(material.unit);
  // A material saved offline has a temporary id until the server numbers it: no label, no ledger yet.
  const numbered = material.id > 0;
  const reports = numbered && can(user, 'stock.reports');
  const described = [
    ['Brand', material.brand],
    ['Size', material.size],
    ['Colour', material.color],
    ['Thickness', material.thickness],
  ] as const;

  return (
    <Stack gap="5">
      <DetailTitle title={material.name} pending={pending.has(material.id)}>
        {material.deleted_at && <Badge colorPalette="red">Deleted</Badge>}
      </DetailTitle>
      <Flex gap="6" wrap="wrap" align="flex-start">
        <Stack gap="4" flex="1" minW="xs">
          <Details
            rows={[
              ['Category', category],
              ['Subcategory', subcategory],
              ['Unit', unit],
              ...described.filter(([, value]) => value !== ''),
              ['On hand', `${formatIndian(material.quantity)} ${unit}`],
              ['Reorder level', formatIndian(material.reorder_level)],
              ['Average cost', formatIndian(material.average_cost)],
            ]}
          />
          {reports &&
            (online ? (
              <StockPositionFigures id={material.id} />
            ) : (
              <Text color="fg.muted">Reserved, free stock and stock value come from the server: they show once this device is online.</Text>
            ))}
          {reports && (
            <HStack gap="4" wrap="wrap">
              <Link asChild colorPalette="teal">
                <RouterLink to={pathOf('material-price-variance', { id: material.id })}>Price variance</RouterLink>
              </Link>
              <Link asChild colorPalette="teal">
                <RouterLink to={`${pathOf('material-consumption')}?material=${material.id}`}>Consumption</RouterLink>
              </Link>
            </HStack>
          )}
        </Stack>
        <Card.Root>
          <Card.Body alignItems="center" gap="3">
            {numbered ? (
              <>
                <QrCode text={materialLabelText(material.id)} />
                <Button variant="outline" onClick={() => void printLabel(material)}>
                  Print label
                </Button>
              </>
            ) : (
              <Text maxW="48" color="fg.muted">
                The label can be printed once the server has this material.
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Flex>
      {numbered && can(user, 'stock.read') && <ServerReport title="Recent ledger" report={LEDGER} params={params} level="section" />}
    </Stack>
  );
}
