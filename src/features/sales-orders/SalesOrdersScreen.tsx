import { useDeferredValue, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Badge, Button, Flex, HStack, Link, Stack, Heading, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import { formatIndian } from '../../../domain/decimal';
import { pathOf, type RouteName } from '../../../domain/routes';
import { formatDisplayDate } from '../../../domain/rules/dates';
import { SALES_ORDER_STATUSES, type SalesOrderListRow } from '../../../domain/sales-order';
import { mirror } from '../../data/mirror/db';
import { readFailure } from '../../ui/connection';
import { DataTable, FilterSelect, SearchBox, secondary, useAddressFilters, useListPage } from '../../ui/DataTable';
import { DayFilter } from '../../ui/DayFilter';
import { useCurrentRoute } from '../../ui/route';
import { exportSalesOrders, SALES_ORDER_PAGE_SIZE, useSalesOrders } from './api';
import { SalesOrderStatusBadge } from '../../ui/SalesOrderStatusBadge';

/** Each list opens the detail of its own layout. */
const DETAIL_OF: Readonly<Record<string, RouteName>> = { 'sales-orders': 'sales-order-detail' };
export const detailRouteOf = (list: string | undefined): RouteName => DETAIL_OF[list ?? ''] ?? 'salesorder-detail';

const FILTER_NAMES = ['status', 'customer', 'start_date', 'end_date', 'advance_pending', 'overdue', 'search'] as const;
const STATUS_OPTIONS = SALES_ORDER_STATUSES.map(({ value, label }) => ({ value, label }));
const FLAG_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const columnsFor = (detail: RouteName): ColumnDef<SalesOrderListRow, unknown>[] => [
  {
    id: 'id',
    header: 'Order No.',
    cell: ({ row }) => (
      <Link asChild colorPalette="teal" minH="11" minW="11" display="inline-flex" alignItems="center" fontWeight="semibold">
        <RouterLink to={pathOf(detail, { id: row.original.id })}>{row.original.id}</RouterLink>
      </Link>
    ),
  },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customer_name },
  { id: 'order_date', header: 'Order date', cell: ({ row }) => formatDisplayDate(row.original.order_date) },
  secondary({ id: 'po', header: 'Customer PO', cell: ({ row }) => row.original.customer_po_number }),
  {
    id: 'expected',
    header: 'Expected delivery',
    cell: ({ row }) => (
      <HStack gap="2" justify="inherit">
        <span>{formatDisplayDate(row.original.expected_delivery_date)}</span>
        {row.original.is_overdue && <Badge colorPalette="red">Overdue</Badge>}
      </HStack>
    ),
  },
  { id: 'total', header: 'Order value', meta: { numeric: true }, cell: ({ row }) => formatIndian(row.original.total_order_value) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <HStack gap="2" justify="inherit">
        <SalesOrderStatusBadge status={row.original.status} />
        {row.original.is_advance_pending && <Badge colorPalette="orange">Advance pending</Badge>}
      </HStack>
    ),
  },
  secondary({ id: 'created_by', header: 'Created by', cell: ({ row }) => row.original.created_by_name }),
];

function useCustomerOptions() {
  return useLiveQuery(async () => (await mirror.rowsOf<Customer>('customers').toArray()).sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: String(c.id), label: c.name })), []);
}

/**
 * Sales orders (business-areas.md §7): read from the server page by page (15 a page, newest
 * first), narrowed by status, customer, order date, pending advance, lateness and a search; the
 * filters and page live in the address, so Back from an order returns to the same page.
 */
export default function SalesOrdersScreen() {
  const route = useCurrentRoute();
  const detail = detailRouteOf(route?.name);
  const columns = useMemo(() => columnsFor(detail), [detail]);
  const [page, setPage] = useListPage();
  const customers = useCustomerOptions();
  const [chosen, choose] = useAddressFilters(FILTER_NAMES);
  // Typing in the search box reads the server once the typing pauses for a render, not per key.
  const filters = { ...chosen, search: useDeferredValue(chosen.search) };
  const result = useSalesOrders(filters, page);
  const failure = readFailure(result);
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    await exportSalesOrders(filters);
    setExporting(false);
  };
  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          {route?.title ?? 'Sales orders'}
        </Heading>
        <Button variant="outline" minH="11" loading={exporting} onClick={() => void exportNow()}>
          Export
        </Button>
      </Flex>
      <Wrap gap="3" align="end">
        <SearchBox label="Search orders, customers, PO numbers" value={chosen.search} onChange={(value) => choose('search', value)} />
        <FilterSelect label="Status" allLabel="All statuses" value={chosen.status} options={STATUS_OPTIONS} onChange={(value) => choose('status', value)} />
        <FilterSelect label="Customer" allLabel="All customers" value={chosen.customer} options={customers ?? []} onChange={(value) => choose('customer', value)} />
        <FilterSelect label="Advance pending" allLabel="Advance: any" value={chosen.advance_pending} options={FLAG_OPTIONS} onChange={(value) => choose('advance_pending', value)} />
        <FilterSelect label="Overdue" allLabel="Overdue: any" value={chosen.overdue} options={FLAG_OPTIONS} onChange={(value) => choose('overdue', value)} />
        <DayFilter label="Order date from" value={chosen.start_date} onChange={(value) => choose('start_date', value)} />
        <DayFilter label="Order date to" value={chosen.end_date} onChange={(value) => choose('end_date', value)} />
      </Wrap>
      {failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      <DataTable<SalesOrderListRow>
        columns={columns}
        rows={result.data?.results ?? []}
        count={result.data?.count ?? 0}
        page={page}
        pageSize={SALES_ORDER_PAGE_SIZE}
        onPageChange={setPage}
        empty={result.isPending && !failure ? 'Loading…' : 'No sales orders match.'}
        rowKey={(row) => row.id}
      />
    </Stack>
  );
}
