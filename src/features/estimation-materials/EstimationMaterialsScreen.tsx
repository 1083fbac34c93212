import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { compare, formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';
import { STANDARD_SHEET } from '../../../domain/estimation-costing';
import type { EstimationMaterial } from '../../../domain/estimation-material';
import { materialUnitLabel } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { isLoading, useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { Freshness } from '../../ui/Freshness';
import { useEstimationCatalogue } from './data';
import { EstimationMaterialForm } from './EstimationMaterialForm';

const PAGE_SIZE = 15;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['estimationMaterials', 'estimationMaterialCategories'];

interface Row {
  id: number;
  name: string;
  category: string;
  unit: string;
  rate: string;
  costing: string;
  material: EstimationMaterial;
}

/** What a costing reads of the material besides its rate: its sheet, or its weight per metre. */
function costingOf(m: EstimationMaterial): string {
  const parts = [];
  if (m.sheet_length !== null || m.sheet_width !== null) parts.push(`Sheet ${formatIndian(m.sheet_length ?? STANDARD_SHEET.length)} × ${formatIndian(m.sheet_width ?? STANDARD_SHEET.width)} mm`);
  if (m.kg_per_metre !== null) parts.push(`${formatIndian(m.kg_per_metre, QUANTITY_PLACES)} kg/m`);
  return parts.join(', ');
}

/**
 * estimation-materials-home (`/estimation/materials`): the design department's costing materials
 * from the device, with category, unit and rate; searched and filtered there. Those who may change
 * them add and edit them through the outbox.
 */
export default function EstimationMaterialsScreen() {
  const { user } = useSession();
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('estimationMaterials');
  const catalogue = useEstimationCatalogue();
  const [editing, setEditing] = useState<EstimationMaterial | 'new' | null>(null);
  const writes = can(user, 'estimation-materials.write');

  const rows = useMemo<Row[] | undefined>(() => {
    if (!catalogue) return undefined;
    const names = new Map(catalogue.categories.map((c) => [c.id, c.name]));
    return catalogue.materials.map((m) => ({ id: m.id, name: m.name, category: names.get(m.category) ?? '', unit: materialUnitLabel(m.unit), rate: m.rate, costing: costingOf(m), material: m }));
  }, [catalogue]);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      {
        id: 'category',
        header: 'Category',
        accessorKey: 'category',
        meta: { filter: { label: 'Category', allLabel: 'All categories', options: (catalogue?.categories ?? []).map((c) => ({ value: c.name, label: c.name })) } },
      },
      { id: 'unit', header: 'Unit', accessorKey: 'unit' },
      { id: 'rate', header: 'Rate (₹)', accessorKey: 'rate', cell: ({ row }) => formatIndian(row.original.rate), sortingFn: (a, b) => compare(a.original.rate, b.original.rate) },
      { id: 'costing', header: 'Costing', accessorKey: 'costing', enableSorting: false },
      ...(writes
        ? [
            {
              id: 'edit',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <Button size="sm" variant="outline" aria-label={`Edit ${row.original.name}`} onClick={() => setEditing(row.original.material)}>
                  Edit
                </Button>
              ),
            } satisfies ColumnDef<Row, unknown>,
          ]
        : []),
    ],
    [catalogue, writes],
  );

  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          Estimation materials
        </Heading>
        {writes && editing === null && (
          <Button size="lg" onClick={() => setEditing('new')}>
            Add material
          </Button>
        )}
      </Flex>
      {writes && editing !== null && catalogue && (
        <EstimationMaterialForm
          key={editing === 'new' ? 'new' : editing.id}
          material={editing === 'new' ? undefined : editing}
          materials={catalogue.materials}
          categories={catalogue.categories}
          onDone={() => setEditing(null)}
        />
      )}
      <LocalDataTable
        columns={columns}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.id}
        search="Search materials"
        initialSorting={BY_NAME}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        loading={isLoading(status)}
        empty="No estimation materials yet."
      />
    </Stack>
  );
}
