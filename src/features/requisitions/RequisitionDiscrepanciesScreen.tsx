import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Link, Stack, Text } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { lineDiscrepancy, REQUISITION_DISCREPANCIES, requisitionState, type RequisitionDiscrepancy } from '../../../domain/requisition';
import { pathOf } from '../../../domain/routes';
import { approximateNumber, formatIndian, sub, toQuantity } from '../../../domain/decimal';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { useJobOrdersOpen, useRequisitions } from './data';
import { badgeColumn } from '../../ui/badge-column';

/** business-areas.md §9: requisition lists show 50 rows a page. */
const PAGE_SIZE = 50;
const NEWEST_FIRST = [{ id: 'requisition', desc: true }];
const DATA: readonly DataType[] = ['requisitions', 'requisitionDetails', 'jobOrders'];

const PALETTE: Readonly<Record<RequisitionDiscrepancy, string>> = { 'closed-short': 'orange', 'job-order-ended': 'red', 'reserved-not-issued': 'purple' };

interface DiscrepancyRow {
  key: number;
  requisition: number;
  jobOrder: string;
  material: string;
  asked: string;
  issued: string;
  short: string;
  reserved: string;
  kind: RequisitionDiscrepancy;
}

const quantity = (id: keyof DiscrepancyRow & ('asked' | 'issued' | 'short' | 'reserved'), header: string): ColumnDef<DiscrepancyRow, unknown> => ({
  id,
  header,
  accessorFn: (r) => approximateNumber(r[id]),
  cell: ({ row }) => formatIndian(row.original[id]),
  meta: { numeric: true },
});

const columns: ColumnDef<DiscrepancyRow, unknown>[] = [
  {
    id: 'requisition',
    header: 'Requisition',
    accessorKey: 'requisition',
    cell: ({ row }) => (
      <Link asChild colorPalette="teal">
        <RouterLink to={pathOf('requisition-detail', { id: row.original.requisition })}>{row.original.requisition}</RouterLink>
      </Link>
    ),
  },
  { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
  { id: 'material', header: 'Material', accessorKey: 'material' },
  quantity('asked', 'Asked'),
  quantity('issued', 'Issued'),
  quantity('short', 'Not issued'),
  quantity('reserved', 'Reserved'),
  badgeColumn({ id: 'kind', header: 'Discrepancy', allLabel: 'All discrepancies', options: REQUISITION_DISCREPANCIES, palette: PALETTE, value: (r) => r.kind }),
];

/**
 * Requisition discrepancies (prod-req-discrepancies): the lines where what was asked and what
 * stores gave part ways, read from the device, so it works on the shop floor offline too.
 */
export default function RequisitionDiscrepanciesScreen() {
  const requisitions = useRequisitions();
  const jobOrdersOpen = useJobOrdersOpen(true);

  const found = useMemo(() => {
    if (!requisitions || !jobOrdersOpen) return undefined;
    return requisitions.flatMap(({ requisition, lines }) => {
      const state = requisitionState(requisition, lines);
      // A job order not on the device is not known to have ended.
      const open = requisition.job_order === null || (jobOrdersOpen.get(requisition.job_order) ?? true);
      return lines.flatMap((line) => {
        const kind = lineDiscrepancy(state, line, open);
        return kind ? [{ requisition, line, kind }] : [];
      });
    });
  }, [requisitions, jobOrdersOpen]);

  const rows = useMemo<DiscrepancyRow[] | undefined>(
    () =>
      found
        ? found.map(({ requisition, line, kind }) => ({
            key: line.id,
            requisition: requisition.id,
            jobOrder: requisition.job_order_label ?? '',
            material: line.material_name,
            asked: line.quantity,
            issued: line.quantity_issued,
            short: toQuantity(sub(line.quantity, line.quantity_issued)),
            reserved: line.quantity_reserved,
            kind,
          }))
        : undefined,
    [found],
  );

  return (
    <LocalListScreen
      title="Requisition discrepancies"
      data={DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.key}
      search="Search requisitions, job orders or materials"
      initialSorting={NEWEST_FIRST}
      empty="No discrepancies: every requisition got what it asked for."
    >
      <Stack gap="1">
        {REQUISITION_DISCREPANCIES.map((d) => (
          <Text key={d.value} color="fg.muted">
            <Badge colorPalette={PALETTE[d.value]} mr="2">
              {d.label}
            </Badge>
            {d.note}
          </Text>
        ))}
      </Stack>
    </LocalListScreen>
  );
}
