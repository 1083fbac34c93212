import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Flex, Heading, Link, Stack } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { REQUISITION_STATES, REQUISITION_TYPES, requisitionState, type RequisitionState } from '../../../domain/requisition';
import { REQUISITION_LISTS } from '../../../domain/requisition-screens';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { useMirrorStatus } from '../../data/mirror/status';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { LocalDataTable } from '../../ui/DataTable';
import { Freshness } from '../../ui/Freshness';
import { useCurrentRoute } from '../../ui/route';
import { STATE_PALETTE, useRequisitions } from './data';

/** business-areas.md §9: requisitions show 50 rows a page. */
const PAGE_SIZE = 50;
const NEWEST_FIRST = [{ id: 'id', desc: true }];
const DATA: readonly DataType[] = ['requisitions', 'requisitionDetails', 'jobOrders', 'customers'];


/** Requisitions made offline (negative temp ids) are the newest of all until the server numbers them. */
const ageRank = (id: number) => (id < 0 ? Number.MAX_SAFE_INTEGER / 2 - id : id);

interface RequisitionRow {
  id: number;
  date: string;
  type: string;
  jobOrder: string;
  customer: string;
  requestedBy: string;
  lines: number;
  state: RequisitionState;
}

/** The requisitions list and its department variants, read from the device. */
export default function RequisitionsScreen() {
  const route = useCurrentRoute();
  const variant = REQUISITION_LISTS[route?.name ?? 'requisitions-home'] ?? REQUISITION_LISTS['requisitions-home']!;
  const { user } = useSession();
  const requisitions = useRequisitions();
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('requisitions');

  const rows = useMemo<RequisitionRow[] | undefined>(
    () =>
      requisitions
        ?.filter(({ requisition }) => !requisition.deleted_at)
        .map(({ requisition, lines }) => ({
          id: requisition.id,
          date: formatDisplayDate(requisition.created_at),
          type: labelOf(REQUISITION_TYPES, requisition.requisition_type),
          jobOrder: requisition.job_order_label ?? '',
          customer: requisition.customer_name ?? '',
          requestedBy: requisition.requested_by_name,
          lines: requisition.requisition_items?.length ?? lines.length,
          state: requisitionState(requisition, lines),
        })),
    [requisitions],
  );

  const columns = useMemo<ColumnDef<RequisitionRow, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'No.',
        accessorKey: 'id',
        sortingFn: (a, b) => ageRank(a.original.id) - ageRank(b.original.id),
        cell: ({ row }) => (
          <Link asChild colorPalette="teal">
            <RouterLink to={pathOf(variant.detail, { id: row.original.id })}>{row.original.id > 0 ? row.original.id : 'New'}</RouterLink>
          </Link>
        ),
      },
      { id: 'date', header: 'Date', accessorKey: 'date', sortingFn: (a, b) => ageRank(a.original.id) - ageRank(b.original.id) },
      { id: 'type', header: 'Type', accessorKey: 'type', meta: { filter: { label: 'Type', allLabel: 'All types', options: REQUISITION_TYPES.map((t) => ({ value: t.label, label: t.label })) } } },
      { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
      { id: 'customer', header: 'Customer', accessorKey: 'customer' },
      { id: 'requestedBy', header: 'Requested by', accessorKey: 'requestedBy' },
      { id: 'lines', header: 'Materials', accessorKey: 'lines', meta: { numeric: true } },
      {
        id: 'state',
        header: 'State',
        accessorFn: (r) => labelOf(REQUISITION_STATES, r.state),
        cell: ({ row }) => <Badge colorPalette={STATE_PALETTE[row.original.state]}>{labelOf(REQUISITION_STATES, row.original.state)}</Badge>,
        meta: { filter: { label: 'State', allLabel: 'All states', options: REQUISITION_STATES.map((s) => ({ value: s.label, label: s.label })) } },
      },
    ],
    [variant.detail],
  );

  return (
    <Stack gap="4">
      <Flex align="center" gap="3">
        <Heading size="xl" flex="1">
          {route?.title ?? 'Requisitions'}
        </Heading>
        {variant.create && can(user, 'requisitions.write') && (
          <Button asChild size="lg">
            <RouterLink to={pathOf(variant.create)}>New requisition</RouterLink>
          </Button>
        )}
      </Flex>
      <LocalDataTable
        columns={columns}
        rows={rows}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.id}
        search="Search requisitions"
        initialSorting={NEWEST_FIRST}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="No requisitions."
      />
    </Stack>
  );
}
