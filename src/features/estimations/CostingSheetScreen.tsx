import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Box, Button, Field, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { EDITABLE_ESTIMATION_STATUSES } from '../../../domain/estimation';
import type { CostingMeasure } from '../../../domain/estimation-costing';
import type { EstimationMaterial } from '../../../domain/estimation-material';
import type { EstimationViewProduct, EstimationView } from '../../../domain/estimation';
import { materialUnitLabel } from '../../../domain/material';
import { pathOf } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { enqueue, serverIdOf } from '../../data/outbox';
import { saveProductCosting } from '../../data/operations';
import { Failure, Notice } from '../../ui/detail';
import { FormStack } from '../../ui/form';
import { notify } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { useCostingSource, useKeptEstimationOfProduct } from './api';
import { costingSheetPath } from './products';
import { blankRow, figuresOf, materialNamed, rowOf, sheetTotals, type RowFigures, type SheetRow } from './sheet';

export const COSTING_SAVED = 'Costing saved.';
export const COSTING_SAVED_OFFLINE = 'Costing saved on this device. It is sent to the server when the connection is back.';
export const COSTING_NOT_ON_DEVICE = 'This product is not on this device: open its estimation once with a connection, then its costing sheet works offline too.';
export const COSTING_CLOSED = 'This estimation is no longer in costing: its lines cannot change.';
export const FIX_LINES = 'Some lines cannot be costed yet: see the message under each.';

const MATERIALS_LIST = 'estimation-materials';

/** The sizes a unit needs: counted units only a quantity. */
const NEEDS: Readonly<Record<CostingMeasure, { length: boolean; width: boolean }>> = {
  area: { length: true, width: true },
  sheets: { length: true, width: true },
  length: { length: true, width: false },
  weight: { length: true, width: false },
  count: { length: false, width: false },
};

const useMaterials = () =>
  useLiveQuery(async () => (await mirror.rowsOf<EstimationMaterial>('estimationMaterials').toArray()).filter((m) => !m.deleted_at).sort((a, b) => a.name.localeCompare(b.name)), []);

/**
 * The costing sheet (estimation-product-costing, `?product=ID`): a product's costing lines typed
 * fast on a keyboard or a tablet. A material is picked by typing its name; its unit decides the
 * sizes asked for (counted units take a quantity); each line's quantity and amount, and the
 * product's direct cost, overhead, unit price and total, are worked out live by
 * domain/estimation-costing.ts as the server will store them. Enter (or Add line) adds a line and
 * puts the cursor in its material. Save queues the one write of every line in the outbox, so the
 * sheet works offline from the estimation as this device last loaded it (decision 354).
 */
export default function CostingSheetScreen() {
  const [search] = useSearchParams();
  const product = Number(search.get('product'));
  // A product added on this device has a temp id (negative) until the server has it.
  const named = Number.isInteger(product) && product !== 0;
  const kept = useKeptEstimationOfProduct(product);
  const source = useCostingSource(product);
  const navigate = useNavigate();
  // A product added on this device moves to its server id once sent: follow it.
  useEffect(() => {
    if (kept !== null || product >= 0) return;
    void serverIdOf(product).then((serverId) => serverId && navigate(costingSheetPath(serverId), { replace: true }));
  }, [kept, product, navigate]);
  const materials = useMaterials();
  const view = kept ?? null;
  const found = view?.products.find((p) => p.id === product);
  // Online, the sheet opens on the server's lines (kept as they arrive); offline, on the kept copy.
  const settled = source.isSuccess || source.isError || source.isPaused || !source.isFetching;
  return (
    <Stack gap="4" maxW="6xl" minW="0">
      <Heading size="2xl">Product costing{found ? `: ${found.name}` : ''}</Heading>
      {!named && <Failure text="Open the costing sheet from a product of an estimation." />}
      {named && kept === null && settled && <Notice text={COSTING_NOT_ON_DEVICE} />}
      {named && (kept === undefined || materials === undefined || (!settled && !kept)) && <Text color="fg.muted">Loading…</Text>}
      {view && found && materials && settled && (
        (EDITABLE_ESTIMATION_STATUSES as readonly string[]).includes(view.status) ? <Sheet key={found.id} estimation={view} product={found} materials={materials} /> : <Notice text={COSTING_CLOSED} />
      )}
    </Stack>
  );
}

