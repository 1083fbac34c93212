import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { MATERIAL_UNITS, type Material, type MaterialCategory } from '../../../domain/material';
import { labelOf } from '../../../domain/options';
import { formatIndian } from '../../../domain/rules/numbers';
import { metaKey, mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { openDialog } from '../../ui/dialog';
import { downloadFromApi } from '../../ui/download';
import { Freshness } from '../../ui/Freshness';
import { materialsMatching } from '../../ui/MaterialPicker';
import { notify } from '../../ui/notify';
import { processing } from '../../ui/processing';

/** business-areas.md §9: 15 rows a page for materials. */
const PAGE_SIZE = 15;
const BY_NAME = [{ id: 'name', desc: false }];
const DATA: readonly DataType[] = ['materials', 'materialCategories'];

/** 20 A4 sheets: a print run a tablet builds in seconds; a whole store's labels are printed a search at a time. */
const MOST_LABELS = 480;

/**
 * Asks which materials to label (words of their names; blank for all), then builds the PDF on the
 * device, so labels print offline too. Only materials the server has numbered get a label: one
 * saved offline has a temporary id until it syncs.
 */
async function printLabels(materials: readonly Material[]): Promise<void> {
  const numbered = materials.filter((m) => m.id > 0);
  const term = await openDialog({
    title: 'Print labels',
    message: `A PDF of QR labels, 24 to an A4 sheet (63.5 × 33.9 mm labels), for the materials on this device whose name, brand, size or colour has these words; leave it blank for all ${numbered.length}. At most ${MOST_LABELS} at a time.`,
    okLabel: 'Make the PDF',
    prompt: {
      label: 'Words to look for',
      validate: (value) => {
        const count = materialsMatching(numbered, value).length;
        if (count === 0) return 'No material on this device matches.';
        return count > MOST_LABELS ? `That is ${count} labels: narrow it down to ${MOST_LABELS} at most.` : true;
      },
    },
  });
  if (term === false) return;
  try {
    // pdf-lib and qrcode load only here: the list itself stays light.
    const { downloadLabels } = await import('../../ui/labels');
    await processing.track(downloadLabels(materialsMatching(numbered, term)));
  } catch (error) {
    notify({ type: 'negative', message: `The labels could not be made: ${error instanceof Error ? error.message : String(error)}` });
  }
}

interface MaterialRow {
  id: number;
  name: string;
  category: string;
  unit: string;
  quantity: string;
  reorderLevel: string;
}

function toRows(materials: readonly Material[], categories: readonly MaterialCategory[] | undefined): MaterialRow[] {
  const names = new Map(categories?.map((c) => [c.id, c.name]));
  return materials.map((m) => ({
    id: m.id,
    name: m.name,
    category: names.get(m.category) ?? '',
    unit: labelOf(MATERIAL_UNITS, m.unit),
    quantity: m.quantity,
    reorderLevel: m.reorder_level,
  }));
}

/** The materials list (materials-home), read from the device: the rows the server gave this user. */
export default function MaterialsScreen() {
  const categories = useLiveQuery(() => mirror.rowsOf<MaterialCategory>('materialCategories').orderBy('name').toArray(), []);
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('materials');

  // Reading every row takes seconds at 100,000 materials: the first page comes through the name
  // index first, and only then the read of all rows starts (IndexedDB would queue it behind).
  // Its count comes from the sync's meta: counting the table would walk every row too.
  const userId = useSession().user?.id ?? 0;
  const firstPage = useLiveQuery(
    async () => ({
      rows: await mirror.rowsOf<Material>('materials').orderBy('name').limit(PAGE_SIZE).toArray(),
      count: (await mirror.meta.get(metaKey(userId, 'materials')))?.rowCount ?? 0,
    }),
    [userId],
  );
  const shownFirst = firstPage !== undefined;
  const materials = useLiveQuery(async () => (shownFirst ? await mirror.rowsOf<Material>('materials').toArray() : undefined), [shownFirst]);

  const rows = useMemo(() => materials && toRows(materials, categories), [materials, categories]);
  const preview = useMemo(() => firstPage && { rows: toRows(firstPage.rows, categories), count: firstPage.count }, [firstPage, categories]);

  const columns = useMemo<ColumnDef<MaterialRow, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      {
        id: 'category',
        header: 'Category',
        accessorKey: 'category',
        meta: { filter: { label: 'Category', allLabel: 'All categories', options: (categories ?? []).map((c) => ({ value: c.name, label: c.name })) } },
      },
      { id: 'unit', header: 'Unit', accessorKey: 'unit' },
      // Sorted as numbers, shown as the exact decimal the server sent.
      { id: 'quantity', header: 'Quantity', accessorFn: (r) => Number(r.quantity), cell: ({ row }) => formatIndian(row.original.quantity), meta: { numeric: true } },
      { id: 'reorderLevel', header: 'Reorder level', accessorFn: (r) => Number(r.reorderLevel), cell: ({ row }) => formatIndian(row.original.reorderLevel), meta: { numeric: true } },
    ],
    [categories],
  );

  return (
    <Stack gap="4">
      <Flex align="center" gap="3">
        <Heading size="xl" flex="1">
          Materials
        </Heading>
        <Button variant="outline" disabled={!materials} onClick={() => void printLabels(materials ?? [])}>
          Print labels
        </Button>
        <Button variant="outline" onClick={() => void downloadFromApi('/materials/materials/export_to_excel/', {}, 'materials.xlsx')}>
          Export to Excel
        </Button>
      </Flex>
      <LocalDataTable
        columns={columns}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.id}
        search="Search materials"
        initialSorting={BY_NAME}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        preview={preview}
        empty="No materials."
      />
    </Stack>
  );
}
