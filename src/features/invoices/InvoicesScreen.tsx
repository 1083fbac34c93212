import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, HStack, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import { compare, formatIndian } from '../../../domain/decimal';
import { INVOICE_PAGE_SIZE, INVOICE_STATUSES, type InvoiceListRow } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import type { DataType } from '../../../domain/data-types';
import { mirror } from '../../data/mirror/db';
import { useMirrorStatus } from '../../data/mirror/status';
import { useSession } from '../../data/session';
import { FilterSelect, useAddressFilters } from '../../ui/DataTable';
import { byAge, LocalListScreen } from '../../ui/LocalListScreen';
import { RowLink } from '../../ui/RowLink';
import { selectionColumn, useSelection } from '../../ui/selection';
import { Failure } from '../../ui/detail';
import { INVOICE_FAILURES } from './api';
import { InvoiceBulkBar } from './InvoiceBulkBar';
import { INVOICE_DATA, invoiceNumberOf, invoiceTitle, OverdueBadge, overdueDays } from './parts';
import { InvoiceStatusBadge } from '../../ui/InvoiceStatusBadge';

/** A row as the list shows it: overdue worked out on today's business day. */
type ShownRow = InvoiceListRow & { overdue_days: number };

const LIST_DATA: readonly DataType[] = ['invoices'];
const NEWEST_FIRST = [{ id: 'number', desc: true }];
const FILTERS = ['status', 'customer', 'overdue'] as const;
const STATUS_OPTIONS = INVOICE_STATUSES.map(({ value, label }) => ({ value, label }));
const OVERDUE_OPTIONS = [
  { value: 'true', label: 'Overdue' },
  { value: 'false', label: 'Not overdue' },
];

const byMoney = (key: 'total_amount' | 'outstanding_amount') => (a: { original: ShownRow }, b: { original: ShownRow }) => compare(a.original[key], b.original[key]);

const COLUMNS: ColumnDef<ShownRow, unknown>[] = [
  {
    id: 'number',
    header: 'Invoice No.',
    accessorFn: (row) => invoiceNumberOf(row),
    sortingFn: byAge,
    cell: ({ row }) => <RowLink to={pathOf('invoice-detail', { id: row.original.id })}>{invoiceNumberOf(row.original)}</RowLink>,
  },
  { id: 'customer', header: 'Customer', accessorKey: 'customer_name' },
  { id: 'invoice_date', header: 'Invoice date', accessorKey: 'invoice_date', cell: ({ row }) => formatDisplayDate(row.original.invoice_date) },
  {
    id: 'due_date',
    header: 'Due date',
    accessorKey: 'due_date',
    cell: ({ row }) => (
      <HStack gap="2" justify="inherit" wrap="wrap">
        <span>{formatDisplayDate(row.original.due_date)}</span>
        <OverdueBadge days={row.original.overdue_days} />
      </HStack>
    ),
  },
  { id: 'total_amount', header: 'Total (₹)', accessorFn: (row) => formatIndian(row.total_amount), sortingFn: byMoney('total_amount'), meta: { numeric: true } },
  { id: 'outstanding_amount', header: 'Outstanding (₹)', accessorFn: (row) => formatIndian(row.outstanding_amount), sortingFn: byMoney('outstanding_amount'), meta: { numeric: true } },
  { id: 'status', header: 'Status', accessorFn: (row) => labelOf(INVOICE_STATUSES, row.status), cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} /> },
];

/**
 * invoices-home: the invoices the device holds, newest first, 15 a page, narrowed by status,
 * customer and overdue (kept in the address, so Back from an invoice keeps them) and a search;
 * New invoice for those who may raise one; invoices chosen by their boxes (a page at a time from
 * the header's) are approved, sent, cancelled or printed together, and the filtered list exported.
 */
export default function InvoicesScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [filters, choose] = useAddressFilters(FILTERS);
  // The device's copy failed to update: said in the spec's words, the rows it holds still shown.
  const loadError = useMirrorStatus(LIST_DATA).error;
  const all = useLiveQuery(async () => (await mirror.rowsOf<InvoiceListRow>('invoices').toArray()).filter((i) => !i.deleted_at).map((i): ShownRow => ({ ...i, overdue_days: overdueDays(i) })), []);
  const customers = useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
  const selection = useSelection();
  const columns = useMemo(() => [selectionColumn<ShownRow>(selection, INVOICE_PAGE_SIZE, (i) => i.id, invoiceTitle), ...COLUMNS], [selection]);
  // The export takes the filters the screen applies, as the list's own query parameters.
  const exportFilters = useMemo(() => Object.fromEntries(Object.entries({ status: filters.status, customer: filters.customer, is_overdue: filters.overdue }).filter(([, v]) => v)), [filters]);
  const rows = useMemo(
    () =>
      all?.filter(
        (i) =>
          (!filters.status || i.status === filters.status) &&
          (!filters.customer || String(i.customer) === filters.customer) &&
          (!filters.overdue || (i.overdue_days > 0) === (filters.overdue === 'true')),
      ),
    [all, filters],
  );
  return (
    <LocalListScreen
      title="Invoices"
      data={INVOICE_DATA}
      actions={
        can(user, 'invoices.write') && (
          <Button size="lg" minH="11" onClick={() => navigate(pathOf('invoice-create'))}>
            New invoice
          </Button>
        )
      }
      columns={columns}
      rows={rows}
      pageSize={INVOICE_PAGE_SIZE}
      rowKey={(i) => i.id}
      search="Search invoices"
      initialSorting={NEWEST_FIRST}
      empty={all?.length ? 'No invoices match.' : 'No invoices.'}
    >
      {loadError && <Failure text={`${INVOICE_FAILURES.list}: ${loadError}`} />}
      <Wrap gap="3" align="end">
        <FilterSelect label="Status" allLabel="All statuses" value={filters.status} options={STATUS_OPTIONS} onChange={(value) => choose('status', value)} />
        <FilterSelect label="Customer" allLabel="All customers" value={filters.customer} options={customers ?? []} onChange={(value) => choose('customer', value)} />
        <FilterSelect label="Overdue" allLabel="Overdue or not" value={filters.overdue} options={OVERDUE_OPTIONS} onChange={(value) => choose('overdue', value)} />
      </Wrap>
      <InvoiceBulkBar user={user} rows={all} selection={selection} filters={exportFilters} />
    </LocalListScreen>
  );
}
