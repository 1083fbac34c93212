import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, Link, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { materialUnitLabel, type Material, type MaterialCategory } from '../../../domain/material';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import { approximateNumber, formatIndian } from '../../../domain/decimal';
import { mirror, type MirrorRow } from '../../data/mirror/db';
import { queryMirror, type MirrorList } from '../../data/mirror/query';
import { useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { openDialog } from '../../ui/dialog';
import { downloadFromApi } from '../../ui/download';
import { Freshness } from '../../ui/Freshness';
import { MirrorDataTable, type MirrorFilter, type ShownRows } from '../../ui/MirrorDataTable';
import { notify } from '../../ui/notify';
import { processing } from '../../data/processing';
import { API } from '../../../domain/api-paths';

const DATA: readonly DataType[] = ['materials', 'materialCategories'];

/** 20 A4 sheets: a print run a tablet builds in seconds; a whole store's labels are printed a search at a time. */
const MOST_LABELS = 480;

/**
 * Labels for the materials the list shows (its search and filters), built on the device as a PDF,
 * so labels print offline too. Only materials the server has numbered get one: a material saved
 * offline has a temporary id until it syncs.
 */
async function printLabels({ query, count }: ShownRows & { count: number }): Promise<void> {
  if (count > MOST_LABELS) {
    notify({ type: 'warning', message: `The list shows ${formatCount(count)} materials: search or filter it down to ${MOST_LABELS} at most to print their labels.` });
    return;
  }
  const listed = (await queryMirror('materials', { ...query, offset: 0, limit: MOST_LABELS })).rows as unknown as Material[];
  const numbered = listed.filter((m) => m.id > 0);
  if (numbered.length === 0) {
    notify({ type: 'info', message: 'None of the materials listed has been saved on the server yet, so none has a label.' });
    return;
  }
  const go = await openDialog({
    title: 'Print labels',
    message: `A PDF of QR labels for the ${formatCount(numbered.length)} materials listed, 24 to an A4 sheet (63.5 × 33.9 mm labels).`,
    okLabel: 'Make the PDF',
  });
  if (!go) return;
  try {
    // pdf-lib and qrcode load only here: the list itself stays light.
    const { downloadLabels } = await import('../../ui/labels');
    await processing.track(downloadLabels(numbered));
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

/** The page's materials with their category names, looked up on the device. */
async function toRows(rows: MirrorRow[]): Promise<MaterialRow[]> {
  const materials = rows as unknown as Material[];
  const categories = await mirror.rowsOf<MaterialCategory>('materialCategories').bulkGet([...new Set(materials.map((m) => m.category))]);
  const names = new Map(categories.filter((c) => c !== undefined).map((c) => [c.id, c.name]));
  return materials.map((m) => ({
    id: m.id,
    name: m.name,
    category: names.get(m.category) ?? '',
    unit: materialUnitLabel(m.unit),
    quantity: m.quantity,
    reorderLevel: m.reorder_level,
  }));
}

/** business-areas.md §9: 15 rows a page for materials; by name. */
export const list: MirrorList<MaterialRow> = { type: 'materials', sort: { field: 'name', desc: false }, pageSize: 15, select: toRows };

const columns: ColumnDef<MaterialRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorKey: 'name',
    cell: ({ row }) => (
      <Link asChild colorPalette="teal">
        <RouterLink to={pathOf('material-detail', { id: row.original.id })}>{row.original.name}</RouterLink>
      </Link>
    ),
  },
  { id: 'category', header: 'Category', accessorKey: 'category' },
  { id: 'unit', header: 'Unit', accessorKey: 'unit' },
  // Sorted as numbers (the numbers index), shown as the exact decimal the server sent.
  { id: 'quantity', header: 'Quantity', accessorFn: (r) => approximateNumber(r.quantity), cell: ({ row }) => formatIndian(row.original.quantity), meta: { numeric: true } },
  { id: 'reorder_level', header: 'Reorder level', accessorFn: (r) => approximateNumber(r.reorderLevel), cell: ({ row }) => formatIndian(row.original.reorderLevel), meta: { numeric: true } },
];

/** The materials list (materials-home), read from the device a page at a time: the rows the server gave this user. */
export default function MaterialsScreen() {
  const { user } = useSession();
  const categories = useLiveQuery(() => mirror.rowsOf<MaterialCategory>('materialCategories').orderBy('name').toArray(), []);
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('materials');
  const filters = useMemo<MirrorFilter[]>(
    () => [{ field: 'category', label: 'Category', allLabel: 'All categories', options: (categories ?? []).map((c) => ({ value: c.id, label: c.name })) }],
    [categories],
  );

  return (
    <Stack gap="4">
      <Flex align="center" gap="3">
        <Heading size="xl" flex="1">
          Materials
        </Heading>
        {can(user, 'materials.create') && (
          <Button asChild>
            <RouterLink to={pathOf('material-create')}>New material</RouterLink>
          </Button>
        )}
        <Button variant="outline" onClick={() => void downloadFromApi(API.materialReports.exportToExcel, {}, 'materials.xlsx')}>
          Export to Excel
        </Button>
      </Flex>
      <MirrorDataTable
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        search="Search materials"
        filters={filters}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="No materials."
        actions={(shown) => (
          <Button variant="outline" disabled={!shown.count} onClick={() => shown.count && void printLabels({ ...shown, count: shown.count })}>
            Print labels
          </Button>
        )}
      />
    </Stack>
  );
}