function Sheet({ estimation, product, materials }: { estimation: EstimationView; product: EstimationViewProduct; materials: readonly EstimationMaterial[] }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<SheetRow[]>(() => (product.details.length ? product.details.map(rowOf) : [blankRow()]));
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  useUnsavedChanges(dirty);
  useEffect(() => {
    if (focus) inputs.current.get(focus)?.focus();
  }, [focus, rows]);

  const byId = useMemo(() => new Map(materials.map((m) => [m.id, m])), [materials]);
  const sizes = { width: product.width, height: product.height };
  const figures = rows.map((row) => figuresOf(row, row.material === null ? undefined : byId.get(row.material), sizes));
  const totals = sheetTotals(
    figures.map((f) => f.costed?.amount ?? '0'),
    product,
  );

  const change = (key: string, fields: Partial<SheetRow>) => {
    setDirty(true);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...fields } : row)));
  };
  const typeMaterial = (key: string, text: string) => {
    const material = materialNamed(materials, text);
    change(key, { materialText: text, material: material?.id ?? null });
  };
  const addAfter = (index: number) => {
    const row = blankRow();
    setRows((current) => [...current.slice(0, index + 1), row, ...current.slice(index + 1)]);
    setFocus(row.key);
  };
  const remove = (key: string) => {
    setDirty(true);
    setRows((current) => (current.length === 1 ? [blankRow()] : current.filter((row) => row.key !== key)));
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addAfter(index);
  };

  const save = async () => {
    setTried(true);
    // A line left wholly blank (the one Enter adds last) is no line.
    const kept = rows.map((row, i) => ({ row, figures: figures[i]! })).filter(({ row }) => row.id !== undefined || row.materialText.trim() !== '');
    if (kept.some(({ figures: f }) => f.problem)) {
      notify({ type: 'negative', message: FIX_LINES });
      return;
    }
    setSaving(true);
    try {
      await enqueue(saveProductCosting, { estimation: estimation.id, product: product.id, product_name: product.name, details: kept.map(({ figures: f }) => f.line!) });
    } finally {
      setSaving(false);
    }
    setDirty(false);
    notify({ type: 'positive', message: navigator.onLine ? COSTING_SAVED : COSTING_SAVED_OFFLINE });
    navigate(pathOf('estimation-detail', { id: estimation.id }));
  };

  return (
    <FormStack onSubmit={(event) => (event.preventDefault(), save())} aria-label="Costing sheet">
      <Text color="fg.muted">
        {`Quantity ${formatIndian(product.quantity, QUANTITY_PLACES)} · ${product.width ?? '—'} × ${product.height ?? '—'} mm face · overhead ${formatIndian(product.overhead_percent)} %`}
      </Text>
      <datalist id={MATERIALS_LIST}>
        {materials.map((m) => (
          <option key={m.id} value={m.name}>{`${materialUnitLabel(m.unit)} · ${formatIndian(m.rate)}`}</option>
        ))}
      </datalist>
      <Stack gap="3">
        {rows.map((row, index) => (
          <SheetLine
            key={row.key}
            index={index}
            row={row}
            figures={figures[index]!}
            material={row.material === null ? undefined : byId.get(row.material)}
            showProblem={tried || row.materialText.trim() !== ''}
            materialRef={(element) => (element ? inputs.current.set(row.key, element) : inputs.current.delete(row.key))}
            onMaterial={(text) => typeMaterial(row.key, text)}
            onChange={(fields) => change(row.key, fields)}
            onKeyDown={onKeyDown(index)}
            onRemove={() => remove(row.key)}
          />
        ))}
      </Stack>
      <Button size="lg" minH="11" variant="outline" alignSelf="start" onClick={() => addAfter(rows.length - 1)}>
        Add line
      </Button>
      <Box position="sticky" bottom="0" bg="bg" py="3" borderTopWidth="1px">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Costing totals" flex="1">
            <Figure label="Direct cost" value={totals.direct} testId="sheet-direct" />
            <Figure label="Overhead" value={totals.overhead} testId="sheet-overhead" />
            <Figure label="Unit price" value={totals.unitPrice} testId="sheet-unit-price" />
            <Figure label="Product total" value={totals.total} testId="sheet-total" />
          </SimpleGrid>
          <HStack>
            <Button type="submit" size="lg" minH="14" px="8" loading={saving}>
              Save costing
            </Button>
            <Button size="lg" minH="14" variant="outline" onClick={() => navigate(pathOf('estimation-detail', { id: estimation.id }))}>
              Cancel
            </Button>
          </HStack>
        </HStack>
      </Box>
    </FormStack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" data-testid={testId}>
        {formatIndian(value)}
      </Text>
    </Stack>
  );
}

