import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import type { DataType } from '../../../domain/data-types';
import type { Material } from '../../../domain/material';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { approximateNumber, formatIndian } from '../../../domain/decimal';
import { STOCK_TRANSACTION_STATUSES, STOCK_TRANSACTION_TYPES, stockTransactionReverseSchema, type StockTransaction } from '../../../domain/stock';
import { api } from '../../data/api';
import { mirror, type MirrorRow } from '../../data/mirror/db';
import type { MirrorList } from '../../data/mirror/query';
import { useMirrorStatus } from '../../data/mirror/status';
import { useOnline } from '../../data/online';
import { usePendingIds } from '../../data/outbox';
import { reloadData } from '../../data/preload';
import { useSession } from '../../data/session';
import { openDialog } from '../../ui/dialog';
import { MirrorDataTable, type MirrorFilter } from '../../ui/MirrorDataTable';
import { Freshness } from '../../ui/Freshness';
import { jobOrderLabelsOf } from '../../ui/entity-labels';
import { serverFailure } from '../../ui/connection';
import { notify } from '../../ui/notify';
import { NETWORK_ERROR_MESSAGE } from '../../ui/server-errors';
import { API } from '../../../domain/api-paths';

const DATA: readonly DataType[] = ['stockTransactions', 'materials'];

interface LedgerRow {
  id: number;
  date: string;
  material: string;
  type: string;
  quantity: string;
  requisition: number | null;
  /** The job order's "id - date" label. */
  jobOrder: string;
  status: string;
  reversed: boolean;
  /** A reversing entry, which is never reversed itself. */
  reversing: boolean;
}

const FILTERS: readonly MirrorFilter[] = [{ field: 'transaction_type', label: 'Type', allLabel: 'All types', options: STOCK_TRANSACTION_TYPES }];

const columns: ColumnDef<LedgerRow, unknown>[] = [
  { id: 'transaction_date', header: 'Date', accessorKey: 'date', cell: ({ row }) => formatDisplayDate(row.original.date) },
  { id: 'material', header: 'Material', accessorKey: 'material' },
  { id: 'type', header: 'Type', accessorKey: 'type' },
  // Signed as in the ledger: what came in is positive, what went out negative.
  { id: 'quantity', header: 'Quantity', accessorFn: (r) => approximateNumber(r.quantity), cell: ({ row }) => formatIndian(row.original.quantity), meta: { numeric: true } },
  { id: 'requisition', header: 'Requisition', accessorKey: 'requisition' },
  { id: 'jobOrder', header: 'Job order', accessorKey: 'jobOrder' },
  {
    id: 'status',
    header: 'Status',
    accessorKey: 'status',
    cell: ({ row }) => (
      <>
        {row.original.status}
        {row.original.reversed && (
          <Badge ms="2" colorPalette="gray">
            Reversed
          </Badge>
        )}
      </>
    ),
  },
];

/** The page's ledger rows with their materials' names and job orders' labels, looked up on the device. */
async function toRows(rows: MirrorRow[]): Promise<LedgerRow[]> {
  const ledger = rows as unknown as StockTransaction[];
  const [materials, jobOrders] = await Promise.all([
    mirror.rowsOf<Material>('materials').bulkGet([...new Set(ledger.map((t) => t.material))]),
    jobOrderLabelsOf(ledger.map((t) => t.job_order)),
  ]);
  const names = new Map(materials.filter((m) => m !== undefined).map((m) => [m.id, m.name]));
  return ledger.map((t) => ({
    id: t.id,
    date: t.transaction_date,
    material: names.get(t.material) ?? `Material ${t.material}`,
    type: labelOf(STOCK_TRANSACTION_TYPES, t.transaction_type),
    quantity: t.quantity,
    requisition: t.requisition,
    jobOrder: t.job_order === null ? '' : jobOrders.get(t.job_order)!,
    status: labelOf(STOCK_TRANSACTION_STATUSES, t.status),
    reversed: t.reversed_by !== null,
    reversing: t.reverses !== null,
  }));
}

export const REVERSED = 'Transaction reversed.';

/** A stores manager's reversal: a reversing entry on the server, with the reason it keeps. */
async function reverse(row: LedgerRow): Promise<void> {
  const reason = await openDialog({
    title: 'Reverse this transaction?',
    message: `A reversing entry cancels ${row.type.toLowerCase()} ${row.quantity} of ${row.material}; both stay in the ledger with your reason.`,
    okLabel: 'Reverse',
    type: 'negative',
    prompt: { label: 'Reason', validate: (v) => stockTransactionReverseSchema.safeParse({ reason: v }).error?.issues[0]?.message ?? true },
  });
  if (reason === false) return;
  try {
    await api.delete(API.stockTransactions.detail(row.id), { data: { reason } });
    notify({ type: 'positive', message: REVERSED });
    await reloadData(DATA);
  } catch (error) {
    notify({ type: 'negative', message: serverFailure(error, NETWORK_ERROR_MESSAGE) });
  }
}

/** business-areas.md §9: stock lists show 15 rows a page; newest first. */
export const list: MirrorList<LedgerRow> = { type: 'stockTransactions', sort: { field: 'transaction_date', desc: true }, pageSize: 15, select: toRows };

/** The stock ledger as stores reads it (stock-transactions-home), from the device a page at a time. */
export default function StockTransactionsScreen() {
  const { user } = useSession();
  const status = useMirrorStatus(DATA);
  const pending = usePendingIds('stockTransactions');
  const online = useOnline();
  // Reversing needs the server (it checks stock and the line) and a stores manager.
  const reverses = can(user, 'stock.reverse') && online;
  const shown = useMemo<ColumnDef<LedgerRow, unknown>[]>(
    () =>
      reverses
        ? [
            ...columns,
            {
              id: 'reverse',
              header: '',
              enableSorting: false,
              cell: ({ row }) =>
                row.original.id > 0 && !row.original.reversed && !row.original.reversing ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => void reverse(row.original)}>
                    Reverse
                  </Button>
                ) : null,
            },
          ]
        : columns,
    [reverses],
  );
  return (
    <Stack gap="4">
      <Flex align="center" gap="3">
        <Heading size="xl" flex="1">
          Stock transactions
        </Heading>
        {can(user, 'stock.write') && (
          <Button asChild>
            <RouterLink to={pathOf('stock-transaction-create')}>New stock transaction</RouterLink>
          </Button>
        )}
      </Flex>
      <MirrorDataTable
        list={list}
        columns={shown}
        rowKey={(r) => r.id}
        search="Search by material"
        filters={FILTERS}
        note={<Freshness {...status} pending={pending.size} onRefresh={() => void reloadData(DATA)} />}
        pending={pending}
        empty="No stock transactions."
      />
    </Stack>
  );
}
