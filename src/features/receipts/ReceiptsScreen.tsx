import { useMemo } from 'react';
import type { ColumnDef, Row } from '@tanstack/react-table';
import { useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import { compare, formatIndian } from '../../../domain/decimal';
import { can } from '../../../domain/permissions';
import { RECEIPT_MODES, type ReceiptView } from '../../../domain/receipt';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { useSession } from '../../data/session';
import { DayFilter } from '../../ui/DayFilter';
import { FilterSelect, useAddressFilters } from '../../ui/DataTable';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { RowLink } from '../../ui/RowLink';
import { Failure } from '../../ui/detail';
import { RECEIPT_FAILURES } from './api';
import { modeLabel, RECEIPT_DATA, useReceiptRoutes, useReceipts } from './parts';
import { ReceiptForm } from './ReceiptForm';

const PAGE_SIZE = 15;
const FILTERS = ['customer', 'mode', 'from', 'to'] as const;
/** The address says the form is open (an invoice's "Record receipt" link opens it with `customer` and `invoice`). */
const RECORDING = 'record';
const MODE_OPTIONS = RECEIPT_MODES.map(({ value, label }) => ({ value, label }));
const NEWEST_FIRST = [{ id: 'receipt_date', desc: true }];

/** Newest first: by date, then by the order they were recorded in. */
const byDate = (a: Row<ReceiptView>, b: Row<ReceiptView>) => a.original.receipt_date.localeCompare(b.original.receipt_date) || a.original.id - b.original.id;
const byMoney = (key: 'amount' | 'allocated_amount' | 'unallocated_amount') => (a: Row<ReceiptView>, b: Row<ReceiptView>) => compare(a.original[key], b.original[key]);
const money = (key: 'amount' | 'allocated_amount' | 'unallocated_amount', header: string): ColumnDef<ReceiptView, unknown> => ({ id: key, header, accessorFn: (row) => formatIndian(row[key]), sortingFn: byMoney(key), meta: { numeric: true } });

/**
 * receipts-home and accounts-receipts: the receipts the device holds, newest first, 15 a page,
 * narrowed by customer, mode and a date range (kept in the address); "Record receipt" opens the
 * form above the list for those who may record one.
 */
export default function ReceiptsScreen() {
  const { user } = useSession();
  const routes = useReceiptRoutes();
  const [search, setSearch] = useSearchParams();
  const [filters, choose] = useAddressFilters(FILTERS);
  const loadError = useMirrorStatus(RECEIPT_DATA).error;
  const all = useReceipts();
  const customers = useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
  const mayRecord = can(user, 'receipts.write');
  const recording = mayRecord && (search.has(RECORDING) || search.has('invoice'));
  const setRecording = (open: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(RECORDING, '1');
        else for (const name of [RECORDING, 'invoice']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const rows = useMemo(
    () =>
      all?.filter(
        (r) =>
          (!filters.customer || String(r.customer) === filters.customer) &&
          (!filters.mode || r.mode === filters.mode) &&
          (!filters.from || r.receipt_date >= filters.from) &&
          (!filters.to || r.receipt_date <= filters.to),
      ),
    [all, filters],
  );
  const columns = useMemo<ColumnDef<ReceiptView, unknown>[]>(
    () => [
      { id: 'id', header: 'No.', accessorKey: 'id' },
      { id: 'receipt_date', header: 'Date', accessorKey: 'receipt_date', sortingFn: byDate, cell: ({ row }) => formatDisplayDate(row.original.receipt_date) },
      { id: 'customer', header: 'Customer', accessorKey: 'customer_name' },
      money('amount', 'Amount (₹)'),
      { id: 'mode', header: 'Mode', accessorFn: (row) => modeLabel(row.mode) },
      { id: 'reference', header: 'Reference', accessorKey: 'reference' },
      money('allocated_amount', 'Allocated'),
      money('unallocated_amount', 'Unallocated'),
      {
        id: 'job_order',
        header: 'Job order',
        accessorFn: (row) => row.job_order ?? '',
        cell: ({ row }) => (row.original.job_order === null ? '' : <RowLink to={pathOf(routes.job, { jobOrderId: row.original.job_order })}>{row.original.job_order}</RowLink>),
      },
    ],
    [routes.job],
  );
  return (
    <LocalListScreen
      title="Receipts"
      data={RECEIPT_DATA}
      actions={
        mayRecord &&
        !recording && (
          <Button size="lg" minH="11" onClick={() => setRecording(true)}>
            Record receipt
          </Button>
        )
      }
      columns={columns}
      rows={rows}
      pageSize={PAGE_SIZE}
      rowKey={(r) => r.id}
      search="Search receipts"
      initialSorting={NEWEST_FIRST}
      empty={all?.length ? 'No receipts match.' : 'No receipts.'}
    >
      {recording && <ReceiptForm customer={Number(search.get('customer')) || null} invoice={Number(search.get('invoice')) || null} onDone={() => setRecording(false)} />}
      {loadError && <Failure text={`${RECEIPT_FAILURES.list}: ${loadError}`} />}
      <Wrap gap="3" align="end">
        <FilterSelect label="Customer" allLabel="All customers" value={filters.customer} options={customers ?? []} onChange={(value) => choose('customer', value)} />
        <FilterSelect label="Mode" allLabel="All modes" value={filters.mode} options={MODE_OPTIONS} onChange={(value) => choose('mode', value)} />
        <DayFilter label="From" value={filters.from} onChange={(iso) => choose('from', iso)} />
        <DayFilter label="To" value={filters.to} onChange={(iso) => choose('to', iso)} />
      </Wrap>
    </LocalListScreen>
  );
}