function SheetLine({
  index,
  row,
  figures,
  material,
  showProblem,
  materialRef,
  onMaterial,
  onChange,
  onKeyDown,
  onRemove,
}: {
  index: number;
  row: SheetRow;
  figures: RowFigures;
  material: EstimationMaterial | undefined;
  showProblem: boolean;
  materialRef: (element: HTMLInputElement | null) => void;
  onMaterial: (text: string) => void;
  onChange: (fields: Partial<SheetRow>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  const line = index + 1;
  const needs = figures.measure ? NEEDS[figures.measure] : { length: true, width: true };
  const counted = figures.measure === 'count';
  const unit = material ? materialUnitLabel(material.unit) : '';
  const field = (label: string, name: keyof SheetRow, options: { placeholder?: string; hidden?: boolean } = {}) =>
    options.hidden ? null : (
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <Input size="lg" inputMode="decimal" aria-label={`${label} of line ${line}`} placeholder={options.placeholder} value={String(row[name] ?? '')} onChange={(e) => onChange({ [name]: e.target.value })} onKeyDown={onKeyDown} />
      </Field.Root>
    );
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="costing-line">
      <SimpleGrid columns={{ base: 2, md: 4, lg: 8 }} gap="3" alignItems="end">
        <Field.Root gridColumn={{ base: 'span 2', md: 'span 2' }}>
          <Field.Label>Material</Field.Label>
          <Input ref={materialRef} size="lg" list={MATERIALS_LIST} autoComplete="off" aria-label={`Material of line ${line}`} value={row.materialText} onChange={(e) => onMaterial(e.target.value)} onKeyDown={onKeyDown} />
        </Field.Root>
        {field('Pieces', 'pieces', { hidden: counted })}
        {field('Length (mm)', 'length', { hidden: !needs.length, placeholder: 'Product width' })}
        {field('Width (mm)', 'width', { hidden: !needs.width, placeholder: 'Product height' })}
        {field('Wastage %', 'wastage')}
        {field(counted ? `Quantity${unit ? ` (${unit})` : ''}` : 'Quantity (override)', 'quantity', { placeholder: counted ? '' : (figures.costed?.quantity ?? 'Measured') })}
        {field('Rate', 'rate', { placeholder: material ? material.rate : '' })}
      </SimpleGrid>
      <HStack mt="2" justify="space-between" wrap="wrap" gap="3">
        <Input size="lg" maxW="md" aria-label={`Description of line ${line}`} placeholder="Description (optional)" value={row.description} onChange={(e) => onChange({ description: e.target.value })} onKeyDown={onKeyDown} />
        <Text data-testid={`line-quantity-${index}`}>{figures.costed ? `${formatIndian(figures.costed.quantity, QUANTITY_PLACES)} ${unit}` : ''}</Text>
        <Text fontWeight="semibold" data-testid={`line-amount-${index}`}>
          {figures.costed ? formatIndian(figures.costed.amount) : '—'}
        </Text>
        <IconButton size="lg" variant="outline" colorPalette="red" aria-label={`Remove line ${line}`} onClick={onRemove}>
          ✕
        </IconButton>
      </HStack>
      {showProblem && figures.problem && (
        <Text color="fg.error" mt="2" role="alert" data-testid={`line-problem-${index}`}>
          {figures.problem}
        </Text>
      )}
    </Box>
  );
}
