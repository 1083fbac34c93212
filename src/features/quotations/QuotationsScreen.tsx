import { useMemo } from 'react';
import type { ColumnDef, Row } from '@tanstack/react-table';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Field, Input, Link, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import type { DataType } from '../../../domain/data-types';
import { compare, formatIndian } from '../../../domain/decimal';
import { can } from '../../../domain/permissions';
import { quotationReference, type QuotationListRow } from '../../../domain/quotation';
import { pathOf, type RouteName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import { mirror } from '../../data/mirror/db';
import { usePendingIds } from '../../data/outbox';
import { useSession } from '../../data/session';
import { FilterSelect, secondary, useAddressFilters } from '../../ui/DataTable';
import { DayFilter } from '../../ui/DayFilter';
import { userLabel } from '../../ui/entity-labels';
import { LocalListScreen } from '../../ui/LocalListScreen';
import { useCurrentRoute } from '../../ui/route';
import { matchesQuotationFilters, optionsAmong, QUOTATION_FILTERS, useQuotationsOnDevice } from './data';
import { QUOTATION_PAGE_SIZE } from './api';
import { useQuotationScreens } from './routes';
import { QuotationStatusBadge } from '../../ui/QuotationStatusBadge';

const DATA: readonly DataType[] = ['quotations', 'customers'];
type KnownUser = Pick<User, 'id' | 'first_name' | 'last_name' | 'username'>;
const NEWEST_FIRST = [{ id: 'number', desc: true }];

/** Quotations made on the device (negative temp ids, no number yet) are the newest until the server numbers them. */
const ageRank = (q: QuotationListRow) => (q.id < 0 ? Number.MAX_SAFE_INTEGER / 2 - q.id : (q.number ?? 0));
const byNumber = (a: Row<QuotationListRow>, b: Row<QuotationListRow>) => ageRank(a.original) - ageRank(b.original);

const columnsFor = (detail: RouteName, users: readonly KnownUser[]): ColumnDef<QuotationListRow, unknown>[] => [
  {
    id: 'number',
    header: 'No.',
    accessorFn: (q) => q.number ?? 0,
    sortingFn: byNumber,
    cell: ({ row }) => (
      <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center" fontWeight="semibold">
        <RouterLink to={pathOf(detail, { id: row.original.id })}>{row.original.number ? quotationReference(row.original) : 'New'}</RouterLink>
      </Link>
    ),
  },
  { id: 'quotation_date', header: 'Date', accessorKey: 'quotation_date', cell: ({ row }) => formatDisplayDate(row.original.quotation_date) },
  { id: 'customer', header: 'Customer', accessorFn: (q) => q.customer_name ?? '' },
  { id: 'subject', header: 'Subject', accessorKey: 'subject' },
  secondary({ id: 'sales_exec', header: 'Sales executive', accessorFn: (q) => userLabel(q.sales_exec, users, q.sales_exec_name) }),
  secondary({ id: 'monarch_entity', header: 'Entity', accessorKey: 'monarch_entity' }),
  { id: 'total_amount', header: 'Total', meta: { numeric: true }, accessorKey: 'total_amount', sortingFn: (a, b) => compare(a.original.total_amount, b.original.total_amount), cell: ({ row }) => formatIndian(row.original.total_amount) },
  { id: 'status', header: 'Status', accessorKey: 'status', cell: ({ row }) => <QuotationStatusBadge status={row.original.status} /> },
];

function NumberFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root maxW="36">
      <Field.Label>{label}</Field.Label>
      <Input size="lg" inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />
    </Field.Root>
  );
}

/**
 * The quotations (quotations-home, and sales-quotations in the sales layout), read from the device
 * so the list answers offline: newest number first, 15 a page, narrowed on the device by the
 * filters of filter_quotations/ (kept in the address, so Back from a quotation keeps them).
 * Quotations made on the device and not yet on the server carry the pending badge.
 */
export default function QuotationsScreen() {
  const route = useCurrentRoute();
  const screens = useQuotationScreens();
  const navigate = useNavigate();
  const { user, users } = useSession();
  const all = useQuotationsOnDevice();
  const customers = useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
  const pending = usePendingIds('quotations');
  const [filters, choose] = useAddressFilters(QUOTATION_FILTERS);
  const rows = useMemo(() => all?.filter((q) => matchesQuotationFilters(q, filters)), [all, filters]);
  const known = useMemo(() => [...(users ?? []), ...(user ? [user] : [])], [users, user]);
  const columns = useMemo(() => columnsFor(screens.detail, known), [screens.detail, known]);
  const executives = useMemo(() => optionsAmong(all ?? [], (q) => String(q.sales_exec), (q) => userLabel(q.sales_exec, known, q.sales_exec_name)), [all, known]);
  const entities = useMemo(() => optionsAmong(all ?? [], (q) => q.monarch_entity, (q) => q.monarch_entity), [all]);
  return (
    <LocalListScreen
      title={route?.title ?? 'Quotations'}
      data={DATA}
      actions={
        <>
          <Button size="lg" minH="11" variant="ghost" onClick={() => navigate(pathOf('quotations-cancelled'))}>
            Cancelled quotations
          </Button>
          {can(user, 'quotations.write') && (
            <Button size="lg" minH="11" colorPalette="teal" onClick={() => navigate(pathOf(screens.create))}>
              New quotation
            </Button>
          )}
        </>
      }
      columns={columns}
      rows={rows}
      pageSize={QUOTATION_PAGE_SIZE}
      rowKey={(q) => q.id}
      initialSorting={NEWEST_FIRST}
      pending={pending}
      empty={all?.length ? 'No quotations match.' : 'No quotations.'}
    >
      <Wrap gap="3" align="end">
        <NumberFilter label="From number" value={filters.start_number} onChange={(value) => choose('start_number', value)} />
        <NumberFilter label="To number" value={filters.end_number} onChange={(value) => choose('end_number', value)} />
        <DayFilter label="Date from" value={filters.start_date} onChange={(value) => choose('start_date', value)} />
        <DayFilter label="Date to" value={filters.end_date} onChange={(value) => choose('end_date', value)} />
        <FilterSelect label="Customer" allLabel="All customers" value={filters.customer} options={customers ?? []} onChange={(value) => choose('customer', value)} />
        <FilterSelect label="Sales executive" allLabel="All sales executives" value={filters.sales_exec} options={executives} onChange={(value) => choose('sales_exec', value)} />
        <FilterSelect label="Entity" allLabel="All entities" value={filters.monarch_entity} options={entities} onChange={(value) => choose('monarch_entity', value)} />
      </Wrap>
    </LocalListScreen>
  );
}
