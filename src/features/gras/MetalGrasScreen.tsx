import { useMemo, useState } from 'react';
import type { ColumnDef, Row } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { Switch, Text } from '@chakra-ui/react';
import { SCREEN_DATA } from '../../../domain/data-types';
import type { Department } from '../../../domain/departments';
import type { GraItem, GraListRow } from '../../../domain/gra';
import { materialUnitLabel, type Material } from '../../../domain/material';
import type { RequisitionDetail, RequisitionListRow } from '../../../domain/requisition';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { compare, formatIndian } from '../../../domain/decimal';
import { mirror } from '../../data/mirror/db';
import { LocalListScreen } from '../../ui/LocalListScreen';

/** business-areas.md §9: GRA lists show 15 rows a page. */
const PAGE_SIZE = 15;
const DATA = SCREEN_DATA['metal-gra']!;
const NEWEST_FIRST = [{ id: 'date', desc: true }];
const WORKSHOP: Department = 'metal';

/** A requisition on the device; one made offline carries its lines inside until it syncs. */
type LocalRequisition = Pick<RequisitionListRow, 'id' | 'requested_by_department' | 'deleted_at'> & { requisition_items?: Pick<RequisitionDetail, 'material'>[] };

/** One material received on a GRA. */
interface ReceivedRow {
  key: number;
  graDate: string;
  gra: number;
  vendor: string;
  material: string;
  accepted: string;
  received: string;
  unitLabel: string;
  /** The metal workshop asks for this material on its requisitions. */
  ours: boolean;
}

/** The newest GRA first; the lines of one GRA in the order it lists them. */
const byReceipt = (a: Row<ReceivedRow>, b: Row<ReceivedRow>) =>
  a.original.graDate.localeCompare(b.original.graDate) || a.original.gra - b.original.gra || b.original.key - a.original.key;

const columns: ColumnDef<ReceivedRow, unknown>[] = [
  { id: 'date', header: 'Date', accessorFn: (r) => formatDisplayDate(r.graDate), sortingFn: byReceipt },
  { id: 'gra', header: 'GRA', accessorKey: 'gra' },
  { id: 'vendor', header: 'Vendor', accessorKey: 'vendor' },
  { id: 'material', header: 'Material', accessorKey: 'material' },
  {
    id: 'quantity',
    header: 'Quantity',
    accessorFn: (r) => `${formatIndian(r.accepted)} ${r.unitLabel}`,
    cell: ({ row }) => (
      <>
        {formatIndian(row.original.accepted)} {row.original.unitLabel}
        {row.original.received !== row.original.accepted && (
          <Text as="span" display="block" color="fg.muted" textStyle="xs">
            of {formatIndian(row.original.received)} received
          </Text>
        )}
      </>
    ),
    sortingFn: (a, b) => compare(a.original.accepted, b.original.accepted),
    meta: { numeric: true },
  },
];

/**
 * The goods received for the metal workshop (metal-gra): every line of the GRAs in force whose
 * material the workshop asks for on its requisitions, read from the device so the foreman sees
 * his sheets and pipes have arrived, offline too (docs/decisions.md 131).
 */
function useReceivedGoods(): ReceivedRow[] | undefined {
  return useLiveQuery(async () => {
    const [gras, items, requisitions, details] = await Promise.all([
      mirror.rowsOf<GraListRow>('gras').toArray(),
      mirror.rowsOf<GraItem>('graItems').toArray(),
      mirror.rowsOf<LocalRequisition>('requisitions').toArray(),
      mirror.rowsOf<RequisitionDetail>('requisitionDetails').toArray(),
    ]);
    const inForce = new Map(gras.filter((g) => !g.cancelled_at && !g.deleted_at).map((g) => [g.id, g]));
    const lines = items.filter((line) => !line.deleted_at && inForce.has(line.gra));
    const ours = requisitions.filter((r) => !r.deleted_at && r.requested_by_department === WORKSHOP);
    const ourIds = new Set(ours.map((r) => r.id));
    const asked = new Set([
      ...details.filter((d) => !d.deleted_at && ourIds.has(d.requisition)).map((d) => d.material),
      ...ours.flatMap((r) => (r.requisition_items ?? []).map((line) => line.material)),
    ]);
    const found = (await mirror.rowsOf<Material>('materials').bulkGet([...new Set(lines.map((l) => l.material))])) as (Material | undefined)[];
    const materials = new Map(found.filter((m): m is Material => !!m).map((m) => [m.id, m]));
    return lines.map((line) => {
      const gra = inForce.get(line.gra)!;
      const material = materials.get(line.material);
      return {
        key: line.id,
        graDate: gra.gra_date,
        gra: gra.id,
        vendor: gra.vendor_name,
        material: material?.name ?? `Material ${line.material}`,
        accepted: line.quantity_accepted,
        received: line.quantity_received,
        unitLabel: material ? materialUnitLabel(material.unit) : '',
        ours: asked.has(line.material),
      };
    });
  }, []);
}

export default function MetalGrasScreen() {
  const received = useReceivedGoods();
  const [oursOnly, setOursOnly] = useState(true);
  const rows = useMemo(() => (received && oursOnly ? received.filter((r) => r.ours) : received), [received, oursOnly]);

  return (
    <LocalListScreen
      title="Goods received (GRA)"
      actions={
        <Switch.Root size="lg" checked={oursOnly} onCheckedChange={(e) => setOursOnly(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Only materials metal asks for</Switch.Label>
        </Switch.Root>
      }
      data={DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.key}
      search="Search vendors or materials"
      initialSorting={NEWEST_FIRST}
      empty={oursOnly ? 'No goods received yet for the materials the metal workshop asks for.' : 'No goods received yet.'}
    >
      <Text color="fg.muted">
        {oursOnly
          ? 'What stores received (accepted into stock) for the materials the metal workshop has asked for on its requisitions, newest first.'
          : 'Everything stores received (accepted into stock), newest first.'}
      </Text>
    </LocalListScreen>
  );
}
