import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Text } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { inStoresQueue, REQUISITION_STATES, REQUISITION_TYPES, requisitionState, type RequisitionState } from '../../../domain/requisition';
import { ENDED_REQUISITION_LISTS, REQUISITION_LISTS } from '../../../domain/requisition-screens';
import { pathOf, routeByName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { useCurrentRoute } from '../../ui/route';
import { STATE_PALETTE, useJobOrdersOpen, useRequisitions } from './data';
import { badgeColumn } from '../../ui/badge-column';

/** business-areas.md §9: requisitions show 50 rows a page. */
const PAGE_SIZE = 50;
const NEWEST_FIRST = [{ id: 'id', desc: true }];
const DATA: readonly DataType[] = ['requisitions', 'requisitionDetails', 'jobOrders', 'customers'];

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
  const jobOrdersOpen = useJobOrdersOpen(!!variant.storesQueue);
  const pending = usePendingIds('requisitions');

  const rows = useMemo<RequisitionRow[] | undefined>(() => {
    if (!requisitions || !jobOrdersOpen) return undefined;
    // A job order not on the device is not known to be closed: its requisition stays in the queue.
    const open = (jobOrder: number | null) => jobOrder === null || (jobOrdersOpen.get(jobOrder) ?? true);
    return requisitions
      .filter(({ requisition }) => !requisition.deleted_at)
      .map(({ requisition, lines }) => ({ requisition, lines, state: requisitionState(requisition, lines) }))
      .filter(({ requisition, state }) => !variant.storesQueue || inStoresQueue(state, requisition.requisition_type, open(requisition.job_order)))
      .map(({ requisition, lines, state }) => ({
        id: requisition.id,
        date: formatDisplayDate(requisition.created_at),
        type: labelOf(REQUISITION_TYPES, requisition.requisition_type),
        jobOrder: requisition.job_order_label ?? '',
        customer: requisition.customer_name ?? '',
        requestedBy: requisition.requested_by_name,
        lines: requisition.requisition_items?.length ?? lines.length,
        state,
      }));
  }, [requisitions, jobOrdersOpen, variant.storesQueue]);

  const columns = useMemo<ColumnDef<RequisitionRow, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'No.',
        accessorKey: 'id',
        sortingFn: byAge,
        cell: ({ row }) => (
          <Link asChild colorPalette="teal">
            <RouterLink to={pathOf(variant.detail, { id: row.original.id })}>{row.original.id > 0 ? row.original.id : 'New'}</RouterLink>
          </Link>
        ),
      },
      { id: 'date', header: 'Date', accessorKey: 'date', sortingFn: byAge },
      { id: 'type', header: 'Type', accessorKey: 'type', meta: { filter: { label: 'Type', allLabel: 'All types', options: REQUISITION_TYPES.map((t) => ({ value: t.label, label: t.label })) } } },
      { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
      { id: 'customer', header: 'Customer', accessorKey: 'customer' },
      { id: 'requestedBy', header: 'Requested by', accessorKey: 'requestedBy' },
      { id: 'lines', header: 'Materials', accessorKey: 'lines', meta: { numeric: true } },
      badgeColumn({ id: 'state', header: 'State', allLabel: 'All states', options: REQUISITION_STATES, palette: STATE_PALETTE, value: (r) => r.state }),
    ],
    [variant.detail],
  );

  return (
    <LocalListScreen
      title={route?.title ?? 'Requisitions'}
      actions={
        <>
          {ENDED_REQUISITION_LISTS.map((name) => (
            <Button key={name} asChild size="lg" variant="outline">
              <RouterLink to={pathOf(name)}>{routeByName(name).title}</RouterLink>
            </Button>
          ))}
          {variant.create && can(user, 'requisitions.write') && (
            <Button asChild size="lg">
              <RouterLink to={pathOf(variant.create)}>New requisition</RouterLink>
            </Button>
          )}
        </>
      }
      data={DATA}
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.id}
      search="Search requisitions"
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty={variant.storesQueue ? 'Nothing waiting for stores.' : 'No requisitions.'}
    >
      {variant.storesQueue && <Text color="fg.muted">What stores may issue against now, the newest first: re-work and shortfall once approved, nothing for closed job orders. The longest waiting are on the stores dashboard.</Text>}
    </LocalListScreen>
  );
}
